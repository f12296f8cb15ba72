/*
 * kblend_wasm.h — the binding layer: the same operations as kblend.h with
 * scalar and array arguments only, for callers that cannot build C structs
 * (WebAssembly, other FFIs), and an ABI table that gives a binding every
 * number it needs (status codes, enum values, layouts, sizes, defaults and
 * ranges) by name, so no binding keeps a copy.
 *
 * Each flat encoding is described once here and decoded once in this
 * folder. Buffers stay the caller's; nothing allocates.
 */
#ifndef KBLEND_WASM_H
#define KBLEND_WASM_H

#include "kblend.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------- ABI table */

/* Entries: every status (KB_OK, KB_ERR_*), enum value (KB_SHAPE_*, ...),
 * layout constant (KB_JOINT_COUNT, KB_FLAT_*, KB_CLAP_SLOT_*, ...), struct
 * size ("sizeof.preview", ...: the one place a binding learns a size) and
 * tunable ("default.attack", "min.attack", "max.attack", ...; the JS names of
 * the tunables). */
int kb_abi_count(void);
/* Name of entry i, NULL outside [0, kb_abi_count()). */
const char *kb_abi_name(int i);
/* Value of entry i, NaN outside [0, kb_abi_count()). */
double kb_abi_value(int i);

/* --------------------------------------------------------------- preview */

/* params: KB_PREVIEW_FLAT_COUNT floats in this order. Enum slots (shape,
 * order, follower) and the seed hold integer values. */
enum {
  KB_FLAT_ATTACK,
  KB_FLAT_RELEASE,
  KB_FLAT_DURATION,
  KB_FLAT_FPS,
  KB_FLAT_JITTER,
  KB_FLAT_SEED,
  KB_FLAT_APOSE,
  KB_FLAT_SHAPE,
  KB_FLAT_ORDER,
  KB_FLAT_EPSILON,
  KB_FLAT_LAMBDA,
  KB_FLAT_DT_MAX,
  KB_FLAT_FOLLOWER,
  KB_PREVIEW_FLAT_COUNT
};
/* The preview keeps the track pointers: times, rotations and mask (22
 * bytes) must outlive it. */
kb_status kb_preview_init_flat(kb_preview *pv, const float *params,
                               const float *times, const float *rotations,
                               int n_keys, int loop, float period,
                               const uint8_t *mask);
/* Frames of an initialized preview (0 for NULL). */
int kb_preview_frame_count(const kb_preview *pv);

/* ---------------------------------------------------------------- filter */

kb_status kb_filter_init_flat(kb_filter *f, float epsilon, float lambda,
                              float dt_max, int follower, float *state,
                              int count);

/* ------------------------------------------------------ markers and clap */

/* Hand marker `which` (KB_MARKER_*) as 4 floats: joint, offset x, y, z. */
kb_status kb_hand_marker_flat(const kb_skeleton *s, int which, float *out);

/* A clap report as KB_CLAP_REPORT_FLOATS floats, rule results as 0/1. */
enum {
  KB_CLAP_SLOT_SEPARATION,
  KB_CLAP_SLOT_PALM_DOT,
  KB_CLAP_SLOT_THUMB_LEFT,
  KB_CLAP_SLOT_THUMB_RIGHT,
  KB_CLAP_SLOT_ORDER,
  KB_CLAP_SLOT_SEPARATION_OK,
  KB_CLAP_SLOT_PALMS_OK,
  KB_CLAP_SLOT_THUMB_LEFT_OK,
  KB_CLAP_SLOT_THUMB_RIGHT_OK,
  KB_CLAP_SLOT_ORDER_OK,
  KB_CLAP_SLOT_OK,
  KB_CLAP_REPORT_FLOATS
};
/* Clap check of local rotations (88 floats), default limits. */
kb_status kb_clap_check_flat(const kb_skeleton *s, const float *local,
                             float *out);
/* Clap check of FK output: positions 66 floats, rotations 88 floats. */
kb_status kb_clap_check_world_flat(const kb_skeleton *s, const float *positions,
                                   const float *rotations, float *out);

