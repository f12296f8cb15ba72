/* A crowd: N previews evaluated in one call, their poses, changed-joint
 * masks and, on request, every joint's world matrix (FK from each
 * member's root), all into caller buffers. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

static void world_matrices(const kb_skeleton *s, const float *local,
                           const float *root, float *out) {
  float positions[3 * KB_JOINT_COUNT], rotations[KB_POSE_FLOATS];
  kb__fk_unit(s, local, NULL, root, positions, rotations);
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    kb__compose_matrix(rotations + 4 * j, positions + 3 * j, out + 16 * j);
}

static kb_status check_crowd(kb_preview *const *members, int count,
                             const float *poses, const uint8_t *masks,
                             const kb_crowd_matrices *m) {
  if (!members || !poses || !masks) return KB_ERR_NULL;
  if (count < 0) return KB_ERR_OUT_OF_RANGE;
  for (int i = 0; i < count; i++)
    if (!members[i]) return KB_ERR_NULL;
  if (!m) return KB_OK;
  if (!m->skeleton || !m->out) return KB_ERR_NULL;
  if (m->roots)
    for (int i = 0; i < 3 * count; i++)
      if (!isfinite(m->roots[i])) return KB_ERR_NOT_FINITE;
  return KB_OK;
}

kb_status kb_crowd_evaluate(kb_preview *const *members, int count, float t,
                            float *poses, uint8_t *masks,
                            const kb_crowd_matrices *matrices) {
  kb_status s = check_crowd(members, count, poses, masks, matrices);
  if (s != KB_OK) return s;
  if (isnan(t)) return KB_ERR_NOT_FINITE;
  for (int i = 0; i < count; i++) {
    float *pose = poses + KB_POSE_FLOATS * i;
    s = kb_preview_evaluate(members[i], t, pose, NULL);
    if (s != KB_OK) return s;
    memcpy(masks + KB_JOINT_COUNT * i, kb_preview_changed_mask(members[i]),
           KB_JOINT_COUNT);
    if (matrices)
      world_matrices(matrices->skeleton, pose,
                     matrices->roots ? matrices->roots + 3 * i : NULL,
                     matrices->out + 16 * KB_JOINT_COUNT * i);
  }
  return KB_OK;
}
