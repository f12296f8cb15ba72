/* A solver pose (kb_ik_pose) as a flat array of doubles, for bindings:
 * root translation (3), then the 22 local rotations (4 each). */
#include <string.h>

#include "kblend_wasm.h"

kb_status kb_ik_pose_from_flat(const double *flat, kb_ik_pose *out) {
  if (!flat || !out) return KB_ERR_NULL;
  kb_ik_pose pose;
  memcpy(pose.root, flat, sizeof pose.root);
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    memcpy(pose.local[j], flat + 3 + 4 * j, sizeof pose.local[j]);
  return kb_ik_pose_normalize(&pose, out);
}

kb_status kb_ik_pose_to_flat(const kb_ik_pose *pose, double *flat) {
  if (!pose || !flat) return KB_ERR_NULL;
  memcpy(flat, pose->root, sizeof pose->root);
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    memcpy(flat + 3 + 4 * j, pose->local[j], sizeof pose->local[j]);
  return KB_OK;
}
