/* Frame-vector and retargeting tasks: residual values from the formulas of
 * docs/design.md §7 and analytic Jacobians against central finite differences
 * in every mode. */
#include <stdio.h>

#include "check.h"
#include "ik_fd.h"

static kb_skeleton skeleton;
static double worst_error = 0;

typedef struct {
  const kb_frame_vector_task *fv;
  const kb_retarget_task *rt;
} task_context;

static int task_rows(const task_context *c, const kb_ik_frame *f, double *r,
                     double *jac) {
  int rows = 0;
  kb_status st = c->fv ? kb_frame_vector_task_evaluate(c->fv, f, NULL, r, jac,
                                                       KB_IK_MAX_ROWS, &rows)
                       : kb_retarget_task_evaluate(c->rt, f, NULL, r, jac,
                                                   KB_IK_MAX_ROWS, &rows);
  CHECK(st == KB_OK);
  return rows;
}

static void residual_fn(const kb_ik_pose *pose, void *ctx, double *out) {
  kb_ik_frame f;
  kb_ik_forward(&skeleton, pose, &f);
  task_rows(ctx, &f, out, NULL);
}

/* Analytic against numeric Jacobian at a few random poses. */
static double check_task(const char *mode, task_context ctx) {
  static double analytic[KB_IK_MAX_ROWS * KB_IK_DOF],
      numeric[KB_IK_MAX_ROWS * KB_IK_DOF];
  double r[KB_IK_MAX_ROWS], worst = 0;
  for (int trial = 0; trial < 3; trial++) {
    kb_ik_pose pose;
    ik_random_pose(&pose, 0.7);
    for (int i = 0; i < 3; i++) pose.root[i] = 0.1 * ik_rand();
    kb_ik_frame f;
    kb_ik_forward(&skeleton, &pose, &f);
    int rows = task_rows(&ctx, &f, r, analytic);
    ik_fd_jacobian(residual_fn, &ctx, &pose, rows, NULL, 1e-6, numeric);
    worst = fmax(worst, ik_relative_error(analytic, numeric, rows * KB_IK_DOF));
  }
  printf("  %-28s max relative error %.3g\n", mode, worst);
  worst_error = fmax(worst_error, worst);
  CHECK(worst < 1e-5);
  return worst;
}

/* Pairs that use joints, markers and the world origin. */
static void fill_pairs(kb_frame_vector_task *t) {
  kb_frame_vector_task_init(t);
  kb_marker lw = {KB_LEFT_WRIST, {0, 0, 0}}, rw = {KB_RIGHT_WRIST, {0, 0, 0}};
  kb_marker chest = {KB_SPINE3, {0, 0, 0}}, head = {KB_HEAD, {0, 0.1f, 0}};
  double t1[3] = {-0.17, 0.02, 0.01}, t2[3] = {0.1, -0.05, 0.3},
         t3[3] = {0.0, 0.05, 1.2}, t4[3] = {-1, 0.2, 0.1};
  kb_frame_vector_task_add(t, &lw, &rw, t1, 1, 1);
  kb_frame_vector_task_add(t, &chest, &skeleton.palm_centre[0], t2, 1.3, 0.7);
  kb_frame_vector_task_add(t, NULL, &head, t3, 0.9, 2);
  kb_frame_vector_task_add(t, &lw, &skeleton.thumb_tip[0], t4, 1, 0.5);
}

static void test_frame_vector_modes(void) {
  kb_frame_vector_task t;
  task_context ctx = {&t, NULL};
  printf("frame-vector task Jacobians:\n");
  fill_pairs(&t);
  check_task("plain", ctx);
  t.huber = KB_HUBER_COMPONENT, t.huber_delta = 0.05;
  check_task("Huber per component", ctx);
  t.huber = KB_HUBER_NORM;
  check_task("Huber on the norm", ctx);
  t.huber = KB_HUBER_OFF, t.direction_only = 1;
  check_task("direction only", ctx);
  t.huber = KB_HUBER_NORM;
  check_task("direction only + Huber norm", ctx);
  t.huber = KB_HUBER_OFF, t.direction_only = 0;
  t.gate = 1, t.gate_start = 0.8, t.gate_full = 0.2;
  check_task("soft gate", ctx);
  /* origin −1 alone */
  kb_frame_vector_task o;
  kb_frame_vector_task_init(&o);
  double target[3] = {0.4, 1.1, 0.2};
  kb_frame_vector_task_add(&o, NULL, &skeleton.palm_centre[1], target, 1, 1);
  task_context octx = {&o, NULL};
  check_task("origin -1", octx);
  o.huber = KB_HUBER_COMPONENT, o.huber_delta = 0.01;
  o.gate = 1, o.gate_start = 2, o.gate_full = 0.5;
  check_task("origin -1 + Huber + gate", octx);
}

