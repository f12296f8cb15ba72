#include <string.h>

#include "check.h"
#include "kblend.h"

/* Two keys raising the left upper arm forward, looping. */
static float times[2] = {0, 0.5f};
static float keys[2 * 88];
static kb_track track;

static void make_track(void) {
  kb_idle_pose(1.18f, keys);
  kb_idle_pose(1.18f, keys + 88);
  float e0[3] = {0, -1.2f, 0.2f}, e1[3] = {0, -1.4f, 0.6f};
  kb_quat_from_euler_xyz(e0, keys + 4 * KB_LEFT_SHOULDER);
  kb_quat_from_euler_xyz(e1, keys + 88 + 4 * KB_LEFT_SHOULDER);
  memset(&track, 0, sizeof track);
  track.times = times, track.rotations = keys, track.n_keys = 2;
  track.loop = 1, track.period = 1.0f;
  track.joint_mask[KB_LEFT_SHOULDER] = 1;
}

static float max_angle(const float *a, const float *b) {
  float worst = 0, angle;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    kb_quat_geodesic_angle(a + 4 * j, b + 4 * j, &angle);
    worst = fmaxf(worst, angle);
  }
  return worst;
}

static void test_exact_idle_at_both_ends(void) {
  kb_preview_params p;
  kb_preview_default_params(&p);
  p.jitter = 0.02f;
  static kb_preview pv;
  CHECK(kb_preview_init(&pv, &p, &track) == KB_OK);
  CHECK(pv.frame_count == 91);
  float out[88];
  kb_preview_evaluate(&pv, 0, out, NULL);
  CHECK(memcmp(out, pv.idle, sizeof out) == 0);
  kb_preview_evaluate(&pv, p.duration, out, NULL);
  CHECK(memcmp(out, pv.idle, sizeof out) == 0);
  kb_preview_evaluate(&pv, 1.5f, out, NULL);
  CHECK(max_angle(out, pv.idle) > 0.5f);
  /* the seed's order (filter after blend) misses the rest pose at the end */
  p.order = KB_ORDER_SEED;
  kb_preview_init(&pv, &p, &track);
  kb_preview_evaluate(&pv, p.duration, out, NULL);
  float miss = max_angle(out, pv.idle);
  printf("preview: seed order ends %.4f rad from rest\n", miss);
  CHECK(miss > 0.01f);
  /* the naive Euler scaling starts at the T-pose: a jump of the A-pose angle */
  p.order = KB_ORDER_NAIVE_EULER;
  p.jitter = 0;
  kb_preview_init(&pv, &p, &track);
  kb_preview_evaluate(&pv, 0, out, NULL);
  CHECK_NEAR(max_angle(out, pv.idle), 1.18, 1e-5);
}

static void test_pure_function_of_time(void) {
  kb_preview_params p;
  kb_preview_default_params(&p);
  p.jitter = 0.01f;
  static kb_preview a, b;
  kb_preview_init(&a, &p, &track);
  kb_preview_init(&b, &p, &track);
  float pa[88], pb[88];
  kb_preview_evaluate(&a, 2.9f, pa, NULL); /* forward, then back */
  kb_preview_evaluate(&a, 1.234f, pa, NULL);
  kb_preview_evaluate(&b, 1.234f, pb, NULL);
  CHECK(memcmp(pa, pb, sizeof pa) == 0);
  /* playing forward frame by frame gives what a seek gives */
  for (float t = 0; t < 2.0f; t += 1 / 60.0f)
    kb_preview_evaluate(&a, t, pa, NULL);
  kb_preview_evaluate(&a, 2.0f, pa, NULL);
  kb_preview_init(&b, &p, &track);
  kb_preview_evaluate(&b, 2.0f, pb, NULL);
  CHECK(memcmp(pa, pb, sizeof pa) == 0);
}

static void test_changed_counts(void) {
  kb_preview_params p;
  kb_preview_default_params(&p);
  static kb_preview pv;
  kb_preview_init(&pv, &p, &track);
  float out[88];
  int changed;
  kb_preview_frame(&pv, 0, out, &changed);
  CHECK(changed == KB_JOINT_COUNT);
  kb_preview_frame(&pv, 5, out, &changed); /* attack: only the driven joint */
  CHECK(changed == 1);
  kb_preview_frame(&pv, 89, out, &changed);
  CHECK(changed <= 1);
}

static void test_bad_params(void) {
  kb_preview_params p;
  kb_preview_default_params(&p);
  static kb_preview pv;
  p.attack = 0.9f;
  CHECK(kb_preview_init(&pv, &p, &track) == KB_ERR_OUT_OF_RANGE);
  kb_preview_default_params(&p);
  p.duration = NAN;
  CHECK(kb_preview_init(&pv, &p, &track) == KB_ERR_NOT_FINITE);
  kb_preview_default_params(&p);
  kb_track bad = track;
  float back[2] = {0.5f, 0.2f};
  bad.times = back;
  CHECK(kb_preview_init(&pv, &p, &bad) == KB_ERR_BAD_ORDER);
  bad = track;
  bad.period = 0.4f;
  CHECK(kb_preview_init(&pv, &p, &bad) == KB_ERR_OUT_OF_RANGE);
  kb_preview_init(&pv, &p, &track);
  float out[88];
  CHECK(kb_preview_frame(&pv, 91, out, NULL) == KB_ERR_OUT_OF_RANGE);
  CHECK(kb_preview_evaluate(&pv, NAN, out, NULL) == KB_ERR_NOT_FINITE);
}

static void test_track_sampling(void) {
  float idle[88], out[88];
  kb_idle_pose(1.18f, idle);
  kb_track_sample(&track, idle, 0.5f, out);
  CHECK(memcmp(out + 4 * KB_LEFT_SHOULDER, keys + 88 + 4 * KB_LEFT_SHOULDER,
               16) == 0);
  kb_track_sample(&track, idle, 1.0f, out); /* one period later: key 0 again */
  CHECK(max_angle(out, keys) < 1e-6f);
  kb_track_sample(&track, idle, 0.75f, out); /* halfway back on the wrap */
  float a, b;
  kb_quat_geodesic_angle(out + 4 * KB_LEFT_SHOULDER,
                         keys + 4 * KB_LEFT_SHOULDER, &a);
  kb_quat_geodesic_angle(out + 4 * KB_LEFT_SHOULDER,
                         keys + 88 + 4 * KB_LEFT_SHOULDER, &b);
  CHECK_NEAR(a, b, 1e-5);
}

int main(void) {
  make_track();
  test_exact_idle_at_both_ends();
  test_pure_function_of_time();
  test_changed_counts();
  test_bad_params();
  test_track_sampling();
  return check_summary("preview");
}
