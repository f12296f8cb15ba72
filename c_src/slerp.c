/* Shortest-path SLERP: the plain kernel (reference) and a polynomial one. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "kblend.h"

/* wa·a + wb·b scaled to unit length, into out. Both kernels end here, so
 * their last operations (and their rounding) are the same. */
static inline void blend_normalized(const float *a, const float *b, float wa,
                                    float wb, float *out) {
  float x = wa * a[0] + wb * b[0], y = wa * a[1] + wb * b[1];
  float z = wa * a[2] + wb * b[2], w = wa * a[3] + wb * b[3];
  float inv_norm = 1.0f / sqrtf(x * x + y * y + z * z + w * w);
  out[0] = x * inv_norm, out[1] = y * inv_norm;
  out[2] = z * inv_norm, out[3] = w * inv_norm;
}

static inline void slerp_plain(const float *a, const float *b, float u,
                               float *out) {
  float d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  float sign = 1.0f;
  if (d < 0) sign = -1.0f, d = -d;
  float wa, wb;
  if (d > KB_SLERP_NLERP_DOT) {
    wa = 1.0f - u, wb = u;
  } else {
    float omega = acosf(d);
    float inv_sin = 1.0f / sinf(omega);
    wa = sinf((1.0f - u) * omega) * inv_sin;
    wb = sinf(u * omega) * inv_sin;
  }
  blend_normalized(a, b, wa, wb * sign, out);
}

/* Normalized LERP as a + u·(b − a): exact for a = b at any u, where
 * (1 − u)·a + u·b cancels to zero for |u| ≥ 1.7e7. */
