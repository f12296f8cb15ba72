/* Skeleton, idle pose, forward kinematics (single and batch), markers. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  kb_skeleton s;
  if (kb_skeleton_init(&s, fuzz_float(&in)) != KB_OK)
    kb_skeleton_init(&s, KB_DEFAULT_HEIGHT);
  float idle[KB_POSE_FLOATS];
  if (kb_idle_pose(fuzz_float(&in), idle) == KB_OK)
    FUZZ_CHECK(all_unit(idle, KB_JOINT_COUNT));
  enum { N = 2 };
  float local[N * KB_POSE_FLOATS], roots[N * 3], root_rot[4];
  float pos[N * 66], rot[N * KB_POSE_FLOATS];
  int raw = fuzz_byte(&in) < 128;
  for (int j = 0; j < N * KB_JOINT_COUNT; j++) {
    if (raw)
      fuzz_floats(&in, local + 4 * j, 4);
    else
      fuzz_unit_quat(&in, local + 4 * j);
  }
  fuzz_floats(&in, roots, N * 3);
  fuzz_floats(&in, root_rot, 4);
  if (kb_forward_kinematics(&s, local, roots, root_rot, pos, rot) == KB_OK) {
    FUZZ_CHECK(all_finite(pos, 66) && all_unit(rot, KB_JOINT_COUNT));
    for (int m = 0; m < KB_MARKER_COUNT; m++) {
      float marker[4], world[3];
      FUZZ_CHECK(kb_hand_marker_flat(&s, m, marker) == KB_OK);
      kb_marker mk = {(int)marker[0], {marker[1], marker[2], marker[3]}};
      if (kb_marker_position(&mk, pos, rot, world) == KB_OK)
        FUZZ_CHECK(all_finite(world, 3) || !all_finite(pos, 66));
    }
  }
  int count = fuzz_int(&in, -1, N);
  int failed = -2;
  kb_status st =
      kb_forward_kinematics_batch(&s, local, count, roots, pos, rot, &failed);
  if (st == KB_OK) {
    FUZZ_CHECK(failed == -1);
    FUZZ_CHECK(all_finite(pos, 66 * (size_t)count));
    FUZZ_CHECK(all_unit(rot, KB_JOINT_COUNT * (size_t)count));
  } else if (st == KB_ERR_NOT_FINITE || st == KB_ERR_ZERO_QUAT) {
    FUZZ_CHECK(failed >= 0 && failed < count);
  }
  return 0;
}
