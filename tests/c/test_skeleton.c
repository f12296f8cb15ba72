#include <string.h>

#include "check.h"
#include "kblend.h"

static float bind_pos[66], bind_rot[88];

static void bind(const kb_skeleton *s) {
  float identity[88] = {0};
  for (int j = 0; j < KB_JOINT_COUNT; j++) identity[4 * j + 3] = 1;
  kb_forward_kinematics(s, identity, NULL, NULL, bind_pos, bind_rot);
}

static void test_names_and_parents(void) {
  CHECK(strcmp(kb_joint_name(0), "pelvis") == 0);
  CHECK(strcmp(kb_joint_name(21), "right_wrist") == 0);
  CHECK(kb_joint_name(22) == NULL && kb_joint_parent(-1) == -2);
  CHECK(kb_joint_parent(KB_LEFT_SHOULDER) == KB_LEFT_COLLAR);
  CHECK(kb_joint_parent(KB_HEAD) == KB_NECK);
  CHECK(kb_joint_index("left_elbow") == KB_LEFT_ELBOW &&
        kb_joint_index("nose") == -1);
  for (int j = 1; j < KB_JOINT_COUNT; j++) CHECK(kb_joint_parent(j) < j);
}

static void test_proportions(void) {
  kb_skeleton s;
  CHECK(kb_skeleton_init(&s, 1.75f) == KB_OK);
  bind(&s);
  const float H = 1.75f;
  CHECK_NEAR(bind_pos[3 * KB_LEFT_SHOULDER + 1], 0.818 * H, 1e-5);
  CHECK_NEAR(bind_pos[3 * KB_LEFT_HIP + 1], 0.530 * H, 1e-5);
  CHECK_NEAR(bind_pos[3 * KB_LEFT_KNEE + 1], 0.285 * H, 1e-5);
  CHECK_NEAR(bind_pos[3 * KB_LEFT_ANKLE + 1], 0.039 * H, 1e-5);
  CHECK_NEAR(bind_pos[3 * KB_LEFT_SHOULDER] - bind_pos[3 * KB_RIGHT_SHOULDER],
             0.259 * H, 1e-5);
  CHECK_NEAR(bind_pos[3 * KB_LEFT_ELBOW] - bind_pos[3 * KB_LEFT_SHOULDER],
             0.186 * H, 1e-5);
  CHECK_NEAR(bind_pos[3 * KB_LEFT_WRIST] - bind_pos[3 * KB_LEFT_ELBOW],
             0.146 * H, 1e-5);
  CHECK(bind_pos[3 * KB_LEFT_WRIST] > 0 &&
        bind_pos[3 * KB_RIGHT_WRIST] < 0);   /* left is +X */
  CHECK(bind_pos[3 * KB_LEFT_FOOT + 2] > 0); /* faces +Z */
  float lowest = 1e9f;
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    lowest = fminf(lowest, bind_pos[3 * j + 1]);
  CHECK(lowest >= 0 && lowest < 0.03f); /* stands on y = 0 */
  kb_skeleton tall;
  kb_skeleton_init(&tall, 2.0f);
  CHECK_NEAR(tall.offsets[KB_LEFT_ELBOW][0], 0.186 * 2.0, 1e-5);
  CHECK(kb_skeleton_init(&tall, NAN) == KB_ERR_NOT_FINITE);
  CHECK(kb_skeleton_init(&tall, -1) == KB_ERR_OUT_OF_RANGE);
}

