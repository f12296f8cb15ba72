/* OK means finite: task, clip and clap entries given magnitudes at the
 * double and float extremes either refuse them with a status or return
 * finite outputs; and the clap solve takes the pelvis of any nonzero norm as
 * its unit copy. Each case here once returned KB_OK with an infinity or a
 * clap placed to the body's side. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "ik_workspace.h"
#include "kblend.h"

static kb_ik_workspace w;
static kb_skeleton skeleton;
static kb_solver solver;
static double pose[KB_IK_POSE_DOUBLES];

static int all_finite(const double *v, int n) {
  for (int i = 0; i < n; i++)
    if (!isfinite(v[i])) return 0;
  return 1;
}

static int all_finite_f(const float *v, int n) {
  for (int i = 0; i < n; i++)
    if (!isfinite(v[i])) return 0;
  return 1;
}

/* Sets one task (flat) and evaluates it at the bind pose: the status of the
 * first step that refuses, or of the evaluation. */
static kb_status evaluate_one(const double *task, int length, int *rows,
                              double *residual, double *jacobian) {
  double list[1 + KB_IK_RT_HEADER + KB_IK_MAX_PAIRS * KB_IK_FV_PAIR];
  list[0] = 1;
  memcpy(list + 1, task, length * sizeof *task);
  kb_status st = kb_ik_set_tasks_flat(&w, list, length + 1);
  if (st != KB_OK) return st;
  return kb_ik_task_evaluate_flat(&w, 0, pose, NULL, residual, jacobian,
                                  KB_IK_MAX_ROWS, rows);
}

/* A retargeting task of one pair (left wrist from the left shoulder) with
 * every target coordinate `target` and the scale given. */
static int retarget_task(double *d, double target, double scale,
                         double weight) {
  memset(d, 0, (KB_IK_RT_HEADER + KB_IK_RT_PAIR) * sizeof *d);
  d[0] = KB_IK_TASK_RETARGET, d[1] = 1, d[2] = scale, d[3] = weight;
  d[4] = weight, d[5] = 3;
  for (int i = 0; i < 3 * KB_JOINT_COUNT; i++)
    d[6 + i] = (i / 3) % 2 ? target : -target;
  double *p = d + KB_IK_RT_HEADER;
  p[0] = KB_LEFT_WRIST, p[1] = KB_LEFT_SHOULDER, p[2] = 1;
  return KB_IK_RT_HEADER + KB_IK_RT_PAIR;
}

/* A frame-vector task of one pair (world origin to the left wrist). */
static int frame_vector_task(double *d, double target, double scale,
                             double weight, double offset) {
  memset(d, 0, (KB_IK_FV_HEADER + KB_IK_FV_PAIR) * sizeof *d);
  d[0] = KB_IK_TASK_FRAME_VECTOR, d[1] = 1;
  double *p = d + KB_IK_FV_HEADER;
  p[0] = -1, p[4] = KB_LEFT_WRIST;
  p[5] = p[6] = p[7] = offset;
  p[8] = p[9] = target, p[10] = -target;
  p[11] = scale, p[12] = weight;
  return KB_IK_FV_HEADER + KB_IK_FV_PAIR;
}

static void test_task_extremes(void) {
  double task[KB_IK_RT_HEADER + KB_IK_MAX_PAIRS * KB_IK_FV_PAIR];
  double residual[KB_IK_MAX_ROWS], jacobian[KB_IK_MAX_ROWS * KB_IK_DOF];
  int rows = 0, n;
  /* retarget targets ±1.7e308: once OK with ±∞ rows */
  n = retarget_task(task, 1.7e308, 1, 1);
  CHECK(evaluate_one(task, n, &rows, residual, jacobian) ==
        KB_ERR_OUT_OF_RANGE);
  /* scale 1e308 */
  n = retarget_task(task, 1, 1e308, 1);
  CHECK(evaluate_one(task, n, &rows, residual, jacobian) ==
        KB_ERR_OUT_OF_RANGE);
  n = frame_vector_task(task, 1, 1e308, 1, 0);
  CHECK(evaluate_one(task, n, &rows, residual, jacobian) ==
        KB_ERR_OUT_OF_RANGE);
  /* frame-vector target 1e300 × weight 1e300 */
  n = frame_vector_task(task, 1e300, 1, 1e300, 0);
  CHECK(evaluate_one(task, n, &rows, residual, jacobian) ==
        KB_ERR_OUT_OF_RANGE);
  /* a marker offset at float's largest */
  n = frame_vector_task(task, 1, 1e9, 1, 3.4e38);
  CHECK(evaluate_one(task, n, &rows, residual, jacobian) ==
        KB_ERR_OUT_OF_RANGE);
  /* at the largest magnitude every value allows: OK and finite */
  const double m = KB_IK_MAX_MAGNITUDE;
  n = retarget_task(task, m, m, m);
  CHECK(evaluate_one(task, n, &rows, residual, jacobian) == KB_OK);
  CHECK(rows == 6 && all_finite(residual, rows) &&
        all_finite(jacobian, rows * KB_IK_DOF));
  n = frame_vector_task(task, m, m, m, m);
  CHECK(evaluate_one(task, n, &rows, residual, jacobian) == KB_OK);
  CHECK(rows == 3 && all_finite(residual, rows) &&
        all_finite(jacobian, rows * KB_IK_DOF));
  task[2] = 1, task[3] = KB_HUBER_NORM, task[4] = m; /* direction, Huber */
  task[5] = 1, task[6] = m, task[7] = m / 2;         /* gate */
  CHECK(evaluate_one(task, n, &rows, residual, jacobian) == KB_OK);
  CHECK(rows == 1 && all_finite(residual, rows) &&
        all_finite(jacobian, rows * KB_IK_DOF));
  task[4] = 1e308;
  CHECK(evaluate_one(task, n, &rows, residual, jacobian) ==
        KB_ERR_OUT_OF_RANGE);
}

