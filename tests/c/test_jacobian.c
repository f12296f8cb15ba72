/* Double-precision FK, point and marker Jacobians against central finite
 * differences, masks, steps. */
#include <stdio.h>

#include "check.h"
#include "ik_fd.h"
#include "kblend_wasm.h"

static kb_skeleton skeleton;

typedef struct {
  const kb_marker *marker;
} point_context;

static void point_rows(const kb_ik_pose *pose, void *ctx, double *out) {
  kb_ik_frame f;
  kb_ik_forward(&skeleton, pose, &f);
  kb_ik_point(&f, ((point_context *)ctx)->marker, out);
}

static double worst_error = 0;

static void check_point_jacobian(const kb_ik_pose *pose, const kb_marker *m,
                                 const uint8_t *mask) {
  kb_ik_frame f;
  double analytic[3 * KB_IK_DOF], numeric[3 * KB_IK_DOF];
  kb_ik_forward(&skeleton, pose, &f);
  CHECK(kb_ik_point_jacobian(&f, m, mask, analytic) == KB_OK);
  point_context ctx = {m};
  ik_fd_jacobian(point_rows, &ctx, pose, 3, mask, 1e-6, numeric);
  double err = ik_relative_error(analytic, numeric, 3 * KB_IK_DOF);
  if (err > worst_error) worst_error = err;
  CHECK(err < 1e-5);
}

static void test_fk_matches_float_fk(void) {
  kb_ik_pose pose;
  ik_random_pose(&pose, 0.8);
  pose.root[0] = 0.3, pose.root[1] = -0.1, pose.root[2] = 0.2;
  float local[KB_POSE_FLOATS], root[3], pos[KB_JOINT_COUNT * 3],
      rot[KB_POSE_FLOATS];
  kb_ik_pose_to_local(&pose, local, root);
  kb_forward_kinematics(&skeleton, local, root, NULL, pos, rot);
  kb_ik_frame f;
  CHECK(kb_ik_forward(&skeleton, &pose, &f) == KB_OK);
  double worst = 0;
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    for (int i = 0; i < 3; i++)
      worst = fmax(worst, fabs(f.position[j][i] - pos[3 * j + i]));
  CHECK(worst < 1e-5);
}

static void test_joint_and_marker_jacobians(void) {
  for (int trial = 0; trial < 4; trial++) {
    kb_ik_pose pose;
    ik_random_pose(&pose, 0.9);
    for (int i = 0; i < 3; i++) pose.root[i] = 0.2 * ik_rand();
    for (int j = 0; j < KB_JOINT_COUNT; j++) {
      kb_marker m = {j, {0, 0, 0}};
      check_point_jacobian(&pose, &m, NULL);
      kb_marker off = {j, {0.05f, -0.02f, 0.07f}};
      check_point_jacobian(&pose, &off, NULL);
    }
    for (int side = 0; side < 2; side++) {
      check_point_jacobian(&pose, &skeleton.palm_centre[side], NULL);
      check_point_jacobian(&pose, &skeleton.thumb_tip[side], NULL);
    }
  }
  printf("point Jacobian: max relative error %.3g\n", worst_error);
}

static void test_mask_zeroes_columns(void) {
  kb_ik_pose pose;
  ik_random_pose(&pose, 0.5);
  kb_ik_frame f;
  kb_ik_forward(&skeleton, &pose, &f);
  uint8_t mask[KB_IK_DOF] = {0};
  CHECK(kb_ik_mask_set(mask, KB_LEFT_ELBOW, 1) == KB_OK);
  CHECK(kb_ik_mask_set(mask, -1, 1) == KB_OK);
  double full[3 * KB_IK_DOF], masked[3 * KB_IK_DOF];
  kb_ik_point_jacobian(&f, &skeleton.palm_centre[0], NULL, full);
  kb_ik_point_jacobian(&f, &skeleton.palm_centre[0], mask, masked);
  int ok = 1;
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < KB_IK_DOF; c++) {
      double want = mask[c] ? full[r * KB_IK_DOF + c] : 0;
      if (masked[r * KB_IK_DOF + c] != want) ok = 0;
    }
  CHECK(ok);
  check_point_jacobian(&pose, &skeleton.palm_centre[0], mask);
  /* the elbow's own position does not depend on the elbow's rotation */
  kb_marker elbow = {KB_LEFT_ELBOW, {0, 0, 0}};
  kb_ik_point_jacobian(&f, &elbow, NULL, full);
  int c0 = 3 + 3 * KB_LEFT_ELBOW;
  CHECK(full[c0] == 0 && full[KB_IK_DOF + c0 + 1] == 0);
  /* and the legs do not move a hand */
  kb_ik_point_jacobian(&f, &skeleton.thumb_tip[1], NULL, full);
  CHECK(full[3 + 3 * KB_LEFT_KNEE] == 0 && full[3 + 3 * KB_RIGHT_HIP + 2] == 0);
}

