#include <stdlib.h>
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

/* q0 ⊗ exp(θ·axis) in double, rounded to float. */
static void turned(const float q0[4], const double axis[3], double theta,
                   float out[4]) {
  double s = sin(theta / 2),
         r[4] = {axis[0] * s, axis[1] * s, axis[2] * s, cos(theta / 2)};
  double a[4] = {q0[0], q0[1], q0[2], q0[3]};
  out[0] = (float)(a[3] * r[0] + a[0] * r[3] + a[1] * r[2] - a[2] * r[1]);
  out[1] = (float)(a[3] * r[1] - a[0] * r[2] + a[1] * r[3] + a[2] * r[0]);
  out[2] = (float)(a[3] * r[2] + a[0] * r[1] - a[1] * r[0] + a[2] * r[3]);
  out[3] = (float)(a[3] * r[3] - a[0] * r[0] - a[1] * r[1] - a[2] * r[2]);
}

/* the design's angle of the stored float pair: 2·atan2(|v|, |w|) of a⁻¹ ⊗ b. */
static double atan2_angle(const float a[4], const float b[4]) {
  double x = (double)a[3] * b[0] - (double)a[0] * b[3] - (double)a[1] * b[2] +
             (double)a[2] * b[1];
  double y = (double)a[3] * b[1] + (double)a[0] * b[2] - (double)a[1] * b[3] -
             (double)a[2] * b[0];
  double z = (double)a[3] * b[2] - (double)a[0] * b[1] + (double)a[1] * b[0] -
             (double)a[2] * b[3];
  double w = (double)a[3] * b[3] + (double)a[0] * b[0] + (double)a[1] * b[1] +
             (double)a[2] * b[2];
  return 2 * atan2(sqrt(x * x + y * y + z * z), fabs(w));
}

/* The gate holds exactly when the atan2 angle of the stored pair is below
 * ε: for steps from a few parts per million to 5 % either side of ε,
 * spread over [0, 2ε), ε from 1e-5 to 3 rad, random states and axes, both
 * followers. */
static void test_gate_decision_is_the_atan2_form(void) {
  const float epsilons[6] = {1e-5f, 5e-4f, 1e-2f, 0.1f, 1.5f, 3.0f};
  const double offsets[14] = {-0.05, -0.02, -1e-2, -1e-3, -1e-5, -2e-6, 2e-6,
                              1e-5,  1e-3,  1e-2,  0.02,  0.05,  0.5,   -0.9};
  int decided = 0, agree = 0, held = 0;
  srand(17);
  for (int e = 0; e < 6; e++)
    for (int n = 0; n < 2800; n++) {
      kb_filter_params p;
      kb_filter_default_params(&p);
      p.epsilon = epsilons[e], p.follower = n % 2;
      /* steps on a grid either side of ε, then spread over [0, 2ε) */
      double offset = n < 1400 ? offsets[n % 14] : 2.0 * rand() / RAND_MAX - 1;
      float q0[4], q1[4], state[9], out[4];
      double axis[3], n2 = 0, m = 0;
      for (int c = 0; c < 4; c++) q0[c] = rand() / (float)RAND_MAX - 0.5f;
      for (int c = 0; c < 4; c++) m += (double)q0[c] * q0[c];
      for (int c = 0; c < 4; c++) q0[c] = (float)(q0[c] / sqrt(m));
      for (int c = 0; c < 3; c++) axis[c] = rand() / (double)RAND_MAX - 0.5;
      for (int c = 0; c < 3; c++) n2 += axis[c] * axis[c];
      for (int c = 0; c < 3; c++) axis[c] /= sqrt(n2);
      turned(q0, axis, p.epsilon * (1 + offset), q1);
      double angle = atan2_angle(q0, q1);
      if (fabs(angle - p.epsilon) < 1e-9 * p.epsilon) continue; /* a tie */
      kb_filter f;
      kb_filter_init(&f, &p, state, 1);
      kb_filter_step(&f, q0, 1 / 30.0f, out, NULL);
      kb_filter_step(&f, q1, 1 / 30.0f, out, NULL);
      int was_held = memcmp(out, q0, sizeof out) == 0;
      decided++, held += was_held;
      agree += was_held == (angle < p.epsilon);
    }
  printf("filter: gate agrees with the atan2 form in %d of %d steps (%d "
         "held)\n",
         agree, decided, held);
  CHECK(decided > 16000 && agree == decided);
  CHECK(held > decided / 4 && held < decided * 7 / 8); /* both sides */
}

/* The per-step constants (tan²(ε/2), 1 − e^(−λ·dt)) are kept between steps:
 * a filter that keeps them steps bit for bit like one that recomputes them
 * every step, through changes of dt (0, clamped, repeated) and of ε and λ
 * between steps. */
static void test_kept_constants_match_recomputed(void) {
  kb_filter_params p;
  kb_filter_default_params(&p);
  float sa[9 * 3], sb[9 * 3], q[12], oa[12], ob[12];
  kb_filter a, b;
  kb_filter_init(&a, &p, sa, 3);
  kb_filter_init(&b, &p, sb, 3);
  const float dts[8] = {1 / 30.0f, 1 / 30.0f, 0, 1 / 60.0f,
                        2.0f,      1 / 60.0f, 0, 1 / 30.0f};
  int same = 1, moved = 0;
  for (int k = 0; k < 64; k++) {
    for (int j = 0; j < 3; j++) about_x(0.3f * j + 0.002f * (k % 5), q + 4 * j);
    if (k == 20) a.params.epsilon = b.params.epsilon = 1e-3f;
    if (k == 40) a.params.lambda = b.params.lambda = 3.0f;
    if (k == 50) a.params.lambda = b.params.lambda = INFINITY;
    b.gate_epsilon = b.alpha_lambda = b.alpha_dt = NAN; /* recompute */
    int ca, cb;
    kb_filter_step(&a, q, dts[k % 8], oa, &ca);
    kb_filter_step(&b, q, dts[k % 8], ob, &cb);
    same &= memcmp(oa, ob, sizeof oa) == 0 && ca == cb;
    moved += ca;
  }
  CHECK(same);
  CHECK(moved > 0);
}

int main(void) {
  test_non_unit_targets_normalized();
  test_zero_dt_changes_nothing();
  test_gate_decision_is_the_atan2_form();
  test_kept_constants_match_recomputed();
  test_holds_jitter_bit_for_bit();
  test_follows_step();
  test_pure_gate_and_kli_follower();
  test_bad_params();
  test_param_ranges();
  return check_summary("filter");
}
