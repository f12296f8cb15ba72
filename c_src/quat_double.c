/* Double-precision quaternion helpers shared by the core's sources (KLI,
 * the solver's kinematics, the geodesic angle): one copy of each. */
#include <math.h>

#include "kblend_internal.h"

kb_status kb__normalize4d(const double q[4], double out[4]) {
  double m = 0;
  for (int i = 0; i < 4; i++) {
    if (!isfinite(q[i])) return KB_ERR_NOT_FINITE;
    m = fmax(m, fabs(q[i]));
  }
  if (m == 0) return KB_ERR_ZERO_QUAT;
  /* scaled by the largest component first: no overflow above 1e154 and no
   * underflow below 1e-154 */
  double s[4], n2 = 0;
  for (int i = 0; i < 4; i++) s[i] = q[i] / m, n2 += s[i] * s[i];
  double n = sqrt(n2);
  if (m * n < 1e-12) return KB_ERR_ZERO_QUAT;
  for (int i = 0; i < 4; i++) out[i] = s[i] / n;
  return KB_OK;
}

void kb__quat_mul_d(const double a[4], const double b[4], double out[4]) {
  KB__HAMILTON(double, a, b, out);
}

void kb__quat_conj_mul_d(const double a[4], const double b[4], double out[4]) {
  double inv[4] = {-a[0], -a[1], -a[2], a[3]};
  kb__quat_mul_d(inv, b, out);
}

kb_status kb__quat_exp_d(const double v[3], double out[4]) {
  double m = fmax(fabs(v[0]), fmax(fabs(v[1]), fabs(v[2])));
  if (!isfinite(m)) return KB_ERR_NOT_FINITE;
  /* |v| scaled by its largest component: finite up to 1e308 / √3 */
  double s[3] = {0, 0, 0};
  if (m > 0)
    for (int i = 0; i < 3; i++) s[i] = v[i] / m;
  double angle = m * sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
  if (!isfinite(angle)) return KB_ERR_NOT_FINITE;
  /* sin(a/2)/a tends to 1/2; its series keeps full precision near 0 */
  if (angle < 1e-4) {
    double k = 0.5 - angle * angle / 48.0;
    for (int i = 0; i < 3; i++) out[i] = v[i] * k;
  } else {
    double k = sin(angle / 2) / sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    for (int i = 0; i < 3; i++) out[i] = s[i] * k; /* (v/|v|)·sin(a/2) */
  }
  out[3] = cos(angle / 2);
  return KB_OK;
}
