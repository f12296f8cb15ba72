/* Clap by IK: from idle and from an authored clap pose every clap rule
 * passes with the hands in front of the chest; crossed arms fail the
 * no-crossing rule. */
#include <stdio.h>

#include "check.h"
#include <string.h>

#include "kblend.h"

static kb_skeleton skeleton;
static kb_solver solver;

static void print_report(const char *name, const kb_ik_result *r,
                         const kb_clap_report *c) {
  printf("%s: %d iterations, cost %.3g, separation %.4f m, palms %.4f, "
         "thumbs %.4f %.4f, order %.4f, ok %d\n",
         name, r->iterations, r->cost, c->separation, c->palm_dot,
         c->thumb_left, c->thumb_right, c->order, c->ok);
}

/* Wrists ahead of the chest, between hip and shoulder height. */
static void check_in_front_of_chest(const float *pose, const float *root_rot) {
  float pos[KB_JOINT_COUNT * 3], rot[KB_POSE_FLOATS];
  kb_forward_kinematics(&skeleton, pose, NULL, root_rot, pos, rot);
  float forward[3], z[3] = {0, 0, 1};
  kb_quat_rotate(root_rot ? root_rot : (float[4]){0, 0, 0, 1}, z, forward);
  const float *chest = pos + 3 * KB_SPINE3;
  for (int side = 0; side < 2; side++) {
    const float *w = pos + 3 * (KB_LEFT_WRIST + side);
    float ahead =
        (w[0] - chest[0]) * forward[0] + (w[2] - chest[2]) * forward[2];
    CHECK(ahead > 0.2f);
    CHECK(w[1] > pos[3 * KB_PELVIS + 1] &&
          w[1] < pos[3 * KB_LEFT_SHOULDER + 1]);
  }
}

static void solve_and_check(const char *name, const float *start) {
  float out[KB_POSE_FLOATS];
  kb_ik_result r;
  CHECK(kb_clap_solve(&solver, &skeleton, start, NULL, out, &r) == KB_OK);
  kb_clap_report c;
  CHECK(kb_clap_check(&skeleton, out, NULL, NULL, &c) == KB_OK);
  print_report(name, &r, &c);
  CHECK(c.ok && c.separation_ok && c.palms_ok && c.thumb_left_ok &&
        c.thumb_right_ok && c.order_ok);
  CHECK(r.converged);
  check_in_front_of_chest(out, NULL);
  /* only the arms moved */
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    int arm =
        j == KB_LEFT_COLLAR || j == KB_RIGHT_COLLAR || j >= KB_LEFT_SHOULDER;
    if (!arm) CHECK(memcmp(out + 4 * j, start + 4 * j, 4 * sizeof(float)) == 0);
  }
}

/* An authored clap: upper arms forward and down, elbows bent, hands turned
 * roughly palm to palm (as a gesture file would give it, not exact). */
static void authored_clap(float out[KB_POSE_FLOATS]) {
  kb_idle_pose(0, out);
  const float left_shoulder[3] = {0.0f, -1.1f, -0.6f},
              left_elbow[3] = {0.0f, -0.9f, 0.0f},
              left_wrist[3] = {1.3f, 0.0f, 0.0f};
  for (int side = 0; side < 2; side++) {
    float m = side == 0 ? 1.0f : -1.0f; /* mirror: y and z angles flip */
    float s[3] = {left_shoulder[0], m * left_shoulder[1], m * left_shoulder[2]};
    float e[3] = {left_elbow[0], m * left_elbow[1], m * left_elbow[2]};
    float w[3] = {left_wrist[0], m * left_wrist[1], m * left_wrist[2]};
    kb_quat_from_euler_xyz(s, out + 4 * (KB_LEFT_SHOULDER + side));
    kb_quat_from_euler_xyz(e, out + 4 * (KB_LEFT_ELBOW + side));
    kb_quat_from_euler_xyz(w, out + 4 * (KB_LEFT_WRIST + side));
  }
}

static void test_from_idle(void) {
  float idle[KB_POSE_FLOATS];
  kb_idle_pose(KB_DEFAULT_APOSE, idle);
  kb_clap_report c;
  kb_clap_check(&skeleton, idle, NULL, NULL, &c);
  CHECK(!c.ok); /* idle is no clap */
  solve_and_check("from idle", idle);
}

