#include <string.h>

#include "check.h"
#include "kblend.h"

static void about_x(float angle, float q[4]) {
  q[0] = sinf(angle / 2), q[1] = 0, q[2] = 0, q[3] = cosf(angle / 2);
}

static void test_holds_jitter_bit_for_bit(void) {
  kb_filter_params p;
  kb_filter_default_params(&p);
  float state[9], q[4], out[4], first[4];
  kb_filter f;
  CHECK(kb_filter_init(&f, &p, state, 1) == KB_OK);
  about_x(0.5f, q);
  kb_filter_step(&f, q, 1 / 30.0f, first, NULL);
  int all_held = 1, changed;
  for (int k = 0; k < 200; k++) {
    about_x(0.5f + 0.0003f * ((k % 2) ? 1 : -1) * 0.8f, q);
    kb_filter_step(&f, q, 1 / 30.0f, out, &changed);
    all_held &= memcmp(out, first, sizeof out) == 0 && changed == 0;
  }
  CHECK(all_held);
}

static void test_follows_step(void) {
  kb_filter_params p;
  kb_filter_default_params(&p);
  float state[9], q0[4], q1[4], out[4], angle;
  kb_filter f;
  kb_filter_init(&f, &p, state, 1);
  about_x(0, q0);
  about_x(0.08f, q1);
  kb_filter_step(&f, q0, 0, out, NULL);
  kb_filter_step(&f, q1, 1 / 60.0f, out, NULL);
  kb_quat_geodesic_angle(q0, out, &angle);
  CHECK_NEAR(angle, 0.08 * (1 - exp(-18.0 / 60)), 2e-6);
  /* dt is clamped to dt_max: a 1 s gap moves like 1/30 s */
  kb_filter_reset(&f);
  kb_filter_step(&f, q0, 0, out, NULL);
  kb_filter_step(&f, q1, 1.0f, out, NULL);
  kb_quat_geodesic_angle(q0, out, &angle);
  CHECK_NEAR(angle, 0.08 * (1 - exp(-18.0 / 30)), 2e-6);
  /* negative dt is clamped to 0: no motion */
  kb_filter_step(&f, q0, -1.0f, out, NULL);
  float after;
  kb_quat_geodesic_angle(q0, out, &after);
  CHECK_NEAR(after, angle, 1e-7);
}

static void test_pure_gate_and_kli_follower(void) {
  kb_filter_params p;
  kb_filter_default_params(&p);
  p.lambda = INFINITY;
  float state[9], q0[4], q1[4], out[4];
  kb_filter f;
  kb_filter_init(&f, &p, state, 1);
  about_x(0, q0);
  about_x(0.08f, q1);
  kb_filter_step(&f, q0, 0, out, NULL);
  kb_filter_step(&f, q1, 1 / 30.0f, out, NULL);
  CHECK(memcmp(out, q1, sizeof out) == 0);
  /* KLI follower: the closed-form flow over dt, close to exp for small steps */
  p.lambda = 18, p.follower = KB_FOLLOWER_KLI;
  kb_filter_init(&f, &p, state, 1);
  kb_filter_step(&f, q0, 0, out, NULL);
  kb_filter_step(&f, q1, 1 / 60.0f, out, NULL);
  float angle;
  kb_quat_geodesic_angle(q0, out, &angle);
  CHECK_NEAR(angle, 0.08 * (1 - exp(-18.0 / 60)), 1e-4);
  CHECK(angle > 0.01f);
}

static void test_bad_params(void) {
  kb_filter_params p;
  kb_filter_default_params(&p);
  float state[9];
  kb_filter f;
  p.epsilon = -1;
  CHECK(kb_filter_init(&f, &p, state, 1) == KB_ERR_OUT_OF_RANGE);
  kb_filter_default_params(&p);
  p.lambda = 0;
  CHECK(kb_filter_init(&f, &p, state, 1) == KB_ERR_OUT_OF_RANGE);
  p.lambda = NAN;
  CHECK(kb_filter_init(&f, &p, state, 1) == KB_ERR_NOT_FINITE);
  kb_filter_default_params(&p);
  CHECK(kb_filter_init(&f, &p, state, 0) == KB_ERR_OUT_OF_RANGE);
  kb_filter_init(&f, &p, state, 1);
  float zero[4] = {0, 0, 0, 0}, out[4];
  CHECK(kb_filter_step(&f, zero, 0.1f, out, NULL) == KB_ERR_ZERO_QUAT);
}

/* The filter enforces the header's ranges itself (not only through the
 * preview); entries that cannot fail but for NULL return a status. */
