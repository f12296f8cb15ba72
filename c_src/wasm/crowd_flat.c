/* Struct-free entry points of the crowd and of the preview's changed-joint
 * mask, for bindings (WebAssembly). */
#include <stddef.h>
#include <string.h>

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

/* Marks in moved every joint whose own or an ancestor's rotation changed in
 * mask (parents come before children in kblend's joint order). */
static void mark_moved(const int *parents, const uint8_t *mask,
                       uint8_t *moved) {
  uint8_t below[KB_JOINT_COUNT];
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    int p = parents[j];
    below[j] = (uint8_t)(mask[j] | (p >= 0 ? below[p] : 0));
    moved[j] |= below[j];
  }
}

static kb_status check_joint_major(kb_preview *const *members, int count,
                                   const float *poses, const uint8_t *masks,
                                   const kb_skeleton *skeleton,
                                   const float *world_matrices) {
  if (!members || !poses || !masks || !skeleton || !world_matrices)
    return KB_ERR_NULL;
  if (count < 0) return KB_ERR_OUT_OF_RANGE;
  return KB_OK;
}

/* Each member goes through kb_crowd_evaluate alone, so its matrices are bit
 * for bit the member-major ones; only where they are stored differs. */
kb_status kb_crowd_evaluate_joint_major_flat(
    kb_preview *const *members, int count, float t, float *poses,
    uint8_t *masks, const kb_skeleton *skeleton, const float *roots,
    float *world_matrices, uint8_t *moved) {
  kb_status s =
      check_joint_major(members, count, poses, masks, skeleton, world_matrices);
  if (s != KB_OK) return s;
  int parents[KB_JOINT_COUNT];
  for (int j = 0; j < KB_JOINT_COUNT; j++) parents[j] = kb_joint_parent(j);
  if (moved) memset(moved, 0, KB_JOINT_COUNT);
  float own[16 * KB_JOINT_COUNT];
  for (int i = 0; i < count; i++) {
    kb_crowd_matrices m = {skeleton, roots ? roots + 3 * i : NULL, own};
    uint8_t *mask = masks + KB_JOINT_COUNT * i;
    s = kb_crowd_evaluate(members + i, 1, t, poses + KB_POSE_FLOATS * i, mask,
                          &m);
    if (s != KB_OK) return s;
    for (int j = 0; j < KB_JOINT_COUNT; j++)
      memcpy(world_matrices + 16 * ((size_t)count * j + i), own + 16 * j,
             sizeof(float) * 16);
    if (moved) mark_moved(parents, mask, moved);
  }
  return KB_OK;
}

size_t kb_preview_changed_mask_offset_flat(void) {
  return offsetof(kb_preview, changed_mask);
}
