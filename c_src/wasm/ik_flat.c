/* Struct-free entry points of the solver for bindings (WebAssembly): a
 * workspace holds everything a solve needs, tasks arrive as flat doubles. */
#include <math.h>
#include <string.h>

#include "ik_workspace.h"

kb_status kb_ik_workspace_init(kb_ik_workspace *w, float height) {
  if (!w) return KB_ERR_NULL;
  memset(w, 0, sizeof *w);
  kb_status st = kb_skeleton_init(&w->skeleton, height);
  return st == KB_OK ? kb_solver_init(&w->solver, NULL) : st;
}

kb_status kb_ik_marker_flat(const kb_ik_workspace *w, int which, double *out) {
  kb_marker m;
  if (!w || !out) return KB_ERR_NULL;
  kb_status st = kb_hand_marker(&w->skeleton, which, &m);
  if (st != KB_OK) return st;
  out[0] = m.joint;
  for (int i = 0; i < 3; i++) out[1 + i] = m.offset[i];
  return KB_OK;
}

/* An integer-valued double in [lo, hi]. */
static int as_int(double v, int lo, int hi, int *out) {
  if (!isfinite(v) || v != floor(v) || v < lo || v > hi) return 0;
  *out = (int)v;
  return 1;
}

static void read_marker(const double *v, int joint, kb_marker *m) {
  m->joint = joint;
  for (int i = 0; i < 3; i++) m->offset[i] = (float)v[i];
}

/* Decodes one frame-vector task at data[0..]; *used receives its length. */
static kb_status decode_frame_vector(const double *d, int left,
                                     kb_frame_vector_task *t, int *used) {
  int n, flag, huber, gate;
  if (left < KB_IK_FV_HEADER) return KB_ERR_OUT_OF_RANGE;
  if (!as_int(d[1], 0, KB_IK_MAX_PAIRS, &n)) return KB_ERR_CAPACITY;
  if (left < KB_IK_FV_HEADER + n * KB_IK_FV_PAIR) return KB_ERR_OUT_OF_RANGE;
  if (!as_int(d[2], 0, 1, &flag) || !as_int(d[3], 0, 2, &huber) ||
      !as_int(d[5], 0, 1, &gate))
    return KB_ERR_OUT_OF_RANGE;
  kb_frame_vector_task_init(t);
  t->direction_only = flag, t->huber = huber, t->huber_delta = d[4];
  t->gate = gate, t->gate_start = d[6], t->gate_full = d[7];
  for (int i = 0; i < n; i++) {
    const double *p = d + KB_IK_FV_HEADER + i * KB_IK_FV_PAIR;
    int origin, link;
    if (!as_int(p[0], -1, KB_JOINT_COUNT - 1, &origin) ||
        !as_int(p[4], 0, KB_JOINT_COUNT - 1, &link))
      return KB_ERR_OUT_OF_RANGE;
    kb_marker mo, ml;
    read_marker(p + 1, origin, &mo);
    read_marker(p + 5, link, &ml);
    kb_frame_vector_task_add(t, &mo, &ml, p + 8, p[11], p[12]);
  }
  *used = KB_IK_FV_HEADER + n * KB_IK_FV_PAIR;
  return kb_frame_vector_task_check(t);
}

static kb_status decode_retarget(const double *d, int left, kb_retarget_task *t,
                                 int *used) {
  int n, rows;
  int header = KB_IK_RT_HEADER;
  if (left < header) return KB_ERR_OUT_OF_RANGE;
  if (!as_int(d[1], 0, KB_IK_MAX_PAIRS, &n)) return KB_ERR_CAPACITY;
  if (left < header + n * KB_IK_RT_PAIR) return KB_ERR_OUT_OF_RANGE;
  if (!as_int(d[5], 1, 3, &rows)) return KB_ERR_OUT_OF_RANGE;
  kb_retarget_task_init(t);
  t->target_scale = d[2], t->weight_position = d[3];
  t->weight_direction = d[4], t->direction_rows = rows;
  memcpy(t->targets, d + KB_IK_RT_HEADER - 3 * KB_JOINT_COUNT,
         sizeof t->targets);
  for (int i = 0; i < n; i++) {
    const double *p = d + header + i * KB_IK_RT_PAIR;
    int joint, origin;
    if (!as_int(p[0], 0, KB_JOINT_COUNT - 1, &joint) ||
        !as_int(p[1], -1, KB_JOINT_COUNT - 1, &origin))
      return KB_ERR_OUT_OF_RANGE;
    kb_retarget_task_add(t, joint, origin, p[2]);
  }
  *used = header + n * KB_IK_RT_PAIR;
  return kb_retarget_task_check(t);
}

