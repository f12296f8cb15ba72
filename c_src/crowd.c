/* A crowd: N previews evaluated in one call, their poses, changed-joint
 * masks and, on request, every joint's world matrix (FK from each
 * member's root), all into caller buffers. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

/* Column-major 4×4 of a rotation and a translation (scale 1), the layout
 * and formula of three.js's Matrix4.compose. */
static void compose(const float *q, const float *p, float *m) {
  float x = q[0], y = q[1], z = q[2], w = q[3];
  float x2 = x + x, y2 = y + y, z2 = z + z;
  float xx = x * x2, xy = x * y2, xz = x * z2;
  float yy = y * y2, yz = y * z2, zz = z * z2;
  float wx = w * x2, wy = w * y2, wz = w * z2;
  m[0] = 1 - (yy + zz), m[1] = xy + wz, m[2] = xz - wy, m[3] = 0;
  m[4] = xy - wz, m[5] = 1 - (xx + zz), m[6] = yz + wx, m[7] = 0;
  m[8] = xz + wy, m[9] = yz - wx, m[10] = 1 - (xx + yy), m[11] = 0;
  m[12] = p[0], m[13] = p[1], m[14] = p[2], m[15] = 1;
}

static void world_matrices(const kb_skeleton *s, const float *local,
                           const float *root, float *out) {
  float positions[3 * KB_JOINT_COUNT], rotations[KB_POSE_FLOATS];
  kb__fk_unit(s, local, NULL, root, positions, rotations);
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    compose(rotations + 4 * j, positions + 3 * j, out + 16 * j);
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