static void test_param_ranges(void) {
  kb_filter_params p;
  CHECK(kb_filter_default_params(&p) == KB_OK);
  CHECK(p.epsilon == KB_DEFAULT_EPSILON && p.lambda == KB_DEFAULT_LAMBDA);
  CHECK(p.dt_max == KB_DEFAULT_DT_MAX && p.follower == KB_DEFAULT_FOLLOWER);
  CHECK(kb_filter_default_params(NULL) == KB_ERR_NULL);
  CHECK(kb_filter_reset(NULL) == KB_ERR_NULL);
  struct {
    float epsilon, lambda, dt_max;
    kb_status expect;
  } cases[] = {
      {KB_MAX_EPSILON, KB_MAX_LAMBDA, KB_MAX_DT_MAX, KB_OK},
      {KB_MIN_EPSILON, KB_MIN_LAMBDA, KB_MIN_DT_MAX, KB_OK},
      {0.0005f, INFINITY, 1.0f / 30, KB_OK},
      {nextafterf(KB_MAX_EPSILON, 4), 18, 1.0f / 30, KB_ERR_OUT_OF_RANGE},
      {0.0005f, nextafterf(KB_MAX_LAMBDA, 2e3f), 1.0f / 30,
       KB_ERR_OUT_OF_RANGE},
      {0.0005f, nextafterf(KB_MIN_LAMBDA, 0), 1.0f / 30, KB_ERR_OUT_OF_RANGE},
      {0.0005f, -INFINITY, 1.0f / 30, KB_ERR_OUT_OF_RANGE},
      {0.0005f, 18, nextafterf(KB_MAX_DT_MAX, 2), KB_ERR_OUT_OF_RANGE},
      {0.0005f, 18, nextafterf(KB_MIN_DT_MAX, 0), KB_ERR_OUT_OF_RANGE},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    kb_filter_default_params(&p);
    p.epsilon = cases[i].epsilon, p.lambda = cases[i].lambda;
    p.dt_max = cases[i].dt_max;
    CHECK(kb_filter_check_params(&p) == cases[i].expect);
  }
  float state[9];
  kb_filter f;
  kb_filter_default_params(&p);
  CHECK(kb_filter_init(&f, &p, state, 1) == KB_OK);
  CHECK(kb_filter_reset(&f) == KB_OK && f.primed == 0);
}

/* A finite non-unit target is normalized: it neither comes back as given
 * on the first step nor poisons the state for the steps after it. */
static void test_non_unit_targets_normalized(void) {
  kb_filter_params p;
  kb_filter_default_params(&p);
  float state[9], out[4];
  kb_filter f;
  kb_filter_init(&f, &p, state, 1);
  float two[4] = {0, 0, 0, 2};
  CHECK(kb_filter_step(&f, two, 1 / 30.0f, out, NULL) == KB_OK);
  CHECK(out[0] == 0 && out[1] == 0 && out[2] == 0 && out[3] == 1);
  float huge[4] = {1e8f, 1e8f, 1e8f, 1e8f}, q[4];
  CHECK(kb_filter_step(&f, huge, 1 / 30.0f, out, NULL) == KB_OK);
  int finite_unit = 1;
  for (int k = 0; k < 20; k++) {
    about_x(0.3f, q);
    CHECK(kb_filter_step(&f, q, 1 / 30.0f, out, NULL) == KB_OK);
    double n2 = 0;
    for (int c = 0; c < 4; c++) n2 += (double)out[c] * out[c];
    finite_unit &= isfinite(n2) && fabs(n2 - 1) < 1e-5;
  }
  CHECK(finite_unit);
}

/* dt = 0: the state does not move, so no joint counts as changed. */
static void test_zero_dt_changes_nothing(void) {
  kb_filter_params p;
  kb_filter_default_params(&p);
  for (int follower = 0; follower < 2; follower++) {
    p.follower = follower;
    float state[9 * 2], q[8], out[8], before[8];
    kb_filter f;
    kb_filter_init(&f, &p, state, 2);
    about_x(0, q), about_x(0, q + 4);
    kb_filter_step(&f, q, 1 / 30.0f, before, NULL);
    about_x(0.4f, q), about_x(-0.2f, q + 4);
    int changed = -1;
    CHECK(kb_filter_step(&f, q, 0, out, &changed) == KB_OK);
    CHECK(changed == 0);
    CHECK(memcmp(out, before, sizeof out) == 0);
    CHECK(kb_filter_step(&f, q, 1 / 30.0f, out, &changed) == KB_OK);
    CHECK(changed == 2);
  }
}

int main(void) {
  test_non_unit_targets_normalized();
  test_zero_dt_changes_nothing();
  test_holds_jitter_bit_for_bit();
  test_follows_step();
  test_pure_gate_and_kli_follower();
  test_bad_params();
  test_param_ranges();
  return check_summary("filter");
}
