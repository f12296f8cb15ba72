/* Forward kinematics: local rotations to world rotations and positions. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

/* Unit copy of each local rotation; KB_ERR_NOT_FINITE or KB_ERR_ZERO_QUAT
 * for the first joint that has none. unit may alias local. */
static kb_status normalize_pose(const float *local, float *unit) {
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    kb_status st = kb_quat_normalize(local + 4 * j, unit + 4 * j);
    if (st != KB_OK) return st;
  }
  return KB_OK;
}

static kb_status check_translation(const float *t) {
  if (t)
    for (int i = 0; i < 3; i++)
      if (!isfinite(t[i])) return KB_ERR_NOT_FINITE;
  return KB_OK;
}

/* a root near FLT_MAX plus an offset overflows */
static kb_status check_positions(const float *positions, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!isfinite(positions[i])) return KB_ERR_NOT_FINITE;
  return KB_OK;
}

void kb__fk_unit(const kb_skeleton *s, const float *unit_local,
                 const float *root_rotation, const float *root_translation,
                 float *world_positions, float *world_rotations) {
  static const float zero[3] = {0, 0, 0}, identity[4] = {0, 0, 0, 1};
  const float *r = root_rotation ? root_rotation : identity;
  const float *t = root_translation ? root_translation : zero;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    int parent = kb_joint_parent(j);
    const float *parent_rot = parent < 0 ? r : world_rotations + 4 * parent;
    const float *parent_pos = parent < 0 ? t : world_positions + 3 * parent;
    kb__fk_joint(s, j, parent_rot, parent_pos, unit_local + 4 * j,
                 world_positions + 3 * j, world_rotations + 4 * j);
  }
}

kb_status kb_forward_kinematics(const kb_skeleton *s, const float *local,
                                const float root_translation[3],
                                const float root_rotation[4],
                                float *world_positions,
                                float *world_rotations) {
  if (!s || !local || !world_positions || !world_rotations) return KB_ERR_NULL;
  float unit[KB_POSE_FLOATS], r[4];
  static const float identity[4] = {0, 0, 0, 1};
  kb_status st = normalize_pose(local, unit);
  if (st == KB_OK) st = check_translation(root_translation);
  if (st == KB_OK)
    st = kb_quat_normalize(root_rotation ? root_rotation : identity, r);
  if (st != KB_OK) return st;
  kb__fk_unit(s, unit, r, root_translation, world_positions, world_rotations);
  return check_positions(world_positions, 3 * KB_JOINT_COUNT);
}

/* Every pose checked and normalized first (into world_rotations, which
 * the FK pass then overwrites joint by joint in place), then one FK loop
 * over all poses. */
kb_status kb_forward_kinematics_batch(const kb_skeleton *s, const float *local,
                                      int count, const float *root_translations,
                                      float *world_positions,
                                      float *world_rotations, int *failed) {
  if (failed) *failed = -1;
  if (!s || !local || !world_positions || !world_rotations) return KB_ERR_NULL;
  if (count < 0) return KB_ERR_OUT_OF_RANGE;
  if (count > KB_MAX_FRAMES) return KB_ERR_CAPACITY;
  for (int k = 0; k < count; k++) {
    size_t at = (size_t)KB_POSE_FLOATS * k;
    kb_status st = normalize_pose(local + at, world_rotations + at);
    if (st == KB_OK && root_translations)
      st = check_translation(root_translations + 3 * (size_t)k);
    if (st != KB_OK) {
      if (failed) *failed = k;
      return st;
    }
  }
  for (int k = 0; k < count; k++) {
    float *rot = world_rotations + (size_t)KB_POSE_FLOATS * k;
    float *pos = world_positions + (size_t)3 * KB_JOINT_COUNT * k;
    kb__fk_unit(s, rot, NULL,
                root_translations ? root_translations + 3 * (size_t)k : NULL,
                pos, rot);
    if (check_positions(pos, 3 * KB_JOINT_COUNT) != KB_OK) {
      if (failed) *failed = k;
      return KB_ERR_NOT_FINITE;
    }
  }
  return KB_OK;
}

kb_status kb_marker_position(const kb_marker *m, const float *world_positions,
                             const float *world_rotations, float out[3]) {
  if (!m || !world_positions || !world_rotations || !out) return KB_ERR_NULL;
  if (m->joint < 0 || m->joint >= KB_JOINT_COUNT) return KB_ERR_OUT_OF_RANGE;
  float offset[3];
  kb_quat_rotate(world_rotations + 4 * m->joint, m->offset, offset);
  for (int i = 0; i < 3; i++)
    out[i] = world_positions[3 * m->joint + i] + offset[i];
  return KB_OK;
}
