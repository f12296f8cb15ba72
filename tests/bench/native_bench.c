#define _POSIX_C_SOURCE 199309L
/* Native timings of the same work the JS benchmark gives the WASM build:
 * pipeline frames on a looping gesture-like track and batch SLERP, and,
 * in interleaved rounds (medians and ranges), the skipping preview frame
 * against its reference full path and the library's SLERP kernel against
 * the same polynomial written as the plainest loop. Prints JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
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

/* A looping 4-key track; `joints` from the neck on are driven. */
static float times[4] = {0, 0.2f, 0.4f, 0.6f}, keys[4 * 88];
static kb_track make_track(int all) {
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
  if (all)
    memset(track.joint_mask, 1, sizeof track.joint_mask);
  else
    track.joint_mask[KB_RIGHT_SHOULDER] = track.joint_mask[KB_RIGHT_ELBOW] = 1;
  return track;
}

static double bench_frames(int frames) {
  static float out[88];
  kb_track track = make_track(1);
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

/* ns a pair of a batch of n ≤ KB_MAX_BATCH_PAIRS pairs (a refused batch
 * would time nothing: it stops the bench instead). */
static double bench_slerp(int n, int fast) {
  static float a[4 * KB_MAX_BATCH_PAIRS], b[4 * KB_MAX_BATCH_PAIRS],
      u[KB_MAX_BATCH_PAIRS], out[4 * KB_MAX_BATCH_PAIRS];
  for (int i = 0; i < 4 * n; i++) a[i] = lcg(), b[i] = lcg();
  for (int i = 0; i < n; i++) {
    kb_quat_normalize(a + 4 * i, a + 4 * i);
    kb_quat_normalize(b + 4 * i, b + 4 * i);
    u[i] = (lcg() + 1) / 2;
  }
  double best = 1e30;
  for (int r = 0; r < 5; r++) {
    double t0 = now_ns();
    kb_status s =
        (fast ? kb_slerp_batch_fast : kb_slerp_batch)(a, b, u, n, out);
    double dt = now_ns() - t0;
    if (s != KB_OK) {
      fprintf(stderr, "bench: batch of %d pairs refused: %s\n", n,
              kb_status_text(s));
      exit(1);
    }
    if (dt < best) best = dt;
  }
  return best / n;
}

/* The polynomial kernel as the plainest loop: one pair per iteration, in
 * the library's [x y z w] layout, left to the compiler to vectorize. */
#define TERMS 12
#define U(i) (1.0f / ((i) * (2 * (i) + 1)))
#define V(i) ((float)(i) / (2 * (i) + 1))
static const float pu[TERMS] = {U(1), U(2), U(3), U(4),  U(5),  U(6),
                                U(7), U(8), U(9), U(10), U(11), 1.895f * U(12)};
static const float pv[TERMS] = {V(1), V(2), V(3), V(4),  V(5),  V(6),
                                V(7), V(8), V(9), V(10), V(11), 1.895f * V(12)};

static void plain_loop(const float *restrict a, const float *restrict b,
                       const float *restrict u, int n, float *restrict o) {
  for (int i = 0; i < n; i++) {
    const float *p = a + 4 * i, *q = b + 4 * i;
    float d = p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3];
    float s = d < 0 ? -1.0f : 1.0f, dm1 = d * s - 1.0f;
    float ta = 1.0f - u[i], tb = u[i], wa = 1.0f, wb = 1.0f;
    for (int k = TERMS - 1; k >= 0; k--) {
      wa = 1.0f + (pu[k] * (ta * ta) - pv[k]) * dm1 * wa;
      wb = 1.0f + (pu[k] * (tb * tb) - pv[k]) * dm1 * wb;
    }
    wa *= ta, wb = tb * wb * s;
    float x = wa * p[0] + wb * q[0], y = wa * p[1] + wb * q[1];
    float z = wa * p[2] + wb * q[2], w = wa * p[3] + wb * q[3];
    float inv = 1.0f / sqrtf(x * x + y * y + z * z + w * w);
    o[4 * i] = x * inv, o[4 * i + 1] = y * inv;
    o[4 * i + 2] = z * inv, o[4 * i + 3] = w * inv;
  }
}

typedef struct stat {
  double median, min, max;
} stat;

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

#define ROUNDS 21
typedef void (*work)(void *ctx);