static void test_idle_pose(void) {
  kb_skeleton s;
  kb_skeleton_init(&s, 1.75f);
  float idle[88], pos[66], rot[88];
  CHECK(kb_idle_pose(1.18f, idle) == KB_OK);
  kb_forward_kinematics(&s, idle, NULL, NULL, pos, rot);
  for (int side = 0; side < 2; side++) {
    const float *w = pos + 3 * (KB_LEFT_WRIST + side),
                *sh = pos + 3 * (KB_LEFT_SHOULDER + side);
    CHECK(w[1] < sh[1] - 0.4f);
  }
  CHECK(pos[3 * KB_LEFT_WRIST] > 0 && pos[3 * KB_RIGHT_WRIST] < 0);
  /* the upper arm is lowered by exactly the A-pose angle */
  float id[4] = {0, 0, 0, 1}, angle;
  kb_quat_geodesic_angle(id, idle + 4 * KB_LEFT_SHOULDER, &angle);
  CHECK_NEAR(angle, 1.18, 1e-6);
  CHECK(idle[4 * KB_HEAD + 3] == 1);
  CHECK(kb_idle_pose(2.0f, idle) == KB_ERR_OUT_OF_RANGE);
}

static void test_fk_root_and_markers(void) {
  kb_skeleton s;
  kb_skeleton_init(&s, 1.75f);
  bind(&s);
  float identity[88] = {0}, pos[66], rot[88];
  for (int j = 0; j < KB_JOINT_COUNT; j++) identity[4 * j + 3] = 1;
  float t[3] = {1, 0, 2}, turn[4] = {0, 1, 0, 0}; /* 180° about Y */
  kb_forward_kinematics(&s, identity, t, turn, pos, rot);
  CHECK_NEAR(pos[3 * KB_LEFT_WRIST], 1 - bind_pos[3 * KB_LEFT_WRIST], 1e-5);
  CHECK_NEAR(pos[3 * KB_LEFT_WRIST + 2], 2, 1e-5);
  /* elbow bent 90° about Y: the forearm turns from +X to −Z */
  float bent[88];
  memcpy(bent, identity, sizeof bent);
  bent[4 * KB_LEFT_ELBOW + 1] = sinf(0.785398f),
                           bent[4 * KB_LEFT_ELBOW + 3] = cosf(0.785398f);
  kb_forward_kinematics(&s, bent, NULL, NULL, pos, rot);
  CHECK_NEAR(pos[3 * KB_LEFT_WRIST + 2], -0.146 * 1.75, 1e-5);
  float palm[3];
  kb_forward_kinematics(&s, identity, NULL, NULL, pos, rot);
  CHECK(kb_marker_position(&s.palm_centre[0], pos, rot, palm) == KB_OK);
  CHECK(palm[0] > pos[3 * KB_LEFT_WRIST] &&
        palm[1] < pos[3 * KB_LEFT_WRIST + 1]);
  float zero[88] = {0};
  CHECK(kb_forward_kinematics(&s, zero, NULL, NULL, pos, rot) ==
        KB_ERR_ZERO_QUAT);
}

static int all_unit_rotations(const float *rot) {
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    const float *q = rot + 4 * j;
    if (fabsf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3] - 1) >
        1e-5f)
      return 0;
  }
  return 1;
}

static void test_fk_batch(void) {
  kb_skeleton s;
  kb_skeleton_init(&s, 1.75f);
  enum { N = 3 };
  float local[N * 88], roots[N * 3], pos[N * 66], rot[N * 88];
  for (int k = 0; k < N; k++) {
    kb_idle_pose(0.4f * k, local + 88 * k);
    roots[3 * k] = (float)k, roots[3 * k + 1] = 0, roots[3 * k + 2] = -1;
  }
  int failed = 7;
  CHECK(kb_forward_kinematics_batch(&s, local, N, roots, pos, rot, &failed) ==
        KB_OK);
  CHECK(failed == -1);
  for (int k = 0; k < N; k++) {
    float one_pos[66], one_rot[88];
    kb_forward_kinematics(&s, local + 88 * k, roots + 3 * k, NULL, one_pos,
                          one_rot);
    CHECK(memcmp(one_pos, pos + 66 * k, sizeof one_pos) == 0);
    CHECK(memcmp(one_rot, rot + 88 * k, sizeof one_rot) == 0);
  }
  /* non-unit poses are normalized, as one call per pose does */
  for (int i = 0; i < 88; i++) local[88 * 2 + i] *= 3.0f;
  CHECK(kb_forward_kinematics_batch(&s, local, N, roots, pos, rot, NULL) ==
        KB_OK);
  CHECK(all_unit_rotations(rot + 88 * 2));
  /* the refused pose is named; a refusal writes no positions */
  local[88 + 3] = NAN;
  memset(pos, 0, sizeof pos);
  CHECK(kb_forward_kinematics_batch(&s, local, N, NULL, pos, rot, &failed) ==
        KB_ERR_NOT_FINITE);
  CHECK(failed == 1);
  CHECK(pos[0] == 0 && pos[66 * N - 1] == 0);
  local[88 + 3] = 1;
  roots[3 * 2 + 1] = INFINITY;
  CHECK(kb_forward_kinematics_batch(&s, local, N, roots, pos, rot, &failed) ==
        KB_ERR_NOT_FINITE);
  CHECK(failed == 2);
  memset(local + 88 * 2 + 8, 0, 4 * sizeof(float));
  CHECK(kb_forward_kinematics_batch(&s, local, N, NULL, pos, rot, &failed) ==
        KB_ERR_ZERO_QUAT);
  CHECK(failed == 2);
  CHECK(kb_forward_kinematics_batch(&s, local, -1, NULL, pos, rot, &failed) ==
        KB_ERR_OUT_OF_RANGE);
}

