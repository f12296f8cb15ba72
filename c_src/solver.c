/* Levenberg–Marquardt on ½‖r‖² (docs/design.md §7) in double precision, over
 * the active DoFs of a mask, with regularizer rows toward a reference pose and
 * the previous frame. The normal equations are accumulated row block by row
 * block, so J is never stored whole; Cholesky solves the damped system. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

/* The +1e-8 of docs/design.md §7's acceptance ratio. */
#define PRED_EPS 1e-8

kb_status kb_ik_default_options(kb_ik_options *out) {
  if (!out) return KB_ERR_NULL;
  out->max_iterations = KB_DEFAULT_IK_MAX_ITERATIONS;
  out->lambda0 = KB_DEFAULT_IK_LAMBDA0;
  out->lambda_min = KB_DEFAULT_IK_LAMBDA_MIN;
  out->lambda_max = KB_DEFAULT_IK_LAMBDA_MAX;
  out->accept_ratio = KB_DEFAULT_IK_ACCEPT_RATIO;
  out->cost_tolerance = KB_DEFAULT_IK_COST_TOLERANCE;
  out->step_tolerance = KB_DEFAULT_IK_STEP_TOLERANCE;
  out->gradient_tolerance = KB_DEFAULT_IK_GRADIENT_TOLERANCE;
  out->decrease_tolerance = KB_DEFAULT_IK_DECREASE_TOLERANCE;
  return KB_OK;
}

kb_status kb_ik_check_options(const kb_ik_options *o) {
  if (!o) return KB_ERR_NULL;
  double values[] = {o->lambda0,
                     o->lambda_min,
                     o->lambda_max,
                     o->accept_ratio,
                     o->cost_tolerance,
                     o->step_tolerance,
                     o->gradient_tolerance,
                     o->decrease_tolerance};
  for (unsigned i = 0; i < sizeof values / sizeof values[0]; i++) {
    if (!isfinite(values[i])) return KB_ERR_NOT_FINITE;
    if (values[i] < 0) return KB_ERR_OUT_OF_RANGE;
  }
  if (o->max_iterations < 1) return KB_ERR_OUT_OF_RANGE;
  if (!(o->lambda_min > 0 && o->lambda_min <= o->lambda_max)) {
    return KB_ERR_OUT_OF_RANGE;
  }
  if (o->lambda0 < o->lambda_min || o->lambda0 > o->lambda_max)
    return KB_ERR_OUT_OF_RANGE;
  return KB_OK;
}

kb_status kb_solver_init(kb_solver *solver, const kb_ik_options *options) {
  if (!solver) return KB_ERR_NULL;
  kb_ik_options o;
  if (options)
    o = *options;
  else
    kb_ik_default_options(&o);
  kb_status st = kb_ik_check_options(&o);
  if (st != KB_OK) return st;
  memset(solver, 0, sizeof *solver);
  solver->options = o;
  return KB_OK;
}

static kb_status check_weight(double w) {
  if (!isfinite(w)) return KB_ERR_NOT_FINITE;
  return w < 0 || w > KB_IK_MAX_MAGNITUDE ? KB_ERR_OUT_OF_RANGE : KB_OK;
}

kb_status kb_ik_check_problem(const kb_ik_problem *p) {
  if (!p || !p->skeleton) return KB_ERR_NULL;
  if (p->n_frame_tasks < 0 || p->n_frame_tasks > KB_IK_MAX_TASKS ||
      p->n_retarget_tasks < 0 || p->n_retarget_tasks > KB_IK_MAX_TASKS)
    return KB_ERR_CAPACITY;
  if ((p->n_frame_tasks && !p->frame_tasks) ||
      (p->n_retarget_tasks && !p->retarget_tasks))
    return KB_ERR_NULL;
  kb_status st = check_weight(p->reference_weight);
  if (st == KB_OK) st = check_weight(p->previous_weight);
  if (st == KB_OK && p->reference) st = kb__ik_pose_check(p->reference);
  if (st == KB_OK && p->previous) st = kb__ik_pose_check(p->previous);
  for (int i = 0; st == KB_OK && i < p->n_frame_tasks; i++)
    st = kb_frame_vector_task_check(&p->frame_tasks[i]);
  for (int i = 0; st == KB_OK && i < p->n_retarget_tasks; i++)
    st = kb_retarget_task_check(&p->retarget_tasks[i]);
  return st;
}

