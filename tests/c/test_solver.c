/* Levenberg–Marquardt: reachable targets reached, unreachable ones give the
 * least-squares answer and say so, the damping rules, masks, regularizers,
 * warm start and the gradient against finite differences. */
#include <stdio.h>

#include "check.h"
#include "ik_fd.h"

static kb_skeleton skeleton;
static kb_solver solver;

static kb_ik_pose bind_pose(void) {
  kb_ik_pose p;
  memset(&p, 0, sizeof p);
  for (int j = 0; j < KB_JOINT_COUNT; j++) p.local[j][3] = 1;
  return p;
}

static void left_arm_mask(uint8_t mask[KB_IK_DOF]) {
  memset(mask, 0, KB_IK_DOF);
  kb_ik_mask_set(mask, KB_LEFT_SHOULDER, 1);
  kb_ik_mask_set(mask, KB_LEFT_ELBOW, 1);
  kb_ik_mask_set(mask, KB_LEFT_WRIST, 1);
}

/* One pair: a world target for the left palm centre (origin −1). */
static void palm_task(kb_frame_vector_task *t, const double target[3]) {
  kb_frame_vector_task_init(t);
  kb_frame_vector_task_add(t, NULL, &skeleton.palm_centre[0], target, 1, 1);
}

static void test_reachable_target(void) {
  /* the target is where a known pose puts the palm */
  kb_ik_pose known = bind_pose();
  double delta[KB_IK_DOF] = {0};
  delta[3 + 3 * KB_LEFT_SHOULDER + 1] = -0.6;
  delta[3 + 3 * KB_LEFT_SHOULDER + 2] = -0.4;
  delta[3 + 3 * KB_LEFT_ELBOW + 1] = -0.9;
  kb_ik_apply_step(&known, delta, &known);
  kb_ik_frame f;
  kb_ik_forward(&skeleton, &known, &f);
  double target[3], got[3];
  kb_ik_point(&f, &skeleton.palm_centre[0], target);
  kb_frame_vector_task t;
  palm_task(&t, target);
  uint8_t mask[KB_IK_DOF];
  left_arm_mask(mask);
  kb_ik_options o;
  kb_ik_default_options(&o);
  o.cost_tolerance = 1e-11; /* what the acceptance test can resolve */
  kb_solver_init(&solver, &o);
  kb_ik_problem p = {&skeleton, &t, 1, NULL, 0, mask, NULL, 0, NULL, 0};
  kb_ik_pose pose = bind_pose();
  kb_ik_result r;
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_OK);
  kb_ik_forward(&skeleton, &pose, &f);
  kb_ik_point(&f, &skeleton.palm_centre[0], got);
  double err = 0;
  for (int i = 0; i < 3; i++) err = fmax(err, fabs(got[i] - target[i]));
  printf("reachable: %d iterations, cost %.3g -> %.3g, error %.3g m\n",
         r.iterations, r.initial_cost, r.cost, err);
  CHECK(err < 1e-6);
  /* the acceptance test's +1e-8 cannot resolve decreases below 1e-11:
   * the solve stops there, as close as the rule allows */
  CHECK(r.reached && r.converged);
  CHECK(r.stop == KB_IK_STOP_COST || r.stop == KB_IK_STOP_STEP);
  CHECK(r.iterations < 20);
  CHECK(r.accepted >= 1 && r.iterations == r.accepted + r.rejected);
  CHECK(r.initial_cost > 0.01);
  /* with the default tolerance (1e-9) it stops earlier, still reached */
  kb_solver_init(&solver, NULL);
  pose = bind_pose();
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_OK);
  CHECK(r.reached && r.cost <= 1e-9);
}