static void test_from_authored(void) {
  float clap[KB_POSE_FLOATS];
  authored_clap(clap);
  kb_clap_report c;
  kb_clap_check(&skeleton, clap, NULL, NULL, &c);
  printf("authored pose before the solve: separation %.3f, palms %.3f, "
         "ok %d\n",
         c.separation, c.palm_dot, c.ok);
  solve_and_check("from the authored clap", clap);
}

static void test_turned_body(void) {
  /* a pelvis turned 90° about Y: the tasks follow the body heading */
  float idle[KB_POSE_FLOATS], out[KB_POSE_FLOATS];
  kb_idle_pose(KB_DEFAULT_APOSE, idle);
  float turn[3] = {0, 1.5707963f, 0};
  kb_quat_from_euler_xyz(turn, idle + 4 * KB_PELVIS);
  kb_ik_result r;
  CHECK(kb_clap_solve(&solver, &skeleton, idle, NULL, out, &r) == KB_OK);
  kb_clap_report c;
  kb_clap_check(&skeleton, out, NULL, NULL, &c);
  print_report("turned body", &r, &c);
  CHECK(c.ok);
}

static void test_crossed_arms_fail(void) {
  /* the same tasks with the wrist-to-wrist vector reversed: the left wrist
   * ends up on the right of the right wrist */
  float idle[KB_POSE_FLOATS], crossed[KB_POSE_FLOATS];
  kb_idle_pose(KB_DEFAULT_APOSE, idle);
  kb_frame_vector_task tasks[2];
  CHECK(kb_clap_tasks(&skeleton, idle + 4 * KB_PELVIS, NULL, &tasks[0],
                      &tasks[1]) == KB_OK);
  tasks[0].pairs[0].target[0] = 0.17;
  tasks[0].pairs[1].target[0] = -0.085;
  tasks[0].pairs[2].target[0] = 0.085;
  tasks[0].n_pairs = 3;
  uint8_t mask[KB_IK_DOF] = {0};
  for (int j = KB_LEFT_SHOULDER; j < KB_JOINT_COUNT; j++)
    kb_ik_mask_set(mask, j, 1);
  kb_ik_pose pose;
  kb_ik_pose_from_local(idle, NULL, &pose);
  kb_ik_problem p = {&skeleton, tasks, 2, NULL, 0, mask, &pose, 0.02, NULL, 0};
  kb_ik_pose start = pose;
  p.reference = &start;
  kb_ik_result r;
  kb_solver_init(&solver, NULL);
  kb_solver_solve(&solver, &p, &pose, &r);
  kb_ik_pose_to_local(&pose, crossed, NULL);
  kb_clap_report c;
  kb_clap_check(&skeleton, crossed, NULL, NULL, &c);
  print_report("crossed arms", &r, &c);
  CHECK(!c.order_ok && !c.ok);
  CHECK(c.separation_ok && c.palms_ok); /* only the crossing rule fails */
}

static void test_errors(void) {
  float idle[KB_POSE_FLOATS], out[KB_POSE_FLOATS];
  kb_idle_pose(KB_DEFAULT_APOSE, idle);
  kb_ik_result r;
  CHECK(kb_clap_solve(NULL, &skeleton, idle, NULL, out, &r) == KB_ERR_NULL);
  kb_clap_solve_options o;
  kb_clap_solve_default_options(&o);
  o.separation = -1;
  CHECK(kb_clap_solve(&solver, &skeleton, idle, &o, out, &r) ==
        KB_ERR_OUT_OF_RANGE);
  kb_clap_solve_default_options(&o);
  o.chest_forward = NAN;
  CHECK(kb_clap_solve(&solver, &skeleton, idle, &o, out, &r) ==
        KB_ERR_NOT_FINITE);
  idle[4 * 3 + 1] = NAN;
  CHECK(kb_clap_solve(&solver, &skeleton, idle, NULL, out, &r) ==
        KB_ERR_NOT_FINITE);
}

int main(void) {
  kb_skeleton_init(&skeleton, KB_DEFAULT_HEIGHT);
  kb_solver_init(&solver, NULL);
  test_from_idle();
  test_from_authored();
  test_turned_body();
  test_crossed_arms_fail();
  test_errors();
  return check_summary("clap_solve");
}