/* The active DoF list of the mask (all when NULL). */
static void collect_active(kb_solver *s, const uint8_t *mask) {
  s->n_active = 0;
  for (int i = 0; i < KB_IK_DOF; i++)
    if (!mask || mask[i]) s->active[s->n_active++] = i;
}

/* Adds a block of rows to JᵀJ (upper triangle) and Jᵀr, visiting only the
 * active columns some row of the block uses (a chain of a few joints). */
static void accumulate(kb_solver *s, const double *r, const double *jac,
                       int rows) {
  int n = s->n_active, nnz = 0;
  for (int a = 0; a < n; a++) {
    int col = s->active[a];
    for (int k = 0; k < rows; k++)
      if (jac[k * KB_IK_DOF + col] != 0) {
        s->nonzero[nnz++] = a;
        break;
      }
  }
  for (int k = 0; k < rows; k++) {
    const double *row = jac + k * KB_IK_DOF;
    for (int x = 0; x < nnz; x++) {
      int a = s->nonzero[x];
      double va = row[s->active[a]];
      if (va == 0) continue;
      s->gradient[a] += va * r[k];
      double *h = s->hessian + a * n;
      for (int y = x; y < nnz; y++) {
        int b = s->nonzero[y];
        h[b] += va * row[s->active[b]];
      }
    }
  }
}

/* Rotation vector log(q) of a unit quaternion, angle in [0, π]. */
static double quat_log(const double q[4], double out[3]) {
  double sign = q[3] < 0 ? -1.0 : 1.0;
  double v[3] = {sign * q[0], sign * q[1], sign * q[2]}, w = sign * q[3];
  double vn = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  double angle = 2 * atan2(vn, w);
  double k = vn < 1e-12 ? 2.0 / (w > 0 ? w : 1.0) : angle / vn;
  for (int i = 0; i < 3; i++) out[i] = k * v[i];
  return angle;
}

/* φ = log(R_ref⁻¹ R) and J = ∂φ/∂δ = J_r⁻¹(φ) for R ← R·exp([δ]):
 * I + ½[φ]× + (1/θ² − (1 + cos θ)/(2θ sin θ))[φ]×². */
static void rotation_error(const double ref[4], const double q[4],
                           double phi[3], double jac[9]) {
  double d[4];
  kb__quat_conj_mul_d(ref, q, d);
  double theta = quat_log(d, phi);
  if (!jac) return;
  double c2 = theta < 1e-4 ? 1.0 / 12 + theta * theta / 720
                           : 1 / (theta * theta) -
                                 (1 + cos(theta)) / (2 * theta * sin(theta));
  if (theta > KB_PI - 1e-5)
    c2 = 1 / (theta * theta); /* the log is ambiguous at π */
  double k[9] = {0, -phi[2], phi[1], phi[2], 0, -phi[0], -phi[1], phi[0], 0};
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++) {
      double k2 =
          k[3 * r] * k[c] + k[3 * r + 1] * k[3 + c] + k[3 * r + 2] * k[6 + c];
      jac[3 * r + c] = (r == c) + 0.5 * k[3 * r + c] + c2 * k2;
    }
}

/* Regularizer rows toward `ref` with weight w for the active joints; adds
 * their cost, and their normal equations when linearizing. */
static double regularize(kb_solver *s, const kb_ik_pose *pose,
                         const kb_ik_pose *ref, double w, const uint8_t *mask,
                         int linearize) {
  if (!ref || w == 0) return 0;
  double cost = 0, r[3], jac[3 * KB_IK_DOF];
  for (int j = -1; j < KB_JOINT_COUNT; j++) {
    int first = j < 0 ? 0 : 3 + 3 * j;
    if (mask && !mask[first] && !mask[first + 1] && !mask[first + 2]) continue;
    double local[9];
    if (j < 0) {
      for (int i = 0; i < 3; i++) r[i] = pose->root[i] - ref->root[i];
      for (int i = 0; i < 9; i++) local[i] = i % 4 == 0;
    } else {
      rotation_error(ref->local[j], pose->local[j], r,
                     linearize ? local : NULL);
    }
    for (int i = 0; i < 3; i++) {
      r[i] *= w;
      cost += 0.5 * r[i] * r[i];
    }
    if (!linearize) continue;
    memset(jac, 0, sizeof jac);
    for (int row = 0; row < 3; row++)
      for (int c = 0; c < 3; c++)
        if (!mask || mask[first + c])
          jac[row * KB_IK_DOF + first + c] = w * local[3 * row + c];
    accumulate(s, r, jac, 3);
  }
  return cost;
}

