/* Struct-free wrappers of the public API for bindings (WebAssembly). */
#include <math.h>
#include <string.h>

#include "kblend_wasm.h"

/* An integer-valued float in [lo, hi] (no cast of NaN, infinity or a
 * value beyond int). */
static kb_status float_to_int(float v, double lo, double hi, int64_t *out) {
  if (!isfinite(v)) return KB_ERR_NOT_FINITE;
  if (v != floorf(v) || v < lo || v > hi) return KB_ERR_OUT_OF_RANGE;
  *out = (int64_t)v;
  return KB_OK;
}

/* The flat parameter block into kb_preview_params. */
static kb_status decode_preview_params(const float *f, kb_preview_params *p) {
  int64_t seed = 0, shape = 0, order = 0, follower = 0;
  kb_status st = float_to_int(f[KB_FLAT_SEED], KB_MIN_SEED, KB_MAX_SEED, &seed);
  if (st == KB_OK) st = float_to_int(f[KB_FLAT_SHAPE], 0, KB_SHAPE_KLI, &shape);
  if (st == KB_OK)
    st = float_to_int(f[KB_FLAT_ORDER], 0, KB_ORDER_NAIVE_EULER, &order);
  if (st == KB_OK)
    st = float_to_int(f[KB_FLAT_FOLLOWER], 0, KB_FOLLOWER_KLI, &follower);
  if (st != KB_OK) return st;
  p->attack = f[KB_FLAT_ATTACK];
  p->release = f[KB_FLAT_RELEASE];
  p->duration = f[KB_FLAT_DURATION];
  p->fps = f[KB_FLAT_FPS];
  p->jitter = f[KB_FLAT_JITTER];
  p->seed = (uint32_t)seed;
  p->apose = f[KB_FLAT_APOSE];
  p->shape = (int)shape;
  p->order = (int)order;
  p->filter.epsilon = f[KB_FLAT_EPSILON];
  p->filter.lambda = f[KB_FLAT_LAMBDA];
  p->filter.dt_max = f[KB_FLAT_DT_MAX];
  p->filter.follower = (int)follower;
  return KB_OK;
}

kb_status kb_preview_init_flat(kb_preview *pv, const float *params,
                               const float *times, const float *rotations,
                               int n_keys, int loop, float period,
                               const uint8_t *mask) {
  if (!pv || !params || !mask) return KB_ERR_NULL;
  kb_preview_params p;
  kb_status st = decode_preview_params(params, &p);
  if (st != KB_OK) return st;
  kb_track track;
  track.times = times;
  track.rotations = rotations;
  track.n_keys = n_keys;
  track.loop = loop;
  track.period = period;
  memcpy(track.joint_mask, mask, KB_JOINT_COUNT);
  return kb_preview_init(pv, &p, &track);
}

int kb_preview_frame_count(const kb_preview *pv) {
  return pv ? pv->frame_count : 0;
}

kb_status kb_filter_init_flat(kb_filter *f, float epsilon, float lambda,
                              float dt_max, int follower, float *state,
                              int count) {
  kb_filter_params p = {epsilon, lambda, dt_max, follower};
  return kb_filter_init(f, &p, state, count);
}

kb_status kb_hand_marker_flat(const kb_skeleton *s, int which, float *out) {
  kb_marker m;
  if (!out) return KB_ERR_NULL;
  kb_status st = kb_hand_marker(s, which, &m);
  if (st != KB_OK) return st;
  out[0] = (float)m.joint;
  memcpy(out + 1, m.offset, sizeof m.offset);
  return KB_OK;
}

static void write_clap_report(const kb_clap_report *r, float *out) {
  float values[KB_CLAP_REPORT_FLOATS] = {
      r->separation,     r->palm_dot,      r->thumb_left, r->thumb_right,
      r->order,          r->separation_ok, r->palms_ok,   r->thumb_left_ok,
      r->thumb_right_ok, r->order_ok,      r->ok};
  memcpy(out, values, sizeof values);
}

kb_status kb_clap_check_flat(const kb_skeleton *s, const float *local,
                             float *out) {
  if (!out) return KB_ERR_NULL;
  kb_clap_report r;
  kb_status st = kb_clap_check(s, local, NULL, NULL, &r);
  if (st == KB_OK) write_clap_report(&r, out);
  return st;
}

kb_status kb_clap_check_world_flat(const kb_skeleton *s, const float *positions,
                                   const float *rotations, float *out) {
  if (!out) return KB_ERR_NULL;
  kb_clap_report r;
  kb_status st = kb_clap_check_world(s, positions, rotations, NULL, &r);
  if (st == KB_OK) write_clap_report(&r, out);
  return st;
}

kb_status kb_kli_flat(const double *p, const double *r, double rate,
                      double step, double epsilon, int method,
                      int shortest_path, int max_steps, double *out) {
  if (!out) return KB_ERR_NULL;
  kb_kli_options o = {rate, step, epsilon, method, shortest_path, max_steps};
  kb_kli_result res;
  kb_status st = kb_kli(p, r, &o, &res);
  if (st != KB_OK) return st;
  out[0] = res.t_stop, out[1] = res.steps;
  memcpy(out + 2, res.q, sizeof res.q);
  out[6] = res.converged;
  return KB_OK;
}