static void test_frame_vector_values(void) {
  kb_ik_pose pose;
  ik_random_pose(&pose, 0.5);
  kb_ik_frame f;
  kb_ik_forward(&skeleton, &pose, &f);
  kb_frame_vector_task t;
  kb_frame_vector_task_init(&t);
  kb_marker chest = {KB_SPINE3, {0, 0, 0}};
  double target[3] = {0.3, -0.2, 0.5};
  kb_frame_vector_task_add(&t, &chest, &skeleton.palm_centre[0], target, 1.5,
                           2.0);
  double pk[3], po[3], e[3], r[3];
  kb_ik_point(&f, &skeleton.palm_centre[0], pk);
  kb_ik_point(&f, &chest, po);
  for (int i = 0; i < 3; i++) e[i] = 1.5 * (pk[i] - po[i]) - target[i];
  int rows;
  CHECK(kb_frame_vector_task_evaluate(&t, &f, NULL, r, NULL, 3, &rows) ==
        KB_OK);
  CHECK(rows == 3);
  for (int i = 0; i < 3; i++) CHECK_NEAR(r[i], 2.0 * e[i], 1e-12);
  /* Huber on the norm: ½r² is the Huber loss of |e| */
  t.huber = KB_HUBER_NORM, t.huber_delta = 0.1;
  CHECK(kb_frame_vector_task_evaluate(&t, &f, NULL, r, NULL, 3, &rows) ==
        KB_OK);
  CHECK(rows == 1);
  double n = sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
  double loss = n <= 0.1 ? 0.5 * n * n : 0.1 * (n - 0.05);
  CHECK_NEAR(0.5 * r[0] * r[0] / 4.0, loss, 1e-12);
  /* per component: the sign is kept */
  t.huber = KB_HUBER_COMPONENT, t.huber_delta = 0.01;
  kb_frame_vector_task_evaluate(&t, &f, NULL, r, NULL, 3, &rows);
  for (int i = 0; i < 3; i++) {
    double a = fabs(e[i]);
    double li = a <= 0.01 ? 0.5 * a * a : 0.01 * (a - 0.005);
    CHECK_NEAR(0.5 * r[i] * r[i] / 4.0, li, 1e-12);
    CHECK((r[i] >= 0) == (e[i] >= 0));
  }
  /* direction only: a target along the current vector gives zero */
  t.huber = KB_HUBER_OFF, t.direction_only = 1;
  for (int i = 0; i < 3; i++)
    t.pairs[0].target[i] = 7.0 * 1.5 * (pk[i] - po[i]);
  kb_frame_vector_task_evaluate(&t, &f, NULL, r, NULL, 3, &rows);
  CHECK(fabs(r[0]) + fabs(r[1]) + fabs(r[2]) < 1e-5);
}

/* kb_soft_gate's value (NaN when it refuses). */
static double gate(double length, double start, double full) {
  double g = NAN;
  kb_soft_gate(length, start, full, &g);
  return g;
}

static int fv_rows(const kb_frame_vector_task *t) {
  int rows = -1;
  kb_frame_vector_task_row_count(t, &rows);
  return rows;
}

static void test_soft_gate(void) {
  CHECK_NEAR(gate(0.5, 0.8, 0.2), 0.5, 1e-12); /* the centre */
  CHECK(gate(0.0, 0.8, 0.2) > 0.9);            /* short: counts */
  CHECK(gate(2.0, 0.8, 0.2) < 0.01);           /* long: fades */
  CHECK(gate(0.3, 0.8, 0.2) > gate(0.6, 0.8, 0.2));
  /* the gate scales the rows */
  kb_ik_pose pose;
  ik_random_pose(&pose, 0.2);
  kb_ik_frame f;
  kb_ik_forward(&skeleton, &pose, &f);
  kb_frame_vector_task t;
  fill_pairs(&t);
  double plain[KB_IK_MAX_ROWS], gated[KB_IK_MAX_ROWS];
  int rows;
  kb_frame_vector_task_evaluate(&t, &f, NULL, plain, NULL, KB_IK_MAX_ROWS,
                                &rows);
  t.gate = 1, t.gate_start = 0.8, t.gate_full = 0.2;
  kb_frame_vector_task_evaluate(&t, &f, NULL, gated, NULL, KB_IK_MAX_ROWS,
                                &rows);
  double len = sqrt(0.1 * 0.1 + 0.05 * 0.05 + 0.3 * 0.3); /* pair 1 */
  CHECK_NEAR(gated[3], plain[3] * gate(len, 0.8, 0.2), 1e-12);
}

