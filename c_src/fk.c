/* Forward kinematics: local rotations to world rotations and positions. */
#include <math.h>
#include <string.h>

#include "kblend.h"

/* Unit copies of the local rotations and the root rotation; a finite root
 * translation. */
static kb_status prepare(const float *local, const float *root_translation,
                         const float *root_rotation, float *unit_local,
                         float unit_root[4]) {
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    kb_status st = kb_quat_normalize(local + 4 * j, unit_local + 4 * j);
    if (st != KB_OK) return st;
  }
  if (root_translation)
    for (int i = 0; i < 3; i++)
      if (!isfinite(root_translation[i])) return KB_ERR_NOT_FINITE;
  static const float identity[4] = {0, 0, 0, 1};
  return kb_quat_normalize(root_rotation ? root_rotation : identity, unit_root);
}

kb_status kb_forward_kinematics(const kb_skeleton *s, const float *local,
                                const float root_translation[3],
                                const float root_rotation[4],
                                float *world_positions,
                                float *world_rotations) {
  if (!s || !local || !world_positions || !world_rotations) return KB_ERR_NULL;
  float unit[KB_POSE_FLOATS], r[4];
  kb_status st = prepare(local, root_translation, root_rotation, unit, r);
  if (st != KB_OK) return st;
  static const float zero[3] = {0, 0, 0};
  const float *t = root_translation ? root_translation : zero;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    int parent = kb_joint_parent(j);
    const float *parent_rot = parent < 0 ? r : world_rotations + 4 * parent;
    const float *parent_pos = parent < 0 ? t : world_positions + 3 * parent;
    float offset[3];
    kb_quat_rotate(parent_rot, s->offsets[j], offset);
    for (int i = 0; i < 3; i++)
      world_positions[3 * j + i] = parent_pos[i] + offset[i];
    kb_quat_mul(parent_rot, unit + 4 * j, world_rotations + 4 * j);
  }
  /* a root near FLT_MAX plus an offset overflows */
  for (int i = 0; i < 3 * KB_JOINT_COUNT; i++)
    if (!isfinite(world_positions[i])) return KB_ERR_NOT_FINITE;
  return KB_OK;
}

kb_status kb_forward_kinematics_batch(const kb_skeleton *s, const float *local,
                                      int count, const float *root_translations,
                                      float *world_positions,
                                      float *world_rotations) {
  if (!s || !local || !world_positions || !world_rotations) return KB_ERR_NULL;
  if (count < 0) return KB_ERR_OUT_OF_RANGE;
  if (count > KB_MAX_FRAMES) return KB_ERR_CAPACITY;
  for (size_t k = 0; k < (size_t)count; k++) {
    const float *root = root_translations ? root_translations + 3 * k : NULL;
    kb_status st =
        kb_forward_kinematics(s, local + KB_POSE_FLOATS * k, root, NULL,
                              world_positions + 3 * KB_JOINT_COUNT * k,
                              world_rotations + KB_POSE_FLOATS * k);
    if (st != KB_OK) return st;
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
