#include "check.h"
#include "kblend.h"

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

int main(void) {
  test_product_and_rotation();
  test_euler_roundtrip();
  test_geodesic_angle();
  test_bad_input();
  test_rotation_vector();
  return check_summary("quat");
}