/* Two contenders in interleaved rounds: ns per call of each. */
static void interleaved(work fa, void *ca, work fb, void *cb, int calls,
                        stat out[2]) {
  double s[2][ROUNDS];
  for (int r = 0; r < ROUNDS; r++)
    for (int c = 0; c < 2; c++) {
      double t0 = now_ns();
      for (int i = 0; i < calls; i++) (c ? fb : fa)(c ? cb : ca);
      s[c][r] = (now_ns() - t0) / calls;
    }
  for (int c = 0; c < 2; c++) {
    qsort(s[c], ROUNDS, sizeof(double), by_value);
    out[c] = (stat){s[c][ROUNDS / 2], s[c][0], s[c][ROUNDS - 1]};
  }
}

typedef struct frame_ctx {
  kb_preview *pv;
  int k;
} frame_ctx;

static void one_frame(void *ctx) {
  static float out[88];
  frame_ctx *f = ctx;
  f->k = (f->k + 1) % f->pv->frame_count;
  kb_preview_frame(f->pv, f->k, out, NULL);
}

static void bench_skip(int all, float jitter, stat out[2]) {
  static kb_preview fast, full;
  kb_track track = make_track(all);
  kb_preview_params p;
  kb_preview_default_params(&p);
  p.duration = 3, p.jitter = jitter;
  kb_preview_init(&fast, &p, &track);
  kb_preview_init(&full, &p, &track);
  kb_preview_set_full_path(&full, 1);
  frame_ctx a = {&fast, 0}, b = {&full, 0};
  interleaved(one_frame, &a, one_frame, &b, 2000, out);
}

enum { KERNEL_PAIRS = 1024 };
typedef struct kernel_ctx {
  float a[4 * KERNEL_PAIRS], b[4 * KERNEL_PAIRS], u[KERNEL_PAIRS];
  float out[4 * KERNEL_PAIRS];
  int n;
} kernel_ctx;

static void run_kernel(void *ctx) {
  kernel_ctx *k = ctx;
  kb_slerp_batch_fast(k->a, k->b, k->u, k->n, k->out);
}
static void run_plain(void *ctx) {
  kernel_ctx *k = ctx;
  plain_loop(k->a, k->b, k->u, k->n, k->out);
}

static void bench_kernel(int n, stat out[2]) {
  static kernel_ctx k;
  k.n = n;
  for (int i = 0; i < 4 * n; i++) k.a[i] = lcg(), k.b[i] = lcg();
  for (int i = 0; i < n; i++) {
    kb_quat_normalize(k.a + 4 * i, k.a + 4 * i);
    kb_quat_normalize(k.b + 4 * i, k.b + 4 * i);
    k.u[i] = (lcg() + 1) / 2;
  }
  interleaved(run_kernel, &k, run_plain, &k, n >= 1000 ? 200 : 5000, out);
  for (int c = 0; c < 2; c++) /* per pair */
    out[c].median /= n, out[c].min /= n, out[c].max /= n;
}

static void print_stat(const char *name, const stat *s, int comma) {
  printf("\"%s\": {\"median\": %.3f, \"min\": %.3f, \"max\": %.3f}%s", name,
         s->median, s->min, s->max, comma ? ", " : "");
}

int main(void) {
  double frame = 1e30;
  for (int r = 0; r < 5; r++) {
    double f = bench_frames(30000);
    if (f < frame) frame = f;
  }
  printf("{\"frameNs\": %.2f, \"slerpNs\": %.3f, \"slerpFastNs\": %.3f, ",
         frame, bench_slerp(KB_MAX_BATCH_PAIRS, 0),
         bench_slerp(KB_MAX_BATCH_PAIRS, 1));
  stat s[2];
  bench_skip(0, 0, s);
  print_stat("frameArmSkip", &s[0], 1), print_stat("frameArmFull", &s[1], 1);
  bench_skip(0, 3e-4f, s);
  print_stat("frameArmJitterSkip", &s[0], 1);
  print_stat("frameArmJitterFull", &s[1], 1);
  bench_skip(1, 0, s);
  print_stat("frameAllSkip", &s[0], 1), print_stat("frameAllFull", &s[1], 1);
  bench_kernel(22, s);
  print_stat("kernel22", &s[0], 1), print_stat("plain22", &s[1], 1);
  bench_kernel(KERNEL_PAIRS, s);
  print_stat("kernel1024", &s[0], 1), print_stat("plain1024", &s[1], 0);
  printf("}\n");
  return 0;
}