static void nlerp_stable(const float *a, const float *b, float u, float *out) {
  float d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  float sign = d < 0 ? -1.0f : 1.0f, r[4];
  for (int i = 0; i < 4; i++) r[i] = a[i] + u * (sign * b[i] - a[i]);
  float inv_norm =
      1.0f / sqrtf(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
  for (int i = 0; i < 4; i++) out[i] = r[i] * inv_norm;
}

static int finite_unit(const float *q) {
  double n2 = 0;
  for (int i = 0; i < 4; i++) {
    if (!isfinite(q[i])) return 0;
    n2 += (double)q[i] * q[i];
  }
  return fabs(n2 - 1.0) < 1e-5;
}

kb_status kb_slerp(const float a[4], const float b[4], float u, float out[4]) {
  if (!out) return KB_ERR_NULL;
  kb_status s = kb_quat_check(a);
  if (s == KB_OK) s = kb_quat_check(b);
  if (s != KB_OK) return s;
  if (!isfinite(u)) return KB_ERR_NOT_FINITE;
  float na[4], nb[4], r[4];
  kb_quat_normalize(a, na);
  kb_quat_normalize(b, nb);
  float d = na[0] * nb[0] + na[1] * nb[1] + na[2] * nb[2] + na[3] * nb[3];
  if (fabsf(d) > KB_SLERP_NLERP_DOT)
    nlerp_stable(na, nb, u, r);
  else
    slerp_plain(na, nb, u, r);
  /* OK only with a finite unit rotation (a far extrapolation can lose it) */
  if (!finite_unit(r)) return KB_ERR_OUT_OF_RANGE;
  for (int i = 0; i < 4; i++) out[i] = r[i];
  return KB_OK;
}

kb_status kb_slerp_batch(const float *a, const float *b, const float *u, int n,
                         float *out) {
  if (!a || !b || !u || !out) return KB_ERR_NULL;
  if (n < 0) return KB_ERR_OUT_OF_RANGE;
  if (n > KB_MAX_BATCH_PAIRS) return KB_ERR_CAPACITY;
  for (int i = 0; i < n; i++)
    slerp_plain(a + 4 * i, b + 4 * i, u[i], out + 4 * i);
  return KB_OK;
}

/* Weight sin(tΩ)/sin Ω as a polynomial in d = cos Ω and t: the series of
 * the ratio in (d − 1), whose i-th factor is (t²/(i(2i+1)) − i/(2i+1))·(d−1),
 * truncated at 12 terms with the last one stretched by MU so the truncation
 * error is spread over d ∈ [0, 1] (max weight error 7e-7, fitted offline).
 * No acos, no sin, no branch: the loop vectorizes (SIMD with -msimd128). */
#define SLERP_POLY_TERMS 12
#define MU 1.895f
#define U(i) (1.0f / ((i) * (2 * (i) + 1)))
#define V(i) ((float)(i) / (2 * (i) + 1))
static const float slerp_poly_u[SLERP_POLY_TERMS] = {
    U(1), U(2), U(3), U(4),  U(5),  U(6),
    U(7), U(8), U(9), U(10), U(11), MU *U(12)};
static const float slerp_poly_v[SLERP_POLY_TERMS] = {
    V(1), V(2), V(3), V(4),  V(5),  V(6),
    V(7), V(8), V(9), V(10), V(11), MU *V(12)};
#undef U
#undef V
#undef MU

/* sin(tΩ)/sin Ω from t and d − 1: the nested series 1 + p₁(1 + p₂(1 + …
 * (1 + p₁₂))), p_i = (u_i·t² − v_i)·(d − 1), regrouped four terms at a
 * time so its chain of dependent operations is a third of Horner's (what
 * a batch of a few pairs waits for): with A_i = 1 + p_i, B_i = p_i·p_{i+1},
 * C_i = A_i + B_i·A_{i+2} and D_i = B_i·B_{i+2}, it is
 * C₁ + D₁·(C₅ + D₅·(C₉ + D₉)), with as many operations as Horner's. Every
 * p_i ≥ 0 on d ∈ [0, 1] (u_i·t² ≤ v_i), so no regrouping cancels. */
static inline float slerp_poly_weight(float t, float dm1) {
  float t2 = t * t, p[SLERP_POLY_TERMS], c[3], d[3];
  for (int i = 0; i < SLERP_POLY_TERMS; i++)
    p[i] = (slerp_poly_u[i] * t2 - slerp_poly_v[i]) * dm1;
  for (int g = 0; g < 3; g++) {
    const float *q = p + 4 * g;
    float a0 = 1.0f + q[0], b0 = q[0] * q[1];
    float a2 = 1.0f + q[2], b2 = q[2] * q[3];
    c[g] = a0 + b0 * a2, d[g] = b0 * b2;
  }
  return t * (c[0] + d[0] * (c[1] + d[1] * (c[2] + d[2])));
}

/* One pair's weights at t = ta and t = tb. */
static inline void slerp_poly_weights(float ta, float tb, float dm1, float *wa,
                                      float *wb) {
  *wa = slerp_poly_weight(ta, dm1), *wb = slerp_poly_weight(tb, dm1);
}

/* One pair (p, q, u) into o. Every vector lane below runs these
 * operations in this order (each IEEE-rounded, none fused), so a pair's
 * result depends neither on its lane, nor on the batch around it, nor on
 * the target. */
static inline void slerp_poly_one(const float *p, const float *q, float u,
                                  float *o) {
  float d = p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3];
  float sign = d < 0 ? -1.0f : 1.0f, dm1 = d * sign - 1.0f, wa, wb;
  slerp_poly_weights(1.0f - u, u, dm1, &wa, &wb);
  blend_normalized(p, q, wa, wb * sign, o);
}

#if defined(__wasm_simd128__)
/* WebAssembly SIMD128, written out: four pairs per vector, transposed so
 * each lane holds one pair (the compiler's own vectorization of the plain
 * loop below is about 25 % slower here). */
#include <wasm_simd128.h>

typedef v128_t v4;
#define v4_splat wasm_f32x4_splat
#define v4_add wasm_f32x4_add
#define v4_sub wasm_f32x4_sub
#define v4_mul wasm_f32x4_mul

/* 4×4 transpose: four [x y z w] rows to x, y, z, w columns (its own
 * inverse). */
static inline void v4_transpose(v4 m[4]) {
  v4 t0 = wasm_i32x4_shuffle(m[0], m[1], 0, 4, 1, 5);
  v4 t1 = wasm_i32x4_shuffle(m[2], m[3], 0, 4, 1, 5);
  v4 t2 = wasm_i32x4_shuffle(m[0], m[1], 2, 6, 3, 7);
  v4 t3 = wasm_i32x4_shuffle(m[2], m[3], 2, 6, 3, 7);
  m[0] = wasm_i32x4_shuffle(t0, t1, 0, 1, 4, 5);
  m[1] = wasm_i32x4_shuffle(t0, t1, 2, 3, 6, 7);
  m[2] = wasm_i32x4_shuffle(t2, t3, 0, 1, 4, 5);
  m[3] = wasm_i32x4_shuffle(t2, t3, 2, 3, 6, 7);
}