/* FK normalizes: a doubled quaternion is the same rotation (it put the
 * wrist at (-3416, -5102, 0)); a non-finite root translation is refused. */
static void test_fk_normalizes_and_checks_root(void) {
  kb_skeleton s;
  kb_skeleton_init(&s, 1.75f);
  float unit[88], doubled[88], pos[66], rot[88], pos2[66], rot2[88];
  kb_idle_pose(1.0f, unit);
  for (int i = 0; i < 88; i++) doubled[i] = 2 * unit[i];
  CHECK(kb_forward_kinematics(&s, unit, NULL, NULL, pos, rot) == KB_OK);
  CHECK(kb_forward_kinematics(&s, doubled, NULL, NULL, pos2, rot2) == KB_OK);
  float worst = 0;
  for (int i = 0; i < 66; i++) worst = fmaxf(worst, fabsf(pos[i] - pos2[i]));
  for (int i = 0; i < 88; i++) worst = fmaxf(worst, fabsf(rot[i] - rot2[i]));
  CHECK(worst < 1e-6f);
  float big[88];
  for (int i = 0; i < 88; i++) big[i] = 1e30f * unit[i];
  CHECK(kb_forward_kinematics(&s, big, NULL, NULL, pos2, rot2) == KB_OK);
  CHECK(fabsf(pos2[3 * KB_LEFT_WRIST] - pos[3 * KB_LEFT_WRIST]) < 1e-6f);
  float root_rot[4] = {0, 0, 0, 5};
  CHECK(kb_forward_kinematics(&s, unit, NULL, root_rot, pos2, rot2) == KB_OK);
  CHECK(fabsf(pos2[3 * KB_LEFT_WRIST] - pos[3 * KB_LEFT_WRIST]) < 1e-6f);
  float nan_root[3] = {0, NAN, 0}, inf_root[3] = {INFINITY, 0, 0};
  CHECK(kb_forward_kinematics(&s, unit, nan_root, NULL, pos2, rot2) ==
        KB_ERR_NOT_FINITE);
  CHECK(kb_forward_kinematics(&s, unit, inf_root, NULL, pos2, rot2) ==
        KB_ERR_NOT_FINITE);
  /* a finite root whose joints overflow float (a skeleton edited by hand) */
  float edge[3] = {3.4e38f, 3.4e38f, 0};
  s.offsets[KB_LEFT_HIP][0] = 3.4e38f;
  CHECK(kb_forward_kinematics(&s, unit, edge, NULL, pos2, rot2) ==
        KB_ERR_NOT_FINITE);
}

int main(void) {
  test_names_and_parents();
  test_fk_batch();
  test_proportions();
  test_idle_pose();
  test_fk_root_and_markers();
  test_fk_normalizes_and_checks_root();
  return check_summary("skeleton");
}
