/* Gesture pipeline: target track → jitter → deadband filter → envelope
 * blend from idle, on the clip's frame grid. The blend comes last so the
 * first and last frames are exactly idle (the seed filtered after it). */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

kb_status kb_preview_default_params(kb_preview_params *out) {
  if (!out) return KB_ERR_NULL;
  out->attack = KB_DEFAULT_ATTACK;
  out->release = KB_DEFAULT_RELEASE;
  out->duration = KB_DEFAULT_DURATION;
  out->fps = KB_DEFAULT_FPS;
  out->jitter = KB_DEFAULT_JITTER;
  out->seed = KB_DEFAULT_SEED;
  out->apose = KB_DEFAULT_APOSE;
  out->shape = KB_DEFAULT_SHAPE;
  out->order = KB_DEFAULT_ORDER;
  return kb_filter_default_params(&out->filter);
}

/* v finite and in [lo, hi]. */
static kb_status check_range(float v, float lo, float hi) {
  if (!isfinite(v)) return KB_ERR_NOT_FINITE;
  return v < lo || v > hi ? KB_ERR_OUT_OF_RANGE : KB_OK;
}

kb_status kb_preview_check_params(const kb_preview_params *p) {
  if (!p) return KB_ERR_NULL;
  kb_status s = kb_envelope_check(p->attack, p->release);
  if (s == KB_OK)
    s = check_range(p->duration, KB_MIN_DURATION, KB_MAX_DURATION);
  if (s == KB_OK) s = check_range(p->fps, KB_MIN_FPS, KB_MAX_FPS);
  if (s == KB_OK) s = check_range(p->jitter, KB_MIN_JITTER, KB_MAX_JITTER);
  if (s == KB_OK) s = check_range(p->apose, KB_MIN_APOSE, KB_MAX_APOSE);
  if (s != KB_OK) return s;
  if ((double)p->duration * p->fps + 1 > KB_MAX_FRAMES) return KB_ERR_CAPACITY;
  if (p->shape != KB_SHAPE_SMOOTHSTEP && p->shape != KB_SHAPE_KLI)
    return KB_ERR_OUT_OF_RANGE;
  if (p->order < KB_ORDER_KBLEND || p->order > KB_ORDER_NAIVE_EULER)
    return KB_ERR_OUT_OF_RANGE;
  return kb_filter_check_params(&p->filter);
}

kb_status kb_preview_init(kb_preview *pv, const kb_preview_params *params,
                          const kb_track *track) {
  if (!pv || !track) return KB_ERR_NULL;
  kb_status s = kb_preview_check_params(params);
  if (s != KB_OK) return s;
  memset(pv, 0, sizeof *pv);
  pv->params = *params;
  pv->track = *track;
  s = kb_idle_pose(params->apose, pv->idle);
  /* a checked sample vets the track once: times, period, rotations */
  if (s == KB_OK) s = kb_track_sample(track, pv->idle, 0, pv->target);
  if (s != KB_OK) return s;
  pv->keys_unit = kb__track_keys_unit(track);
  s = kb_filter_init(&pv->filter, &params->filter, pv->filter_state,
                     KB_JOINT_COUNT);
  if (s != KB_OK) return s;
  pv->frame_count = (int)ceilf(params->duration * params->fps - 1e-3f) + 1;
  pv->frame = -1;
  return KB_OK;
}

float kb_preview_frame_time(const kb_preview *pv, int k) {
  if (!pv || k <= 0) return 0;
  float t = (float)k / pv->params.fps;
  return t < pv->params.duration ? t : pv->params.duration;
}

/* Counter-based hash (the splitmix32 finalizer): noise is a pure function
 * of (seed, frame, joint, axis) — i = 3·joint + axis — so seeking replays
 * the same jitter. */
