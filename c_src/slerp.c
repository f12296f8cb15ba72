/* Shortest-path SLERP: the plain kernel (reference) and a polynomial one. */
#include <math.h>

#include "kblend.h"

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
  wb *= sign;
  float x = wa * a[0] + wb * b[0], y = wa * a[1] + wb * b[1];
  float z = wa * a[2] + wb * b[2], w = wa * a[3] + wb * b[3];
  float inv_norm = 1.0f / sqrtf(x * x + y * y + z * z + w * w);
  out[0] = x * inv_norm, out[1] = y * inv_norm;
  out[2] = z * inv_norm, out[3] = w * inv_norm;
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

#if defined(__wasm_simd128__)
static inline float slerp_poly_weight(float t, float dm1) {
  float t2 = t * t, acc = 1.0f;
  for (int i = SLERP_POLY_TERMS - 1; i >= 0; i--)
    acc = 1.0f + (slerp_poly_u[i] * t2 - slerp_poly_v[i]) * dm1 * acc;
  return t * acc;
}

static inline void slerp_poly_one(const float *p, const float *q, float u,
                                  float *o) {
  float d = p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3];
  float sign = d < 0 ? -1.0f : 1.0f;
  d *= sign;
  float wa = slerp_poly_weight(1.0f - u, d - 1.0f);
  float wb = slerp_poly_weight(u, d - 1.0f) * sign;
  float x = wa * p[0] + wb * q[0], y = wa * p[1] + wb * q[1];
  float z = wa * p[2] + wb * q[2], w = wa * p[3] + wb * q[3];
  float inv_norm = 1.0f / sqrtf(x * x + y * y + z * z + w * w);
  o[0] = x * inv_norm, o[1] = y * inv_norm;
  o[2] = z * inv_norm, o[3] = w * inv_norm;
}

/* Four pairs at a time in WebAssembly SIMD128: quaternions are transposed
 * so each lane holds one pair, the weights computed for four at once, and
 * transposed back. */
#include <wasm_simd128.h>

static inline v128_t slerp_poly_weight4(v128_t t, v128_t dm1) {
  v128_t t2 = wasm_f32x4_mul(t, t), one = wasm_f32x4_splat(1.0f), acc = one;
  for (int i = SLERP_POLY_TERMS - 1; i >= 0; i--) {
    v128_t c =
        wasm_f32x4_sub(wasm_f32x4_mul(wasm_f32x4_splat(slerp_poly_u[i]), t2),
                       wasm_f32x4_splat(slerp_poly_v[i]));
    acc = wasm_f32x4_add(one, wasm_f32x4_mul(wasm_f32x4_mul(c, dm1), acc));
  }
  return wasm_f32x4_mul(t, acc);
}

/* 4×4 transpose: four [x y z w] rows to x, y, z, w columns (its own
 * inverse). */
static inline void transpose4(v128_t m[4]) {
  v128_t t0 = wasm_i32x4_shuffle(m[0], m[1], 0, 4, 1, 5);
  v128_t t1 = wasm_i32x4_shuffle(m[2], m[3], 0, 4, 1, 5);
  v128_t t2 = wasm_i32x4_shuffle(m[0], m[1], 2, 6, 3, 7);
  v128_t t3 = wasm_i32x4_shuffle(m[2], m[3], 2, 6, 3, 7);
  m[0] = wasm_i32x4_shuffle(t0, t1, 0, 1, 4, 5);
  m[1] = wasm_i32x4_shuffle(t0, t1, 2, 3, 6, 7);
  m[2] = wasm_i32x4_shuffle(t2, t3, 0, 1, 4, 5);
  m[3] = wasm_i32x4_shuffle(t2, t3, 2, 3, 6, 7);
}

/* Pairs j0..j3 of a, b, u into out at the same indices. Everything is
 * loaded before anything is stored, so out may alias a or b. */