/* slerp_poly_weight of four lanes, the same operations in the same order. */
static inline v4 slerp_poly_weight4(v4 t, v4 dm1) {
  v4 one = v4_splat(1.0f), t2 = v4_mul(t, t), p[SLERP_POLY_TERMS], c[3], d[3];
  for (int i = 0; i < SLERP_POLY_TERMS; i++)
    p[i] = v4_mul(v4_sub(v4_mul(v4_splat(slerp_poly_u[i]), t2),
                         v4_splat(slerp_poly_v[i])),
                  dm1);
  for (int g = 0; g < 3; g++) {
    const v4 *q = p + 4 * g;
    v4 a0 = v4_add(one, q[0]), b0 = v4_mul(q[0], q[1]);
    v4 a2 = v4_add(one, q[2]), b2 = v4_mul(q[2], q[3]);
    c[g] = v4_add(a0, v4_mul(b0, a2)), d[g] = v4_mul(b0, b2);
  }
  v4 r = v4_add(c[0],
                v4_mul(d[0], v4_add(c[1], v4_mul(d[1], v4_add(c[2], d[2])))));
  return v4_mul(t, r);
}

/* The weights of both ends, wa at ta = 1 − u and wb at tb = u. */
static inline void slerp_poly_weights4(v4 ta, v4 tb, v4 dm1, v4 *wa, v4 *wb) {
  *wa = slerp_poly_weight4(ta, dm1), *wb = slerp_poly_weight4(tb, dm1);
}

/* Pairs j[0..3] of a, b (weights w) into out at the same indices. All
 * four are loaded before any is stored, so out may alias a or b. */
static inline __attribute__((always_inline)) void
slerp_poly_four(const float *a, const float *b, v4 w, const int32_t j[4],
                float *out) {
  v4 p[4], q[4], r[4];
  for (int l = 0; l < 4; l++)
    p[l] = wasm_v128_load(a + 4 * j[l]), q[l] = wasm_v128_load(b + 4 * j[l]);
  v4_transpose(p);
  v4_transpose(q);
  v4 d = v4_mul(p[0], q[0]);
  for (int c = 1; c < 4; c++) d = v4_add(d, v4_mul(p[c], q[c]));
  v4 one = v4_splat(1.0f);
  v4 sign =
      wasm_v128_bitselect(v4_splat(-1.0f), one, wasm_f32x4_lt(d, v4_splat(0)));
  v4 dm1 = v4_sub(v4_mul(d, sign), one), wa, wb;
  slerp_poly_weights4(v4_sub(one, w), w, dm1, &wa, &wb);
  wb = v4_mul(wb, sign);
  for (int c = 0; c < 4; c++) r[c] = v4_add(v4_mul(wa, p[c]), v4_mul(wb, q[c]));
  v4 n2 = v4_mul(r[0], r[0]);
  for (int c = 1; c < 4; c++) n2 = v4_add(n2, v4_mul(r[c], r[c]));
  v4 inv = wasm_f32x4_div(one, wasm_f32x4_sqrt(n2));
  for (int c = 0; c < 4; c++) r[c] = v4_mul(r[c], inv);
  v4_transpose(r);
  for (int l = 0; l < 4; l++) wasm_v128_store(out + 4 * j[l], r[l]);
}

/* Pairs at[0..n) (joint indices, NULL: 0..n−1) of a, b, u into out at the
 * same indices, four at a time (indices are distinct, so out may alias a
 * or b); three left run as a group with a repeated lane, one or two alone,
 * all with the same operations. */
static void slerp_poly_lanes(const float *a, const float *b, const float *u,
                             const int32_t *at, int n, float *out) {
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    int32_t j[4];
    for (int l = 0; l < 4; l++) j[l] = at ? at[i + l] : i + l;
    slerp_poly_four(a, b, wasm_f32x4_make(u[j[0]], u[j[1]], u[j[2]], u[j[3]]),
                    j, out);
  }
  if (n - i == 3) { /* three left: one group, the fourth lane repeating the
                      first pair (its bits, stored again unchanged) */
    int32_t j[4];
    for (int l = 0; l < 4; l++) j[l] = at ? at[i + l % 3] : i + l % 3;
    slerp_poly_four(a, b, wasm_f32x4_make(u[j[0]], u[j[1]], u[j[2]], u[j[3]]),
                    j, out);
    i = n;
  }
  for (; i < n; i++) { /* one or two: alone (cheaper than a group here) */
    int j = at ? at[i] : i;
    slerp_poly_one(a + 4 * j, b + 4 * j, u[j], out + 4 * j);
  }
}

