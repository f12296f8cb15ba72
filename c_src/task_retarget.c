/* TrajectoryRetargetingTask (seed 001, docs/design.md §7), one frame: segment
 * vectors of the rig matched to scaled source segments, in position and in
 * direction. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

/* The seed's guard in the direction Jacobian's denominator. */
#define DIRECTION_EPS 1e-6
/* Source segments shorter than this have no direction. */
#define MIN_SEGMENT 1e-9

kb_status kb_retarget_task_init(kb_retarget_task *t) {
  if (!t) return KB_ERR_NULL;
  memset(t, 0, sizeof *t);
  t->target_scale = 1.0;
  t->weight_position = 1.0;
  t->weight_direction = 1.0;
  t->direction_rows = 1;
  return KB_OK;
}

kb_status kb_retarget_task_add(kb_retarget_task *t, int joint, int origin,
                               double weight) {
  if (!t) return KB_ERR_NULL;
  if (t->n_pairs < 0 || t->n_pairs >= KB_IK_MAX_PAIRS) return KB_ERR_CAPACITY;
  t->pairs[t->n_pairs++] = (kb_retarget_pair){joint, origin, weight};
  return KB_OK;
}

kb_status kb_retarget_task_check(const kb_retarget_task *t) {
  if (!t) return KB_ERR_NULL;
  if (t->n_pairs < 0 || t->n_pairs > KB_IK_MAX_PAIRS) return KB_ERR_CAPACITY;
  if (t->direction_rows != 1 && t->direction_rows != 3)
    return KB_ERR_OUT_OF_RANGE;
  if (!isfinite(t->target_scale) || !isfinite(t->weight_position) ||
      !isfinite(t->weight_direction))
    return KB_ERR_NOT_FINITE;
  if (!(t->target_scale > 0) || t->weight_position < 0 ||
      t->weight_direction < 0 || t->target_scale > KB_IK_MAX_MAGNITUDE ||
      t->weight_position > KB_IK_MAX_MAGNITUDE ||
      t->weight_direction > KB_IK_MAX_MAGNITUDE)
    return KB_ERR_OUT_OF_RANGE;
  for (int i = 0; i < t->n_pairs; i++) {
    const kb_retarget_pair *p = &t->pairs[i];
    if (p->joint < 0 || p->joint >= KB_JOINT_COUNT || p->origin < -1 ||
        p->origin >= KB_JOINT_COUNT || p->origin == p->joint)
      return KB_ERR_OUT_OF_RANGE;
    if (!isfinite(p->weight)) return KB_ERR_NOT_FINITE;
    if (p->weight < 0 || p->weight > KB_IK_MAX_MAGNITUDE)
      return KB_ERR_OUT_OF_RANGE;
  }
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    for (int i = 0; i < 3; i++) {
      if (!isfinite(t->targets[j][i])) return KB_ERR_NOT_FINITE;
      if (fabs(t->targets[j][i]) > KB_IK_MAX_MAGNITUDE)
        return KB_ERR_OUT_OF_RANGE;
    }
  return KB_OK;
}

kb_status kb_retarget_task_row_count(const kb_retarget_task *t, int *out_rows) {
  if (!t || !out_rows) return KB_ERR_NULL;
  if (t->n_pairs < 0 || t->n_pairs > KB_IK_MAX_PAIRS) return KB_ERR_CAPACITY;
  if (t->direction_rows != 1 && t->direction_rows != 3)
    return KB_ERR_OUT_OF_RANGE;
  *out_rows = t->n_pairs * (3 + t->direction_rows);
  return KB_OK;
}

