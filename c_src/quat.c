/* Quaternion algebra on float[4] = [x, y, z, w]. */
#include <math.h>

#include "kblend_internal.h"

static int finite4(const float q[4]) {
  return isfinite(q[0]) && isfinite(q[1]) && isfinite(q[2]) && isfinite(q[3]);
}

kb_status kb_quat_check(const float q[4]) {
  if (!q) return KB_ERR_NULL;
  if (!finite4(q)) return KB_ERR_NOT_FINITE;
  double n2 = (double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] +
              (double)q[3] * q[3];
  if (n2 < 1e-24) return KB_ERR_ZERO_QUAT;
  return KB_OK;
}

kb_status kb_quat_mul(const float a[4], const float b[4], float out[4]) {
  if (!a || !b || !out) return KB_ERR_NULL;
  kb__quat_mul_f(a, b, out);
  return KB_OK;
}

kb_status kb_quat_conjugate(const float q[4], float out[4]) {
  if (!q || !out) return KB_ERR_NULL;
  out[0] = -q[0], out[1] = -q[1], out[2] = -q[2], out[3] = q[3];
  return KB_OK;
}

kb_status kb_quat_normalize(const float q[4], float out[4]) {
  if (!out) return KB_ERR_NULL;
  kb_status s = kb_quat_check(q);
  if (s != KB_OK) return s;
  double n = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] +
                  (double)q[2] * q[2] + (double)q[3] * q[3]);
  for (int i = 0; i < 4; i++) out[i] = (float)(q[i] / n);
  return KB_OK;
}

kb_status kb_quat_rotate(const float q[4], const float v[3], float out[3]) {
  if (!q || !v || !out) return KB_ERR_NULL;
  /* v' = v + 2w(u×v) + 2u×(u×v), u the vector part */
  float tx = 2 * (q[1] * v[2] - q[2] * v[1]);
  float ty = 2 * (q[2] * v[0] - q[0] * v[2]);
  float tz = 2 * (q[0] * v[1] - q[1] * v[0]);
  float x = v[0] + q[3] * tx + (q[1] * tz - q[2] * ty);
  float y = v[1] + q[3] * ty + (q[2] * tx - q[0] * tz);
  float z = v[2] + q[3] * tz + (q[0] * ty - q[1] * tx);
  out[0] = x, out[1] = y, out[2] = z;
  return KB_OK;
}

kb_status kb_quat_from_euler_xyz(const float e[3], float out[4]) {
  if (!e || !out) return KB_ERR_NULL;
  if (!isfinite(e[0]) || !isfinite(e[1]) || !isfinite(e[2]))
    return KB_ERR_NOT_FINITE;
  /* q = qx ⊗ qy ⊗ qz, the same formula as three.js's setFromEuler('XYZ'). */
  double c1 = cos(e[0] / 2.0), c2 = cos(e[1] / 2.0), c3 = cos(e[2] / 2.0);
  double s1 = sin(e[0] / 2.0), s2 = sin(e[1] / 2.0), s3 = sin(e[2] / 2.0);
  out[0] = (float)(s1 * c2 * c3 + c1 * s2 * s3);
  out[1] = (float)(c1 * s2 * c3 - s1 * c2 * s3);
  out[2] = (float)(c1 * c2 * s3 + s1 * s2 * c3);
  out[3] = (float)(c1 * c2 * c3 - s1 * s2 * s3);
  return KB_OK;
}

kb_status kb_quat_to_euler_xyz(const float q[4], float out[3]) {
  if (!out) return KB_ERR_NULL;
  float n[4];
  kb_status s = kb_quat_normalize(q, n);
  if (s != KB_OK) return s;
  double x = n[0], y = n[1], z = n[2], w = n[3];
  /* Matrix entries of R = Rx·Ry·Rz, as three.js's Euler.setFromRotationMatrix
   */
  double m11 = 1 - 2 * (y * y + z * z), m12 = 2 * (x * y - z * w);
  double m13 = 2 * (x * z + y * w), m22 = 1 - 2 * (x * x + z * z);
  double m23 = 2 * (y * z - x * w), m32 = 2 * (y * z + x * w);
  double m33 = 1 - 2 * (x * x + y * y);
  double s13 = m13 < -1 ? -1 : (m13 > 1 ? 1 : m13);
  out[1] = (float)asin(s13);
  if (fabs(m13) < 0.9999999) {
    out[0] = (float)atan2(-m23, m33);
    out[2] = (float)atan2(-m12, m11);
  } else {
    out[0] = (float)atan2(m32, m22);
    out[2] = 0;
  }
  return KB_OK;
}

kb_status kb_quat_from_rotation_vector(const float v[3], float out[4]) {
  if (!v || !out) return KB_ERR_NULL;
  if (!isfinite(v[0]) || !isfinite(v[1]) || !isfinite(v[2]))
    return KB_ERR_NOT_FINITE;
  double dv[3] = {v[0], v[1], v[2]}, q[4];
  kb__quat_exp_d(dv, q); /* finite for any float v */
  for (int i = 0; i < 4; i++) out[i] = (float)q[i];
  return KB_OK;
}

kb_status kb_quat_geodesic_angle(const float a[4], const float b[4],
                                 float *out_angle) {
  if (!out_angle) return KB_ERR_NULL;
  kb_status s = kb_quat_check(a);
  if (s == KB_OK) s = kb_quat_check(b);
  if (s != KB_OK) return s;
  /* d = a⁻¹ ⊗ b in double: atan2 keeps precision near 0 where acos loses it */
  double da[4] = {a[0], a[1], a[2], a[3]}, db[4] = {b[0], b[1], b[2], b[3]},
         d[4];
  kb__quat_conj_mul_d(da, db, d);
  *out_angle =
      (float)(2.0 *
              atan2(sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), fabs(d[3])));
  return KB_OK;
}