static inline float noise(uint32_t seed, int k, int i) {
  uint32_t h = seed * 0x9E3779B9u ^ (uint32_t)k * 0x85EBCA6Bu ^
               (uint32_t)i * 0xC2B2AE35u;
  h ^= h >> 16, h *= 0x7FEB352Du;
  h ^= h >> 15, h *= 0x846CA68Bu;
  h ^= h >> 16;
  return (float)h / 4294967295.0f * 2.0f - 1.0f;
}

/* pose ⊗ exp([σ·noise]) per joint. |σ·noise| ≤ KB_MAX_JITTER·√3 is within
 * the float series' range: no sin, cos or sqrt per joint and frame, and
 * each loop runs over every joint alike, so it vectorizes. */
static void add_jitter(const kb_preview *pv, int k, float *pose) {
  float sigma = pv->params.jitter, v[3 * KB_JOINT_COUNT];
  if (sigma <= 0) return;
  for (int i = 0; i < 3 * KB_JOINT_COUNT; i++)
    v[i] = sigma * noise(pv->params.seed, k, i);
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    float dq[4], *q = pose + 4 * j;
    kb__quat_exp_small(v + 3 * j, dq);
    kb__quat_mul_f(q, dq, q);
  }
}

/* KLI shape: the weight of the Kuramoto–Lohe flow that reaches the target
 * within ε (of rotation angle) after `span` seconds, at `elapsed` seconds. */
/* Blend weight for joint j from idle toward y at time t. */
static float blend_weight(const kb_preview *pv, const float *idle,
                          const float *y, float t, float e) {
  if (pv->params.shape != KB_SHAPE_KLI || e <= 0 || e >= 1) return e;
  const kb_preview_params *p = &pv->params;
  float angle;
  kb_quat_geodesic_angle(idle, y, &angle);
  float theta0 = angle / 2.0f; /* rotation angle to S³ angle */
  float attack_s = p->attack * p->duration,
        release_s = p->release * p->duration;
  if (t < attack_s)
    return (float)kb_kli_ramp(theta0, p->filter.epsilon, attack_s, t);
  /* release: the same flow back toward idle, easing out at idle */
  float elapsed = t - (p->duration - release_s);
  return 1.0f -
         (float)kb_kli_ramp(theta0, p->filter.epsilon, release_s, elapsed);
}

/* Reference: out = slerp(idle, y, w) for every joint in one batch, then
 * exact copies where the weight is 0 or 1 or y is idle. */
static void blend_from_idle_full(kb_preview *pv, const float *y, float t,
                                 float e, float *out) {
  float *w = pv->weights;
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    w[j] = blend_weight(pv, pv->idle + 4 * j, y + 4 * j, t, e);
  kb_slerp_batch_fast(pv->idle, y, w, KB_JOINT_COUNT, out);
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    const float *idle = pv->idle + 4 * j, *yj = y + 4 * j;
    if (w[j] <= 0 || kb__same_quat(idle, yj))
      memcpy(out + 4 * j, idle, sizeof(float) * 4);
    else if (w[j] >= 1)
      memcpy(out + 4 * j, yj, sizeof(float) * 4);
  }
}

/* The same output, bit for bit, slerping only where motion is: joints at
 * idle or at a weight of 0 or 1 are copies, the rest (0 < w < 1) go
 * through one SIMD batch together, however few and scattered. */
static void blend_from_idle(kb_preview *pv, const float *y, float t, float e,
                            float *out) {
  if (pv->full_path) {
    blend_from_idle_full(pv, y, t, e, out);
    return;
  }
  if (e <= 0 || e >= 1) { /* every weight is e (either shape): all copies */
    memcpy(out, e <= 0 ? pv->idle : y, sizeof(float) * KB_POSE_FLOATS);
    return;
  }
  float *w = pv->weights;
  int n = 0;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    const float *idle = pv->idle + 4 * j, *yj = y + 4 * j;
    const float *copy = idle;
    if (!kb__same_quat(idle, yj)) {
      w[j] = blend_weight(pv, idle, yj, t, e);
      copy = w[j] <= 0 ? idle : (w[j] >= 1 ? yj : NULL);
    }
    if (copy)
      memcpy(out + 4 * j, copy, sizeof(float) * 4);
    else
      pv->follow[n++] = j;
  }
  kb_slerp_batch_fast_indexed(pv->idle, y, w, KB_JOINT_COUNT, pv->follow, n,
                              out);
}

