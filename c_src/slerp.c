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

kb_status kb_slerp(const float a[4], const float b[4], float u, float out[4]) {
  if (!out) return KB_ERR_NULL;
  kb_status s = kb_quat_check(a);
  if (s == KB_OK) s = kb_quat_check(b);
  if (s != KB_OK) return s;
  if (!isfinite(u)) return KB_ERR_NOT_FINITE;
  float na[4], nb[4];
  kb_quat_normalize(a, na);
  kb_quat_normalize(b, nb);
  slerp_plain(na, nb, u, out);
  return KB_OK;
}

kb_status kb_slerp_batch(const float *a, const float *b, const float *u, int n,
                         float *out) {
  if (!a || !b || !u || !out) return KB_ERR_NULL;
  if (n < 0) return KB_ERR_OUT_OF_RANGE;
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

#if defined(__wasm_simd128__)
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

static void slerp_poly_four(const float *p, const float *q, const float *u,
                            float *o) {
  v128_t a[4], b[4], r[4];
  for (int c = 0; c < 4; c++) {
    a[c] = wasm_v128_load(p + 4 * c);
    b[c] = wasm_v128_load(q + 4 * c);
  }
  transpose4(a);
  transpose4(b);
  v128_t d = wasm_f32x4_mul(a[0], b[0]);
  for (int c = 1; c < 4; c++) d = wasm_f32x4_add(d, wasm_f32x4_mul(a[c], b[c]));
  v128_t one = wasm_f32x4_splat(1.0f);
  v128_t sign = wasm_v128_bitselect(wasm_f32x4_splat(-1.0f), one,
                                    wasm_f32x4_lt(d, wasm_f32x4_splat(0)));
  v128_t dm1 = wasm_f32x4_sub(wasm_f32x4_mul(d, sign), one);
  v128_t ul = wasm_v128_load(u);
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
  for (int c = 0; c < 4; c++) wasm_v128_store(o + 4 * c, r[c]);
}
#define SLERP_POLY_LANES 4
#elif defined(__GNUC__) && !defined(__clang__)
/* Four pairs at a time in GCC vector types (SSE natively). */
typedef float v4 __attribute__((vector_size(16)));

static inline v4 slerp_poly_weight4(v4 t, v4 dm1) {
  v4 t2 = t * t, acc = {1, 1, 1, 1};
  for (int i = SLERP_POLY_TERMS - 1; i >= 0; i--)
    acc = 1.0f + (slerp_poly_u[i] * t2 - slerp_poly_v[i]) * dm1 * acc;
  return t * acc;
}

static void slerp_poly_four(const float *p, const float *q, const float *u,
                            float *o) {
  v4 a[4], b[4], r[4];
  for (int c = 0; c < 4; c++) {
    a[c] = (v4){p[c], p[4 + c], p[8 + c], p[12 + c]};
    b[c] = (v4){q[c], q[4 + c], q[8 + c], q[12 + c]};
  }
  v4 d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3], sign;
  for (int l = 0; l < 4; l++) sign[l] = d[l] < 0 ? -1.0f : 1.0f;
  v4 ul = {u[0], u[1], u[2], u[3]}, dm1 = d * sign - 1.0f;
  v4 wa = slerp_poly_weight4(1.0f - ul, dm1);
  v4 wb = slerp_poly_weight4(ul, dm1) * sign;
  for (int c = 0; c < 4; c++) r[c] = wa * a[c] + wb * b[c];
  v4 n2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3], inv;
  for (int l = 0; l < 4; l++) inv[l] = 1.0f / sqrtf(n2[l]);
  for (int c = 0; c < 4; c++) {
    v4 v = r[c] * inv;
    for (int l = 0; l < 4; l++) o[4 * l + c] = v[l];
  }
}
#define SLERP_POLY_LANES 4
#else
#define SLERP_POLY_LANES 1
#endif

kb_status kb_slerp_batch_fast(const float *a, const float *b, const float *u,
                              int n, float *out) {
  if (!a || !b || !u || !out) return KB_ERR_NULL;
  if (n < 0) return KB_ERR_OUT_OF_RANGE;
  int i = 0;
#if SLERP_POLY_LANES == 4
  for (; i + 4 <= n; i += 4)
    slerp_poly_four(a + 4 * i, b + 4 * i, u + i, out + 4 * i);
#endif
  for (; i < n; i++) slerp_poly_one(a + 4 * i, b + 4 * i, u[i], out + 4 * i);
  return KB_OK;
}
