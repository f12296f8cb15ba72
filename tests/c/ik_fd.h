/* Helpers for the kinematics tests: random poses and Jacobians by central
 * finite differences in the solver's DoF layout. */
#ifndef KBLEND_IK_FD_H
#define KBLEND_IK_FD_H

#include <math.h>
#include <string.h>

#include "kblend.h"

static unsigned ik_rng_state = 12345u;

/* Uniform in [−1, 1] (xorshift: the same sequence on every platform). */
static inline double ik_rand(void) {
  ik_rng_state ^= ik_rng_state << 13;
  ik_rng_state ^= ik_rng_state >> 17;
  ik_rng_state ^= ik_rng_state << 5;
  return (ik_rng_state / 4294967295.0) * 2 - 1;
}

/* A random pose: every joint turned up to `spread` rad from the bind. */
static inline void ik_random_pose(kb_ik_pose *pose, double spread) {
  double delta[KB_IK_DOF];
  memset(pose, 0, sizeof *pose);
  for (int j = 0; j < KB_JOINT_COUNT; j++) pose->local[j][3] = 1;
  for (int i = 0; i < KB_IK_DOF; i++) delta[i] = spread * ik_rand();
  kb_ik_apply_step(pose, delta, pose);
}

/* Any function of a pose with `rows` outputs. */
typedef void (*ik_rows_fn)(const kb_ik_pose *pose, void *context, double *out);

/* Central differences, step h, over the DoFs (mask nullable). */
static inline void ik_fd_jacobian(ik_rows_fn fn, void *context,
                                  const kb_ik_pose *pose, int rows,
                                  const uint8_t *mask, double h, double *out) {
  double plus[256], minus[256], delta[KB_IK_DOF];
  kb_ik_pose moved;
  for (int c = 0; c < KB_IK_DOF; c++) {
    if (mask && !mask[c]) {
      for (int r = 0; r < rows; r++) out[r * KB_IK_DOF + c] = 0;
      continue;
    }
    memset(delta, 0, sizeof delta);
    delta[c] = h;
    kb_ik_apply_step(pose, delta, &moved);
    fn(&moved, context, plus);
    delta[c] = -h;
    kb_ik_apply_step(pose, delta, &moved);
    fn(&moved, context, minus);
    for (int r = 0; r < rows; r++)
      out[r * KB_IK_DOF + c] = (plus[r] - minus[r]) / (2 * h);
  }
}

/* max |a − b| / max |b|: the error relative to the Jacobian's scale. */
static inline double ik_relative_error(const double *a, const double *b,
                                       int n) {
  double diff = 0, scale = 0;
  for (int i = 0; i < n; i++) {
    diff = fmax(diff, fabs(a[i] - b[i]));
    scale = fmax(scale, fabs(b[i]));
  }
  return scale > 0 ? diff / scale : diff;
}

#endif
