/* Prints native results for fixed inputs as JSON, so the WebAssembly build
 * can be checked against them (tests/unit/native-agreement.test.js). */
#include <stdio.h>
#include <string.h>

#include "kblend.h"

static uint32_t lcg_state = 12345;
static float lcg(void) {
  lcg_state = lcg_state * 1664525u + 1013904223u;
  return (float)(lcg_state >> 8) / 16777216.0f * 2.0f - 1.0f;
}

static void print_array(const char *name, const float *v, int n, int last) {
  printf("\"%s\":[", name);
  for (int i = 0; i < n; i++) printf("%.9g%s", v[i], i + 1 < n ? "," : "");
  printf("]%s\n", last ? "" : ",");
}

int main(void) {
  enum { PAIRS = 200 };
  static float a[4 * PAIRS], b[4 * PAIRS], u[PAIRS], out[4 * PAIRS];
  for (int i = 0; i < 4 * PAIRS; i++) a[i] = lcg(), b[i] = lcg();
  for (int i = 0; i < PAIRS; i++) {
    kb_quat_normalize(a + 4 * i, a + 4 * i);
    kb_quat_normalize(b + 4 * i, b + 4 * i);
    u[i] = (lcg() + 1) / 2;
  }
  kb_slerp_batch(a, b, u, PAIRS, out);
  printf("{\n");
  print_array("slerpA", a, 4 * PAIRS, 0);
  print_array("slerpB", b, 4 * PAIRS, 0);
  print_array("slerpU", u, PAIRS, 0);
  print_array("slerpOut", out, 4 * PAIRS, 0);

  float env[101];
  for (int i = 0; i <= 100; i++) kb_envelope(i / 100.0f, 0.15f, 0.2f, env + i);
  print_array("envelope", env, 101, 0);

  kb_skeleton s;
  kb_skeleton_init(&s, 1.75f);
  float pose[88], pos[66], rot[88];
  kb_idle_pose(1.18f, pose);
  float e[3] = {0.3f, -1.1f, 0.4f};
  kb_quat_from_euler_xyz(e, pose + 4 * KB_RIGHT_SHOULDER);
  kb_quat_from_euler_xyz(e, pose + 4 * KB_LEFT_ELBOW);
  kb_forward_kinematics(&s, pose, NULL, NULL, pos, rot);
  print_array("fkPose", pose, 88, 0);
  print_array("fkPositions", pos, 66, 0);

  /* a looping two-key track on the left upper arm, with jitter */
  static float times[2] = {0, 0.5f}, keys[176];
  kb_idle_pose(1.18f, keys);
  kb_idle_pose(1.18f, keys + 88);
  float e0[3] = {0, -1.2f, 0.2f}, e1[3] = {0, -1.4f, 0.6f};
  kb_quat_from_euler_xyz(e0, keys + 4 * KB_LEFT_SHOULDER);
  kb_quat_from_euler_xyz(e1, keys + 88 + 4 * KB_LEFT_SHOULDER);
  kb_track track;
  memset(&track, 0, sizeof track);
  track.times = times, track.rotations = keys, track.n_keys = 2;
  track.loop = 1, track.period = 1.0f;
  track.joint_mask[KB_LEFT_SHOULDER] = 1;
  kb_preview_params p;
  kb_preview_default_params(&p);
  p.jitter = 0.01f;
  p.seed = 77;
  static kb_preview pv;
  kb_preview_init(&pv, &p, &track);
  static const float at[5] = {0, 0.41f, 1.234f, 2.5f, 3.0f};
  float poses[5 * 88];
  for (int i = 0; i < 5; i++)
    kb_preview_evaluate(&pv, at[i], poses + 88 * i, NULL);
  print_array("trackKeys", keys, 176, 0);
  print_array("previewTimes", at, 5, 0);
  print_array("previewPoses", poses, 5 * 88, 1);
  printf("}\n");
  return 0;
}
