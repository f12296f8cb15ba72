/* Forward kinematics: local rotations to world rotations and positions. */
#include <string.h>

#include "kblend.h"

kb_status kb_forward_kinematics(const kb_skeleton *s, const float *local,
                                const float root_translation[3],
                                const float root_rotation[4],
                                float *world_positions,
                                float *world_rotations) {
  if (!s || !local || !world_positions || !world_rotations) return KB_ERR_NULL;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    kb_status st = kb_quat_check(local + 4 * j);
    if (st != KB_OK) return st;
  }
  static const float zero[3] = {0, 0, 0}, identity[4] = {0, 0, 0, 1};
  const float *t = root_translation ? root_translation : zero;
  const float *r = root_rotation ? root_rotation : identity;
  if (root_rotation) {
    kb_status st = kb_quat_check(root_rotation);
    if (st != KB_OK) return st;
  }
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    int parent = kb_joint_parent(j);
    const float *parent_rot = parent < 0 ? r : world_rotations + 4 * parent;
    const float *parent_pos = parent < 0 ? t : world_positions + 3 * parent;
    float offset[3];
    kb_quat_rotate(parent_rot, s->offsets[j], offset);
    for (int i = 0; i < 3; i++)
      world_positions[3 * j + i] = parent_pos[i] + offset[i];
    kb_quat_mul(parent_rot, local + 4 * j, world_rotations + 4 * j);
  }
  return KB_OK;
}

kb_status kb_forward_kinematics_batch(const kb_skeleton *s, const float *local,
                                      int count, const float *root_translations,
                                      float *world_positions,
                                      float *world_rotations) {
  if (!s || !local || !world_positions || !world_rotations) return KB_ERR_NULL;
  if (count < 0) return KB_ERR_OUT_OF_RANGE;
  for (int k = 0; k < count; k++) {
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