/* ½‖r‖² over all rows at `pose`; with linearize, also JᵀJ and Jᵀr. */
static kb_status evaluate(kb_solver *s, const kb_ik_problem *p,
                          const kb_ik_pose *pose, int linearize,
                          double *out_cost) {
  kb_status st = kb_ik_forward(p->skeleton, pose, &s->frame);
  if (st != KB_OK) return st;
  int n = s->n_active;
  if (linearize) {
    memset(s->hessian, 0, (size_t)n * n * sizeof *s->hessian);
    memset(s->gradient, 0, (size_t)n * sizeof *s->gradient);
  }
  double *jac = linearize ? s->jacobian : NULL;
  double cost = 0;
  int rows = 0;
  for (int t = 0; t < p->n_frame_tasks + p->n_retarget_tasks; t++) {
    if (t < p->n_frame_tasks)
      st = kb_frame_vector_task_evaluate(&p->frame_tasks[t], &s->frame, p->mask,
                                         s->residual, jac, KB_IK_MAX_ROWS,
                                         &rows);
    else
      st = kb_retarget_task_evaluate(&p->retarget_tasks[t - p->n_frame_tasks],
                                     &s->frame, p->mask, s->residual, jac,
                                     KB_IK_MAX_ROWS, &rows);
    if (st != KB_OK) return st;
    for (int k = 0; k < rows; k++)
      cost += 0.5 * s->residual[k] * s->residual[k];
    /* a pair's rows share their nonzero columns: accumulate pair blocks */
    for (int k = 0; linearize && k < rows; k += 3)
      accumulate(s, s->residual + k, jac + k * KB_IK_DOF,
                 rows - k < 3 ? rows - k : 3);
  }
  cost += regularize(s, pose, p->reference, p->reference_weight, p->mask,
                     linearize);
  cost +=
      regularize(s, pose, p->previous, p->previous_weight, p->mask, linearize);
  if (!isfinite(cost)) return KB_ERR_NOT_FINITE;
  if (linearize) /* mirror the upper triangle */
    for (int a = 0; a < n; a++)
      for (int b = a + 1; b < n; b++)
        s->hessian[b * n + a] = s->hessian[a * n + b];
  *out_cost = cost;
  return KB_OK;
}

/* The checked entry of evaluate: the cost, with the Jacobian when asked. */
static kb_status checked_evaluate(kb_solver *solver,
                                  const kb_ik_problem *problem,
                                  const kb_ik_pose *pose, int jacobian,
                                  double *out_cost) {
  if (!solver || !pose || !out_cost) return KB_ERR_NULL;
  kb_status st = kb_ik_check_problem(problem);
  if (st != KB_OK) return st;
  collect_active(solver, problem->mask);
  return evaluate(solver, problem, pose, jacobian, out_cost);
}

kb_status kb_solver_cost(kb_solver *solver, const kb_ik_problem *problem,
                         const kb_ik_pose *pose, double *out_cost) {
  return checked_evaluate(solver, problem, pose, 0, out_cost);
}

kb_status kb_solver_linearize(kb_solver *solver, const kb_ik_problem *problem,
                              const kb_ik_pose *pose, double *out_cost) {
  return checked_evaluate(solver, problem, pose, 1, out_cost);
}

/* Solves (H + λI)x = −g by Cholesky into s->step; 0 when not positive
 * definite. */
static int damped_solve(kb_solver *s, double lambda) {
  int n = s->n_active;
  double *l = s->factor;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++) {
      double sum = s->hessian[i * n + j] + (i == j ? lambda : 0);
      for (int k = 0; k < j; k++) sum -= l[i * n + k] * l[j * n + k];
      if (i == j) {
        if (!(sum > 0)) return 0;
        l[i * n + i] = sqrt(sum);
      } else {
        l[i * n + j] = sum / l[j * n + j];
      }
    }
  }
  for (int i = 0; i < n; i++) { /* L y = −g */
    double sum = -s->gradient[i];
    for (int k = 0; k < i; k++) sum -= l[i * n + k] * s->step[k];
    s->step[i] = sum / l[i * n + i];
  }
  for (int i = n - 1; i >= 0; i--) { /* Lᵀ x = y */
    double sum = s->step[i];
    for (int k = i + 1; k < n; k++) sum -= l[k * n + i] * s->step[k];
    s->step[i] = sum / l[i * n + i];
  }
  return 1;
}

