/* Kuramoto–Lohe interpolation: one oscillator on S³ pulled toward r,
 * dq/dt = K (r − (q·r) q), integrated or in closed form. */
#include <math.h>

#include "kblend_internal.h"

kb_status kb_kli_default_options(kb_kli_options *out) {
  if (!out) return KB_ERR_NULL;
  out->rate = KB_DEFAULT_KLI_RATE;
  out->step = KB_DEFAULT_KLI_STEP;
  out->epsilon = KB_DEFAULT_KLI_EPSILON;
  out->method = KB_KLI_RK4;
  out->shortest_path = 1;
  out->max_steps = KB_DEFAULT_KLI_MAX_STEPS;
  return KB_OK;
}

static double dot4(const double a[4], const double b[4]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

/* Unit copy of a finite, nonzero quaternion. */
static kb_status unit4(const double q[4], double out[4]) {
  if (!q) return KB_ERR_NULL;
  return kb__normalize4d(q, out);
}

static kb_status prepare(const double p[4], const double r[4], int shortest,
                         double up[4], double ur[4]) {
  kb_status s = unit4(p, up);
  if (s == KB_OK) s = unit4(r, ur);
  if (s != KB_OK) return s;
  if (shortest && dot4(up, ur) < 0)
    for (int i = 0; i < 4; i++) ur[i] = -ur[i];
  return KB_OK;
}

static void flow(const double q[4], const double r[4], double k,
                 double out[4]) {
  double d = dot4(q, r);
  for (int i = 0; i < 4; i++) out[i] = k * (r[i] - d * q[i]);
}

static void step_rk4(double q[4], const double r[4], double k, double h) {
  double k1[4], k2[4], k3[4], k4[4], tmp[4];
  flow(q, r, k, k1);
  for (int i = 0; i < 4; i++) tmp[i] = q[i] + 0.5 * h * k1[i];
  flow(tmp, r, k, k2);
  for (int i = 0; i < 4; i++) tmp[i] = q[i] + 0.5 * h * k2[i];
  flow(tmp, r, k, k3);
  for (int i = 0; i < 4; i++) tmp[i] = q[i] + h * k3[i];
  flow(tmp, r, k, k4);
  for (int i = 0; i < 4; i++)
    q[i] += h / 6.0 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
}

static void step_euler(double q[4], const double r[4], double k, double h) {
  double f[4];
  flow(q, r, k, f);
  for (int i = 0; i < 4; i++) q[i] += h * f[i];
}

static double distance4(const double a[4], const double b[4]) {
  double s = 0;
  for (int i = 0; i < 4; i++) s += (a[i] - b[i]) * (a[i] - b[i]);
  return sqrt(s);
}

static kb_status check_options(const kb_kli_options *o) {
  if (!isfinite(o->rate) || !isfinite(o->step) || !isfinite(o->epsilon))
    return KB_ERR_NOT_FINITE;
  if (o->rate < KB_MIN_KLI_RATE || o->rate > KB_MAX_KLI_RATE ||
      o->step < KB_MIN_KLI_STEP || o->step > KB_MAX_KLI_STEP ||
      o->epsilon < KB_MIN_KLI_EPSILON || o->epsilon > KB_MAX_KLI_EPSILON ||
      o->max_steps < KB_MIN_KLI_MAX_STEPS ||
      o->max_steps > KB_MAX_KLI_MAX_STEPS ||
      (o->method != KB_KLI_RK4 && o->method != KB_KLI_EULER))
    return KB_ERR_OUT_OF_RANGE;
  return KB_OK;
}

kb_status kb_kli(const double p[4], const double r[4], const kb_kli_options *o,
                 kb_kli_result *out) {
  if (!o || !out) return KB_ERR_NULL;
  kb_status s = check_options(o);
  double q[4], target[4];
  if (s == KB_OK) s = prepare(p, r, o->shortest_path, q, target);
  if (s != KB_OK) return s;
  int steps = 0;
  while (distance4(q, target) >= o->epsilon && steps < o->max_steps) {
    if (o->method == KB_KLI_RK4)
      step_rk4(q, target, o->rate, o->step);
    else
      step_euler(q, target, o->rate, o->step);
    /* a step past the antipode can leave q at (near) zero: then the flow
     * has no direction left and the state is not a rotation */
    s = kb__normalize4d(q, q);
    if (s != KB_OK) return s;
    steps++;
  }
  out->steps = steps;
  out->t_stop = steps * o->step;
  for (int i = 0; i < 4; i++) out->q[i] = q[i];
  out->converged = distance4(q, target) < o->epsilon;
  return KB_OK;
}

double kb_kli_weight(double theta0, double rate, double t) {
  if (!(theta0 > 1e-12)) return 1.0; /* already there (NaN: no angle) */
  /* no time, no pull, or antipodes (an equilibrium): no progress; NaN
   * rates or times count as none */
  if (!(t > 0) || !(rate > 0) || theta0 >= KB_PI) return 0.0;
  double theta = 2.0 * atan(tan(theta0 / 2.0) * exp(-rate * t));
  double u = 1.0 - theta / theta0;
  return u < 0 ? 0 : (u > 1 ? 1 : u);
}

double kb_kli_ramp(double theta0, double epsilon, double span, double elapsed) {
  if (span <= 0) return 1.0;
  double half_eps = (epsilon > 1e-5f ? epsilon : 1e-5f) / 4.0; /* S³ angle/2 */
  double tan0 = tan(theta0 / 2.0);
  if (tan0 <= tan(half_eps)) return 1.0;
  double rate = log(tan0 / tan(half_eps)) / span;
  return kb_kli_weight(theta0, rate, elapsed);
}

kb_status kb_kli_at(const double p[4], const double r[4], double t, double rate,
                    int shortest_path, double out[4]) {
  if (!out) return KB_ERR_NULL;
  if (!isfinite(t) || !isfinite(rate)) return KB_ERR_NOT_FINITE;
  if (rate < KB_MIN_KLI_RATE || rate > KB_MAX_KLI_RATE || t < 0)
    return KB_ERR_OUT_OF_RANGE;
  double a[4], b[4];
  kb_status s = prepare(p, r, shortest_path, a, b);
  if (s != KB_OK) return s;
  /* the S³ angle from atan2 of the chord lengths keeps precision near 0 */
  double diff[4], sum[4];
  for (int i = 0; i < 4; i++) diff[i] = b[i] - a[i], sum[i] = b[i] + a[i];
  double theta0 = 2.0 * atan2(sqrt(dot4(diff, diff)), sqrt(dot4(sum, sum)));
  double u = kb_kli_weight(theta0, rate, t);
  double wa, wb;
  if (theta0 < 1e-9)
    wa = 1 - u, wb = u;
  else {
    double sn = sin(theta0);
    wa = sin((1 - u) * theta0) / sn, wb = sin(u * theta0) / sn;
  }
  double n = 0;
  for (int i = 0; i < 4; i++)
    out[i] = wa * a[i] + wb * b[i], n += out[i] * out[i];
  n = sqrt(n);
  for (int i = 0; i < 4; i++) out[i] /= n;
  return KB_OK;
}