static void test_frame_vector_errors(void) {
  kb_frame_vector_task t;
  fill_pairs(&t);
  CHECK(kb_frame_vector_task_check(&t) == KB_OK);
  CHECK(fv_rows(&t) == 12);
  t.huber = KB_HUBER_NORM;
  CHECK(fv_rows(&t) == 4);
  t.huber_delta = 0;
  CHECK(kb_frame_vector_task_check(&t) == KB_ERR_OUT_OF_RANGE);
  t.huber = 7;
  CHECK(kb_frame_vector_task_check(&t) == KB_ERR_OUT_OF_RANGE);
  fill_pairs(&t);
  t.gate = 1, t.gate_start = 0.2, t.gate_full = 0.8; /* S must exceed F */
  CHECK(kb_frame_vector_task_check(&t) == KB_ERR_OUT_OF_RANGE);
  fill_pairs(&t);
  t.pairs[1].weight = -1;
  CHECK(kb_frame_vector_task_check(&t) == KB_ERR_OUT_OF_RANGE);
  fill_pairs(&t);
  t.pairs[0].target[2] = NAN;
  CHECK(kb_frame_vector_task_check(&t) == KB_ERR_NOT_FINITE);
  fill_pairs(&t);
  t.pairs[2].link.joint = -1; /* the task link must be a body point */
  CHECK(kb_frame_vector_task_check(&t) == KB_ERR_OUT_OF_RANGE);
  fill_pairs(&t);
  kb_ik_frame f;
  kb_ik_pose pose;
  ik_random_pose(&pose, 0.1);
  kb_ik_forward(&skeleton, &pose, &f);
  double r[KB_IK_MAX_ROWS];
  int rows;
  CHECK(kb_frame_vector_task_evaluate(&t, &f, NULL, r, NULL, 5, &rows) ==
        KB_ERR_CAPACITY);
  double target[3] = {0, 0, 0};
  kb_marker m = {0, {0, 0, 0}};
  while (t.n_pairs < KB_IK_MAX_PAIRS)
    kb_frame_vector_task_add(&t, NULL, &m, target, 1, 1);
  CHECK(kb_frame_vector_task_add(&t, NULL, &m, target, 1, 1) ==
        KB_ERR_CAPACITY);
}

/* Source positions: our bind scaled by 0.6, arms and legs bent a little. */
static void fill_retarget(kb_retarget_task *t, int rows) {
  kb_retarget_task_init(t);
  kb_ik_pose pose;
  ik_random_pose(&pose, 0.5);
  kb_ik_frame f;
  kb_ik_forward(&skeleton, &pose, &f);
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    for (int i = 0; i < 3; i++) t->targets[j][i] = 0.6 * f.position[j][i];
  t->target_scale = 1 / 0.6;
  t->weight_position = 0.5;
  t->weight_direction = 2;
  t->direction_rows = rows;
  kb_retarget_task_add(t, KB_PELVIS, -1, 1);
  for (int j = 1; j < KB_JOINT_COUNT; j++)
    kb_retarget_task_add(t, j, kb_joint_parent(j), j % 3 ? 1.0 : 0.5);
}

static void test_retarget_modes(void) {
  kb_retarget_task t;
  task_context ctx = {NULL, &t};
  printf("retargeting task Jacobians:\n");
  fill_retarget(&t, 1);
  check_task("position + direction (1 row)", ctx);
  fill_retarget(&t, 3);
  check_task("position + direction (3 rows)", ctx);
}

