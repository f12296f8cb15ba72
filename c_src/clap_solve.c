/* Clap by IK: the clap rules of docs/design.md §5 written as frame-vector tasks
 * and solved from an authored pose, moving the arms only. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

kb_status kb_clap_solve_default_options(kb_clap_solve_options *out) {
  if (!out) return KB_ERR_NULL;
  out->separation = 0.17;    /* the clap check's nominal wrist distance */
  out->chest_forward = 0.17; /* ≈ 0.30 m ahead of the chest at 1.75 m */
  out->chest_drop = 0.03;    /* ≈ 5 cm below spine3, about sternum height */
  out->chest_weight = 0.5;   /* placement matters less than the rules */
  out->reference_weight = 0.02;
  return KB_OK;
}

/* The caller's options, or the defaults for NULL. */
static kb_clap_solve_options resolve(const kb_clap_solve_options *options) {
  kb_clap_solve_options o;
  if (options)
    o = *options;
  else
    kb_clap_solve_default_options(&o);
  return o;
}

static kb_status check_options(const kb_clap_solve_options *o) {
  double v[] = {o->separation, o->chest_forward, o->chest_drop, o->chest_weight,
                o->reference_weight};
  for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++)
    if (!isfinite(v[i])) return KB_ERR_NOT_FINITE;
  if (!(o->separation > 0) || o->chest_weight < 0 || o->reference_weight < 0)
    return KB_ERR_OUT_OF_RANGE;
  return KB_OK;
}

/* bx·left + by·up + bz·forward */
static void body_vector(const double left[3], const double forward[3],
                        double bx, double by, double bz, double out[3]) {
  for (int i = 0; i < 3; i++) out[i] = bx * left[i] + bz * forward[i];
  out[1] += by;
}

kb_status kb_clap_tasks(const kb_skeleton *s, const float pelvis_rotation[4],
                        const kb_clap_solve_options *options,
                        kb_frame_vector_task *shape,
                        kb_frame_vector_task *directions) {
  if (!s || !pelvis_rotation || !shape || !directions) return KB_ERR_NULL;
  kb_clap_solve_options o = resolve(options);
  kb_status st = check_options(&o);
  if (st == KB_OK) st = kb_quat_check(pelvis_rotation);
  if (st != KB_OK) return st;
  double left[3], forward[3], target[3];
  kb__body_axes(pelvis_rotation, left, forward);
  kb_frame_vector_task_init(shape);
  kb_frame_vector_task_init(directions);
  directions->direction_only = 1;
  const kb_marker wrist[2] = {{KB_LEFT_WRIST, {0, 0, 0}},
                              {KB_RIGHT_WRIST, {0, 0, 0}}};
  const kb_marker chest = {KB_SPINE3, {0, 0, 0}};
  double h = s->height, half = o.separation / 2;
  /* d = p_R − p_L points to the character's right: −x̂_body */
  body_vector(left, forward, -o.separation, 0, 0, target);
  kb_frame_vector_task_add(shape, &wrist[0], &wrist[1], target, 1, 1);
  /* hands in front of the chest, one on each side of the midline */
  for (int side = 0; side < 2; side++) {
    double x = side == 0 ? half : -half;
    body_vector(left, forward, x, -o.chest_drop * h, o.chest_forward * h,
                target);
    kb_frame_vector_task_add(shape, &chest, &wrist[side], target, 1,
                             o.chest_weight);
  }
  /* palm normals face each other, thumbs point up; hand-sized vectors so
   * their residuals weigh like the positions' */
  float len = 0.1f * (float)h;
  for (int side = 0; side < 2; side++) {
    kb_marker normal = wrist[side], thumb = wrist[side];
    for (int i = 0; i < 3; i++) {
      normal.offset[i] = len * kb_palm_normal_local[i];
      thumb.offset[i] = len * kb_thumb_local[i];
    }
    body_vector(left, forward, side == 0 ? -1 : 1, 0, 0, target);
    kb_frame_vector_task_add(directions, &wrist[side], &normal, target, 1, 1);
    body_vector(left, forward, 0, 1, 0, target);
    kb_frame_vector_task_add(directions, &wrist[side], &thumb, target, 1, 1);
  }
  return KB_OK;
}

kb_status kb_clap_solve(kb_solver *solver, const kb_skeleton *s,
                        const float *start,
                        const kb_clap_solve_options *options, float *out,
                        kb_ik_result *result) {
  if (!solver || !s || !start || !out || !result) return KB_ERR_NULL;
  kb_clap_solve_options o = resolve(options);
  kb_ik_pose reference, pose;
  kb_status st = kb_ik_pose_from_local(start, NULL, &reference);
  if (st != KB_OK) return st;
  float pelvis[4];
  memcpy(pelvis, start + 4 * KB_PELVIS, sizeof pelvis);
  kb_frame_vector_task tasks[2];
  st = kb_clap_tasks(s, pelvis, &o, &tasks[0], &tasks[1]);
  if (st != KB_OK) return st;
  uint8_t mask[KB_IK_DOF] = {0};
  static const int arms[] = {
      KB_LEFT_COLLAR, KB_RIGHT_COLLAR, KB_LEFT_SHOULDER, KB_RIGHT_SHOULDER,
      KB_LEFT_ELBOW,  KB_RIGHT_ELBOW,  KB_LEFT_WRIST,    KB_RIGHT_WRIST};
  for (unsigned i = 0; i < sizeof arms / sizeof arms[0]; i++)
    kb_ik_mask_set(mask, arms[i], 1);
  kb_ik_problem problem = {
      s, tasks, 2, NULL, 0, mask, &reference, o.reference_weight, NULL, 0};
  pose = reference;
  st = kb_solver_solve(solver, &problem, &pose, result);
  kb_ik_pose_to_local(&pose, out, NULL);
  return st;
}
