/* Geodesic deadband filter on a stream of target rotations, per joint. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

kb_status kb_filter_default_params(kb_filter_params *out) {
  if (!out) return KB_ERR_NULL;
  out->epsilon = KB_DEFAULT_EPSILON;
  out->lambda = KB_DEFAULT_LAMBDA;
  out->dt_max = KB_DEFAULT_DT_MAX;
  out->follower = KB_DEFAULT_FOLLOWER;
  return KB_OK;
}

static int outside(float v, float lo, float hi) { return v < lo || v > hi; }

/* The header's ranges; λ = +∞ is the pure gate (no smoothing). */
kb_status kb_filter_check_params(const kb_filter_params *p) {
  if (!p) return KB_ERR_NULL;
  if (!isfinite(p->epsilon) || isnan(p->lambda) || !isfinite(p->dt_max))
    return KB_ERR_NOT_FINITE;
  if (outside(p->epsilon, KB_MIN_EPSILON, KB_MAX_EPSILON) ||
      outside(p->dt_max, KB_MIN_DT_MAX, KB_MAX_DT_MAX))
    return KB_ERR_OUT_OF_RANGE;
  if (!(isinf(p->lambda) && p->lambda > 0) &&
      outside(p->lambda, KB_MIN_LAMBDA, KB_MAX_LAMBDA))
    return KB_ERR_OUT_OF_RANGE;
  if (p->follower != KB_FOLLOWER_EXP && p->follower != KB_FOLLOWER_KLI)
    return KB_ERR_OUT_OF_RANGE;
  return KB_OK;
}

kb_status kb_filter_init(kb_filter *f, const kb_filter_params *params,
                         float *state, int count) {
  if (!f || !state) return KB_ERR_NULL;
  kb_status s = kb_filter_check_params(params);
  if (s != KB_OK) return s;
  if (count <= 0) return KB_ERR_OUT_OF_RANGE;
  f->params = *params;
  f->state = state;
  f->count = count;
  f->primed = 0;
  f->full_path = 0;
  f->gate_epsilon = f->alpha_lambda = f->alpha_dt = NAN; /* none yet */
  return KB_OK;
}

kb_status kb_filter_reset(kb_filter *f) {
  if (!f) return KB_ERR_NULL;
  f->primed = 0;
  return KB_OK;
}

/* tan²(θ/2) of the rotation θ from a to b (w of a⁻¹ ⊗ b over its vector
 * part), in double (each product of two floats is exact there). θ < ε
 * exactly when it is below tan²(ε/2): the atan2 form of the geodesic angle
 * without the atan2, for the per-joint gate. Inline: it runs for every
 * joint the deadband has to judge, every frame. */
static inline double half_angle_tan_sq(const float *a, const float *b) {
  double ax = a[0], ay = a[1], az = a[2], aw = a[3];
  double bx = b[0], by = b[1], bz = b[2], bw = b[3];
  /* (−a_v, a_w) ⊗ b, the same terms in the same order as kb__quat_mul_d */
  double x = aw * bx + -ax * bw + -ay * bz - -az * by;
  double y = aw * by - -ax * bz + -ay * bw + -az * bx;
  double z = aw * bz + -ax * by - -ay * bx + -az * bw;
  double w = aw * bw - -ax * bx - -ay * by - -az * bz;
  double v2 = x * x + y * y + z * z;
  return w == 0 ? (v2 > 0 ? INFINITY : 0) : v2 / (w * w);
}

/* Gate and follower weight of joint j: 0 = held (below the deadband, or
 * dt = 0), 1 = jump to the target, else the SLERP weight toward it. */
static float joint_weight(const kb_filter *f, const float *state,
                          const float *target, double gate, float alpha,
                          float dt) {
  if (alpha <= 0) return 0; /* dt = 0: held */
  /* equal bits are within any open deadband (a cheap test for the joints
   * nothing drives); with ε = 0 they still follow, as the angle says */
  if (gate > 0 && kb__same_quat(state, target)) return 0;
  double tan_sq = half_angle_tan_sq(state, target);
  if (tan_sq < gate) return 0; /* held: bit for bit */
  if (f->params.follower == KB_FOLLOWER_KLI && alpha < 1.0f)
    return (float)kb_kli_weight(atan(sqrt(tan_sq)), f->params.lambda, dt);
  return alpha;
}