static void test_retarget_values(void) {
  kb_retarget_task t;
  fill_retarget(&t, 1);
  kb_ik_pose pose;
  ik_random_pose(&pose, 0.3);
  kb_ik_frame f;
  kb_ik_forward(&skeleton, &pose, &f);
  double r[KB_IK_MAX_ROWS];
  int rows;
  CHECK(kb_retarget_task_evaluate(&t, &f, NULL, r, NULL, KB_IK_MAX_ROWS,
                                  &rows) == KB_OK);
  CHECK(rows == 4 * KB_JOINT_COUNT);
  /* pair 5 (joint 5 from its parent 2), weight 1: target minus current */
  int j = 5, pj = 2, k = 4 * 5;
  double d[3], tgt[3], dn = 0, tn = 0, dot = 0;
  for (int i = 0; i < 3; i++) {
    d[i] = f.position[j][i] - f.position[pj][i];
    tgt[i] = (t.targets[j][i] - t.targets[pj][i]) / 0.6;
    CHECK_NEAR(r[k + i], 0.5 * (tgt[i] - d[i]), 1e-12);
    dn += d[i] * d[i], tn += tgt[i] * tgt[i], dot += d[i] * tgt[i];
  }
  CHECK_NEAR(r[k + 3], 2 * (1 - dot / sqrt(dn * tn)), 1e-12);
  /* opposite directions: the seed's row has a zero Jacobian, the 3-row
   * option does not */
  kb_retarget_task o;
  kb_retarget_task_init(&o);
  o.weight_position = 0;
  kb_retarget_task_add(&o, KB_LEFT_ELBOW, KB_LEFT_SHOULDER, 1);
  for (int i = 0; i < 3; i++) {
    o.targets[KB_LEFT_SHOULDER][i] = f.position[KB_LEFT_SHOULDER][i];
    o.targets[KB_LEFT_ELBOW][i] =
        2 * f.position[KB_LEFT_SHOULDER][i] - f.position[KB_LEFT_ELBOW][i];
  }
  static double jac[KB_IK_MAX_ROWS * KB_IK_DOF];
  kb_retarget_task_evaluate(&o, &f, NULL, r, jac, KB_IK_MAX_ROWS, &rows);
  CHECK_NEAR(r[3], 2.0, 1e-9);
  double most = 0;
  for (int c = 0; c < KB_IK_DOF; c++)
    most = fmax(most, fabs(jac[3 * KB_IK_DOF + c]));
  CHECK(most < 1e-6);
  o.direction_rows = 3;
  kb_retarget_task_evaluate(&o, &f, NULL, r, jac, KB_IK_MAX_ROWS, &rows);
  CHECK(rows == 6);
  most = 0;
  for (int c = 3 * KB_IK_DOF; c < 6 * KB_IK_DOF; c++)
    most = fmax(most, fabs(jac[c]));
  CHECK(most > 0.5);
}

static void test_retarget_errors(void) {
  kb_retarget_task t;
  fill_retarget(&t, 1);
  CHECK(kb_retarget_task_check(&t) == KB_OK);
  t.direction_rows = 2;
  CHECK(kb_retarget_task_check(&t) == KB_ERR_OUT_OF_RANGE);
  fill_retarget(&t, 3);
  t.target_scale = 0;
  CHECK(kb_retarget_task_check(&t) == KB_ERR_OUT_OF_RANGE);
  fill_retarget(&t, 3);
  t.targets[4][1] = INFINITY;
  CHECK(kb_retarget_task_check(&t) == KB_ERR_NOT_FINITE);
  fill_retarget(&t, 3);
  t.pairs[3].origin = t.pairs[3].joint;
  CHECK(kb_retarget_task_check(&t) == KB_ERR_OUT_OF_RANGE);
  fill_retarget(&t, 3);
  CHECK(kb_retarget_task_add(&t, 0, -1, 1) == KB_OK);
  t.n_pairs = KB_IK_MAX_PAIRS;
  CHECK(kb_retarget_task_add(&t, 0, -1, 1) == KB_ERR_CAPACITY);
}

/* Row counts and the gate refuse what they cannot count (the counts
 * overflowed int for huge or negative pair counts). */
static void test_counts_refused(void) {
  kb_frame_vector_task t;
  fill_pairs(&t);
  int rows = -1;
  t.n_pairs = 1 << 30;
  CHECK(kb_frame_vector_task_row_count(&t, &rows) == KB_ERR_CAPACITY);
  t.n_pairs = -5;
  CHECK(kb_frame_vector_task_row_count(&t, &rows) == KB_ERR_CAPACITY);
  CHECK(rows == -1);
  kb_retarget_task r;
  kb_retarget_task_init(&r);
  r.n_pairs = 0x7fffffff;
  CHECK(kb_retarget_task_row_count(&r, &rows) == KB_ERR_CAPACITY);
  r.n_pairs = 2, r.direction_rows = 2;
  CHECK(kb_retarget_task_row_count(&r, &rows) == KB_ERR_OUT_OF_RANGE);
  r.direction_rows = 3;
  CHECK(kb_retarget_task_row_count(&r, &rows) == KB_OK && rows == 12);
  double g;
  CHECK(kb_soft_gate(0.5, 0.2, 0.2, &g) == KB_ERR_OUT_OF_RANGE);
  CHECK(kb_soft_gate(NAN, 0.8, 0.2, &g) == KB_ERR_NOT_FINITE);
}

int main(void) {
  kb_skeleton_init(&skeleton, KB_DEFAULT_HEIGHT);
  test_frame_vector_modes();
  test_frame_vector_values();
  test_soft_gate();
  test_frame_vector_errors();
  test_retarget_modes();
  test_retarget_values();
  test_retarget_errors();
  printf("task Jacobians: max relative error %.3g\n", worst_error);
  test_counts_refused();
  return check_summary("tasks");
}
