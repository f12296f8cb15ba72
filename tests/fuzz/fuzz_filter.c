/* Deadband filter: arbitrary parameters, dt and step counts; targets are
 * arbitrary floats (non-unit, huge, tiny, zero, NaN, infinite): a step is
 * OK only with finite nonzero targets, and then gives unit rotations. */
#include "fuzz.h"

enum { MAX_JOINTS = 9, MAX_STEPS = 12 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  float epsilon = fuzz_float(&in), lambda = fuzz_float(&in);
  float dt_max = fuzz_float(&in);
  int follower = fuzz_int(&in, -1, 2), count = fuzz_int(&in, -1, MAX_JOINTS);
  kb_filter f;
  float state[KB_FILTER_FLOATS_PER_JOINT * MAX_JOINTS];
  if (kb_filter_init_flat(&f, epsilon, lambda, dt_max, follower, state,
                          count) != KB_OK)
    return 0;
  FUZZ_CHECK(count >= 1);
  int steps = fuzz_int(&in, 1, MAX_STEPS);
  for (int s = 0; s < steps; s++) {
    float targets[4 * MAX_JOINTS], out[4 * MAX_JOINTS];
    int hostile = fuzz_byte(&in) < 128;
    for (int j = 0; j < count; j++) {
      if (hostile)
        fuzz_floats(&in, targets + 4 * j, 4);
      else
        fuzz_unit_quat(&in, targets + 4 * j);
    }
    float dt = fuzz_float(&in);
    int changed = -1;
    if (kb_filter_step(&f, targets, dt, out, &changed) != KB_OK) continue;
    FUZZ_CHECK(all_finite(targets, 4 * (size_t)count));
    FUZZ_CHECK(all_unit(out, count));
    FUZZ_CHECK(changed >= 0 && changed <= count);
    if (fuzz_byte(&in) < 16) kb_filter_reset(&f);
  }
  return 0;
}
