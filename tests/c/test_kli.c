#include "check.h"
#include "kblend.h"

static const double P[4] = {0, 0, 1, 0};         /* k */
static const double R[4] = {0.5, 0.5, 0.5, 0.5}; /* ½(1 + i + j + k) */

static void test_paper_example(void) {
  kb_kli_options o;
  kb_kli_default_options(&o);
  kb_kli_result res;
  CHECK(kb_kli(P, R, &o, &res) == KB_OK);
  printf("kli rk4: t_stop %.4f (%d steps)\n", res.t_stop, res.steps);
  CHECK_NEAR(res.t_stop, 11.66, 1e-9);
  CHECK(res.converged);
  o.method = KB_KLI_EULER;
  kb_kli(P, R, &o, &res);
  printf("kli euler: t_stop %.4f\n", res.t_stop);
  CHECK(res.t_stop >= 11.60 - 1e-9 && res.t_stop <= 11.61 + 1e-9);
}

static void test_closed_form_agrees(void) {
  kb_kli_options o;
  kb_kli_default_options(&o);
  double worst = 0;
  for (int n = 1; n <= 400; n += 7) {
    o.max_steps = n;
    o.epsilon = 1e-300;
    kb_kli_result res;
    kb_kli(P, R, &o, &res);
    double q[4];
    kb_kli_at(P, R, res.t_stop, 1, 1, q);
    for (int i = 0; i < 4; i++) worst = fmax(worst, fabs(q[i] - res.q[i]));
    /* on the great circle through p and r: no component outside their span */
    double a = 0, b = 0; /* q = a p + b r' with r' ⟂ p */
    double rp[4], d = 0.5, nr = 0;
    for (int i = 0; i < 4; i++) rp[i] = R[i] - d * P[i], nr += rp[i] * rp[i];
    for (int i = 0; i < 4; i++)
      a += res.q[i] * P[i], b += res.q[i] * rp[i] / sqrt(nr);
    double off = 0;
    for (int i = 0; i < 4; i++) {
      double c = res.q[i] - a * P[i] - b * rp[i] / sqrt(nr);
      off += c * c;
    }
    CHECK(sqrt(off) < 1e-12);
  }
  printf("kli: rk4 vs closed form, worst component gap %.3g\n", worst);
  CHECK(worst < 1e-8);
}

static void test_rate_scales_time(void) {
  kb_kli_options o;
  kb_kli_default_options(&o);
  o.rate = 2;
  o.step = 0.005;
  kb_kli_result res;
  kb_kli(P, R, &o, &res);
  CHECK_NEAR(res.t_stop, 11.66 / 2, 0.006);
}

static void test_paths_and_cap(void) {
  double neg[4] = {-0.5, -0.5, -0.5, -0.5};
  kb_kli_options o;
  kb_kli_default_options(&o);
  kb_kli_result res;
  kb_kli(P, neg, &o, &res); /* p·(−r) < 0: shortest path ends at r */
  CHECK(res.converged && fabs(res.q[0] - 0.5) < 1e-4);
  o.shortest_path = 0; /* paper parity: goes to −r the long way */
  kb_kli_result parity;
  kb_kli(P, neg, &o, &parity);
  CHECK(parity.converged && fabs(parity.q[0] + 0.5) < 1e-4);
  CHECK(parity.t_stop > res.t_stop);
  o.max_steps = 10;
  kb_kli(P, R, &o, &res);
  CHECK(!res.converged && res.steps == 10);
}

/* The 'kli' shape's ramp: the flow whose rate arrives within ε after span. */
static void test_ramp(void) {
  double theta0 = 0.6, eps = 1e-3, span = 0.8;
  double rate = log(tan(theta0 / 2) / tan(eps / 4)) / span;
  CHECK_NEAR(kb_kli_ramp(theta0, eps, span, 0.3),
             kb_kli_weight(theta0, rate, 0.3), 1e-15);
  CHECK_NEAR(2 * (1 - kb_kli_ramp(theta0, eps, span, span)) * theta0, eps,
             1e-12);
  CHECK(kb_kli_ramp(theta0, eps, 0, 0) == 1);     /* no span */
  CHECK(kb_kli_ramp(1e-4, eps, span, 0) == 1);    /* within ε already */
  CHECK(kb_kli_ramp(theta0, eps, span, -1) == 0); /* not started */
  CHECK(kb_kli_ramp(theta0, 0, span, span) ==     /* ε taken ≥ 1e-5 */
        kb_kli_ramp(theta0, 1e-5f, span, span));
}

static void test_bad_input(void) {
  kb_kli_options o;
  kb_kli_default_options(&o);
  kb_kli_result res;
  double z[4] = {0, 0, 0, 0}, nan[4] = {NAN, 0, 0, 1}, q[4];
  CHECK(kb_kli(z, R, &o, &res) == KB_ERR_ZERO_QUAT);
  CHECK(kb_kli(nan, R, &o, &res) == KB_ERR_NOT_FINITE);
  o.step = 0;
  CHECK(kb_kli(P, R, &o, &res) == KB_ERR_OUT_OF_RANGE);
  kb_kli_default_options(&o);
  o.epsilon = -1;
  CHECK(kb_kli(P, R, &o, &res) == KB_ERR_OUT_OF_RANGE);
  CHECK(kb_kli_at(P, R, 1, 0, 1, q) == KB_ERR_OUT_OF_RANGE);
}

/* Status OK comes with a finite unit state: a rate beyond the range (it gave
 * NaN for rate 1e100, step 1) is refused, and components near 1e155 or
 * 1e300 are not mistaken for zero. */
static void test_extremes(void) {
  kb_kli_options o;
  kb_kli_default_options(&o);
  kb_kli_result res;
  o.rate = 1e100, o.step = 1;
  CHECK(kb_kli(P, R, &o, &res) == KB_ERR_OUT_OF_RANGE);
  o.rate = KB_MAX_KLI_RATE, o.step = KB_MAX_KLI_STEP, o.max_steps = 50;
  CHECK(kb_kli(P, R, &o, &res) == KB_OK);
  double n = 0;
  for (int i = 0; i < 4; i++) n += res.q[i] * res.q[i];
  CHECK(isfinite(n) && fabs(n - 1) < 1e-12);
  kb_kli_default_options(&o);
  o.max_steps = 2000;
  double big_p[4] = {0, 0, 1e155, 0}, huge_r[4] = {1e300, 1e300, 1e300, 1e300};
  CHECK(kb_kli(big_p, huge_r, &o, &res) == KB_OK);
  kb_kli_result ref;
  kb_kli(P, R, &o, &ref);
  CHECK(res.steps == ref.steps && fabs(res.q[0] - ref.q[0]) < 1e-12);
  double q[4], qref[4];
  CHECK(kb_kli_at(big_p, huge_r, 1.0, 1.0, 1, q) == KB_OK);
  kb_kli_at(P, R, 1.0, 1.0, 1, qref);
  for (int i = 0; i < 4; i++) CHECK_NEAR(q[i], qref[i], 1e-12);
  double tiny[4] = {0, 0, 1e-200, 0};
  CHECK(kb_kli_at(tiny, R, 1.0, 1.0, 1, q) == KB_ERR_ZERO_QUAT);
}

int main(void) {
  test_paper_example();
  test_closed_form_agrees();
  test_rate_scales_time();
  test_paths_and_cap();
  test_ramp();
  test_bad_input();
  test_extremes();
  return check_summary("kli");
}
