/* FrameVectorTask (seed 001, docs/design.md §7): scaled displacement between
 * two points matched to a world target, with direction-only, Huber and
 * soft-gate options. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

/* Below this |e| the norm-Huber row has no defined direction: its Jacobian
 * row is zero (docs/design.md §7). */
#define HUBER_NORM_EPS 1e-8
/* The seed's guard against a zero target length. */
#define DIRECTION_EPS 1e-6

kb_status kb_frame_vector_task_init(kb_frame_vector_task *t) {
  if (!t) return KB_ERR_NULL;
  memset(t, 0, sizeof *t);
  t->huber = KB_HUBER_OFF;
  t->huber_delta = 1.0;
  return KB_OK;
}

kb_status kb_frame_vector_task_add(kb_frame_vector_task *t,
                                   const kb_marker *origin,
                                   const kb_marker *link,
                                   const double target[3], double scale,
                                   double weight) {
  if (!t || !link || !target) return KB_ERR_NULL;
  if (t->n_pairs < 0 || t->n_pairs >= KB_IK_MAX_PAIRS) return KB_ERR_CAPACITY;
  kb_fv_pair *p = &t->pairs[t->n_pairs];
  static const kb_marker world_origin = {-1, {0, 0, 0}};
  p->origin = origin ? *origin : world_origin;
  p->link = *link;
  memcpy(p->target, target, sizeof p->target);
  p->scale = scale;
  p->weight = weight;
  t->n_pairs++;
  return KB_OK;
}

static kb_status check_pair(const kb_fv_pair *p) {
  if (p->link.joint < 0 || p->link.joint >= KB_JOINT_COUNT)
    return KB_ERR_OUT_OF_RANGE;
  if (p->origin.joint < -1 || p->origin.joint >= KB_JOINT_COUNT)
    return KB_ERR_OUT_OF_RANGE;
  for (int i = 0; i < 3; i++)
    if (!isfinite(p->target[i]) || !isfinite(p->origin.offset[i]) ||
        !isfinite(p->link.offset[i]))
      return KB_ERR_NOT_FINITE;
  if (!isfinite(p->scale) || !isfinite(p->weight)) return KB_ERR_NOT_FINITE;
  if (p->weight < 0) return KB_ERR_OUT_OF_RANGE;
  /* finite is not enough: 1e300 × 1e300 is not */
  double largest = fmax(fabs(p->scale), p->weight);
  for (int i = 0; i < 3; i++)
    largest =
        fmax(largest, fmax(fabs(p->target[i]), fmax(fabs(p->origin.offset[i]),
                                                    fabs(p->link.offset[i]))));
  if (largest > KB_IK_MAX_MAGNITUDE) return KB_ERR_OUT_OF_RANGE;
  return KB_OK;
}

kb_status kb_frame_vector_task_check(const kb_frame_vector_task *t) {
  if (!t) return KB_ERR_NULL;
  if (t->n_pairs < 0 || t->n_pairs > KB_IK_MAX_PAIRS) return KB_ERR_CAPACITY;
  if (t->huber < KB_HUBER_OFF || t->huber > KB_HUBER_NORM)
    return KB_ERR_OUT_OF_RANGE;
  if (t->huber != KB_HUBER_OFF) {
    if (!isfinite(t->huber_delta)) return KB_ERR_NOT_FINITE;
    if (!(t->huber_delta > 0) || t->huber_delta > KB_IK_MAX_MAGNITUDE)
      return KB_ERR_OUT_OF_RANGE;
  }
  if (t->gate) {
    if (!isfinite(t->gate_start) || !isfinite(t->gate_full))
      return KB_ERR_NOT_FINITE;
    if (!(t->gate_full >= 0 && t->gate_start > t->gate_full) ||
        t->gate_start > KB_IK_MAX_MAGNITUDE)
      return KB_ERR_OUT_OF_RANGE;
  }
  for (int i = 0; i < t->n_pairs; i++) {
    kb_status st = check_pair(&t->pairs[i]);
    if (st != KB_OK) return st;
  }
  return KB_OK;
}

kb_status kb_frame_vector_task_row_count(const kb_frame_vector_task *t,
                                         int *out_rows) {
  if (!t || !out_rows) return KB_ERR_NULL;
  if (t->n_pairs < 0 || t->n_pairs > KB_IK_MAX_PAIRS) return KB_ERR_CAPACITY;
  if (t->huber < KB_HUBER_OFF || t->huber > KB_HUBER_NORM)
    return KB_ERR_OUT_OF_RANGE;
  *out_rows = t->n_pairs * (t->huber == KB_HUBER_NORM ? 1 : 3);
  return KB_OK;
}

/* The gate on checked arguments. */
static double soft_gate(double target_length, double start, double full) {
  double centre = (start + full) / 2;
  double x = (centre - target_length) / (start - full);
  double sigma = 1.0 / (1.0 + exp(-2.5 * x));
  return sigma * sigma * (3 - 2 * sigma);
}

kb_status kb_soft_gate(double target_length, double start, double full,
                       double *out) {
  if (!out) return KB_ERR_NULL;
  if (!isfinite(target_length) || !isfinite(start) || !isfinite(full))
    return KB_ERR_NOT_FINITE;
  if (!(full >= 0 && start > full)) return KB_ERR_OUT_OF_RANGE;
  *out = soft_gate(target_length, start, full);
  return KB_OK;
}

