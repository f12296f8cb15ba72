/* Bilateral clap check on world positions and hand orientations. */
#include <math.h>

#include "kblend_internal.h"

kb_status kb_clap_default_limits(kb_clap_limits *out) {
  if (!out) return KB_ERR_NULL;
  out->separation = 0.17f;
  out->separation_tolerance = 0.03f;
  out->palm_dot_max = -0.90f;
  out->thumb_up_min = 0.90f;
  return KB_OK;
}

static float dot3(const float a[3], const float b[3]) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

void kb__body_axes(const float pelvis[4], double left[3], double forward[3]) {
  /* the rotated x axis of the unit quaternion (any nonzero one is taken:
   * rotating by a raw q scales by |q|², so the heading test below would
   * see a pelvis scaled by 1e-4 as pitched straight up) */
  double q[4];
  for (int i = 0; i < 4; i++) q[i] = pelvis[i];
  double n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
  for (int i = 0; i < 4; i++) q[i] /= sqrt(n2);
  double l[3] = {1 - 2 * (q[1] * q[1] + q[2] * q[2]),
                 2 * (q[0] * q[1] + q[2] * q[3]),
                 2 * (q[0] * q[2] - q[1] * q[3])};
  double n = sqrt(l[0] * l[0] + l[2] * l[2]);
  if (n < 1e-6) /* pelvis pitched straight up: no heading, take +X */
    left[0] = 1, left[1] = 0, left[2] = 0;
  else
    left[0] = l[0] / n, left[1] = 0, left[2] = l[2] / n;
  /* forward = left × up */
  forward[0] = -left[2], forward[1] = 0, forward[2] = left[0];
}

/* World inputs: finite positions, finite nonzero rotations. */
static kb_status check_world(const float *positions, const float *rotations) {
  for (int i = 0; i < 3 * KB_JOINT_COUNT; i++)
    if (!isfinite(positions[i])) return KB_ERR_NOT_FINITE;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    kb_status st = kb_quat_check(rotations + 4 * j);
    if (st != KB_OK) return st;
  }
  return KB_OK;
}

kb_status kb_clap_check_world(const kb_skeleton *s,
                              const float *world_positions,
                              const float *world_rotations,
                              const kb_clap_limits *limits,
                              kb_clap_report *out) {
  if (!s || !world_positions || !world_rotations || !out) return KB_ERR_NULL;
  kb_status st = check_world(world_positions, world_rotations);
  if (st != KB_OK) return st;
  kb_clap_limits lim;
  if (limits)
    lim = *limits;
  else
    kb_clap_default_limits(&lim);
  const float *pl = world_positions + 3 * KB_LEFT_WRIST,
              *pr = world_positions + 3 * KB_RIGHT_WRIST;
  float ql[4], qr[4], pelvis[4];
  kb_quat_normalize(world_rotations + 4 * KB_LEFT_WRIST, ql);
  kb_quat_normalize(world_rotations + 4 * KB_RIGHT_WRIST, qr);
  kb_quat_normalize(world_rotations + 4 * KB_PELVIS, pelvis);
  float nl[3], nr[3], tl[3], tr[3];
  double left_d[3], forward_d[3];
  kb_quat_rotate(ql, kb_palm_normal_local, nl);
  kb_quat_rotate(qr, kb_palm_normal_local, nr);
  kb_quat_rotate(ql, kb_thumb_local, tl);
  kb_quat_rotate(qr, kb_thumb_local, tr);
  kb__body_axes(pelvis, left_d, forward_d);
  float left[3] = {(float)left_d[0], 0, (float)left_d[2]};
  float d[3] = {pl[0] - pr[0], pl[1] - pr[1], pl[2] - pr[2]};
  out->separation = sqrtf(dot3(d, d));
  out->palm_dot = dot3(nl, nr);
  out->thumb_left = tl[1];
  out->thumb_right = tr[1];
  out->order = dot3(d, left);
  out->separation_ok =
      fabsf(out->separation - lim.separation) <= lim.separation_tolerance;
  out->palms_ok = out->palm_dot <= lim.palm_dot_max;
  out->thumb_left_ok = out->thumb_left >= lim.thumb_up_min;
  out->thumb_right_ok = out->thumb_right >= lim.thumb_up_min;
  out->order_ok = out->order > 0;
  out->ok = out->separation_ok && out->palms_ok && out->thumb_left_ok &&
            out->thumb_right_ok && out->order_ok;
  if (!isfinite(out->separation) || !isfinite(out->order))
    return KB_ERR_NOT_FINITE; /* positions near FLT_MAX overflow */
  return KB_OK;
}

kb_status kb_clap_check(const kb_skeleton *s, const float *local,
                        const float root_rotation[4],
                        const kb_clap_limits *limits, kb_clap_report *out) {
  if (!s || !local || !out) return KB_ERR_NULL;
  float pos[KB_JOINT_COUNT * 3], rot[KB_POSE_FLOATS];
  kb_status st = kb_forward_kinematics(s, local, NULL, root_rotation, pos, rot);
  if (st != KB_OK) return st;
  return kb_clap_check_world(s, pos, rot, limits, out);
}