static void slerp_poly_four(const float *p, const float *q, const float *u,
                            const int32_t j[4], float *o) {
  v128_t a[4], b[4], r[4];
  for (int c = 0; c < 4; c++) {
    a[c] = wasm_v128_load(p + 4 * j[c]);
    b[c] = wasm_v128_load(q + 4 * j[c]);
  }
  transpose4(a);
  transpose4(b);
  v128_t d = wasm_f32x4_mul(a[0], b[0]);
  for (int c = 1; c < 4; c++) d = wasm_f32x4_add(d, wasm_f32x4_mul(a[c], b[c]));
  v128_t one = wasm_f32x4_splat(1.0f);
  v128_t sign = wasm_v128_bitselect(wasm_f32x4_splat(-1.0f), one,
                                    wasm_f32x4_lt(d, wasm_f32x4_splat(0)));
  v128_t dm1 = wasm_f32x4_sub(wasm_f32x4_mul(d, sign), one);
  v128_t ul = wasm_f32x4_make(u[j[0]], u[j[1]], u[j[2]], u[j[3]]);
  v128_t wa = slerp_poly_weight4(wasm_f32x4_sub(one, ul), dm1);
  v128_t wb = wasm_f32x4_mul(slerp_poly_weight4(ul, dm1), sign);
  for (int c = 0; c < 4; c++)
    r[c] = wasm_f32x4_add(wasm_f32x4_mul(wa, a[c]), wasm_f32x4_mul(wb, b[c]));
  v128_t n2 = wasm_f32x4_mul(r[0], r[0]);
  for (int c = 1; c < 4; c++)
    n2 = wasm_f32x4_add(n2, wasm_f32x4_mul(r[c], r[c]));
  v128_t inv = wasm_f32x4_div(one, wasm_f32x4_sqrt(n2));
  for (int c = 0; c < 4; c++) r[c] = wasm_f32x4_mul(r[c], inv);
  transpose4(r);
  for (int c = 0; c < 4; c++) wasm_v128_store(o + 4 * j[c], r[c]);
}

/* Pairs at[0..n) (joint indices, NULL: 0..n−1), four lanes at a time, the
 * rest one by one with the same operations in the same order (so a pair's
 * result does not depend on its lane). */
static void slerp_poly_lanes(const float *a, const float *b, const float *u,
                             const int32_t *at, int n, float *out) {
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    int32_t j[4];
    for (int l = 0; l < 4; l++) j[l] = at ? at[i + l] : i + l;
    slerp_poly_four(a, b, u, j, out);
  }
  for (; i < n; i++) {
    int j = at ? at[i] : i;
    slerp_poly_one(a + 4 * j, b + 4 * j, u[j], out + 4 * j);
  }
}
#else
/* Natively: blocks of SLERP_BLOCK pairs transposed into lanes, each step a
 * plain loop over the lanes with a constant trip count, which the compiler
 * vectorizes (SSE/AVX, NEON) as it would the simplest loop. Every lane runs
 * the same operations in the same order as slerp_poly_one, so a pair's
 * result does not depend on its lane or on what else is in the batch. */
#define SLERP_BLOCK 16

/* Inlined where called with a constant lane count (4, 8 or 16), so each
 * copy's loops have a constant trip count: a small batch or tail is not
 * padded to 16 lanes (its time is the polynomial's latency either way). */
#if defined(__GNUC__)
#define SLERP_INLINE static inline __attribute__((always_inline))
#else
#define SLERP_INLINE static inline
#endif

#if defined(__SSE__)
#include <xmmintrin.h>
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#endif

/* n2 ← 1/√n2 per lane, correctly rounded like 1.0f / sqrtf(n2): with
 * errno semantics (C's default) compilers keep sqrtf scalar, so the
 * vector square root is asked for by name where there is one. */
SLERP_INLINE void inverse_norms(float n2[SLERP_BLOCK], int lanes) {
#if defined(__SSE__)
  for (int l = 0; l < lanes; l += 4)
    _mm_storeu_ps(n2 + l, _mm_div_ps(_mm_set1_ps(1.0f),
                                     _mm_sqrt_ps(_mm_loadu_ps(n2 + l))));
#elif defined(__ARM_NEON) && defined(__aarch64__)
  for (int l = 0; l < lanes; l += 4)
    vst1q_f32(n2 + l,
              vdivq_f32(vdupq_n_f32(1.0f), vsqrtq_f32(vld1q_f32(n2 + l))));
#else
  for (int l = 0; l < lanes; l++) n2[l] = 1.0f / sqrtf(n2[l]);
#endif
}

