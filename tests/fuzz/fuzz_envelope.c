/* Envelope, its slope and the timed form on arbitrary floats. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  float p = fuzz_float(&in), a = fuzz_float(&in), r = fuzz_float(&in);
  float e = -1, slope;
  if (kb_envelope(p, a, r, &e) == KB_OK) {
    FUZZ_CHECK(isfinite(e) && e >= 0 && e <= 1);
    FUZZ_CHECK(kb_envelope_check(a, r) == KB_OK);
  }
  if (kb_envelope_slope(p, a, r, &slope) == KB_OK) {
    FUZZ_CHECK(isfinite(slope) || a == 0 || r == 0 || isinf(p) == 0);
    if (a > 1e-30f && r > 1e-30f) FUZZ_CHECK(isfinite(slope));
  }
  float as = fuzz_float(&in), rs = fuzz_float(&in), d = fuzz_float(&in);
  float ta, tr;
  if (kb_envelope_ratios_from_seconds(as, rs, d, &ta, &tr) == KB_OK) {
    FUZZ_CHECK(isfinite(ta) && isfinite(tr));
    FUZZ_CHECK(ta >= 0 && tr >= 0 && ta + tr <= 1.0f);
    FUZZ_CHECK(kb_envelope_check(ta, tr) == KB_OK);
    /* not scaled: the plain ratios */
    if ((double)as + rs <= d * 0.999)
      FUZZ_CHECK(fabs(ta - (double)as / d) <= 1e-6 * (1 + (double)as / d));
  }
  return 0;
}