static void test_unreachable_target(void) {
  /* 3 m ahead of the shoulder: the arm points at it, as far as it goes */
  kb_ik_frame f;
  kb_ik_pose pose = bind_pose();
  kb_ik_forward(&skeleton, &pose, &f);
  const double *shoulder = f.position[KB_LEFT_SHOULDER];
  double target[3] = {shoulder[0] + 0.5, shoulder[1] + 0.4, shoulder[2] + 3};
  kb_frame_vector_task t;
  palm_task(&t, target);
  uint8_t mask[KB_IK_DOF];
  left_arm_mask(mask);
  /* a large residual: Gauss–Newton converges linearly there */
  kb_ik_options o;
  kb_ik_default_options(&o);
  o.max_iterations = 500;
  o.decrease_tolerance = 0; /* run to the stationary point itself */
  kb_solver_init(&solver, &o);
  kb_ik_problem p = {&skeleton, &t, 1, NULL, 0, mask, NULL, 0, NULL, 0};
  kb_ik_result r;
  kb_status st = kb_solver_solve(&solver, &p, &pose, &r);
  CHECK(st == KB_OK);
  CHECK(r.converged && !r.reached);
  CHECK(r.stop == KB_IK_STOP_GRADIENT || r.stop == KB_IK_STOP_STEP ||
        r.stop == KB_IK_STOP_LAMBDA);
  kb_ik_forward(&skeleton, &pose, &f);
  double palm[3], to_target[3], to_palm[3], nt = 0, np = 0, dot = 0;
  kb_ik_point(&f, &skeleton.palm_centre[0], palm);
  for (int i = 0; i < 3; i++) {
    to_target[i] = target[i] - shoulder[i];
    to_palm[i] = palm[i] - shoulder[i];
    nt += to_target[i] * to_target[i], np += to_palm[i] * to_palm[i];
    dot += to_target[i] * to_palm[i];
  }
  double reach = sqrt(np), distance = sqrt(nt);
  double angle = acos(fmin(1, dot / (reach * distance)));
  /* least squares: the palm on the segment to the target, the arm straight */
  double arm = 0.186 * 1.75 + 0.146 * 1.75;
  printf("unreachable: stop %d after %d iterations, cost %.6g, "
         "gradient %.3g, aim error %.3g rad, reach %.4f of %.4f m\n",
         r.stop, r.iterations, r.cost, r.gradient, angle, reach, distance);
  CHECK(angle < 1e-4);
  CHECK(reach > arm);
  CHECK_NEAR(r.cost, 0.5 * (distance - reach) * (distance - reach), 1e-9);
  /* stationary to the resolution of the acceptance test (its +1e-8) */
  CHECK(r.gradient < 1e-4);
}

static void test_lambda_rules(void) {
  double target[3] = {0.4, 1.2, 0.3};
  kb_frame_vector_task t;
  palm_task(&t, target);
  uint8_t mask[KB_IK_DOF];
  left_arm_mask(mask);
  kb_ik_problem p = {&skeleton, &t, 1, NULL, 0, mask, NULL, 0, NULL, 0};
  kb_ik_options o;
  kb_ik_default_options(&o);
  /* one accepted step halves λ */
  o.max_iterations = 1;
  kb_solver_init(&solver, &o);
  kb_ik_pose pose = bind_pose();
  kb_ik_result r;
  /* the cap is no error: status OK, the result says it did not converge */
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_OK);
  CHECK(r.accepted == 1 && r.iterations == 1);
  CHECK_NEAR(r.lambda, 0.5e-3, 1e-18);
  CHECK(r.cost < r.initial_cost);
  CHECK(r.stop == KB_IK_STOP_ITERATIONS && !r.converged);
  /* λ never goes below lambda_min */
  o.max_iterations = 5, o.lambda0 = 1e-5;
  kb_solver_init(&solver, &o);
  pose = bind_pose();
  kb_solver_solve(&solver, &p, &pose, &r);
  CHECK(r.accepted >= 2 && r.lambda == 1e-5);
  /* a step that lowers the cost by less than decrease_tolerance (as a
   * fraction) ends the solve: "a small step" measured in the cost */
  kb_ik_default_options(&o);
  o.decrease_tolerance = 0.999999;
  kb_solver_init(&solver, &o);
  pose = bind_pose();
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_OK);
  CHECK(r.stop == KB_IK_STOP_STEP && r.accepted == 1 && r.converged);
  CHECK(!r.reached && r.cost < r.initial_cost);
  /* an impossible acceptance ratio: every step rejected, λ doubles up to
   * lambda_max, then the solve stops and says why; the pose is unchanged */
  kb_ik_default_options(&o);
  o.accept_ratio = 10, o.lambda_max = 1e-3 * 1024, o.max_iterations = 1000;
  kb_solver_init(&solver, &o);
  pose = bind_pose();
  kb_ik_pose start = pose;
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_OK);
  CHECK(r.accepted == 0 && r.rejected == 11);
  CHECK(r.stop == KB_IK_STOP_LAMBDA && r.lambda == 1e-3 * 1024);
  CHECK(memcmp(&pose, &start, sizeof pose) == 0);
  CHECK(r.cost == r.initial_cost);
}

