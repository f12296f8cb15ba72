#include "check.h"
#include "kblend.h"

static float env(float p, float a, float r) {
  float e = -1;
  kb_envelope(p, a, r, &e);
  return e;
}

int main(void) {
  const float a = 0.15f, r = 0.20f;
  CHECK(env(0, a, r) == 0 && env(1, a, r) == 0);
  CHECK(env(-0.1f, a, r) == 0 && env(1.5f, a, r) == 0);
  CHECK(env(a, a, r) == 1 && env(0.5f, a, r) == 1 && env(1 - r, a, r) == 1);
  CHECK_NEAR(env(a / 2, a, r), 0.5, 1e-6);
  /* C¹ joins: the slope is zero at both ends of each ramp */
  float s;
  kb_envelope_slope(0, a, r, &s);
  CHECK_NEAR(s, 0, 1e-6);
  kb_envelope_slope(a - 1e-6f, a, r, &s);
  CHECK_NEAR(s, 0, 1e-3);
  kb_envelope_slope(1 - r + 1e-6f, a, r, &s);
  CHECK_NEAR(s, 0, 1e-3);
  kb_envelope_slope(a / 2, a, r, &s);
  CHECK_NEAR(s, 1.5 / a, 1e-4);
  /* the slope matches a finite difference of the value */
  for (float p = 0.01f; p < 0.99f; p += 0.037f) {
    float h = 1e-3f, d;
    kb_envelope_slope(p, a, r, &d);
    CHECK_NEAR(d, (env(p + h, a, r) - env(p - h, a, r)) / (2 * h), 0.05);
  }
  /* monotone ramps */
  float prev = 0;
  int monotone = 1;
  for (float p = 0; p <= a; p += 1e-3f)
    monotone &= env(p, a, r) >= prev, prev = env(p, a, r);
  prev = 1;
  for (float p = 1 - r; p <= 1; p += 1e-3f)
    monotone &= env(p, a, r) <= prev, prev = env(p, a, r);
  CHECK(monotone);
  /* steps */
  CHECK(env(0, 0, r) == 1 && env(1, a, 0) == 1);
  /* invalid ratios */
  float out;
  CHECK(kb_envelope(0.5f, 0.7f, 0.4f, &out) == KB_ERR_OUT_OF_RANGE);
  CHECK(kb_envelope(0.5f, -0.1f, 0.4f, &out) == KB_ERR_OUT_OF_RANGE);
  CHECK(kb_envelope(0.5f, NAN, 0.4f, &out) == KB_ERR_NOT_FINITE);
  CHECK(kb_envelope(NAN, a, r, &out) == KB_ERR_NOT_FINITE);
  /* timed form */
  float ta, tr;
  CHECK(kb_envelope_ratios_from_seconds(0.45f, 0.6f, 3, &ta, &tr) == KB_OK);
  CHECK_NEAR(ta, 0.15, 1e-6);
  CHECK_NEAR(tr, 0.20, 1e-6);
  kb_envelope_ratios_from_seconds(0.45f, 0.6f, 0.7f, &ta, &tr);
  CHECK_NEAR(ta + tr, 1, 1e-6);
  CHECK_NEAR(ta / tr, 0.75, 1e-5);
  CHECK(kb_envelope_ratios_from_seconds(0.45f, 0.6f, 0, &ta, &tr) ==
        KB_ERR_OUT_OF_RANGE);
  /* extremes: OK only with ratios in [0, 1] that sum to at most 1 (it gave
   * attack 1.0000001, release -1.19e-7 for 3.4e38 s, and NaN for a
   * duration of 1e-40) */
  CHECK(kb_envelope_ratios_from_seconds(3.4e38f, 1.15f, 1.8f, &ta, &tr) ==
        KB_ERR_OUT_OF_RANGE);
  CHECK(kb_envelope_ratios_from_seconds(0.45f, 0.6f, 1e-40f, &ta, &tr) ==
        KB_ERR_OUT_OF_RANGE);
  const float seconds[] = {0, 1e-30f, 0.3f, 1, 7.77f, 599.99f, 600};
  const float durations[] = {0.1f, 0.1000001f, 0.7f, 3, 33.3f, 600};
  int sane = 1;
  for (unsigned i = 0; i < 7; i++)
    for (unsigned k = 0; k < 7; k++)
      for (unsigned d = 0; d < 6; d++) {
        if (kb_envelope_ratios_from_seconds(seconds[i], seconds[k],
                                            durations[d], &ta, &tr) != KB_OK ||
            !(ta >= 0 && tr >= 0 && ta <= 1 && tr <= 1 && ta + tr <= 1.0f) ||
            kb_envelope_check(ta, tr) != KB_OK)
          sane = 0;
      }
  CHECK(sane);
  return check_summary("envelope");
}
