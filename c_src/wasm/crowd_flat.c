/* Struct-free entry points of the crowd and of the preview's changed-joint
 * mask, for bindings (WebAssembly), and the crowd's joint-major matrices. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kblend_internal.h"
#include "kblend_wasm.h"

kb_status kb_crowd_evaluate_flat(kb_preview *const *members, int count, float t,
                                 float *poses, uint8_t *masks,
                                 const kb_skeleton *skeleton,
                                 const float *roots, float *world_matrices) {
  if (!world_matrices)
    return kb_crowd_evaluate(members, count, t, poses, masks, NULL);
  kb_crowd_matrices m = {skeleton, roots, world_matrices};
  return kb_crowd_evaluate(members, count, t, poses, masks, &m);
}

/* What a member's matrices were last computed from: its world rotations
 * and positions (FK) and its root. */
typedef struct fk_state {
  float rotations[KB_POSE_FLOATS];
  float positions[3 * KB_JOINT_COUNT];
  float root[3];
} fk_state;

size_t kb_sizeof_crowd_fk_state(void) { return sizeof(fk_state); }

/* Bitwise equality of n floats, n ≤ 4 (copies of a size known here
 * compile to plain loads, no call). */
static int same_bits(const float *a, const float *b, int n) {
  uint32_t x[4] = {0, 0, 0, 0}, y[4] = {0, 0, 0, 0};
  for (int k = 0; k < n; k++) memcpy(x + k, a + k, 4), memcpy(y + k, b + k, 4);
  return ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3])) == 0;
}

/* Member i's matrices from its new pose: FK (kb__fk_unit's steps, through
 * the same calls) and compose only for joints whose own or an ancestor's
 * rotation differs bitwise from the pose its state was computed from, all
 * of them when its root moved; marks those joints in moved. */
static void member_matrices(const kb_skeleton *s, const int *parents,
                            const float *pose, const float *previous,
                            const float *root, fk_state *st, float *out,
                            size_t joint_stride, uint8_t *moved) {
  static const float identity[4] = {0, 0, 0, 1};
  uint8_t changed[KB_JOINT_COUNT];
  int root_moved = !same_bits(st->root, root, 3);
  memcpy(st->root, root, sizeof st->root);
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    int p = parents[j];
    changed[j] = (uint8_t)(root_moved || (p >= 0 && changed[p]) ||
                           !same_bits(pose + 4 * j, previous + 4 * j, 4));
    if (!changed[j]) continue;
    const float *parent_rot = p < 0 ? identity : st->rotations + 4 * p;
    const float *parent_pos = p < 0 ? root : st->positions + 3 * p;
    float offset[3], *pos = st->positions + 3 * j;
    kb_quat_rotate(parent_rot, s->offsets[j], offset);
    for (int c = 0; c < 3; c++) pos[c] = parent_pos[c] + offset[c];
    kb_quat_mul(parent_rot, pose + 4 * j, st->rotations + 4 * j);
    kb__compose_matrix(st->rotations + 4 * j, pos, out + joint_stride * j);
    moved[j] = 1;
  }
}

static kb_status check_joint_major(
    kb_preview *const *members, int count, float t, const float *poses,
    const uint8_t *masks, const kb_skeleton *skeleton, const float *roots,
    const float *world_matrices, const uint8_t *moved, const void *fk_states) {
  if (!members || !poses || !masks || !skeleton || !world_matrices || !moved ||
      !fk_states)
    return KB_ERR_NULL;
  if (count < 0) return KB_ERR_OUT_OF_RANGE;
  if (isnan(t)) return KB_ERR_NOT_FINITE;
  for (int i = 0; i < count; i++)
    if (!members[i]) return KB_ERR_NULL;
  if (roots)
    for (int i = 0; i < 3 * count; i++)
      if (!isfinite(roots[i])) return KB_ERR_NOT_FINITE;
  return KB_OK;
}

kb_status kb_crowd_evaluate_joint_major_flat(
    kb_preview *const *members, int count, float t, float *poses,
    uint8_t *masks, const kb_skeleton *skeleton, const float *roots,
    float *world_matrices, uint8_t *moved, void *fk_states) {
  static const float origin[3] = {0, 0, 0};
  kb_status s = check_joint_major(members, count, t, poses, masks, skeleton,
                                  roots, world_matrices, moved, fk_states);
  if (s != KB_OK) return s;
  int parents[KB_JOINT_COUNT];
  for (int j = 0; j < KB_JOINT_COUNT; j++) parents[j] = kb_joint_parent(j);
  memset(moved, 0, KB_JOINT_COUNT);
  fk_state *states = fk_states;
  for (int i = 0; i < count; i++) {
    const float *root = roots ? roots + 3 * i : origin;
    float pose[KB_POSE_FLOATS], *previous = poses + KB_POSE_FLOATS * i;
    s = kb_preview_evaluate(members[i], t, pose, NULL);
    if (s != KB_OK) return s;
    memcpy(masks + KB_JOINT_COUNT * i, kb_preview_changed_mask(members[i]),
           KB_JOINT_COUNT);
    member_matrices(skeleton, parents, pose, previous, root, states + i,
                    world_matrices + 16 * (size_t)i, 16 * (size_t)count, moved);
    memcpy(previous, pose, sizeof pose);
  }
  return KB_OK;
}

size_t kb_preview_changed_mask_offset_flat(void) {
  return offsetof(kb_preview, changed_mask);
}
