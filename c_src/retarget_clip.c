/* Retargeting a clip frame by frame: the trajectory task per frame, warm
 * started from the previous frame with a smoothness row toward it. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

#define SOURCE_STRIDE (KB_JOINT_COUNT * 3)

kb_status kb_retarget_clip(kb_solver *solver, const kb_skeleton *s,
                           kb_retarget_task *task, const double *source,
                           int n_frames, const uint8_t *mask,
                           const kb_ik_pose *reference, double reference_weight,
                           double previous_weight, float *out_local,
                           float *out_root, int *out_iterations,
                           double *out_cost, int *out_unconverged) {
  if (!solver || !s || !task || !source || !out_local) return KB_ERR_NULL;
  if (n_frames < 1 || n_frames > KB_MAX_FRAMES) return KB_ERR_OUT_OF_RANGE;
  /* checked whole before the first frame is written: a position of 1e39 m
   * is a finite double whose root would be an infinite float */
  for (long i = 0; i < (long)n_frames * SOURCE_STRIDE; i++) {
    if (!isfinite(source[i])) return KB_ERR_NOT_FINITE;
    if (fabs(source[i]) > KB_IK_MAX_MAGNITUDE) return KB_ERR_OUT_OF_RANGE;
  }
  if (reference) {
    kb_status st = kb__ik_pose_check(reference);
    if (st != KB_OK) return st;
  }
  kb_ik_pose bind, pose, previous;
  memset(&bind, 0, sizeof bind);
  for (int j = 0; j < KB_JOINT_COUNT; j++) bind.local[j][3] = 1;
  const kb_ik_pose *ref = reference ? reference : &bind;
  pose = *ref;
  int iterations = 0, unconverged = 0;
  double cost_sum = 0;
  for (int f = 0; f < n_frames; f++) {
    memcpy(task->targets, source + (long)f * SOURCE_STRIDE,
           sizeof task->targets);
    previous = pose;
    /* the first frame has no previous frame to stay near */
    kb_ik_problem problem = {s,
                             NULL,
                             0,
                             task,
                             1,
                             mask,
                             ref,
                             reference_weight,
                             f > 0 ? &previous : NULL,
                             previous_weight};
    kb_ik_result result;
    kb_status st = kb_solver_solve(solver, &problem, &pose, &result);
    if (st != KB_OK) return st;
    iterations += result.iterations;
    unconverged += !result.converged;
    cost_sum += result.cost;
    kb_ik_pose_to_local(&pose, out_local + (long)f * KB_POSE_FLOATS,
                        out_root ? out_root + 3 * f : NULL);
  }
  if (out_iterations) *out_iterations = iterations;
  if (out_cost) *out_cost = cost_sum / n_frames;
  if (out_unconverged) *out_unconverged = unconverged;
  return KB_OK;
}
