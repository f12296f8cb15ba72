/* The IK workspace of the binding layer: a skeleton, a solver, the decoded
 * task list and pose scratch. Private to c_src/wasm/ (bindings see only its
 * size). */
#ifndef KBLEND_IK_WORKSPACE_H
#define KBLEND_IK_WORKSPACE_H

#include "kblend_wasm.h"

struct kb_ik_workspace {
  kb_solver solver;
  kb_skeleton skeleton;
  /* the decoded task list, in its order: kind 1 frame vector, 2 retarget */
  int n_tasks;
  int kinds[2 * KB_IK_MAX_TASKS];
  int slots[2 * KB_IK_MAX_TASKS];
  kb_frame_vector_task frame_tasks[KB_IK_MAX_TASKS];
  int n_frame_tasks;
  kb_retarget_task retarget_tasks[KB_IK_MAX_TASKS];
  int n_retarget_tasks;
  kb_ik_pose pose, reference, previous;
  kb_ik_frame frame;
};

#endif
