/* Geodesic deadband filter on a stream of target rotations, per joint. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

void kb_filter_default_params(kb_filter_params *out) {
  if (!out) return;
  out->epsilon = 0.0005f;
  out->lambda = 18.0f;
  out->dt_max = 1.0f / 30.0f;
  out->follower = KB_FOLLOWER_EXP;
}

kb_status kb_filter_check_params(const kb_filter_params *p) {
  if (!p) return KB_ERR_NULL;
  if (!isfinite(p->epsilon) || isnan(p->lambda) || !isfinite(p->dt_max))
    return KB_ERR_NOT_FINITE;
  if (p->epsilon < 0 || p->epsilon > 3.1415927f || p->lambda <= 0 ||
      p->dt_max <= 0)
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
  return KB_OK;
}

void kb_filter_reset(kb_filter *f) {
  if (f) f->primed = 0;
}

/* tan²(θ/2) of the rotation θ from a to b (w of a⁻¹ ⊗ b over its vector
 * part), in double. θ < ε exactly when it is below tan²(ε/2): the atan2
 * form of the geodesic angle without the atan2, for the per-joint gate. */
static double half_angle_tan_sq(const float *a, const float *b) {
  double ax = -a[0], ay = -a[1], az = -a[2], aw = a[3];
  double x = aw * b[0] + ax * b[3] + ay * b[2] - az * b[1];
  double y = aw * b[1] - ax * b[2] + ay * b[3] + az * b[0];
  double z = aw * b[2] + ax * b[1] - ay * b[0] + az * b[3];
  double w = aw * b[3] - ax * b[0] - ay * b[1] - az * b[2];
  double v2 = x * x + y * y + z * z;
  return w == 0 ? (v2 > 0 ? INFINITY : 0) : v2 / (w * w);
}

/* The step without argument checks, for callers that checked once. */
int kb__filter_step_unchecked(kb_filter *f, const float *targets, float dt) {
  const kb_filter_params *p = &f->params;
  if (!f->primed) {
    memcpy(f->state, targets, sizeof(float) * 4 * f->count);
    f->primed = 1;
    return f->count;
  }
  dt = dt < 0 ? 0 : (dt > p->dt_max ? p->dt_max : dt);
  double gate = tan(p->epsilon / 2.0);
  gate *= gate;
  float alpha = isinf(p->lambda) ? 1.0f : 1.0f - expf(-p->lambda * dt);
  /* weights per joint (0 = held), then one SLERP batch for all of them so
   * it vectorizes, then only the moving joints take the result */
  float *moved = f->state + 4 * f->count, *weights = moved + 4 * f->count;
  int changed = 0;
  for (int j = 0; j < f->count; j++) {
    double tan_sq = half_angle_tan_sq(f->state + 4 * j, targets + 4 * j);
    weights[j] = 0;
    if (tan_sq < gate) continue; /* held: bit for bit */
    weights[j] = alpha;
    if (p->follower == KB_FOLLOWER_KLI &&
        alpha < 1.0f) /* flow over the S³ angle */
      weights[j] = (float)kb_kli_weight(atan(sqrt(tan_sq)), p->lambda, dt);
    changed++;
  }
  if (changed == 0) return 0;
  kb_slerp_batch_fast(f->state, targets, weights, f->count, moved);
  for (int j = 0; j < f->count; j++) {
    if (weights[j] <= 0) continue;
    const float *src = weights[j] >= 1.0f ? targets + 4 * j : moved + 4 * j;
    memcpy(f->state + 4 * j, src, sizeof(float) * 4);
  }
  return changed;
}

kb_status kb_filter_step(kb_filter *f, const float *targets, float dt,
                         float *out, int *out_changed) {
  if (!f || !targets || !out || !f->state) return KB_ERR_NULL;
  if (isnan(dt)) return KB_ERR_NOT_FINITE;
  for (int j = 0; j < f->count; j++) {
    kb_status s = kb_quat_check(targets + 4 * j);
    if (s != KB_OK) return s;
  }
  int changed = kb__filter_step_unchecked(f, targets, dt);
  if (out != f->state) memcpy(out, f->state, sizeof(float) * 4 * f->count);
  if (out_changed) *out_changed = changed;
  return KB_OK;
}