/* kb_retarget_clip: source positions of 1e39 m (finite doubles, infinite
 * as floats) once gave KB_OK with an infinite root. */
static void test_clip_extremes(void) {
  kb_retarget_task task;
  kb_retarget_task_init(&task);
  kb_retarget_task_add(&task, KB_PELVIS, -1, 1);
  kb_retarget_task_add(&task, KB_LEFT_WRIST, KB_PELVIS, 1);
  double source[2][3 * KB_JOINT_COUNT];
  for (int f = 0; f < 2; f++)
    for (int i = 0; i < 3 * KB_JOINT_COUNT; i++) source[f][i] = 1e39;
  float local[2 * KB_POSE_FLOATS], root[6];
  int iterations = 0, unconverged = 0;
  double cost = 0;
  memset(root, 0, sizeof root);
  CHECK(kb_retarget_clip(&solver, &skeleton, &task, source[0], 2, NULL, NULL,
                         0.01, 0.1, local, root, &iterations, &cost,
                         &unconverged) == KB_ERR_OUT_OF_RANGE);
  CHECK(root[0] == 0); /* refused before the first frame */
  /* a reference pose whose root is past the limit */
  kb_ik_pose reference;
  memset(&reference, 0, sizeof reference);
  for (int j = 0; j < KB_JOINT_COUNT; j++) reference.local[j][3] = 1;
  reference.root[1] = 1e39;
  for (int f = 0; f < 2; f++)
    for (int i = 0; i < 3 * KB_JOINT_COUNT; i++) source[f][i] = 0.1 * (i % 3);
  CHECK(kb_retarget_clip(&solver, &skeleton, &task, source[0], 2, NULL,
                         &reference, 0.01, 0.1, local, root, NULL, NULL,
                         NULL) == KB_ERR_OUT_OF_RANGE);
  /* far but allowed: OK and finite */
  for (int f = 0; f < 2; f++)
    for (int i = 0; i < 3 * KB_JOINT_COUNT; i++)
      source[f][i] = KB_IK_MAX_MAGNITUDE * (i % 3 == 1 ? 1 : -1);
  kb_status st = kb_retarget_clip(&solver, &skeleton, &task, source[0], 2, NULL,
                                  NULL, 0.01, 0.1, local, root, &iterations,
                                  &cost, &unconverged);
  CHECK(st == KB_OK);
  CHECK(all_finite_f(local, 2 * KB_POSE_FLOATS) && all_finite_f(root, 6) &&
        isfinite(cost));
  CHECK(fabsf(root[4] - 1e9f) < 1e6f); /* the pelvis goes where asked */
  /* solver weights past the limit */
  CHECK(kb_retarget_clip(&solver, &skeleton, &task, source[0], 2, NULL, NULL,
                         1e300, 0.1, local, root, NULL, NULL,
                         NULL) == KB_ERR_OUT_OF_RANGE);
}

/* The clap solve from a start whose pelvis quaternion is scaled: the same
 * pose (the pelvis as given, the arms solved) for every nonzero scale. */
static void test_clap_norm(void) {
  float start[KB_POSE_FLOATS], out_unit[KB_POSE_FLOATS],
      out_scaled[KB_POSE_FLOATS];
  kb_idle_pose(1.18f, start);
  const float turn[3] = {0, 1.1f, 0}; /* the body turned to its left */
  kb_quat_from_euler_xyz(turn, start + 4 * KB_PELVIS);
  kb_ik_result r;
  CHECK(kb_clap_solve(&solver, &skeleton, start, NULL, out_unit, &r) == KB_OK);
  kb_clap_report unit;
  CHECK(kb_clap_check(&skeleton, out_unit, NULL, NULL, &unit) == KB_OK);
  CHECK(unit.ok);
  const float scales[] = {1e-4f, 1e-2f, 10.0f, 1e4f};
  for (unsigned k = 0; k < sizeof scales / sizeof scales[0]; k++) {
    float scaled[KB_POSE_FLOATS];
    memcpy(scaled, start, sizeof scaled);
    for (int i = 0; i < 4; i++) scaled[4 * KB_PELVIS + i] *= scales[k];
    CHECK(kb_clap_solve(&solver, &skeleton, scaled, NULL, out_scaled, &r) ==
          KB_OK);
    double worst = 0;
    for (int j = 1; j < KB_JOINT_COUNT; j++) /* the pelvis is returned unit */
      for (int i = 0; i < 4; i++)
        worst = fmax(worst, fabs(out_scaled[4 * j + i] - out_unit[4 * j + i]));
    CHECK_NEAR(worst, 0, 1e-4);
    kb_clap_report c;
    CHECK(kb_clap_check(&skeleton, out_scaled, NULL, NULL, &c) == KB_OK);
    CHECK(c.ok);
    CHECK_NEAR(c.separation, unit.separation, 1e-4);
  }
}

int main(void) {
  kb_skeleton_init(&skeleton, 1.75f);
  kb_solver_init(&solver, NULL);
  kb_ik_workspace_init(&w, 1.75f);
  memset(pose, 0, sizeof pose);
  for (int j = 0; j < KB_JOINT_COUNT; j++) pose[3 + 4 * j + 3] = 1;
  test_task_extremes();
  test_clip_extremes();
  test_clap_norm();
  return check_summary("finite");
}
