/* Struct-free wrappers of the public API for bindings (WebAssembly). */
#include <string.h>

#include "kblend.h"

size_t kb_sizeof_preview(void) { return sizeof(kb_preview); }
size_t kb_sizeof_filter(void) { return sizeof(kb_filter); }
size_t kb_sizeof_skeleton(void) { return sizeof(kb_skeleton); }

kb_status kb_preview_init_flat(kb_preview *pv, const float *params,
                               const float *times, const float *rotations,
                               int n_keys, int loop, float period,
                               const uint8_t *mask) {
  if (!pv || !params || !mask) return KB_ERR_NULL;
  kb_preview_params p;
  p.attack = params[KB_FLAT_ATTACK];
  p.release = params[KB_FLAT_RELEASE];
  p.duration = params[KB_FLAT_DURATION];
  p.fps = params[KB_FLAT_FPS];
  p.jitter = params[KB_FLAT_JITTER];
  p.seed = (uint32_t)params[KB_FLAT_SEED];
  p.apose = params[KB_FLAT_APOSE];
  p.shape = (int)params[KB_FLAT_SHAPE];
  p.order = (int)params[KB_FLAT_ORDER];
  p.filter.epsilon = params[KB_FLAT_EPSILON];
  p.filter.lambda = params[KB_FLAT_LAMBDA];
  p.filter.dt_max = params[KB_FLAT_DT_MAX];
  p.filter.follower = (int)params[KB_FLAT_FOLLOWER];
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
  if (!s || !out) return KB_ERR_NULL;
  if (which < 0 || which > 3) return KB_ERR_OUT_OF_RANGE;
  const kb_marker *m =
      which < 2 ? &s->palm_centre[which] : &s->thumb_tip[which - 2];
  out[0] = (float)m->joint;
  memcpy(out + 1, m->offset, sizeof m->offset);
  return KB_OK;
}

kb_status kb_clap_check_flat(const kb_skeleton *s, const float *local,
                             float *out) {
  if (!out) return KB_ERR_NULL;
  kb_clap_report r;
  kb_status st = kb_clap_check(s, local, NULL, NULL, &r);
  if (st != KB_OK) return st;
  float values[11] = {
      r.separation,     r.palm_dot,      r.thumb_left, r.thumb_right,
      r.order,          r.separation_ok, r.palms_ok,   r.thumb_left_ok,
      r.thumb_right_ok, r.order_ok,      r.ok};
  memcpy(out, values, sizeof values);
  return KB_OK;
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
