/* Struct-free entry points of the crowd and of the preview's changed-joint
 * mask, for bindings (WebAssembly). */
#include <stddef.h>

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

size_t kb_preview_changed_mask_offset_flat(void) {
  return offsetof(kb_preview, changed_mask);
}