kb_status kb_ik_set_tasks_flat(kb_ik_workspace *w, const double *data,
                               int length) {
  if (!w || !data) return KB_ERR_NULL;
  int n;
  w->n_tasks = w->n_frame_tasks = w->n_retarget_tasks = 0;
  if (length < 1) return KB_ERR_OUT_OF_RANGE;
  if (!as_int(data[0], 0, 2 * KB_IK_MAX_TASKS, &n)) return KB_ERR_CAPACITY;
  int at = 1;
  for (int i = 0; i < n; i++) {
    int kind, used = 0;
    if (at >= length || !as_int(data[at], 1, 2, &kind))
      return KB_ERR_OUT_OF_RANGE;
    kb_status st;
    if (kind == KB_IK_TASK_FRAME_VECTOR) {
      if (w->n_frame_tasks >= KB_IK_MAX_TASKS) return KB_ERR_CAPACITY;
      w->slots[i] = w->n_frame_tasks;
      st = decode_frame_vector(data + at, length - at,
                               &w->frame_tasks[w->n_frame_tasks++], &used);
    } else {
      if (w->n_retarget_tasks >= KB_IK_MAX_TASKS) return KB_ERR_CAPACITY;
      w->slots[i] = w->n_retarget_tasks;
      st = decode_retarget(data + at, length - at,
                           &w->retarget_tasks[w->n_retarget_tasks++], &used);
    }
    if (st != KB_OK) {
      w->n_frame_tasks = w->n_retarget_tasks = 0;
      return st;
    }
    w->kinds[i] = kind;
    at += used;
  }
  if (at != length) { /* trailing values: the encoding is off somewhere */
    w->n_frame_tasks = w->n_retarget_tasks = 0;
    return KB_ERR_OUT_OF_RANGE;
  }
  w->n_tasks = n;
  return KB_OK;
}

kb_status kb_ik_task_evaluate_flat(kb_ik_workspace *w, int index,
                                   const double *pose, const uint8_t *mask,
                                   double *residual, double *jacobian,
                                   int capacity, int *out_rows) {
  if (!w || !pose || !residual || !out_rows) return KB_ERR_NULL;
  if (index < 0 || index >= w->n_tasks) return KB_ERR_OUT_OF_RANGE;
  kb_status st = kb_ik_pose_from_flat(pose, &w->pose);
  if (st == KB_OK) st = kb_ik_forward(&w->skeleton, &w->pose, &w->frame);
  if (st != KB_OK) return st;
  int slot = w->slots[index];
  if (w->kinds[index] == KB_IK_TASK_FRAME_VECTOR)
    return kb_frame_vector_task_evaluate(&w->frame_tasks[slot], &w->frame, mask,
                                         residual, jacobian, capacity,
                                         out_rows);
  return kb_retarget_task_evaluate(&w->retarget_tasks[slot], &w->frame, mask,
                                   residual, jacobian, capacity, out_rows);
}

