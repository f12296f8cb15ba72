#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "kblend.h"

/* Double-precision reference SLERP, and the rotation angle between results. */
static void slerp_ref(const double a[4], const double b[4], double u,
                      double out[4]) {
  double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3], s = 1;
  if (d < 0) d = -d, s = -1;
  double om = acos(d > 1 ? 1 : d), wa = 1 - u, wb = u;
  if (om > 1e-12) wa = sin((1 - u) * om) / sin(om), wb = sin(u * om) / sin(om);
  double n = 0;
  for (int i = 0; i < 4; i++)
    out[i] = wa * a[i] + s * wb * b[i], n += out[i] * out[i];
  for (int i = 0; i < 4; i++) out[i] /= sqrt(n);
}

static double angle_to(const float q[4], const double r[4]) {
  double d = 0;
  for (int i = 0; i < 4; i++) d += q[i] * r[i];
  double v2 = 0;
  for (int i = 0; i < 4; i++) {
    double c = q[i] - d * r[i];
    v2 += c * c;
  }
  return 2 * atan2(sqrt(v2), fabs(d));
}

static double rnd(void) { return rand() / (double)RAND_MAX * 2 - 1; }

static void random_unit(double q[4]) {
  double n;
  do {
    n = 0;
    for (int i = 0; i < 4; i++) q[i] = rnd(), n += q[i] * q[i];
  } while (n < 1e-3 || n > 1);
  for (int i = 0; i < 4; i++) q[i] /= sqrt(n);
}

/* b close to a (kind 1), close to −a (kind 2) or anywhere (kind 0). */
static void random_pair(int kind, double a[4], double b[4]) {
  random_unit(a);
  if (kind == 0) {
    random_unit(b);
    return;
  }
  double scale = pow(10, -1 - 6 * (rnd() + 1) / 2), n = 0;
  for (int i = 0; i < 4; i++)
    b[i] = (kind == 2 ? -a[i] : a[i]) + scale * rnd(), n += b[i] * b[i];
  for (int i = 0; i < 4; i++) b[i] /= sqrt(n);
}

static void test_accuracy(int fast) {
  enum { N = 30000 };
  static float a[4 * N], b[4 * N], u[N], out[4 * N];
  static double ad[4 * N], bd[4 * N];
  srand(7);
  for (int i = 0; i < N; i++) {
    random_pair(i % 3, ad + 4 * i, bd + 4 * i);
    for (int c = 0; c < 4; c++)
      a[4 * i + c] = (float)ad[4 * i + c], b[4 * i + c] = (float)bd[4 * i + c];
    u[i] = (float)((rnd() + 1) / 2);
  }
  CHECK((fast ? kb_slerp_batch_fast : kb_slerp_batch)(a, b, u, N, out) ==
        KB_OK);
  double worst = 0;
  for (int i = 0; i < N; i++) {
    double fa[4], fb[4], ref[4];
    for (int c = 0; c < 4; c++) fa[c] = a[4 * i + c], fb[c] = b[4 * i + c];
    slerp_ref(fa, fb, u[i], ref);
    double e = angle_to(out + 4 * i, ref);
    if (e > worst) worst = e;
  }
  printf("slerp %s: worst rotation-angle error %.3g rad over %d pairs\n",
         fast ? "fast" : "plain", worst, N);
  CHECK(worst <= 1e-5);
}

static void test_endpoints_and_shortest_path(void) {
  float a[4] = {0, 0, 0, 1}, b[4] = {0, 0.6f, 0, -0.8f}, out[4];
  kb_slerp(a, b, 0, out);
  for (int i = 0; i < 4; i++) CHECK_NEAR(out[i], a[i], 1e-7);
  kb_slerp(a, b, 1, out);
  for (int i = 0; i < 4; i++)
    CHECK_NEAR(out[i], -b[i], 1e-6); /* −b: shortest */
  float angle;
  kb_slerp(a, b, 0.5f, out);
  kb_quat_geodesic_angle(a, out, &angle);
  float full;
  kb_quat_geodesic_angle(a, b, &full);
  CHECK_NEAR(angle, full / 2, 1e-6);
}

static void test_bad_input(void) {
  float a[4] = {0, 0, 0, 1}, z[4] = {0, 0, 0, 0}, out[4];
  CHECK(kb_slerp(a, z, 0.5f, out) == KB_ERR_ZERO_QUAT);
  CHECK(kb_slerp(a, a, NAN, out) == KB_ERR_NOT_FINITE);
  CHECK(kb_slerp_batch(a, a, NULL, 1, out) == KB_ERR_NULL);
  CHECK(kb_slerp_batch(a, a, out, -1, out) == KB_ERR_OUT_OF_RANGE);
  /* above the documented maximum: refused before a pair is read (these
   * buffers hold one pair) */
  CHECK(kb_slerp_batch(a, a, out, KB_MAX_BATCH_PAIRS + 1, out) ==
        KB_ERR_CAPACITY);
  CHECK(kb_slerp_batch_fast(a, a, out, KB_MAX_BATCH_PAIRS + 1, out) ==
        KB_ERR_CAPACITY);
}

/* slerp(a, a, u) is a for every finite u (the LERP form (1 − u)a + u·a
 * cancels to zero for |u| ≥ 1.7e7); OK always comes with a unit rotation. */