static double norm3(const double v[3]) {
  return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

/* ρ(e) with ½ρ² the Huber loss: e inside δ, √(2δ|e| − δ²) beyond;
 * *slope receives dρ/d|e|. */
static double huber_map(double magnitude, double delta, double *slope) {
  if (magnitude <= delta) {
    *slope = 1.0;
    return magnitude;
  }
  double r = sqrt(2 * delta * magnitude - delta * delta);
  *slope = delta / r;
  return r;
}

/* e and ∂e/∂q (3 rows, full DoF layout; NULL to skip) of one pair. */
static kb_status pair_error(const kb_frame_vector_task *t, const kb_fv_pair *p,
                            const kb_ik_frame *f, const uint8_t *mask,
                            double e[3], double *de) {
  double pk[3], po[3], d[3], target[3];
  kb_ik_point(f, &p->link, pk);
  kb_ik_point(f, &p->origin, po);
  for (int i = 0; i < 3; i++) d[i] = p->scale * (pk[i] - po[i]);
  memcpy(target, p->target, sizeof target);
  double t_dir[3] = {0, 0, 0}, d_hat[3] = {0, 0, 0};
  if (t->direction_only) {
    double tn = norm3(target), dn = norm3(d);
    for (int i = 0; i < 3; i++) {
      t_dir[i] = target[i] / (tn + DIRECTION_EPS);
      target[i] = t_dir[i] * dn;
      d_hat[i] = dn > 0 ? d[i] / dn : 0;
    }
  }
  for (int i = 0; i < 3; i++) e[i] = d[i] - target[i];
  if (!de) return KB_OK;
  /* ∂d/∂q = s(∂p_k − ∂p_o); the origin's Jacobian goes in a scratch block */
  double jo[3 * KB_IK_DOF];
  kb_ik_point_jacobian(f, &p->link, mask, de);
  kb_ik_point_jacobian(f, &p->origin, mask, jo);
  for (int i = 0; i < 3 * KB_IK_DOF; i++) de[i] = p->scale * (de[i] - jo[i]);
  if (!t->direction_only) return KB_OK;
  /* ∂e/∂q = (I − t̃ d̂ᵀ) ∂d/∂q: one column at a time */
  for (int c = 0; c < KB_IK_DOF; c++) {
    double col[3] = {de[c], de[KB_IK_DOF + c], de[2 * KB_IK_DOF + c]};
    double along = d_hat[0] * col[0] + d_hat[1] * col[1] + d_hat[2] * col[2];
    for (int i = 0; i < 3; i++)
      de[i * KB_IK_DOF + c] = col[i] - t_dir[i] * along;
  }
  return KB_OK;
}

static double pair_factor(const kb_frame_vector_task *t, const kb_fv_pair *p) {
  double gate =
      t->gate ? soft_gate(norm3(p->target), t->gate_start, t->gate_full) : 1.0;
  return p->weight * gate;
}

/* Writes one pair's rows (3, or 1 for the norm Huber); returns the count. */
static int pair_rows(const kb_frame_vector_task *t, const kb_fv_pair *p,
                     const kb_ik_frame *f, const uint8_t *mask, double *r,
                     double *jac) {
  double e[3], de[3 * KB_IK_DOF];
  pair_error(t, p, f, mask, e, jac ? de : NULL);
  double k = pair_factor(t, p);
  if (t->huber == KB_HUBER_NORM) {
    double n = norm3(e), slope;
    r[0] = k * huber_map(n, t->huber_delta, &slope);
    if (!jac) return 1;
    memset(jac, 0, KB_IK_DOF * sizeof *jac);
    if (n < HUBER_NORM_EPS) return 1;
    for (int i = 0; i < 3; i++) {
      double g = k * slope * e[i] / n; /* h′(n)(e/n)ᵀ E */
      for (int c = 0; c < KB_IK_DOF; c++) jac[c] += g * de[i * KB_IK_DOF + c];
    }
    return 1;
  }
  for (int i = 0; i < 3; i++) {
    double slope = 1.0;
    if (t->huber == KB_HUBER_COMPONENT)
      r[i] = k * copysign(huber_map(fabs(e[i]), t->huber_delta, &slope), e[i]);
    else
      r[i] = k * e[i];
    if (!jac) continue;
    for (int c = 0; c < KB_IK_DOF; c++)
      jac[i * KB_IK_DOF + c] = k * slope * de[i * KB_IK_DOF + c];
  }
  return 3;
}

static int rows_of_pair(const void *task, int i, const kb_ik_frame *f,
                        const uint8_t *mask, double *residual,
                        double *jacobian) {
  const kb_frame_vector_task *t = task;
  return pair_rows(t, &t->pairs[i], f, mask, residual, jacobian);
}

kb_status kb_frame_vector_task_evaluate(const kb_frame_vector_task *t,
                                        const kb_ik_frame *f,
                                        const uint8_t *mask, double *residual,
                                        double *jacobian, int capacity,
                                        int *out_rows) {
  if (!t || !f || !residual || !out_rows) return KB_ERR_NULL;
  int count = 0;
  kb_status st = kb_frame_vector_task_check(t);
  if (st == KB_OK) st = kb_frame_vector_task_row_count(t, &count);
  if (st != KB_OK) return st;
  return kb__task_rows(t, t->n_pairs, count, rows_of_pair, f, mask, residual,
                       jacobian, capacity, out_rows);
}
