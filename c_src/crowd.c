/* A crowd: N previews evaluated in one call, their poses, changed-joint
 * masks and, on request, every joint's world matrix (FK from each
 * member's root), all into caller buffers, member-major or joint-major. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

static const float origin[3] = {0, 0, 0};

/* Member-major: every joint's matrix of one member, from a full FK pass. */
static void member_major(const kb_skeleton *s, const float *local,
                         const float *root, float *out) {
  float positions[3 * KB_JOINT_COUNT], rotations[KB_POSE_FLOATS];
  kb__fk_unit(s, local, NULL, root, positions, rotations);
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    kb__compose_matrix(rotations + 4 * j, positions + 3 * j, out + 16 * j);
}

/* Bitwise equality of n floats, n ≤ 4 (copies of a size known here
 * compile to plain loads, no call). */
static int same_bits(const float *a, const float *b, int n) {
  uint32_t x[4] = {0, 0, 0, 0}, y[4] = {0, 0, 0, 0};
  for (int k = 0; k < n; k++) memcpy(x + k, a + k, 4), memcpy(y + k, b + k, 4);
  return ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3])) == 0;
}

/* Joint-major: member i's matrices from its new pose, FK (kb__fk_joint, as
 * the full pass) and compose only for joints whose own or an ancestor's
 * rotation differs bitwise from the pose its state was computed from, all
 * of them when its root moved; marks those joints in moved. The matrix of
 * joint j sits at out + joint_stride·j. */
static void joint_major(const kb_skeleton *s, const float *pose,
                        const float *previous, const float *root,
                        kb_crowd_fk_state *st, float *out, size_t joint_stride,
                        uint8_t *moved) {
  static const float identity[4] = {0, 0, 0, 1};
  uint8_t changed[KB_JOINT_COUNT];
  int root_moved = !same_bits(st->root, root, 3);
  memcpy(st->root, root, sizeof st->root);
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    int p = kb_joint_parent(j);
    changed[j] = (uint8_t)(root_moved || (p >= 0 && changed[p]) ||
                           !same_bits(pose + 4 * j, previous + 4 * j, 4));
    if (!changed[j]) continue;
    const float *parent_rot = p < 0 ? identity : st->rotations + 4 * p;
    const float *parent_pos = p < 0 ? root : st->positions + 3 * p;
    kb__fk_joint(s, j, parent_rot, parent_pos, pose + 4 * j,
                 st->positions + 3 * j, st->rotations + 4 * j);
    kb__compose_matrix(st->rotations + 4 * j, st->positions + 3 * j,
                       out + joint_stride * j);
    moved[j] = 1;
  }
}

static kb_status check_matrices(const kb_crowd_matrices *m) {
  if (!m->skeleton || !m->out) return KB_ERR_NULL;
  if (m->layout == KB_CROWD_JOINT_MAJOR && (!m->states || !m->moved))
    return KB_ERR_NULL;
  if (m->layout != KB_CROWD_MEMBER_MAJOR && m->layout != KB_CROWD_JOINT_MAJOR)
    return KB_ERR_OUT_OF_RANGE;
  return KB_OK;
}

static kb_status check_crowd(kb_preview *const *members, int count, float t,
                             const float *poses, const uint8_t *masks,
                             const kb_crowd_matrices *m) {
  if (!members || !poses || !masks) return KB_ERR_NULL;
  kb_status s = m ? check_matrices(m) : KB_OK;
  if (s != KB_OK) return s;
  if (count < 0) return KB_ERR_OUT_OF_RANGE;
  if (isnan(t)) return KB_ERR_NOT_FINITE;
  for (int i = 0; i < count; i++)
    if (!members[i]) return KB_ERR_NULL;
  if (m && m->roots)
    for (int i = 0; i < 3 * count; i++)
      if (!isfinite(m->roots[i])) return KB_ERR_NOT_FINITE;
  return KB_OK;
}

/* Member i's pose into pose, its mask into the crowd's masks. */
static kb_status evaluate_member(kb_preview *member, float t, float *pose,
                                 uint8_t *mask) {
  kb_status s = kb_preview_evaluate(member, t, pose, NULL);
  if (s == KB_OK) memcpy(mask, kb_preview_changed_mask(member), KB_JOINT_COUNT);
  return s;
}

kb_status kb_crowd_evaluate(kb_preview *const *members, int count, float t,
                            float *poses, uint8_t *masks,
                            const kb_crowd_matrices *matrices) {
  kb_status s = check_crowd(members, count, t, poses, masks, matrices);
  if (s != KB_OK) return s;
  const kb_crowd_matrices *m = matrices;
  int joint_layout = m && m->layout == KB_CROWD_JOINT_MAJOR;
  if (joint_layout) memset(m->moved, 0, KB_JOINT_COUNT);
  for (int i = 0; i < count; i++) {
    float *pose = poses + KB_POSE_FLOATS * i, fresh[KB_POSE_FLOATS];
    uint8_t *mask = masks + KB_JOINT_COUNT * i;
    /* joint-major compares the new pose with the one in poses first */
    s = evaluate_member(members[i], t, joint_layout ? fresh : pose, mask);
    if (s != KB_OK) return s;
    if (!m) continue;
    const float *root = m->roots ? m->roots + 3 * i : origin;
    if (!joint_layout) {
      member_major(m->skeleton, pose, m->roots ? root : NULL,
                   m->out + 16 * KB_JOINT_COUNT * (size_t)i);
      continue;
    }
    joint_major(m->skeleton, fresh, pose, root, m->states + i,
                m->out + 16 * (size_t)i, 16 * (size_t)count, m->moved);
    memcpy(pose, fresh, sizeof fresh);
  }
  return KB_OK;
}