/* Takes src as joint j's new state; 1 when that changed its bits. */
static int take(float *state, const float *src) {
  if (kb__same_quat(state, src)) return 0;
  memcpy(state, src, sizeof(float) * 4);
  return 1;
}

#define FILTER_CHUNK 64

/* Joints [start, end): weights, then one SLERP batch of the joints that
 * follow (0 < w < 1) — all of them on the reference path, only those
 * otherwise — into `moved`, then the new states. Returns the joints whose
 * state changed. targets may be `moved` (the batch works in place). */
static int step_range(kb_filter *f, const float *targets, float dt, int start,
                      int end, double gate, float alpha) {
  float *moved = f->state + 4 * f->count, *weights = moved + 4 * f->count;
  int32_t follow[FILTER_CHUNK];
  int n_follow = 0, changed = 0;
  for (int j = start; j < end; j++) {
    weights[j] =
        joint_weight(f, f->state + 4 * j, targets + 4 * j, gate, alpha, dt);
    if (weights[j] >= 1.0f)
      changed += take(f->state + 4 * j, targets + 4 * j);
    else if (weights[j] > 0)
      follow[n_follow++] = j;
  }
  if (f->full_path) /* reference: every joint of the range through the batch */
    kb_slerp_batch_fast(f->state + 4 * start, targets + 4 * start,
                        weights + start, end - start, moved + 4 * start);
  else if (n_follow > 0)
    kb_slerp_batch_fast_indexed(f->state, targets, weights, f->count, follow,
                                n_follow, moved);
  for (int i = 0; i < n_follow; i++)
    changed += take(f->state + 4 * follow[i], moved + 4 * follow[i]);
  return changed;
}

/* The step without argument checks, for callers that checked once.
 * Returns the joints whose state changed at all (bitwise). */
int kb__filter_step_unchecked(kb_filter *f, const float *targets, float dt) {
  const kb_filter_params *p = &f->params;
  if (!f->primed) {
    memcpy(f->state, targets, sizeof(float) * 4 * f->count);
    f->primed = 1;
    return f->count;
  }
  dt = dt < 0 ? 0 : (dt > p->dt_max ? p->dt_max : dt);
  if (!(f->gate_epsilon == p->epsilon)) {
    double t = tan(p->epsilon / 2.0);
    f->gate = t * t, f->gate_epsilon = p->epsilon;
  }
  if (!(f->alpha_lambda == p->lambda && f->alpha_dt == dt)) {
    f->alpha = isinf(p->lambda) ? 1.0f : 1.0f - expf(-p->lambda * dt);
    f->alpha_lambda = p->lambda, f->alpha_dt = dt;
  }
  double gate = f->gate;
  float alpha = f->alpha;
  int changed = 0;
  for (int start = 0; start < f->count; start += FILTER_CHUNK) {
    int end = start + FILTER_CHUNK < f->count ? start + FILTER_CHUNK : f->count;
    changed += step_range(f, targets, dt, start, end, gate, alpha);
  }
  return changed;
}

/* Unit copies of the targets in the step scratch when any is not unit
 * (one bad target must not poison the state); else the targets as given. */
static const float *unit_targets(kb_filter *f, const float *targets) {
  int all_unit = 1;
  for (int j = 0; j < f->count && all_unit; j++) {
    const float *q = targets + 4 * j;
    double n2 = (double)q[0] * q[0] + (double)q[1] * q[1] +
                (double)q[2] * q[2] + (double)q[3] * q[3];
    all_unit = fabs(n2 - 1.0) <= 1e-6;
  }
  if (all_unit) return targets;
  float *unit = f->state + 4 * f->count;
  for (int j = 0; j < f->count; j++)
    kb_quat_normalize(targets + 4 * j, unit + 4 * j);
  return unit;
}

kb_status kb_filter_step(kb_filter *f, const float *targets, float dt,
                         float *out, int *out_changed) {
  if (!f || !targets || !out || !f->state) return KB_ERR_NULL;
  if (isnan(dt)) return KB_ERR_NOT_FINITE;
  for (int j = 0; j < f->count; j++) {
    kb_status s = kb_quat_check(targets + 4 * j);
    if (s != KB_OK) return s;
  }
  int changed = kb__filter_step_unchecked(f, unit_targets(f, targets), dt);
  if (out != f->state) memcpy(out, f->state, sizeof(float) * 4 * f->count);
  if (out_changed) *out_changed = changed;
  return KB_OK;
}
