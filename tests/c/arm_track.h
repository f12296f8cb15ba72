/* The crowd tests' track: three keys of a right-arm wave (shoulder and
 * elbow driven, the rest at idle), looping every 1.2 s. One copy per test
 * program (each includes this once). */
#ifndef KBLEND_TEST_ARM_TRACK_H
#define KBLEND_TEST_ARM_TRACK_H

#include <string.h>

#include "kblend.h"

static float arm_times[3] = {0, 0.4f, 0.8f};
static float arm_keys[3 * KB_POSE_FLOATS];
static kb_track track;

static void make_track(void) {
  for (int k = 0; k < 3; k++) {
    float *pose = arm_keys + KB_POSE_FLOATS * k;
    kb_idle_pose(1.18f, pose);
    float sh[3] = {0, 0.3f * k, 0.9f}, el[3] = {0, -0.4f - 0.3f * k, 0};
    kb_quat_from_euler_xyz(sh, pose + 4 * KB_RIGHT_SHOULDER);
    kb_quat_from_euler_xyz(el, pose + 4 * KB_RIGHT_ELBOW);
  }
  memset(&track, 0, sizeof track);
  track.times = arm_times, track.rotations = arm_keys, track.n_keys = 3;
  track.loop = 1, track.period = 1.2f;
  track.joint_mask[KB_RIGHT_SHOULDER] = track.joint_mask[KB_RIGHT_ELBOW] = 1;
}

#endif