static void test_world_point_and_errors(void) {
  kb_ik_pose pose;
  ik_random_pose(&pose, 0.3);
  kb_ik_frame f;
  kb_ik_forward(&skeleton, &pose, &f);
  kb_marker world = {-1, {1, 2, 3}};
  double p[3], jac[3 * KB_IK_DOF];
  CHECK(kb_ik_point(&f, &world, p) == KB_OK);
  CHECK(p[0] == 1 && p[1] == 2 && p[2] == 3);
  CHECK(kb_ik_point_jacobian(&f, &world, NULL, jac) == KB_OK);
  double most = 0;
  for (int i = 0; i < 3 * KB_IK_DOF; i++) most = fmax(most, fabs(jac[i]));
  CHECK(most == 0);
  kb_marker bad = {KB_JOINT_COUNT, {0, 0, 0}};
  CHECK(kb_ik_point(&f, &bad, p) == KB_ERR_OUT_OF_RANGE);
  CHECK(kb_ik_point(NULL, &world, p) == KB_ERR_NULL);
  kb_marker nan_offset = {0, {NAN, 0, 0}};
  CHECK(kb_ik_point(&f, &nan_offset, p) == KB_ERR_NOT_FINITE);
  uint8_t mask[KB_IK_DOF];
  CHECK(kb_ik_mask_set(mask, -2, 1) == KB_ERR_OUT_OF_RANGE);
  CHECK(kb_ik_mask_set(mask, KB_JOINT_COUNT, 1) == KB_ERR_OUT_OF_RANGE);
  CHECK(kb_ik_forward(NULL, &pose, &f) == KB_ERR_NULL);
}

static void test_steps_and_conversions(void) {
  kb_ik_pose pose, moved;
  ik_random_pose(&pose, 0.7);
  double delta[KB_IK_DOF] = {0};
  delta[0] = 0.5;
  delta[3 + 3 * KB_LEFT_ELBOW + 1] = 0.4;
  CHECK(kb_ik_apply_step(&pose, delta, &moved) == KB_OK);
  CHECK(moved.root[0] == pose.root[0] + 0.5);
  /* joints with a zero increment are copied bit for bit */
  CHECK(memcmp(moved.local[KB_RIGHT_ELBOW], pose.local[KB_RIGHT_ELBOW],
               sizeof moved.local[0]) == 0);
  /* R ← R·exp(δ): the change seen in the joint's own frame is exp(δ) */
  const double *a = pose.local[KB_LEFT_ELBOW], *b = moved.local[KB_LEFT_ELBOW];
  double w = a[3] * b[3] + a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  double y = a[3] * b[1] - a[1] * b[3] + a[0] * b[2] - a[2] * b[0];
  CHECK_NEAR(2 * atan2(y, w), 0.4, 1e-12);
  delta[5] = NAN;
  CHECK(kb_ik_apply_step(&pose, delta, &moved) == KB_ERR_NOT_FINITE);
  double flat[KB_IK_POSE_DOUBLES];
  kb_ik_pose back;
  CHECK(kb_ik_pose_to_flat(&pose, flat) == KB_OK);
  CHECK(kb_ik_pose_from_flat(flat, &back) == KB_OK);
  CHECK_NEAR(back.local[7][2], pose.local[7][2], 1e-15);
  flat[3 + 4 * 5 + 2] = NAN;
  CHECK(kb_ik_pose_from_flat(flat, &back) == KB_ERR_NOT_FINITE);
  memset(flat + 3 + 4 * 6, 0, 4 * sizeof(double));
  flat[3 + 4 * 5 + 2] = 0;
  CHECK(kb_ik_pose_from_flat(flat, &back) == KB_ERR_ZERO_QUAT);
  float idle[KB_POSE_FLOATS];
  kb_idle_pose(KB_DEFAULT_APOSE, idle);
  CHECK(kb_ik_pose_from_local(idle, NULL, &back) == KB_OK);
  CHECK(back.root[1] == 0);
  CHECK_NEAR(back.local[KB_LEFT_SHOULDER][2], idle[4 * KB_LEFT_SHOULDER + 2],
             1e-7);
}

/* A finite but huge increment (1e200) is applied (sin/cos of a huge angle
 * are still a unit rotation) instead of returning OK without writing; one
 * that overflows |v| is refused and leaves the output as it was. */
static void test_huge_step(void) {
  kb_ik_pose pose, out;
  memset(&pose, 0, sizeof pose);
  for (int j = 0; j < KB_JOINT_COUNT; j++) pose.local[j][3] = 1;
  double delta[KB_IK_DOF] = {0};
  delta[3 + 3 * KB_LEFT_ELBOW] = 1e200;
  memset(&out, 0x7f, sizeof out); /* garbage, to see what is written */
  CHECK(kb_ik_apply_step(&pose, delta, &out) == KB_OK);
  const double *q = out.local[KB_LEFT_ELBOW];
  double n = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
  CHECK(isfinite(n) && fabs(n - 1) < 1e-12);
  CHECK(q[1] == 0 && q[2] == 0); /* still about X */
  CHECK(out.local[0][3] == 1 && out.root[0] == 0);
  delta[3 + 3 * KB_LEFT_ELBOW] = 1.7e308,
                delta[4 + 3 * KB_LEFT_ELBOW] = 1.7e308;
  kb_ik_pose before = out;
  CHECK(kb_ik_apply_step(&pose, delta, &out) == KB_ERR_NOT_FINITE);
  CHECK(memcmp(&before, &out, sizeof out) == 0);
  /* a root past the largest magnitude, a pose that is not unit */
  double root_step[KB_IK_DOF] = {1.7e308};
  pose.root[0] = 1.7e308;
  CHECK(kb_ik_apply_step(&pose, root_step, &out) == KB_ERR_OUT_OF_RANGE);
  pose.root[0] = 0;
  pose.local[3][3] = 2;
  CHECK(kb_ik_apply_step(&pose, root_step, &out) == KB_ERR_OUT_OF_RANGE);
  kb_ik_frame f;
  CHECK(kb_ik_forward(&skeleton, &pose, &f) == KB_ERR_OUT_OF_RANGE);
}

int main(void) {
  kb_skeleton_init(&skeleton, KB_DEFAULT_HEIGHT);
  test_fk_matches_float_fk();
  test_joint_and_marker_jacobians();
  test_mask_zeroes_columns();
  test_world_point_and_errors();
  test_steps_and_conversions();
  test_huge_step();
  return check_summary("jacobian");
}
