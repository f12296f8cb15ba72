/* Struct-free entry points of the crowd and of the preview's changed-joint
 * mask, for bindings (WebAssembly): kb_crowd_evaluate with the fields of
 * kb_crowd_matrices as arguments. */
#include <stddef.h>

#include "kblend_wasm.h"

kb_status kb_crowd_evaluate_flat(kb_preview *const *members, int count, float t,
                                 float *poses, uint8_t *masks,
                                 const kb_skeleton *skeleton,
                                 const float *roots, float *world_matrices) {
  if (!world_matrices)
    return kb_crowd_evaluate(members, count, t, poses, masks, NULL);
  kb_crowd_matrices m = {skeleton, roots, world_matrices, KB_CROWD_MEMBER_MAJOR,
                         NULL,     NULL};
  return kb_crowd_evaluate(members, count, t, poses, masks, &m);
}

kb_status kb_crowd_evaluate_joint_major_flat(
    kb_preview *const *members, int count, float t, float *poses,
    uint8_t *masks, const kb_skeleton *skeleton, const float *roots,
    float *world_matrices, uint8_t *moved, void *fk_states) {
  kb_crowd_matrices m = {skeleton,  roots, world_matrices, KB_CROWD_JOINT_MAJOR,
                         fk_states, moved};
  /* NULL matrices would silently mean "no matrices" to the core: here they
   * are a missing argument */
  if (!world_matrices) return KB_ERR_NULL;
  return kb_crowd_evaluate(members, count, t, poses, masks, &m);
}

size_t kb_preview_changed_mask_offset_flat(void) {
  return offsetof(kb_preview, changed_mask);
}
