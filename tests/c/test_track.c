/* Target track sampling: keys slerped in time, looping, and the extreme
 * times that once read past the keys. */
#include <string.h>

#include "check.h"
#include "kblend.h"

static int unit_pose(const float *pose) {
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    const float *q = pose + 4 * j;
    float n = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (!isfinite(n) || fabsf(n - 1) > 1e-5f) return 0;
  }
  return 1;
}

static void test_two_keys(void) {
  static float rot[2 * KB_POSE_FLOATS], idle[KB_POSE_FLOATS],
      out[KB_POSE_FLOATS];
  kb_idle_pose(0, rot);
  kb_idle_pose(1.0f, rot + KB_POSE_FLOATS);
  kb_idle_pose(0.5f, idle);
  float times[2] = {0, 1};
  kb_track tr = {times, rot, 2, 0, 0, {0}};
  for (int j = 0; j < KB_JOINT_COUNT; j++) tr.joint_mask[j] = 1;
  CHECK(kb_track_sample(&tr, idle, 0.5f, out) == KB_OK);
  float expect[KB_POSE_FLOATS];
  kb_idle_pose(0.5f, expect);
  CHECK_NEAR(out[4 * KB_LEFT_SHOULDER + 2], expect[4 * KB_LEFT_SHOULDER + 2],
             1e-6);
  /* before the first key: the first; after the last: the last */
  kb_track_sample(&tr, idle, -5, out);
  CHECK(memcmp(out, rot, sizeof(float) * KB_POSE_FLOATS) == 0);
  kb_track_sample(&tr, idle, 5, out);
  CHECK(memcmp(out, rot + KB_POSE_FLOATS, sizeof(float) * KB_POSE_FLOATS) == 0);
  /* unmasked joints take idle */
  tr.joint_mask[KB_LEFT_SHOULDER] = 0;
  kb_track_sample(&tr, idle, 0.5f, out);
  CHECK(memcmp(out + 4 * KB_LEFT_SHOULDER, idle + 4 * KB_LEFT_SHOULDER, 16) ==
        0);
  /* bad tracks */
  times[1] = 0;
  CHECK(kb_track_sample(&tr, idle, 0, out) == KB_ERR_BAD_ORDER);
  times[1] = NAN;
  CHECK(kb_track_sample(&tr, idle, 0, out) == KB_ERR_NOT_FINITE);
}

/* A looping one-key track at times[0] = -3e38 sampled at 3e38 read key 1
 * of 1 (t - times[0] overflowed float): every extreme time gives a unit
 * pose from the keys. */
static void test_extreme_times(void) {
  static float rot[2 * KB_POSE_FLOATS], idle[KB_POSE_FLOATS],
      out[KB_POSE_FLOATS];
  kb_idle_pose(0.3f, rot);
  kb_idle_pose(0.9f, rot + KB_POSE_FLOATS);
  kb_idle_pose(0, idle);
  const float firsts[] = {-3e38f, -1e30f, 0, 1e30f, 3e38f};
  const float samples[] = {-3.4e38f, -3e38f, -1, 0, 1e-30f, 1, 3e38f, 3.4e38f};
  const float periods[] = {1e-30f, 1, 1e30f, 3.4e38f};
  int ok = 1;
  for (int keys = 1; keys <= 2; keys++)
    for (unsigned f = 0; f < 5; f++)
      for (unsigned p = 0; p < 4; p++)
        for (int loop = 0; loop <= 1; loop++) {
          float times[2] = {firsts[f], firsts[f] + periods[p] / 2};
          if (keys == 2 && !(isfinite(times[1]) && times[1] > times[0]))
            continue;
          kb_track tr = {times, rot, keys, loop, periods[p], {0}};
          memset(tr.joint_mask, 1, KB_JOINT_COUNT);
          for (unsigned s = 0; s < 8; s++) {
            kb_status st = kb_track_sample(&tr, idle, samples[s], out);
            if ((st == KB_OK && !unit_pose(out)) ||
                (st != KB_OK && st != KB_ERR_OUT_OF_RANGE)) {
              ok = 0;
              fprintf(stderr, "keys %d first %g period %g loop %d t %g: %d\n",
                      keys, firsts[f], periods[p], loop, samples[s], st);
            }
          }
        }
  CHECK(ok);
  float one[1] = {-3e38f};
  kb_track tr = {one, rot, 1, 1, 1, {0}};
  memset(tr.joint_mask, 1, KB_JOINT_COUNT);
  CHECK(kb_track_sample(&tr, idle, 3e38f, out) == KB_OK);
  CHECK(memcmp(out, rot, sizeof(float) * KB_POSE_FLOATS) == 0);
}

/* Keys may be any nonzero quaternion: a sample is the unit rotation. */
static void test_non_unit_keys(void) {
  static float rot[2 * KB_POSE_FLOATS], idle[KB_POSE_FLOATS],
      out[KB_POSE_FLOATS], unit[2 * KB_POSE_FLOATS];
  kb_idle_pose(0.2f, unit);
  kb_idle_pose(1.1f, unit + KB_POSE_FLOATS);
  for (int i = 0; i < 2 * KB_POSE_FLOATS; i++) rot[i] = 2 * unit[i];
  rot[4 * KB_HEAD + 3] = 1e-3f; /* one tiny joint among doubled ones */
  unit[4 * KB_HEAD + 3] = 1;
  kb_idle_pose(0, idle);
  float times[2] = {0, 1};
  kb_track tr = {times, rot, 2, 0, 0, {0}};
  memset(tr.joint_mask, 1, KB_JOINT_COUNT);
  const float at[3] = {0, 0.25f, 7};
  for (int s = 0; s < 3; s++) {
    CHECK(kb_track_sample(&tr, idle, at[s], out) == KB_OK);
    CHECK(unit_pose(out));
    float expect[KB_POSE_FLOATS];
    kb_track plain = tr;
    plain.rotations = unit;
    kb_track_sample(&plain, idle, at[s], expect);
    float worst = 0;
    for (int i = 0; i < KB_POSE_FLOATS; i++)
      worst = fmaxf(worst, fabsf(out[i] - expect[i]));
    CHECK(worst < 1e-6f);
  }
}

int main(void) {
  test_non_unit_keys();
  test_two_keys();
  test_extreme_times();
  return check_summary("track");
}