static void test_mask_respected(void) {
  double target[3] = {0.1, 1.3, 0.4};
  kb_frame_vector_task t;
  palm_task(&t, target);
  uint8_t mask[KB_IK_DOF] = {0};
  kb_ik_mask_set(mask, KB_LEFT_ELBOW, 1);
  kb_ik_mask_set(mask, KB_SPINE2, 1);
  mask[3 + 3 * KB_LEFT_SHOULDER + 1] = 1; /* a single axis */
  kb_ik_pose pose, start;
  ik_random_pose(&start, 0.4);
  pose = start;
  kb_solver_init(&solver, NULL);
  kb_ik_problem p = {&skeleton, &t, 1, NULL, 0, mask, NULL, 0, NULL, 0};
  kb_ik_result r;
  kb_solver_solve(&solver, &p, &pose, &r);
  CHECK(r.cost < r.initial_cost);
  int frozen_same = 1, moved = 0;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    int active = j == KB_LEFT_ELBOW || j == KB_SPINE2 || j == KB_LEFT_SHOULDER;
    int same = memcmp(pose.local[j], start.local[j], sizeof pose.local[j]) == 0;
    if (!active && !same) frozen_same = 0;
    if (active && !same) moved++;
  }
  CHECK(frozen_same);
  CHECK(moved == 3);
  CHECK(memcmp(pose.root, start.root, sizeof pose.root) == 0);
  /* the single-axis joint turned about its local y only */
  const double *a = start.local[KB_LEFT_SHOULDER],
               *b = pose.local[KB_LEFT_SHOULDER];
  double x = a[3] * b[0] - a[0] * b[3] - a[1] * b[2] + a[2] * b[1];
  double z = a[3] * b[2] - a[2] * b[3] - a[0] * b[1] + a[1] * b[0];
  CHECK(fabs(x) < 1e-12 && fabs(z) < 1e-12);
  /* an all-frozen mask moves nothing and says it is stationary */
  memset(mask, 0, sizeof mask);
  pose = start;
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_OK);
  CHECK(r.stop == KB_IK_STOP_GRADIENT && r.iterations == 0 && !r.reached);
  CHECK(memcmp(&pose, &start, sizeof pose) == 0);
}

typedef struct {
  const kb_ik_problem *problem;
} cost_context;

static void cost_fn(const kb_ik_pose *pose, void *ctx, double *out) {
  static kb_solver scratch;
  kb_solver_init(&scratch, NULL);
  kb_solver_cost(&scratch, ((cost_context *)ctx)->problem, pose, out);
}

static void test_gradient_with_regularizers(void) {
  kb_frame_vector_task t;
  double target[3] = {0.2, 1.0, 0.3};
  palm_task(&t, target);
  t.huber = KB_HUBER_NORM, t.huber_delta = 0.05;
  kb_retarget_task rt;
  kb_retarget_task_init(&rt);
  rt.direction_rows = 3;
  kb_ik_pose other;
  ik_random_pose(&other, 0.6);
  kb_ik_frame f;
  kb_ik_forward(&skeleton, &other, &f);
  memcpy(rt.targets, f.position, sizeof rt.targets);
  for (int j = 1; j < KB_JOINT_COUNT; j++)
    kb_retarget_task_add(&rt, j, kb_joint_parent(j), 1);
  kb_ik_pose reference, previous, pose;
  ik_random_pose(&reference, 1.0);
  ik_random_pose(&previous, 1.0);
  ik_random_pose(&pose, 1.0);
  pose.root[0] = 0.3, previous.root[2] = -0.2;
  kb_ik_problem p = {&skeleton, &t,         1,   &rt,       1,
                     NULL,      &reference, 0.3, &previous, 0.7};
  double cost;
  CHECK(kb_solver_linearize(&solver, &p, &pose, &cost) == KB_OK);
  CHECK(solver.n_active == KB_IK_DOF);
  double numeric[KB_IK_DOF];
  cost_context ctx = {&p};
  ik_fd_jacobian(cost_fn, &ctx, &pose, 1, NULL, 1e-6, numeric);
  double err = ik_relative_error(solver.gradient, numeric, KB_IK_DOF);
  printf("cost gradient (tasks + regularizers) vs finite differences: %.3g\n",
         err);
  CHECK(err < 1e-5);
  /* regularizers alone pull the pose onto the reference */
  kb_ik_problem only_ref = {&skeleton, NULL,       0, NULL, 0,
                            NULL,      &reference, 1, NULL, 0};
  kb_ik_result r;
  kb_solver_init(&solver, NULL);
  CHECK(kb_solver_solve(&solver, &only_ref, &pose, &r) == KB_OK);
  CHECK(r.reached);
  double angle = 0;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    double d = fabs(pose.local[j][0] * reference.local[j][0] +
                    pose.local[j][1] * reference.local[j][1] +
                    pose.local[j][2] * reference.local[j][2] +
                    pose.local[j][3] * reference.local[j][3]);
    angle = fmax(angle, 2 * acos(fmin(1, d)));
  }
  CHECK(angle < 1e-4);
  CHECK_NEAR(pose.root[0], reference.root[0], 1e-4);
}

