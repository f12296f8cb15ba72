/* Shared pieces of the libFuzzer harnesses: a reader that turns fuzz bytes
 * into hostile numbers (special values, small values, raw bit patterns) and
 * the checks of the output rule: status OK comes with finite, unit (where a
 * rotation) and sane output. A broken rule aborts, which libFuzzer reports
 * with the input that broke it. */
#ifndef KBLEND_FUZZ_H
#define KBLEND_FUZZ_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kblend_wasm.h"

typedef struct fuzz_input {
  const uint8_t *data;
  size_t size;
} fuzz_input;

#define FUZZ_CHECK(cond)                                                       \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: output rule broken: %s\n", __FILE__, __LINE__,   \
              #cond);                                                          \
      abort();                                                                 \
    }                                                                          \
  } while (0)

static inline uint8_t fuzz_byte(fuzz_input *in) {
  if (in->size == 0) return 0;
  in->size--;
  return *in->data++;
}

static inline uint32_t fuzz_u32(fuzz_input *in) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v = v << 8 | fuzz_byte(in);
  return v;
}

/* An integer in [lo, hi]. */
static inline int fuzz_int(fuzz_input *in, int lo, int hi) {
  return lo + (int)(fuzz_u32(in) % (uint32_t)(hi - lo + 1));
}

/* A hostile double: a special value, a small one, or raw bits, as the
 * kind byte says. */
static inline double fuzz_double_of(fuzz_input *in, uint8_t kind) {
  static const double special[] = {
      0,          -0.0,   1,      -1,    0.5,      2,         1e-40,
      1e-300,     1e38,   3.4e38, 1e155, 1e300,    1.7e308,   1e7,
      3.14159265, 1.5708, 0.9995, -1e-7, INFINITY, -INFINITY, NAN};
  enum { N = sizeof special / sizeof special[0] };
  if (kind < N) return special[kind];
  if (kind < 160) return (double)(int8_t)fuzz_byte(in) / 16.0;
  if (kind < 200) return (double)(int16_t)(fuzz_u32(in) & 0xffff) / 1024.0;
  uint64_t bits = (uint64_t)fuzz_u32(in) << 32 | fuzz_u32(in);
  double v;
  memcpy(&v, &bits, sizeof v);
  return v;
}

static inline double fuzz_double(fuzz_input *in) {
  return fuzz_double_of(in, fuzz_byte(in));
}

static inline float fuzz_float(fuzz_input *in) {
  uint8_t kind = fuzz_byte(in);
  if (kind < 200) { /* beyond float's range: infinity, not a UB cast */
    double d = fuzz_double_of(in, kind);
    return fabs(d) > 3.4028234663852886e38 ? (float)copysign(INFINITY, d)
                                           : (float)d;
  }
  uint32_t bits = fuzz_u32(in);
  float v;
  memcpy(&v, &bits, sizeof v);
  return v;
}

static inline void fuzz_floats(fuzz_input *in, float *out, int n) {
  for (int i = 0; i < n; i++) out[i] = fuzz_float(in);
}

static inline void fuzz_doubles(fuzz_input *in, double *out, int n) {
  for (int i = 0; i < n; i++) out[i] = fuzz_double(in);
}

/* A struct size from the ABI table ("sizeof.ik_workspace", ...), the way a
 * binding learns it; aborts on a name the table lacks. */
static inline size_t fuzz_abi_size(const char *name) {
  for (int i = 0; i < kb_abi_count(); i++)
    if (strcmp(kb_abi_name(i), name) == 0) return (size_t)kb_abi_value(i);
  fprintf(stderr, "no ABI entry %s\n", name);
  abort();
}

/* A unit quaternion from fuzz bytes (for entries whose contract assumes
 * unit inputs). */
static inline void fuzz_unit_quat(fuzz_input *in, float q[4]) {
  for (int i = 0; i < 4; i++) q[i] = (float)(int8_t)fuzz_byte(in);
  if (kb_quat_normalize(q, q) != KB_OK) q[0] = q[1] = q[2] = 0, q[3] = 1;
}

static inline int all_finite(const float *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!isfinite(v[i])) return 0;
  return 1;
}

static inline int all_finite_d(const double *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!isfinite(v[i])) return 0;
  return 1;
}

/* n unit quaternions (float32 rounding allowed). */
static inline int all_unit(const float *q, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const float *r = q + 4 * i;
    double n2 = (double)r[0] * r[0] + (double)r[1] * r[1] +
                (double)r[2] * r[2] + (double)r[3] * r[3];
    if (!isfinite(n2) || fabs(n2 - 1) > 1e-5) return 0;
  }
  return 1;
}

static inline int all_unit_d(const double *q, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const double *r = q + 4 * i;
    double n2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3];
    if (!isfinite(n2) || fabs(n2 - 1) > 1e-9) return 0;
  }
  return 1;
}

#endif
