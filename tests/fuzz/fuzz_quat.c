/* Quaternion entries and the geodesic angle on arbitrary floats. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  float a[4], b[4], out[4], v[3], e[3];
  fuzz_floats(&in, a, 4);
  fuzz_floats(&in, b, 4);
  fuzz_floats(&in, v, 3);
  float angle = -1;
  if (kb_quat_geodesic_angle(a, b, &angle) == KB_OK) {
    FUZZ_CHECK(isfinite(angle) && angle >= 0 && angle <= 3.1415930f);
    float back;
    float nb[4] = {-b[0], -b[1], -b[2], -b[3]};
    FUZZ_CHECK(kb_quat_geodesic_angle(a, nb, &back) == KB_OK);
    FUZZ_CHECK(back == angle); /* q and -q are the same rotation */
  }
  if (kb_quat_normalize(a, out) == KB_OK) FUZZ_CHECK(all_unit(out, 1));
  if (kb_quat_from_euler_xyz(v, out) == KB_OK) FUZZ_CHECK(all_unit(out, 1));
  if (kb_quat_to_euler_xyz(a, e) == KB_OK) FUZZ_CHECK(all_finite(e, 3));
  if (kb_quat_from_rotation_vector(v, out) == KB_OK)
    FUZZ_CHECK(all_unit(out, 1));
  if (kb_quat_check(a) == KB_OK && kb_quat_check(b) == KB_OK) {
    float na[4], nb[4];
    kb_quat_normalize(a, na);
    kb_quat_normalize(b, nb);
    FUZZ_CHECK(kb_quat_mul(na, nb, out) == KB_OK && all_unit(out, 1));
    float r[3];
    float small[3] = {fmodf(v[0], 1e3f), fmodf(v[1], 1e3f), fmodf(v[2], 1e3f)};
    if (all_finite(small, 3)) {
      FUZZ_CHECK(kb_quat_rotate(na, small, r) == KB_OK && all_finite(r, 3));
    }
  }
  return 0;
}