static void test_warm_start(void) {
  /* a moving target: warm starting from the last answer takes fewer
   * iterations than starting from the bind every frame */
  uint8_t mask[KB_IK_DOF];
  left_arm_mask(mask);
  kb_frame_vector_task t;
  kb_solver_init(&solver, NULL);
  kb_ik_pose warm = bind_pose();
  int cold_total = 0, warm_total = 0;
  for (int frame = 0; frame < 10; frame++) {
    double a = 0.05 * frame;
    double target[3] = {0.35 + 0.1 * sin(a), 1.1 + 0.1 * cos(a), 0.35};
    palm_task(&t, target);
    kb_ik_problem p = {&skeleton, &t, 1, NULL, 0, mask, NULL, 0, &warm, 0};
    kb_ik_pose cold = bind_pose();
    kb_ik_result r;
    kb_solver_solve(&solver, &p, &cold, &r);
    cold_total += r.iterations;
    kb_solver_solve(&solver, &p, &warm, &r);
    warm_total += r.iterations;
    CHECK(r.reached);
  }
  printf("warm start: %d iterations over 10 frames, cold %d\n", warm_total,
         cold_total);
  CHECK(warm_total < cold_total);
}

static void test_errors(void) {
  kb_ik_options o;
  kb_ik_default_options(&o);
  o.max_iterations = 0;
  CHECK(kb_solver_init(&solver, &o) == KB_ERR_OUT_OF_RANGE);
  kb_ik_default_options(&o);
  o.lambda0 = NAN;
  CHECK(kb_solver_init(&solver, &o) == KB_ERR_NOT_FINITE);
  kb_ik_default_options(&o);
  o.lambda_min = 0;
  CHECK(kb_solver_init(&solver, &o) == KB_ERR_OUT_OF_RANGE);
  kb_ik_default_options(&o);
  o.lambda0 = 1e11;
  CHECK(kb_solver_init(&solver, &o) == KB_ERR_OUT_OF_RANGE);
  CHECK(kb_solver_init(NULL, NULL) == KB_ERR_NULL);
  kb_solver_init(&solver, NULL);
  kb_ik_pose pose = bind_pose();
  kb_ik_result r;
  kb_ik_problem p = {NULL, NULL, 0, NULL, 0, NULL, NULL, 0, NULL, 0};
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_ERR_NULL);
  p.skeleton = &skeleton;
  p.n_frame_tasks = 1;
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_ERR_NULL);
  p.n_frame_tasks = KB_IK_MAX_TASKS + 1;
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_ERR_CAPACITY);
  p.n_frame_tasks = 0;
  p.reference_weight = -1;
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_ERR_OUT_OF_RANGE);
  p.reference_weight = 0;
  kb_frame_vector_task t;
  double nan_target[3] = {NAN, 0, 0};
  palm_task(&t, nan_target);
  p.frame_tasks = &t, p.n_frame_tasks = 1;
  CHECK(kb_solver_solve(&solver, &p, &pose, &r) == KB_ERR_NOT_FINITE);
  for (int code = KB_OK; code <= KB_ERR_BAD_ORDER; code++)
    CHECK(kb_status_text((kb_status)code)[0] != 0);
}

int main(void) {
  kb_skeleton_init(&skeleton, KB_DEFAULT_HEIGHT);
  test_reachable_target();
  test_unreachable_target();
  test_lambda_rules();
  test_mask_respected();
  test_gradient_with_regularizers();
  test_warm_start();
  test_errors();
  return check_summary("solver");
}