/* Solver options from KB_IK_OPTIONS_DOUBLES doubles (NULL: defaults). */
static kb_status set_options(kb_ik_workspace *w, const double *o) {
  kb_ik_options opt;
  kb_ik_default_options(&opt);
  if (o) {
    if (!as_int(o[0], 1, 1000000, &opt.max_iterations))
      return KB_ERR_OUT_OF_RANGE;
    opt.lambda0 = o[1], opt.lambda_min = o[2], opt.lambda_max = o[3];
    opt.accept_ratio = o[4], opt.cost_tolerance = o[5];
    opt.step_tolerance = o[6], opt.gradient_tolerance = o[7];
    opt.decrease_tolerance = o[8];
  }
  kb_status st = kb_ik_check_options(&opt);
  if (st == KB_OK) w->solver.options = opt;
  return st;
}

static void write_result(const kb_ik_result *r, double *out) {
  double v[KB_IK_RESULT_DOUBLES] = {
      r->iterations, r->accepted, r->rejected, r->initial_cost, r->cost,
      r->lambda,     r->gradient, r->stop,     r->converged,    r->reached};
  memcpy(out, v, sizeof v);
}

kb_status kb_ik_solve_flat(kb_ik_workspace *w, double *pose,
                           const uint8_t *mask, const double *reference,
                           double reference_weight, const double *previous,
                           double previous_weight, const double *options,
                           double *result) {
  if (!w || !pose || !result) return KB_ERR_NULL;
  kb_status st = set_options(w, options);
  if (st == KB_OK) st = kb_ik_pose_from_flat(pose, &w->pose);
  if (st == KB_OK && reference)
    st = kb_ik_pose_from_flat(reference, &w->reference);
  if (st == KB_OK && previous)
    st = kb_ik_pose_from_flat(previous, &w->previous);
  if (st != KB_OK) return st;
  kb_ik_problem problem = {&w->skeleton,
                           w->frame_tasks,
                           w->n_frame_tasks,
                           w->retarget_tasks,
                           w->n_retarget_tasks,
                           mask,
                           reference ? &w->reference : NULL,
                           reference_weight,
                           previous ? &w->previous : NULL,
                           previous_weight};
  kb_ik_result r;
  st = kb_solver_solve(&w->solver, &problem, &w->pose, &r);
  if (st != KB_OK) return st;
  kb_ik_pose_to_flat(&w->pose, pose);
  write_result(&r, result);
  return st;
}

kb_status kb_clap_solve_flat(kb_ik_workspace *w, const float *start,
                             const double *options, float *out,
                             double *result) {
  if (!w || !start || !out || !result) return KB_ERR_NULL;
  kb_clap_solve_options o;
  kb_clap_solve_default_options(&o);
  if (options) {
    o.separation = options[0], o.chest_forward = options[1];
    o.chest_drop = options[2], o.chest_weight = options[3];
    o.reference_weight = options[4];
  }
  kb_ik_default_options(&w->solver.options);
  kb_ik_result r;
  kb_status st = kb_clap_solve(&w->solver, &w->skeleton, start, &o, out, &r);
  if (st != KB_OK) return st;
  write_result(&r, result);
  return st;
}

kb_status kb_retarget_clip_flat(kb_ik_workspace *w, const double *source,
                                int n_frames, const uint8_t *mask,
                                double reference_weight, double previous_weight,
                                const double *options, float *out_local,
                                float *out_root, double *result) {
  if (!w || !source || !out_local || !result) return KB_ERR_NULL;
  /* the task list set last: exactly one retargeting task with pairs */
  if (w->n_tasks != 1 || w->n_retarget_tasks != 1 ||
      w->retarget_tasks[0].n_pairs < 1)
    return KB_ERR_OUT_OF_RANGE;
  kb_status st = set_options(w, options);
  if (st != KB_OK) return st;
  int iterations = 0, unconverged = 0;
  double cost = 0;
  st = kb_retarget_clip(&w->solver, &w->skeleton, &w->retarget_tasks[0], source,
                        n_frames, mask, NULL, reference_weight, previous_weight,
                        out_local, out_root, &iterations, &cost, &unconverged);
  if (st != KB_OK) return st;
  result[0] = iterations;
  result[1] = cost;
  result[2] = unconverged;
  return KB_OK;
}
