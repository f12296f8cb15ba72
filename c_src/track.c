/* Target track: pose keyframes slerped in time, optionally looping. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

static kb_status check_track(const kb_track *tr) {
  if (!tr->times || !tr->rotations) return KB_ERR_NULL;
  if (tr->n_keys < 1) return KB_ERR_OUT_OF_RANGE;
  for (int i = 0; i < tr->n_keys; i++) {
    if (!isfinite(tr->times[i])) return KB_ERR_NOT_FINITE;
    if (i > 0 && !(tr->times[i] > tr->times[i - 1])) return KB_ERR_BAD_ORDER;
  }
  if (tr->loop) {
    if (!isfinite(tr->period)) return KB_ERR_NOT_FINITE;
    if (!(tr->period > tr->times[tr->n_keys - 1] - tr->times[0]))
      return KB_ERR_OUT_OF_RANGE;
  }
  return KB_OK;
}

/* In double: t − times[0] and the spans between keys overflow float for
 * times near ±FLT_MAX. */
void kb__track_locate(const kb_track *tr, float t_in, int *a, int *b,
                      float *u) {
  int n = tr->n_keys;
  double t = t_in, t0 = tr->times[0], last = tr->times[n - 1];
  if (tr->loop) {
    double period = tr->period, tau = fmod(t - t0, period);
    if (tau < 0) tau += period;
    t = t0 + tau;
    if (n == 1 ||
        t >= last) { /* the wrap segment, last key back to the first */
      double w = (t - last) / (period - (last - t0));
      *a = n - 1, *b = 0, *u = (float)(w > 0 ? (w < 1 ? w : 1) : 0);
      return;
    }
  } else if (t <= t0 || n == 1) {
    *a = *b = 0, *u = 0;
    return;
  } else if (t >= last) {
    *a = *b = n - 1, *u = 0;
    return;
  }
  int lo = 0, hi = n - 1; /* times[lo] ≤ t < times[hi] */
  while (hi - lo > 1) {
    int mid = lo + (hi - lo) / 2;
    if (tr->times[mid] <= t)
      lo = mid;
    else
      hi = mid;
  }
  double w = (t - tr->times[lo]) / ((double)tr->times[lo + 1] - tr->times[lo]);
  *a = lo, *b = lo + 1, *u = (float)(w > 0 ? (w < 1 ? w : 1) : 0);
}

static int key_is_unit(const kb_track *tr, int k) {
  const float *key = tr->rotations + (size_t)k * KB_POSE_FLOATS;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    const float *q = key + 4 * j;
    double n2 = (double)q[0] * q[0] + (double)q[1] * q[1] +
                (double)q[2] * q[2] + (double)q[3] * q[3];
    if (!(fabs(n2 - 1) <= KB__UNIT_TOLERANCE)) return 0;
  }
  return 1;
}

int kb__track_keys_unit(const kb_track *tr) {
  for (int k = 0; k < tr->n_keys; k++)
    if (!key_is_unit(tr, k)) return 0;
  return 1;
}

/* Key k's rotations, or a unit copy of them when a joint is not unit
 * (callers may give any nonzero quaternion; unit keys are used as they
 * are, bit for bit). */
const float *kb__track_unit_key(const kb_track *tr, int k, float *copy) {
  const float *key = tr->rotations + (size_t)k * KB_POSE_FLOATS;
  if (key_is_unit(tr, k)) return key;
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    kb_quat_normalize(key + 4 * j, copy + 4 * j); /* checked nonzero */
  return copy;
}

void kb__track_sample_unchecked(const kb_track *tr, const float *idle, float t,
                                float *weights, float *out) {
  int a, b;
  float u, copy_a[KB_POSE_FLOATS], copy_b[KB_POSE_FLOATS];
  kb__track_locate(tr, t, &a, &b, &u);
  const float *ka = kb__track_unit_key(tr, a, copy_a);
  if (u == 0 || a == b)
    memcpy(out, ka, sizeof(float) * KB_POSE_FLOATS);
  else {
    const float *kb = kb__track_unit_key(tr, b, copy_b);
    for (int j = 0; j < KB_JOINT_COUNT; j++) weights[j] = u;
    kb_slerp_batch_fast(ka, kb, weights, KB_JOINT_COUNT, out);
  }
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    if (!tr->joint_mask[j])
      memcpy(out + 4 * j, idle + 4 * j, sizeof(float) * 4);
}

kb_status kb_track_sample(const kb_track *tr, const float *idle, float t,
                          float out[KB_POSE_FLOATS]) {
  if (!tr || !idle || !out) return KB_ERR_NULL;
  if (!isfinite(t)) return KB_ERR_NOT_FINITE;
  kb_status s = check_track(tr);
  for (int k = 0; k < tr->n_keys && s == KB_OK; k++)
    for (int j = 0; j < KB_JOINT_COUNT && s == KB_OK; j++)
      s = kb_quat_check(tr->rotations + k * KB_POSE_FLOATS + 4 * j);
  if (s != KB_OK) return s;
  float weights[KB_JOINT_COUNT];
  kb__track_sample_unchecked(tr, idle, t, weights, out);
  return KB_OK;
}
