/* Clap check (local rotations and FK output, struct and flat forms) and the
 * clap solve on arbitrary poses and options. */
#include "fuzz.h"

static kb_solver solver;

static void check_report(const kb_clap_report *r) {
  float v[5] = {r->separation, r->palm_dot, r->thumb_left, r->thumb_right,
                r->order};
  FUZZ_CHECK(all_finite(v, 5));
  FUZZ_CHECK(r->palm_dot >= -1.0001f && r->palm_dot <= 1.0001f);
  FUZZ_CHECK(r->ok == (r->separation_ok && r->palms_ok && r->thumb_left_ok &&
                       r->thumb_right_ok && r->order_ok));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  kb_skeleton s;
  kb_skeleton_init(&s, 1.2f + fuzz_byte(&in) / 200.0f);
  float local[KB_POSE_FLOATS], root[4], pos[66], rot[KB_POSE_FLOATS];
  int raw = fuzz_byte(&in) < 64;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    if (raw)
      fuzz_floats(&in, local + 4 * j, 4);
    else
      fuzz_unit_quat(&in, local + 4 * j);
  }
  fuzz_floats(&in, root, 4);
  kb_clap_report r;
  kb_clap_limits lim;
  kb_clap_default_limits(&lim);
  if (kb_clap_check(&s, local, root, &lim, &r) == KB_OK) check_report(&r);
  float flat[KB_CLAP_REPORT_FLOATS];
  if (kb_clap_check_flat(&s, local, flat) == KB_OK)
    FUZZ_CHECK(all_finite(flat, KB_CLAP_REPORT_FLOATS));
  fuzz_floats(&in, pos, 6);
  for (int i = 6; i < 66; i++) pos[i] = (float)(int8_t)fuzz_byte(&in) / 50.0f;
  memcpy(rot, local, sizeof rot);
  if (kb_clap_check_world(&s, pos, rot, NULL, &r) == KB_OK) check_report(&r);
  if (kb_clap_check_world_flat(&s, pos, rot, flat) == KB_OK)
    FUZZ_CHECK(all_finite(flat, KB_CLAP_REPORT_FLOATS));
  /* the solve: a few iterations from the pose, arbitrary options */
  if (fuzz_byte(&in) < 64) return 0;
  kb_ik_options o;
  kb_ik_default_options(&o);
  o.max_iterations = fuzz_int(&in, 1, 12);
  FUZZ_CHECK(kb_solver_init(&solver, &o) == KB_OK);
  kb_clap_solve_options co;
  kb_clap_solve_default_options(&co);
  if (fuzz_byte(&in) < 64) {
    double v[KB_CLAP_OPTIONS_DOUBLES];
    fuzz_doubles(&in, v, KB_CLAP_OPTIONS_DOUBLES);
    co = (kb_clap_solve_options){v[0], v[1], v[2], v[3], v[4]};
  }
  float out[KB_POSE_FLOATS];
  kb_ik_result res;
  if (kb_clap_solve(&solver, &s, local, &co, out, &res) == KB_OK) {
    FUZZ_CHECK(all_unit(out, KB_JOINT_COUNT));
    double v[4] = {res.cost, res.initial_cost, res.lambda, res.gradient};
    FUZZ_CHECK(all_finite_d(v, 4) && res.cost <= res.initial_cost);
  }
  return 0;
}