typedef struct slerp_lanes {
  float a[4][SLERP_BLOCK], b[4][SLERP_BLOCK], u[SLERP_BLOCK];
} slerp_lanes;

SLERP_INLINE void slerp_poly_block(const slerp_lanes *in,
                                   float o[4][SLERP_BLOCK], int lanes) {
  float d[SLERP_BLOCK], sign[SLERP_BLOCK], dm1[SLERP_BLOCK];
  float ta[SLERP_BLOCK], tb[SLERP_BLOCK], wa[SLERP_BLOCK], wb[SLERP_BLOCK];
  for (int l = 0; l < lanes; l++) {
    d[l] = in->a[0][l] * in->b[0][l] + in->a[1][l] * in->b[1][l] +
           in->a[2][l] * in->b[2][l] + in->a[3][l] * in->b[3][l];
    sign[l] = d[l] < 0 ? -1.0f : 1.0f;
    dm1[l] = d[l] * sign[l] - 1.0f;
    ta[l] = 1.0f - in->u[l], tb[l] = in->u[l];
    wa[l] = 1.0f, wb[l] = 1.0f;
  }
  for (int i = SLERP_POLY_TERMS - 1; i >= 0; i--)
    for (int l = 0; l < lanes; l++) {
      wa[l] = 1.0f + (slerp_poly_u[i] * (ta[l] * ta[l]) - slerp_poly_v[i]) *
                         dm1[l] * wa[l];
      wb[l] = 1.0f + (slerp_poly_u[i] * (tb[l] * tb[l]) - slerp_poly_v[i]) *
                         dm1[l] * wb[l];
    }
  float n2[SLERP_BLOCK];
  for (int l = 0; l < lanes; l++) {
    wa[l] = ta[l] * wa[l];
    wb[l] = tb[l] * wb[l] * sign[l];
    n2[l] = 0;
  }
  for (int c = 0; c < 4; c++)
    for (int l = 0; l < lanes; l++) {
      o[c][l] = wa[l] * in->a[c][l] + wb[l] * in->b[c][l];
      n2[l] = n2[l] + o[c][l] * o[c][l];
    }
  inverse_norms(n2, lanes);
  for (int c = 0; c < 4; c++)
    for (int l = 0; l < lanes; l++) o[c][l] = o[c][l] * n2[l];
}

/* Pairs at[0..n) (joint indices, NULL: 0..n−1) of a, b, u through the
 * block kernel into out at the same indices; a short block is padded with
 * identity pairs whose results are dropped. */
static void slerp_poly_lanes(const float *a, const float *b, const float *u,
                             const int32_t *at, int n, float *out) {
  for (int start = 0; start < n; start += SLERP_BLOCK) {
    slerp_lanes in;
    float o[4][SLERP_BLOCK];
    int m = n - start < SLERP_BLOCK ? n - start : SLERP_BLOCK;
    int lanes = m <= 4 ? 4 : (m <= 8 ? 8 : SLERP_BLOCK);
    for (int l = 0; l < lanes; l++) {
      int j = l < m ? (at ? at[start + l] : start + l) : -1;
      for (int c = 0; c < 4; c++) {
        in.a[c][l] = j < 0 ? (c == 3) : a[4 * j + c];
        in.b[c][l] = j < 0 ? (c == 3) : b[4 * j + c];
      }
      in.u[l] = j < 0 ? 0 : u[j];
    }
    if (lanes == 4)
      slerp_poly_block(&in, o, 4);
    else if (lanes == 8)
      slerp_poly_block(&in, o, 8);
    else
      slerp_poly_block(&in, o, SLERP_BLOCK);
    for (int l = 0; l < m; l++) {
      int j = at ? at[start + l] : start + l;
      for (int c = 0; c < 4; c++) out[4 * j + c] = o[c][l];
    }
  }
}
#endif

kb_status kb_slerp_batch_fast(const float *a, const float *b, const float *u,
                              int n, float *out) {
  if (!a || !b || !u || !out) return KB_ERR_NULL;
  if (n < 0) return KB_ERR_OUT_OF_RANGE;
  if (n > KB_MAX_BATCH_PAIRS) return KB_ERR_CAPACITY;
  slerp_poly_lanes(a, b, u, NULL, n, out);
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