static void slerp_poly_batch(const float *a, const float *b, const float *u,
                             int n, float *out) {
  slerp_poly_lanes(a, b, u, NULL, n, out);
}
#else
/* Natively: n contiguous pairs, none overlapping, one per iteration in
 * the plainest loop, which the compiler vectorizes (SSE/AVX, NEON: four
 * or more pairs per vector) as well as any loop of its own; build.sh
 * gives -fno-math-errno, without which sqrtf keeps it scalar. */
static void slerp_poly_run(const float *restrict a, const float *restrict b,
                           const float *restrict u, int n,
                           float *restrict out) {
  for (int i = 0; i < n; i++)
    slerp_poly_one(a + 4 * i, b + 4 * i, u[i], out + 4 * i);
}

/* Pairs per block copied through the stack (2.5 KB). */
#define SLERP_BLOCK 32

/* Pairs at[0..n) (joint indices, NULL: 0..n−1) of a, b, u into out at the
 * same indices, in blocks gathered into contiguous copies, so out may
 * alias a or b and scattered indices vectorize like contiguous ones. */
static void slerp_poly_lanes(const float *a, const float *b, const float *u,
                             const int32_t *at, int n, float *out) {
  float pa[4 * SLERP_BLOCK], pb[4 * SLERP_BLOCK], pu[SLERP_BLOCK];
  float po[4 * SLERP_BLOCK];
  for (int start = 0; start < n; start += SLERP_BLOCK) {
    int m = n - start < SLERP_BLOCK ? n - start : SLERP_BLOCK;
    for (int l = 0; l < m; l++) {
      int j = at ? at[start + l] : start + l;
      memcpy(pa + 4 * l, a + 4 * j, sizeof(float) * 4);
      memcpy(pb + 4 * l, b + 4 * j, sizeof(float) * 4);
      pu[l] = u[j];
    }
    slerp_poly_run(pa, pb, pu, m, po);
    for (int l = 0; l < m; l++)
      memcpy(out + 4 * (at ? at[start + l] : start + l), po + 4 * l,
             sizeof(float) * 4);
  }
}

/* Whether [p, p + n) and [q, q + m) (floats) share an address. */
static int overlap(const float *p, size_t n, const float *q, size_t m) {
  uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
  return a < b + sizeof(float) * m && b < a + sizeof(float) * n;
}

/* Contiguous pairs: directly unless out overlaps an input (in place). */
static void slerp_poly_batch(const float *a, const float *b, const float *u,
                             int n, float *out) {
  size_t q = 4 * (size_t)n;
  if (overlap(out, q, a, q) || overlap(out, q, b, q) || overlap(out, q, u, n))
    slerp_poly_lanes(a, b, u, NULL, n, out);
  else
    slerp_poly_run(a, b, u, n, out);
}
#endif

kb_status kb_slerp_batch_fast(const float *a, const float *b, const float *u,
                              int n, float *out) {
  if (!a || !b || !u || !out) return KB_ERR_NULL;
  if (n < 0) return KB_ERR_OUT_OF_RANGE;
  if (n > KB_MAX_BATCH_PAIRS) return KB_ERR_CAPACITY;
  slerp_poly_batch(a, b, u, n, out);
  return KB_OK;
}

kb_status kb_slerp_batch_fast_indexed(const float *a, const float *b,
                                      const float *u, int n,
                                      const int32_t *index, int m, float *out) {
  if (!a || !b || !u || !out || (!index && m > 0)) return KB_ERR_NULL;
  if (n < 0 || m < 0) return KB_ERR_OUT_OF_RANGE;
  for (int i = 0; i < m; i++)
    if (index[i] < 0 || index[i] >= n) return KB_ERR_OUT_OF_RANGE;
  slerp_poly_lanes(a, b, u, index, m, out);
  return KB_OK;
}