/* ------------------------------------------------------------------- KLI */

/* A KLI result as KB_KLI_RESULT_DOUBLES doubles. */
enum {
  KB_KLI_SLOT_T_STOP = 0,
  KB_KLI_SLOT_STEPS = 1,
  KB_KLI_SLOT_Q = 2, /* 4 doubles */
  KB_KLI_SLOT_CONVERGED = 6,
  KB_KLI_RESULT_DOUBLES = 7
};
kb_status kb_kli_flat(const double *p, const double *r, double rate,
                      double step, double epsilon, int method,
                      int shortest_path, int max_steps, double *out);

/* -------------------------------------------------------------------- IK */

/* A kb_ik_pose as KB_IK_POSE_DOUBLES doubles (root, then 22 rotations) and
 * back; from_flat normalizes the rotations and rejects NaN or zero ones
 * (kb_ik_pose_normalize). */
kb_status kb_ik_pose_from_flat(const double *flat, kb_ik_pose *out);
kb_status kb_ik_pose_to_flat(const kb_ik_pose *pose, double *flat);

/* Flat entry points of the solver for bindings (WebAssembly): a workspace
 * (the ABI table's "sizeof.ik_workspace" bytes, allocated once) holds a
 * skeleton, a solver, the decoded tasks and pose scratch.
 *
 * Task list encoding (doubles): n_tasks, then each task:
 *   frame vector: 1, n_pairs, direction_only, huber, huber_delta, gate,
 *     gate_start, gate_full, then per pair 13 values: origin joint, origin
 *     offset (3), link joint, link offset (3), target (3), scale, weight;
 *   retargeting: 2, n_pairs, target_scale, weight_position,
 *     weight_direction, direction_rows, targets (66), then per pair 3
 *     values: joint, origin, weight.
 * Poses are KB_IK_POSE_DOUBLES doubles (root translation, 22 rotations).
 * Options: the 9 fields of kb_ik_options in order (NULL = defaults).
 * Result: iterations, accepted, rejected, initial_cost, cost, lambda,
 * gradient, stop, converged, reached (KB_IK_RESULT_DOUBLES doubles). */
enum {
  KB_IK_TASK_FRAME_VECTOR = 1, /* kind of a task in the list */
  KB_IK_TASK_RETARGET = 2,
  KB_IK_FV_HEADER = 8, /* doubles before a frame-vector task's pairs */
  KB_IK_FV_PAIR = 13,  /* doubles per frame-vector pair */
  KB_IK_RT_HEADER = 6 + 3 * KB_JOINT_COUNT, /* ... of a retargeting task */
  KB_IK_RT_PAIR = 3
};
enum {
  KB_IK_RESULT_ITERATIONS,
  KB_IK_RESULT_ACCEPTED,
  KB_IK_RESULT_REJECTED,
  KB_IK_RESULT_INITIAL_COST,
  KB_IK_RESULT_COST,
  KB_IK_RESULT_LAMBDA,
  KB_IK_RESULT_GRADIENT,
  KB_IK_RESULT_STOP,
  KB_IK_RESULT_CONVERGED,
  KB_IK_RESULT_REACHED,
  KB_IK_RESULT_DOUBLES
};
enum {
  KB_IK_OPTION_MAX_ITERATIONS,
  KB_IK_OPTION_LAMBDA0,
  KB_IK_OPTION_LAMBDA_MIN,
  KB_IK_OPTION_LAMBDA_MAX,
  KB_IK_OPTION_ACCEPT_RATIO,
  KB_IK_OPTION_COST_TOLERANCE,
  KB_IK_OPTION_STEP_TOLERANCE,
  KB_IK_OPTION_GRADIENT_TOLERANCE,
  KB_IK_OPTION_DECREASE_TOLERANCE,
  KB_IK_OPTIONS_DOUBLES
};
/* kb_clap_solve_options as doubles, in its field order. */
enum {
  KB_CLAP_OPTION_SEPARATION,
  KB_CLAP_OPTION_CHEST_FORWARD,
  KB_CLAP_OPTION_CHEST_DROP,
  KB_CLAP_OPTION_CHEST_WEIGHT,
  KB_CLAP_OPTION_REFERENCE_WEIGHT,
  KB_CLAP_OPTIONS_DOUBLES
};
/* kb_retarget_clip_flat's result: total iterations, mean cost, frames
 * that stopped at the iteration cap. */
