/* SLERP: the checked single entry on arbitrary floats and any u; both
 * batch kernels
 * on unit inputs (their contract: inputs assumed unit, only pointers and n
 * checked) and arbitrary weights in the blend's range and beyond. */
#include "fuzz.h"

enum { MAX_PAIRS = 37 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  float a[4], b[4], out[4], u = fuzz_float(&in);
  fuzz_floats(&in, a, 4);
  fuzz_floats(&in, b, 4);
  /* any u: OK only for a finite one, and then a unit rotation */
  if (kb_slerp(a, b, u, out) == KB_OK) {
    FUZZ_CHECK(isfinite(u));
    FUZZ_CHECK(all_unit(out, 1));
  }
  int n = fuzz_int(&in, 0, MAX_PAIRS);
  float pa[4 * MAX_PAIRS], pb[4 * MAX_PAIRS], pu[MAX_PAIRS];
  float plain[4 * MAX_PAIRS], fast[4 * MAX_PAIRS];
  for (int i = 0; i < n; i++) {
    fuzz_unit_quat(&in, pa + 4 * i);
    fuzz_unit_quat(&in, pb + 4 * i);
    pu[i] = (float)(int8_t)fuzz_byte(&in) / 64.0f; /* [-2, 2] */
  }
  FUZZ_CHECK(kb_slerp_batch(pa, pb, pu, n, plain) == KB_OK);
  FUZZ_CHECK(kb_slerp_batch_fast(pa, pb, pu, n, fast) == KB_OK);
  FUZZ_CHECK(all_unit(plain, n) && all_unit(fast, n));
  /* the two kernels agree (the accuracy bar is 1e-5 rad for u in [0, 1]) */
  for (int i = 0; i < n; i++) {
    if (pu[i] < 0 || pu[i] > 1) continue;
    float angle;
    FUZZ_CHECK(kb_quat_geodesic_angle(plain + 4 * i, fast + 4 * i, &angle) ==
               KB_OK);
    FUZZ_CHECK(angle < 1e-4f);
  }
  FUZZ_CHECK(kb_slerp_batch(pa, pb, pu, -1, plain) == KB_ERR_OUT_OF_RANGE);
  /* above the documented maximum: refused before any pair is read */
  FUZZ_CHECK(kb_slerp_batch(pa, pb, pu, KB_MAX_BATCH_PAIRS + 1, plain) ==
             KB_ERR_CAPACITY);
  FUZZ_CHECK(kb_slerp_batch_fast(pa, pb, pu, KB_MAX_BATCH_PAIRS + 1, fast) ==
             KB_ERR_CAPACITY);
  return 0;
}
