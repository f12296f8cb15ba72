#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kblend_internal.h"

static void test_product_and_rotation(void) {
  /* 90° about Z then applied to +X gives +Y */
  float qz[4] = {0, 0, sinf(0.785398163f), cosf(0.785398163f)},
        v[3] = {1, 0, 0}, out[3];
  CHECK(kb_quat_rotate(qz, v, out) == KB_OK);
  CHECK_NEAR(out[0], 0, 1e-6);
  CHECK_NEAR(out[1], 1, 1e-6);
  /* i ⊗ j = k (Hamilton) */
  float i[4] = {1, 0, 0, 0}, j[4] = {0, 1, 0, 0}, k[4];
  kb_quat_mul(i, j, k);
  CHECK(k[0] == 0 && k[1] == 0 && k[2] == 1 && k[3] == 0);
  float c[4];
  kb_quat_conjugate(qz, c);
  CHECK(c[2] == -qz[2] && c[3] == qz[3]);
}

static void test_euler_roundtrip(void) {
  /* three.js order: R = Rx·Ry·Rz, so q = qx ⊗ qy ⊗ qz */
  float e[3] = {0.3f, -0.7f, 1.1f}, q[4], back[3], qx[4], qy[4], qz[4], t[4];
  kb_quat_from_euler_xyz(e, q);
  float ex[3] = {0.3f, 0, 0}, ey[3] = {0, -0.7f, 0}, ez[3] = {0, 0, 1.1f};
  kb_quat_from_euler_xyz(ex, qx);
  kb_quat_from_euler_xyz(ey, qy);
  kb_quat_from_euler_xyz(ez, qz);
  kb_quat_mul(qx, qy, t);
  kb_quat_mul(t, qz, t);
  for (int a = 0; a < 4; a++) CHECK_NEAR(q[a], t[a], 1e-6);
  CHECK(kb_quat_to_euler_xyz(q, back) == KB_OK);
  for (int a = 0; a < 3; a++) CHECK_NEAR(back[a], e[a], 1e-5);
}

static void test_geodesic_angle(void) {
  float id[4] = {0, 0, 0, 1}, neg[4] = {0, 0, 0, -1}, angle;
  float small[4] = {sinf(1.25e-4f), 0, 0, cosf(1.25e-4f)};
  kb_quat_geodesic_angle(id, small, &angle);
  CHECK_NEAR(angle, 2.5e-4, 1e-9);
  kb_quat_geodesic_angle(id, neg, &angle); /* q and −q: the same rotation */
  CHECK(angle == 0);
  float half_turn[4] = {0, 1, 0, 0};
  kb_quat_geodesic_angle(id, half_turn, &angle);
  CHECK_NEAR(angle, 3.14159265, 1e-6);
}

static void test_bad_input(void) {
  float zero[4] = {0, 0, 0, 0}, nan[4] = {NAN, 0, 0, 1}, out[4], angle;
  CHECK(kb_quat_normalize(zero, out) == KB_ERR_ZERO_QUAT);
  CHECK(kb_quat_geodesic_angle(nan, zero, &angle) == KB_ERR_NOT_FINITE);
  CHECK(kb_quat_mul(NULL, zero, out) == KB_ERR_NULL);
  float e[3] = {INFINITY, 0, 0};
  CHECK(kb_quat_from_euler_xyz(e, out) == KB_ERR_NOT_FINITE);
  CHECK(kb_status_text(KB_ERR_ZERO_QUAT)[0] != 0);
  CHECK(kb_status_text((kb_status)99)[0] != 0);
}

static void test_rotation_vector(void) {
  float v[3] = {0, 0.5f, 0}, q[4], angle, id[4] = {0, 0, 0, 1};
  kb_quat_from_rotation_vector(v, q);
  kb_quat_geodesic_angle(id, q, &angle);
  CHECK_NEAR(angle, 0.5, 1e-6);
  float z[3] = {0, 0, 0};
  kb_quat_from_rotation_vector(z, q);
  CHECK(q[3] == 1 && q[0] == 0);
}

/* The jitter's exp map (a float series, no sin, cos or sqrt) against the
 * double map rounded to float, over random vectors up to its range limit
 * and at the limit's corners: each component within one float ulp of 1
 * (2⁻²³), and unit within 3 ulps. */
static void test_small_exp_against_double(void) {
  srand(3);
  double worst = 0, worst_norm = 0;
  for (int n = 0; n < 200000; n++) {
    float v[3], q[4];
    double scale = n % 4 == 0 ? 1e-6 : (n % 4 == 1 ? 1e-3 : 1.0);
    for (int a = 0; a < 3; a++)
      v[a] = (float)(scale * (rand() / (double)RAND_MAX * 2 - 1) *
                     KB__EXP_SMALL_MAX_ANGLE / sqrt(3.0));
    if (n < 8) /* the corners of KB_MAX_JITTER's cube: |v| = 0.866 */
      for (int a = 0; a < 3; a++) v[a] = (n >> a & 1 ? 1 : -1) * KB_MAX_JITTER;
    double dv[3] = {v[0], v[1], v[2]}, exact[4], n2 = 0;
    kb__quat_exp_d(dv, exact);
    kb__quat_exp_small(v, q);
    for (int c = 0; c < 4; c++) {
      double e = fabs(q[c] - (double)(float)exact[c]);
      worst = e > worst ? e : worst;
      n2 += (double)q[c] * q[c];
    }
    worst_norm = fabs(n2 - 1) > worst_norm ? fabs(n2 - 1) : worst_norm;
  }
  printf("quat: small exp map, worst %.3g (ulp of 1: %.3g), |q|² − 1 %.3g\n",
         worst, ldexp(1, -23), worst_norm);
  CHECK(worst <= ldexp(1, -23));
  CHECK(worst_norm <= 3 * ldexp(1, -23));
  float zero[3] = {0, 0, 0}, q[4];
  kb__quat_exp_small(zero, q);
  CHECK(q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 1);
}

/* The inline helpers give what their public or memcmp twins give. */
static void test_inline_helpers(void) {
  float a[4] = {0.1f, -0.7f, 0.3f, 0.64f}, b[4] = {-0.2f, 0.5f, 0.8f, 0.26f};
  float p[4], q[4];
  kb_quat_mul(a, b, p);
  kb__quat_mul_f(a, b, q);
  CHECK(memcmp(p, q, sizeof p) == 0);
  kb__quat_mul_f(a, b, a); /* in place */
  CHECK(memcmp(a, p, sizeof p) == 0);
  float z[4] = {0, 0, 0, 1}, nz[4] = {-0.0f, 0, 0, 1};
  CHECK(kb__same_quat(p, q) && !kb__same_quat(p, b));
  CHECK(!kb__same_quat(z, nz)); /* bits, as memcmp: −0 is not 0 */
}

int main(void) {
  test_product_and_rotation();
  test_euler_roundtrip();
  test_geodesic_angle();
  test_bad_input();
  test_rotation_vector();
  test_small_exp_against_double();
  test_inline_helpers();
  return check_summary("quat");
}
