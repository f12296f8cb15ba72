/* KLI: Euler and RK4 on arbitrary quaternions and options (steps capped
 * to keep one input short), the closed form and its weight. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  double p[4], r[4], out[KB_KLI_RESULT_DOUBLES];
  fuzz_doubles(&in, p, 4);
  fuzz_doubles(&in, r, 4);
  double rate = fuzz_double(&in), step = fuzz_double(&in);
  double epsilon = fuzz_double(&in);
  int method = fuzz_int(&in, -1, 2), shortest = fuzz_int(&in, 0, 1);
  int max_steps = fuzz_int(&in, -2, 3000);
  if (kb_kli_flat(p, r, rate, step, epsilon, method, shortest, max_steps,
                  out) == KB_OK) {
    FUZZ_CHECK(all_finite_d(out, KB_KLI_RESULT_DOUBLES));
    FUZZ_CHECK(all_unit_d(out + KB_KLI_SLOT_Q, 1));
    FUZZ_CHECK(out[KB_KLI_SLOT_STEPS] >= 0 &&
               out[KB_KLI_SLOT_STEPS] <= max_steps);
    FUZZ_CHECK(out[KB_KLI_SLOT_CONVERGED] == 0 ||
               out[KB_KLI_SLOT_CONVERGED] == 1);
  }
  double t = fuzz_double(&in), q[4];
  if (kb_kli_at(p, r, t, rate, shortest, q) == KB_OK)
    FUZZ_CHECK(all_unit_d(q, 1));
  double theta0 = fuzz_double(&in);
  double u = kb_kli_weight(theta0, rate, t);
  FUZZ_CHECK(isfinite(u) && u >= 0 && u <= 1);
  return 0;
}