static void naive_euler_scale(const float *target, float e, float *out) {
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    float euler[3];
    kb_quat_to_euler_xyz(target + 4 * j, euler);
    for (int a = 0; a < 3; a++) euler[a] *= e;
    kb_quat_from_euler_xyz(euler, out + 4 * j);
  }
}

static int count_changed(const float *a, const float *b) {
  int n = 0;
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    n += !kb__same_quat(a + 4 * j, b + 4 * j);
  return n;
}

/* The target pose at t: idle for joints the track does not drive, key
 * copies where a key is hit, and one SLERP batch of the driven joints
 * whose two keys differ (the reference path samples every joint). */
static void sample_targets(kb_preview *pv, float t, float *out) {
  const kb_track *tr = &pv->track;
  if (pv->full_path) {
    kb__track_sample_unchecked(tr, pv->idle, t, pv->weights, out);
    return;
  }
  int a, b, n = 0;
  float u;
  kb__track_locate(tr, t, &a, &b, &u);
  const float *ka = tr->rotations + a * KB_POSE_FLOATS;
  const float *kb = tr->rotations + b * KB_POSE_FLOATS;
  float copy_a[KB_POSE_FLOATS], copy_b[KB_POSE_FLOATS];
  if (!pv->keys_unit) { /* the unit copies the reference path samples */
    ka = kb__track_unit_key(tr, a, copy_a);
    kb = kb__track_unit_key(tr, b, copy_b);
  }
  int blend = !(u == 0 || a == b);
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    const float *src = tr->joint_mask[j] ? ka + 4 * j : pv->idle + 4 * j;
    if (tr->joint_mask[j] && blend) {
      pv->weights[j] = u;
      pv->follow[n++] = j;
    } else
      memcpy(out + 4 * j, src, sizeof(float) * 4);
  }
  kb_slerp_batch_fast_indexed(ka, kb, pv->weights, KB_JOINT_COUNT, pv->follow,
                              n, out);
}

/* Computes frame pv->frame + 1 into pv->poses (flipping current). */
static kb_status advance(kb_preview *pv) {
  const kb_preview_params *p = &pv->params;
  int k = pv->frame + 1;
  float t = kb_preview_frame_time(pv, k);
  float dt = t - kb_preview_frame_time(pv, k - 1);
  float e;
  kb_status s = kb_envelope(t / p->duration, p->attack, p->release, &e);
  /* p = 1 exactly, whatever rounding; with no release E(1) = 1 (a capture
   * played as captured keeps its last frame) */
  if (k == pv->frame_count - 1 && p->release > 0) e = 0;
  if (s != KB_OK) return s;
  sample_targets(pv, t, pv->target);
  add_jitter(pv, k, pv->target);
  pv->current ^= 1; /* the frame before becomes the previous pose */
  float *pose = pv->poses[pv->current];
  switch (p->order) {
  case KB_ORDER_SEED:
    blend_from_idle(pv, pv->target, t, e, pv->blended);
    kb__filter_step_unchecked(&pv->filter, pv->blended, dt);
    memcpy(pose, pv->filter_state, sizeof(float) * KB_POSE_FLOATS);
    break;
  case KB_ORDER_NAIVE_EULER:
    naive_euler_scale(pv->target, e, pose);
    break;
  default:
    kb__filter_step_unchecked(&pv->filter, pv->target, dt);
    blend_from_idle(pv, pv->filter_state, t, e, pose);
  }
  pv->changed =
      k == 0 ? KB_JOINT_COUNT : count_changed(pv->poses[pv->current ^ 1], pose);
  pv->frame = k;
  return KB_OK;
}

