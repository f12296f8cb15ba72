/* Geodesic deadband filter on a stream of target rotations, per joint. */
#include <math.h>
#include <string.h>

#include "kblend.h"

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

/* Fraction of the way from y toward g covered in dt. */
static float follow_weight(const kb_filter_params *p, float angle, float dt) {
  if (isinf(p->lambda)) return 1.0f;
  if (p->follower == KB_FOLLOWER_KLI)
    return (float)kb_kli_weight(angle / 2.0, p->lambda, dt); /* S³ angle */
  return 1.0f - expf(-p->lambda * dt);
}

kb_status kb_filter_step(kb_filter *f, const float *targets, float dt,
                         float *out, int *out_changed) {
  if (!f || !targets || !out || !f->state) return KB_ERR_NULL;
  if (isnan(dt)) return KB_ERR_NOT_FINITE;
  for (int j = 0; j < f->count; j++) {
    kb_status s = kb_quat_check(targets + 4 * j);
    if (s != KB_OK) return s;
  }
  dt = dt < 0 ? 0 : (dt > f->params.dt_max ? f->params.dt_max : dt);
  int changed = 0;
  if (!f->primed) {
    memcpy(f->state, targets, sizeof(float) * 4 * f->count);
    f->primed = 1;
    changed = f->count;
  } else {
    for (int j = 0; j < f->count; j++) {
      float *y = f->state + 4 * j;
      const float *g = targets + 4 * j;
      float angle;
      kb_quat_geodesic_angle(y, g, &angle);
      if (angle < f->params.epsilon) continue; /* held: bit for bit */
      float u = follow_weight(&f->params, angle, dt);
      if (u >= 1.0f) memcpy(y, g, sizeof(float) * 4);
      else kb_slerp_batch(y, g, &u, 1, y);
      changed++;
    }
  }
  if (out != f->state) memcpy(out, f->state, sizeof(float) * 4 * f->count);
  if (out_changed) *out_changed = changed;
  return KB_OK;
}