static void test_far_extrapolation_stays_unit(void) {
  float a[4] = {0.1f, 0.7f, -0.1f, 0.7f}, b[4], out[4];
  kb_quat_normalize(a, a);
  const float us[] = {1.7e7f, -1.7e7f, 3e38f, -3e38f, 1e10f};
  for (size_t i = 0; i < sizeof us / sizeof us[0]; i++) {
    CHECK(kb_slerp(a, a, us[i], out) == KB_OK);
    int same = 1;
    for (int c = 0; c < 4; c++) same &= fabsf(out[c] - a[c]) < 1e-6f;
    CHECK(same);
  }
  /* a nearby b, far out: any status, but OK means finite and unit */
  memcpy(b, a, sizeof b);
  b[0] += 1e-3f;
  for (size_t i = 0; i < sizeof us / sizeof us[0]; i++) {
    kb_status s = kb_slerp(a, b, us[i], out);
    if (s == KB_OK) {
      double n2 = 0;
      for (int c = 0; c < 4; c++) n2 += (double)out[c] * out[c];
      CHECK(isfinite(n2) && fabs(n2 - 1) < 1e-5);
    } else
      CHECK(s == KB_ERR_OUT_OF_RANGE);
  }
}

/* The indexed batch gives each pair the bits of the contiguous batch,
 * whatever its position among the indices, and touches nothing else. */
static void test_indexed_matches_contiguous(void) {
  enum { N = 61 };
  static float a[4 * N], b[4 * N], u[N], full[4 * N], part[4 * N];
  double ad[4], bd[4];
  srand(11);
  for (int i = 0; i < N; i++) {
    random_pair(i % 3, ad, bd);
    for (int c = 0; c < 4; c++)
      a[4 * i + c] = (float)ad[c], b[4 * i + c] = (float)bd[c];
    u[i] = (float)((rnd() + 1) / 2);
  }
  kb_slerp_batch_fast(a, b, u, N, full);
  int ok = 1;
  for (int stride = 1; stride <= 7; stride++) {
    int32_t index[N];
    int m = 0;
    for (int i = N - 1; i >= 0; i -= stride) index[m++] = i; /* reversed */
    for (int i = 0; i < 4 * N; i++) part[i] = -7.0f;
    CHECK(kb_slerp_batch_fast_indexed(a, b, u, N, index, m, part) == KB_OK);
    for (int i = 0; i < N; i++) {
      int picked = (N - 1 - i) % stride == 0;
      for (int c = 0; c < 4; c++)
        ok &= picked ? memcmp(&part[4 * i + c], &full[4 * i + c], 4) == 0
                     : part[4 * i + c] == -7.0f;
    }
  }
  CHECK(ok);
  /* in place: out aliasing b */
  memcpy(part, b, sizeof part);
  int32_t all[N];
  for (int i = 0; i < N; i++) all[i] = i;
  kb_slerp_batch_fast_indexed(a, part, u, N, all, N, part);
  CHECK(memcmp(part, full, sizeof part) == 0);
  int32_t bad[1] = {N};
  CHECK(kb_slerp_batch_fast_indexed(a, b, u, N, bad, 1, part) ==
        KB_ERR_OUT_OF_RANGE);
  CHECK(kb_slerp_batch_fast_indexed(a, b, u, N, NULL, 1, part) == KB_ERR_NULL);
}

/* A pair's bits depend neither on the batch's length nor on where out is:
 * every prefix of the contiguous batch, in place over a or b (through the
 * copies) or into a separate buffer (the direct loop), agrees bit for bit. */
static void test_contiguous_bits_independent_of_batch(void) {
  enum { N = 45 };
  static float a[4 * N], b[4 * N], u[N], full[4 * N], part[4 * N];
  double ad[4], bd[4];
  srand(23);
  for (int i = 0; i < N; i++) {
    random_pair(i % 3, ad, bd);
    for (int c = 0; c < 4; c++)
      a[4 * i + c] = (float)ad[c], b[4 * i + c] = (float)bd[c];
    u[i] = (float)((rnd() + 1) / 2);
  }
  CHECK(kb_slerp_batch_fast(a, b, u, N, full) == KB_OK);
  int ok = 1;
  for (int n = 1; n <= N; n++) {
    for (int i = 0; i < 4 * N; i++) part[i] = -7.0f;
    ok &= kb_slerp_batch_fast(a, b, u, n, part) == KB_OK;
    ok &= memcmp(part, full, sizeof(float) * 4 * n) == 0;
    if (n < N) ok &= part[4 * n] == -7.0f; /* nothing past the batch */
  }
  CHECK(ok);
  memcpy(part, b, sizeof part); /* out is b */
  CHECK(kb_slerp_batch_fast(a, part, u, N, part) == KB_OK);
  CHECK(memcmp(part, full, sizeof part) == 0);
  memcpy(part, a, sizeof part); /* out is a */
  CHECK(kb_slerp_batch_fast(part, b, u, N, part) == KB_OK);
  CHECK(memcmp(part, full, sizeof part) == 0);
}

int main(void) {
  test_far_extrapolation_stays_unit();
  test_indexed_matches_contiguous();
  test_contiguous_bits_independent_of_batch();
  test_accuracy(0);
  test_accuracy(1);
  test_endpoints_and_shortest_path();
  test_bad_input();
  return check_summary("slerp");
}