/* Brings pv->frame to k, replaying from the start when k is behind. */
static kb_status seek_frame(kb_preview *pv, int k) {
  if (k < pv->frame) {
    (void)kb_filter_reset(&pv->filter); /* not NULL: cannot fail */
    pv->frame = -1;
  }
  while (pv->frame < k) {
    kb_status s = advance(pv);
    if (s != KB_OK) return s;
  }
  return KB_OK;
}

/* Marks the joints whose output differs from the output last returned
 * (all of them before the first), and remembers this one. */
static void note_shown(kb_preview *pv, const float *out) {
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    pv->changed_mask[j] =
        !pv->shown_any || !kb__same_quat(pv->shown + 4 * j, out + 4 * j);
  memcpy(pv->shown, out, sizeof pv->shown);
  pv->shown_any = 1;
}

/* The frame's pose into out, shown (note_shown) in the same pass. */
static void frame_into(kb_preview *pv, float *out, int *out_changed) {
  const float *pose = pv->poses[pv->current];
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    const float *q = pose + 4 * j;
    float *seen = pv->shown + 4 * j;
    pv->changed_mask[j] = !pv->shown_any || !kb__same_quat(seen, q);
    memcpy(out + 4 * j, q, sizeof(float) * 4);
    memcpy(seen, q, sizeof(float) * 4);
  }
  pv->shown_any = 1;
  if (out_changed) *out_changed = pv->changed;
}

kb_status kb_preview_frame(kb_preview *pv, int k, float out[KB_POSE_FLOATS],
                           int *out_changed) {
  if (!pv || !out) return KB_ERR_NULL;
  if (k < 0 || k >= pv->frame_count) return KB_ERR_OUT_OF_RANGE;
  kb_status s = seek_frame(pv, k);
  if (s != KB_OK) return s;
  frame_into(pv, out, out_changed);
  return KB_OK;
}

/* The pose at t (checked and clamped) between frames k and k + 1, shown. */
static kb_status evaluate_into(kb_preview *pv, float t, float *out,
                               int *out_changed) {
  int k = (int)floorf(t * pv->params.fps);
  int last = pv->frame_count - 1;
  float t0 = kb_preview_frame_time(pv, k),
        t1 = kb_preview_frame_time(pv, k + 1);
  float u = k >= last ? 0 : (t - t0) / (t1 - t0);
  kb_status s = seek_frame(pv, k >= last ? last : (u <= 0 ? k : k + 1));
  if (s != KB_OK) return s;
  if (k >= last || u <= 0) {
    frame_into(pv, out, out_changed);
    return KB_OK;
  }
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    const float *a = pv->poses[pv->current ^ 1] + 4 * j,
                *b = pv->poses[pv->current] + 4 * j;
    if (kb__same_quat(a, b))
      memcpy(out + 4 * j, b, sizeof(float) * 4);
    else
      kb_slerp_batch(a, b, &u, 1, out + 4 * j);
  }
  note_shown(pv, out);
  if (out_changed) *out_changed = pv->changed;
  return KB_OK;
}

kb_status kb_preview_evaluate(kb_preview *pv, float t,
                              float out[KB_POSE_FLOATS], int *out_changed) {
  if (!pv || !out) return KB_ERR_NULL;
  if (isnan(t)) return KB_ERR_NOT_FINITE;
  float duration = pv->params.duration;
  t = t < 0 ? 0 : (t > duration ? duration : t);
  return evaluate_into(pv, t, out, out_changed);
}

kb_status kb_preview_set_full_path(kb_preview *pv, int full) {
  if (!pv) return KB_ERR_NULL;
  if (full != 0 && full != 1) return KB_ERR_OUT_OF_RANGE;
  pv->full_path = full;
  pv->filter.full_path = full;
  return KB_OK;
}

const uint8_t *kb_preview_changed_mask(const kb_preview *pv) {
  return pv ? pv->changed_mask : NULL;
}
