/* Task magnitudes at the float and double extremes: every number of a task
 * list (targets, marker offsets, scales, weights, Huber delta, gate
 * lengths), the pose's root and the solver's weights drawn mostly from
 * magnitudes near float's and double's largest and smallest, near the
 * core's own limit (KB_IK_MAX_MAGNITUDE) and ordinary ones. Every OK
 * evaluation has finite rows, every OK solve a finite unit pose and finite
 * figures. */
#include <float.h>

#include "fuzz.h"

enum { MAX_PAIRS = 3, MAX_TASKS = 2 };

static kb_ik_workspace *w;

/* A magnitude of the table, of either sign, or a hostile double. */
static double extreme(fuzz_input *in) {
  static const double table[] = {0,
                                 1,
                                 0.5,
                                 1e-300,
                                 4.9e-324,
                                 1e-40,
                                 1e6,
                                 KB_IK_MAX_MAGNITUDE,
                                 KB_IK_MAX_MAGNITUDE * (1 + 1e-15),
                                 1.0000001e9,
                                 FLT_MAX,
                                 3.5e38,
                                 1e39,
                                 1e154,
                                 1e155,
                                 1e300,
                                 1.7e308,
                                 DBL_MAX};
  enum { N = sizeof table / sizeof table[0] };
  uint8_t kind = fuzz_byte(in);
  if (kind >= 2 * N) return fuzz_double(in);
  return kind % 2 ? -table[kind / 2] : table[kind / 2];
}

/* A value: ordinary (small, exact) or extreme, as a byte says. */
static double value(fuzz_input *in, double ordinary) {
  return fuzz_byte(in) < 96 ? ordinary : extreme(in);
}

static int frame_vector(fuzz_input *in, double *d) {
  int n = fuzz_int(in, 1, MAX_PAIRS);
  d[0] = KB_IK_TASK_FRAME_VECTOR, d[1] = n;
  d[2] = fuzz_byte(in) & 1, d[3] = fuzz_int(in, 0, 2), d[4] = value(in, 0.1);
  d[5] = fuzz_byte(in) & 1, d[6] = value(in, 0.5), d[7] = value(in, 0.1);
  double *p = d + KB_IK_FV_HEADER;
  for (int i = 0; i < n; i++, p += KB_IK_FV_PAIR) {
    p[0] = fuzz_int(in, -1, KB_JOINT_COUNT - 1);
    p[4] = fuzz_int(in, 0, KB_JOINT_COUNT - 1);
    for (int k = 0; k < 3; k++) {
      p[1 + k] = value(in, 0);
      p[5 + k] = value(in, 0.05);
      p[8 + k] = value(in, 0.3);
    }
    p[11] = value(in, 1), p[12] = value(in, 1);
  }
  return KB_IK_FV_HEADER + n * KB_IK_FV_PAIR;
}

static int retarget(fuzz_input *in, double *d) {
  int n = fuzz_int(in, 1, MAX_PAIRS);
  d[0] = KB_IK_TASK_RETARGET, d[1] = n, d[2] = value(in, 1);
  d[3] = value(in, 1), d[4] = value(in, 1), d[5] = fuzz_byte(in) & 1 ? 3 : 1;
  for (int i = 0; i < 3 * KB_JOINT_COUNT; i++)
    d[6 + i] = value(in, (int8_t)fuzz_byte(in) / 128.0);
  double *p = d + KB_IK_RT_HEADER;
  for (int i = 0; i < n; i++, p += KB_IK_RT_PAIR) {
    p[0] = fuzz_int(in, 0, KB_JOINT_COUNT - 1);
    p[1] = fuzz_int(in, -1, KB_JOINT_COUNT - 1);
    p[2] = value(in, 1);
  }
  return KB_IK_RT_HEADER + n * KB_IK_RT_PAIR;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  if (!w) {
    w = malloc(fuzz_abi_size("sizeof.ik_workspace"));
    kb_ik_workspace_init(w, KB_DEFAULT_HEIGHT);
  }
  static double
      list[1 + MAX_TASKS * (KB_IK_RT_HEADER + MAX_PAIRS * KB_IK_FV_PAIR)];
  int tasks = fuzz_int(&in, 1, MAX_TASKS), length = 1;
  list[0] = tasks;
  for (int i = 0; i < tasks; i++)
    length += fuzz_byte(&in) & 1 ? frame_vector(&in, list + length)
                                 : retarget(&in, list + length);
  if (kb_ik_set_tasks_flat(w, list, length) != KB_OK) return 0;
  double pose[KB_IK_POSE_DOUBLES] = {0};
  for (int i = 0; i < 3; i++) pose[i] = value(&in, 0);
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    float q[4];
    fuzz_unit_quat(&in, q);
    for (int i = 0; i < 4; i++) pose[3 + 4 * j + i] = q[i];
  }
  static double residual[KB_IK_MAX_ROWS], jacobian[KB_IK_MAX_ROWS * KB_IK_DOF];
  for (int i = 0; i < tasks; i++) {
    int rows = 0;
    if (kb_ik_task_evaluate_flat(w, i, pose, NULL, residual, jacobian,
                                 KB_IK_MAX_ROWS, &rows) != KB_OK)
      continue;
    FUZZ_CHECK(rows >= 0 && rows <= KB_IK_MAX_ROWS);
    FUZZ_CHECK(all_finite_d(residual, rows));
    FUZZ_CHECK(all_finite_d(jacobian, (size_t)rows * KB_IK_DOF));
  }
  kb_ik_options o;
  kb_ik_default_options(&o);
  double options[KB_IK_OPTIONS_DOUBLES] = {
      fuzz_int(&in, 1, 4), o.lambda0,
      o.lambda_min,        o.lambda_max,
      o.accept_ratio,      o.cost_tolerance,
      o.step_tolerance,    o.gradient_tolerance,
      o.decrease_tolerance};
  double reference[KB_IK_POSE_DOUBLES];
  memcpy(reference, pose, sizeof reference);
  double rw = value(&in, 0.01), result[KB_IK_RESULT_DOUBLES];
  if (kb_ik_solve_flat(w, pose, NULL, reference, rw, NULL, 0, options,
                       result) == KB_OK) {
    FUZZ_CHECK(all_finite_d(pose, 3));
    FUZZ_CHECK(all_unit_d(pose + 3, KB_JOINT_COUNT));
    FUZZ_CHECK(all_finite_d(result, KB_IK_RESULT_DOUBLES));
  }
  return 0;
}