/* pred = −gᵀδ − ½δᵀHδ (= −rᵀJδ − ½‖Jδ‖²). */
static double predicted_decrease(const kb_solver *s) {
  int n = s->n_active;
  double gd = 0, quad = 0;
  for (int a = 0; a < n; a++) {
    gd += s->gradient[a] * s->step[a];
    double hd = 0;
    for (int b = 0; b < n; b++) hd += s->hessian[a * n + b] * s->step[b];
    quad += s->step[a] * hd;
  }
  return -gd - 0.5 * quad;
}

static double max_abs(const double *v, int n) {
  double m = 0;
  for (int i = 0; i < n; i++) m = fmax(m, fabs(v[i]));
  return m;
}

static void finish(kb_ik_result *out, int stop, double cost, double lambda,
                   double gradient, const kb_ik_options *o) {
  out->stop = stop;
  out->cost = cost;
  out->lambda = lambda;
  out->gradient = gradient;
  out->converged = stop != KB_IK_STOP_ITERATIONS;
  out->reached = cost <= o->cost_tolerance;
}

kb_status kb_solver_solve(kb_solver *solver, const kb_ik_problem *problem,
                          kb_ik_pose *pose, kb_ik_result *out) {
  if (!solver || !pose || !out) return KB_ERR_NULL;
  kb_status st = kb_ik_check_problem(problem);
  if (st != KB_OK) return st;
  const kb_ik_options *o = &solver->options;
  collect_active(solver, problem->mask);
  memset(out, 0, sizeof *out);
  double cost, lambda = o->lambda0;
  st = evaluate(solver, problem, pose, 1, &cost);
  if (st != KB_OK) return st;
  out->initial_cost = cost;
  int n = solver->n_active;
  while (1) {
    double gradient = max_abs(solver->gradient, n);
    int stop = -1;
    if (cost <= o->cost_tolerance)
      stop = KB_IK_STOP_COST;
    else if (gradient <= o->gradient_tolerance)
      stop = KB_IK_STOP_GRADIENT;
    /* an accepted step needs c − c′ ≥ accept_ratio·(pred + 1e-8) and
     * c − c′ ≤ c: below that bound no step can pass the test any more */
    else if (cost < o->accept_ratio * PRED_EPS)
      stop = KB_IK_STOP_STEP;
    else if (out->iterations >= o->max_iterations)
      stop = KB_IK_STOP_ITERATIONS;
    if (stop >= 0) {
      finish(out, stop, cost, lambda, gradient, o);
      return KB_OK;
    }
    out->iterations++;
    int solved = damped_solve(solver, lambda);
    double pred = solved ? predicted_decrease(solver) : 0, trial_cost = cost;
    if (solved && pred >= 0 && pred < o->accept_ratio * PRED_EPS) {
      /* the model promises less than the acceptance test can resolve, and
       * a larger λ only promises less: no step can be accepted any more */
      finish(out, KB_IK_STOP_STEP, cost, lambda, gradient, o);
      return KB_OK;
    }
    if (solved && pred > 0) {
      memset(solver->full_step, 0, sizeof solver->full_step);
      for (int a = 0; a < n; a++)
        solver->full_step[solver->active[a]] = solver->step[a];
      st = kb_ik_apply_step(pose, solver->full_step, &solver->trial);
      if (st == KB_OK)
        st = evaluate(solver, problem, &solver->trial, 0, &trial_cost);
      if (st != KB_OK) trial_cost = INFINITY; /* a step into NaN: reject */
    }
    if (solved && pred > 0 &&
        (cost - trial_cost) / (pred + PRED_EPS) >= o->accept_ratio) {
      out->accepted++;
      double decrease = (cost - trial_cost) / cost;
      *pose = solver->trial;
      lambda = fmax(lambda / 2, o->lambda_min);
      st = evaluate(solver, problem, pose, 1, &cost);
      if (st != KB_OK) return st;
      if ((max_abs(solver->step, n) <= o->step_tolerance ||
           decrease < o->decrease_tolerance) &&
          cost > o->cost_tolerance) {
        finish(out, KB_IK_STOP_STEP, cost, lambda, max_abs(solver->gradient, n),
               o);
        return KB_OK;
      }
      continue;
    }
    out->rejected++;
    if (lambda >= o->lambda_max) {
      finish(out, KB_IK_STOP_LAMBDA, cost, lambda, gradient, o);
      return KB_OK;
    }
    lambda = fmin(lambda * 2, o->lambda_max);
  }
}