enum { KB_RETARGET_RESULT_DOUBLES = 3 };

typedef struct kb_ik_workspace kb_ik_workspace;

/* Skeleton of the given height (m), default options, no tasks. */
kb_status kb_ik_workspace_init(kb_ik_workspace *w, float height);
/* A hand marker of the workspace's skeleton as 4 doubles: joint, offset.
 * which: 0 left palm centre, 1 right palm centre, 2 left thumb tip, 3 right
 * thumb tip. */
kb_status kb_ik_marker_flat(const kb_ik_workspace *w, int which, double *out);
/* Decodes a task list (length doubles) into the workspace. */
kb_status kb_ik_set_tasks_flat(kb_ik_workspace *w, const double *data,
                               int length);
/* Rows of the index-th task of the list at a flat pose (for checks against
 * finite differences); jacobian nullable. */
kb_status kb_ik_task_evaluate_flat(kb_ik_workspace *w, int index,
                                   const double *pose, const uint8_t *mask,
                                   double *residual, double *jacobian,
                                   int capacity, int *out_rows);
/* Solves the decoded tasks from pose (in/out). reference and previous are
 * nullable flat poses; options and result as above. */
kb_status kb_ik_solve_flat(kb_ik_workspace *w, double *pose,
                           const uint8_t *mask, const double *reference,
                           double reference_weight, const double *previous,
                           double previous_weight, const double *options,
                           double *result);
/* kb_clap_solve with the workspace's skeleton; options: the 5 fields of
 * kb_clap_solve_options in order (NULL = defaults). */
kb_status kb_clap_solve_flat(kb_ik_workspace *w, const float *start,
                             const double *options, float *out, double *result);
/* kb_retarget_clip with the task list set last by kb_ik_set_tasks_flat:
 * it must hold one retargeting task (its pairs, scale, weights and rows;
 * its targets are replaced frame by frame by source, n_frames × 66
 * doubles). out_local: n_frames × 88 floats; out_root (nullable):
 * n_frames × 3. result: KB_RETARGET_RESULT_DOUBLES doubles. */
kb_status kb_retarget_clip_flat(kb_ik_workspace *w, const double *source,
                                int n_frames, const uint8_t *mask,
                                double reference_weight, double previous_weight,
                                const double *options, float *out_local,
                                float *out_root, double *result);

/* ---------------------------------------------------- crowd, mask */

/* kb_crowd_evaluate with the matrices' fields as arguments; world_matrices
 * NULL: no matrices (skeleton and roots are then ignored). */
kb_status kb_crowd_evaluate_flat(kb_preview *const *members, int count, float t,
                                 float *poses, uint8_t *masks,
                                 const kb_skeleton *skeleton,
                                 const float *roots, float *world_matrices);
/* kb_crowd_evaluate with KB_CROWD_JOINT_MAJOR matrices (kblend.h says what
 * that layout stores and recomputes): world_matrices 16·22·count floats,
 * moved 22 bytes, fk_states sizeof(kb_crowd_fk_state) bytes per member
 * ("sizeof.crowd_fk_state" in the ABI table). */
kb_status kb_crowd_evaluate_joint_major_flat(
    kb_preview *const *members, int count, float t, float *poses,
    uint8_t *masks, const kb_skeleton *skeleton, const float *roots,
    float *world_matrices, uint8_t *moved, void *fk_states);
/* Byte offset of the changed-joint mask inside kb_preview (so a binding can
 * find a preview from the mask view it holds). */
size_t kb_preview_changed_mask_offset_flat(void);

#ifdef __cplusplus
}
#endif

#endif /* KBLEND_WASM_H */