static double norm3(const double v[3]) {
  return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

/* Current segment d = p_i − p_j and, when dd is not NULL, ∂d/∂q. */
static void segment(const kb_retarget_pair *p, const kb_ik_frame *f,
                    const uint8_t *mask, double d[3], double *dd) {
  kb_marker a = {p->joint, {0, 0, 0}}, b = {p->origin, {0, 0, 0}};
  double pa[3], pb[3];
  kb_ik_point(f, &a, pa);
  kb_ik_point(f, &b, pb);
  for (int i = 0; i < 3; i++) d[i] = pa[i] - pb[i];
  if (!dd) return;
  double jb[3 * KB_IK_DOF];
  kb_ik_point_jacobian(f, &a, mask, dd);
  kb_ik_point_jacobian(f, &b, mask, jb);
  for (int i = 0; i < 3 * KB_IK_DOF; i++) dd[i] -= jb[i];
}

/* Rows = linear map of ∂d/∂q: jac[r] = Σ_i m[r][i]·dd[i]. */
static void map_rows(const double *m, int rows, const double *dd, double *jac) {
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < KB_IK_DOF; c++)
      jac[r * KB_IK_DOF + c] = m[3 * r] * dd[c] +
                               m[3 * r + 1] * dd[KB_IK_DOF + c] +
                               m[3 * r + 2] * dd[2 * KB_IK_DOF + c];
}

static int pair_rows(const kb_retarget_task *t, const kb_retarget_pair *p,
                     const kb_ik_frame *f, const uint8_t *mask, double *r,
                     double *jac) {
  double d[3], dd[3 * KB_IK_DOF], target[3];
  segment(p, f, mask, d, jac ? dd : NULL);
  const double *pi = t->targets[p->joint];
  static const double zero[3] = {0, 0, 0};
  const double *pj = p->origin < 0 ? zero : t->targets[p->origin];
  for (int i = 0; i < 3; i++) target[i] = t->target_scale * (pi[i] - pj[i]);
  /* position: α(P_i − P_j) − (p_i − p_j), Jacobian −∂d/∂q */
  double wp = t->weight_position * p->weight;
  double m[9] = {0};
  for (int i = 0; i < 3; i++) {
    r[i] = wp * (target[i] - d[i]);
    m[4 * i] = -wp;
  }
  if (jac) map_rows(m, 3, dd, jac);
  /* direction */
  int nd = t->direction_rows;
  double wa = t->weight_direction * p->weight;
  double tn = norm3(target), dn = norm3(d);
  double *rd = r + 3, *jd = jac ? jac + 3 * KB_IK_DOF : NULL;
  memset(rd, 0, nd * sizeof *rd);
  if (jd) memset(jd, 0, nd * KB_IK_DOF * sizeof *jd);
  if (tn < MIN_SEGMENT || dn < MIN_SEGMENT) return 3 + nd;
  double th[3], dh[3];
  for (int i = 0; i < 3; i++) th[i] = target[i] / tn, dh[i] = d[i] / dn;
  double cosine = th[0] * dh[0] + th[1] * dh[1] + th[2] * dh[2];
  if (nd == 1) {
    rd[0] = wa * (1 - cosine);
    for (int i = 0; i < 3; i++)
      m[i] = -wa * (th[i] - cosine * dh[i]) / (dn + DIRECTION_EPS);
    if (jd) map_rows(m, 1, dd, jd);
    return 4;
  }
  /* 3 rows d̂ − t̂, Jacobian (I − d̂d̂ᵀ)/|d| ∂d/∂q (exact) */
  for (int i = 0; i < 3; i++) {
    rd[i] = wa * (dh[i] - th[i]);
    for (int k = 0; k < 3; k++)
      m[3 * i + k] = wa * ((i == k) - dh[i] * dh[k]) / dn;
  }
  if (jd) map_rows(m, 3, dd, jd);
  return 6;
}

static int rows_of_pair(const void *task, int i, const kb_ik_frame *f,
                        const uint8_t *mask, double *residual,
                        double *jacobian) {
  const kb_retarget_task *t = task;
  return pair_rows(t, &t->pairs[i], f, mask, residual, jacobian);
}

kb_status kb_retarget_task_evaluate(const kb_retarget_task *t,
                                    const kb_ik_frame *f, const uint8_t *mask,
                                    double *residual, double *jacobian,
                                    int capacity, int *out_rows) {
  if (!t || !f || !residual || !out_rows) return KB_ERR_NULL;
  int count = 0;
  kb_status st = kb_retarget_task_check(t);
  if (st == KB_OK) st = kb_retarget_task_row_count(t, &count);
  if (st != KB_OK) return st;
  return kb__task_rows(t, t->n_pairs, count, rows_of_pair, f, mask, residual,
                       jacobian, capacity, out_rows);
}
