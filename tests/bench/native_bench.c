#define _POSIX_C_SOURCE 199309L
/* Native timings of the same work the JS benchmark gives the WASM build:
 * pipeline frames on a looping gesture-like track and batch SLERP. Prints
 * JSON: nanoseconds per frame and per SLERP pair. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "kblend.h"

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static uint32_t lcg_state = 99;
static float lcg(void) {
  lcg_state = lcg_state * 1664525u + 1013904223u;
  return (float)(lcg_state >> 8) / 16777216.0f * 2.0f - 1.0f;
}

static double bench_frames(int frames) {
  static float times[4] = {0, 0.2f, 0.4f, 0.6f}, keys[4 * 88], out[88];
  for (int k = 0; k < 4; k++) {
    kb_idle_pose(1.18f, keys + 88 * k);
    for (int j = 12; j < 22; j++) {
      float e[3] = {0.3f * lcg(), 0.8f * lcg(), 0.8f * lcg()};
      kb_quat_from_euler_xyz(e, keys + 88 * k + 4 * j);
    }
  }
  kb_track track;
  memset(&track, 0, sizeof track);
  track.times = times, track.rotations = keys, track.n_keys = 4;
  track.loop = 1, track.period = 0.8f;
  memset(track.joint_mask, 1, sizeof track.joint_mask);
  kb_preview_params p;
  kb_preview_default_params(&p);
  p.duration = 10;
  static kb_preview pv;
  kb_preview_init(&pv, &p, &track);
  double t0 = now_ns();
  for (int i = 0; i < frames; i++)
    kb_preview_frame(&pv, i % pv.frame_count, out, NULL);
  return (now_ns() - t0) / frames;
}

static double bench_slerp(int n, int fast) {
  static float a[4 * 1000000], b[4 * 1000000], u[1000000], out[4 * 1000000];
  for (int i = 0; i < 4 * n; i++) a[i] = lcg(), b[i] = lcg();
  for (int i = 0; i < n; i++) {
    kb_quat_normalize(a + 4 * i, a + 4 * i);
    kb_quat_normalize(b + 4 * i, b + 4 * i);
    u[i] = (lcg() + 1) / 2;
  }
  double best = 1e30;
  for (int r = 0; r < 5; r++) {
    double t0 = now_ns();
    (fast ? kb_slerp_batch_fast : kb_slerp_batch)(a, b, u, n, out);
    double dt = now_ns() - t0;
    if (dt < best) best = dt;
  }
  return best / n;
}

int main(void) {
  double frame = 1e30;
  for (int r = 0; r < 5; r++) {
    double f = bench_frames(30000);
    if (f < frame) frame = f;
  }
  printf("{\"frameNs\": %.2f, \"slerpNs\": %.3f, \"slerpFastNs\": %.3f}\n",
         frame, bench_slerp(1000000, 0), bench_slerp(1000000, 1));
  return 0;
}
