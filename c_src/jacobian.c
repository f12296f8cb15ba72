/* Double-precision kinematics for the solver: poses, forward kinematics,
 * point Jacobians in the DoF layout of docs/design.md §7, steps and masks.
 *
 * The solver works in double although the rest of the core is float: finite
 * difference checks and targets reached to 1e-6 m need more than float's
 * 1e-7 relative precision through a chain of eight joints. */
#include <math.h>
#include <string.h>

#include "kblend_internal.h"

kb_status kb__ik_pose_check(const kb_ik_pose *pose) {
  for (int i = 0; i < 3; i++) {
    if (!isfinite(pose->root[i])) return KB_ERR_NOT_FINITE;
    if (fabs(pose->root[i]) > KB_IK_MAX_MAGNITUDE) return KB_ERR_OUT_OF_RANGE;
  }
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    const double *q = pose->local[j];
    for (int i = 0; i < 4; i++)
      if (!isfinite(q[i])) return KB_ERR_NOT_FINITE;
    double n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (n2 < 1e-24) return KB_ERR_ZERO_QUAT;
    if (fabs(n2 - 1) > KB__UNIT_TOLERANCE) return KB_ERR_OUT_OF_RANGE;
  }
  return KB_OK;
}

kb_status kb_ik_pose_from_local(const float *local, const float *root,
                                kb_ik_pose *out) {
  if (!local || !out) return KB_ERR_NULL;
  for (int i = 0; i < 3; i++) {
    out->root[i] = root ? root[i] : 0.0;
    if (!isfinite(out->root[i])) return KB_ERR_NOT_FINITE;
    if (fabs(out->root[i]) > KB_IK_MAX_MAGNITUDE) return KB_ERR_OUT_OF_RANGE;
  }
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    double q[4] = {local[4 * j], local[4 * j + 1], local[4 * j + 2],
                   local[4 * j + 3]};
    kb_status st = kb__normalize4d(q, out->local[j]);
    if (st != KB_OK) return st;
  }
  return KB_OK;
}

kb_status kb_ik_pose_to_local(const kb_ik_pose *pose, float *local,
                              float *root) {
  if (!pose || !local) return KB_ERR_NULL;
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    for (int i = 0; i < 4; i++) local[4 * j + i] = (float)pose->local[j][i];
  if (root)
    for (int i = 0; i < 3; i++) root[i] = (float)pose->root[i];
  return KB_OK;
}

kb_status kb_ik_pose_normalize(const kb_ik_pose *pose, kb_ik_pose *out) {
  if (!pose || !out) return KB_ERR_NULL;
  for (int i = 0; i < 3; i++) {
    if (!isfinite(pose->root[i])) return KB_ERR_NOT_FINITE;
    if (fabs(pose->root[i]) > KB_IK_MAX_MAGNITUDE) return KB_ERR_OUT_OF_RANGE;
    out->root[i] = pose->root[i];
  }
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    kb_status st = kb__normalize4d(pose->local[j], out->local[j]);
    if (st != KB_OK) return st;
  }
  return KB_OK;
}

/* Row-major rotation matrix of a unit quaternion [x, y, z, w]. */
static void quat_to_matrix(const double q[4], double m[9]) {
  double x = q[0], y = q[1], z = q[2], w = q[3];
  m[0] = 1 - 2 * (y * y + z * z), m[1] = 2 * (x * y - z * w);
  m[2] = 2 * (x * z + y * w);
  m[3] = 2 * (x * y + z * w), m[4] = 1 - 2 * (x * x + z * z);
  m[5] = 2 * (y * z - x * w);
  m[6] = 2 * (x * z - y * w), m[7] = 2 * (y * z + x * w);
  m[8] = 1 - 2 * (x * x + y * y);
}

static void matmul3(const double a[9], const double b[9], double out[9]) {
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 3; c++)
      out[3 * r + c] =
          a[3 * r] * b[c] + a[3 * r + 1] * b[3 + c] + a[3 * r + 2] * b[6 + c];
}

static void matvec3(const double m[9], const double v[3], double out[3]) {
  for (int r = 0; r < 3; r++)
    out[r] = m[3 * r] * v[0] + m[3 * r + 1] * v[1] + m[3 * r + 2] * v[2];
}

kb_status kb_ik_forward(const kb_skeleton *s, const kb_ik_pose *pose,
                        kb_ik_frame *out) {
  if (!s || !pose || !out) return KB_ERR_NULL;
  kb_status st = kb__ik_pose_check(pose);
  if (st != KB_OK) return st;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    int parent = kb_joint_parent(j);
    double local[9],
        offset[3] = {s->offsets[j][0], s->offsets[j][1], s->offsets[j][2]};
    quat_to_matrix(pose->local[j], local);
    if (parent < 0) {
      for (int i = 0; i < 3; i++)
        out->position[j][i] = pose->root[i] + offset[i];
      memcpy(out->rotation[j], local, sizeof local);
      continue;
    }
    double rotated[3];
    matvec3(out->rotation[parent], offset, rotated);
    for (int i = 0; i < 3; i++)
      out->position[j][i] = out->position[parent][i] + rotated[i];
    matmul3(out->rotation[parent], local, out->rotation[j]);
  }
  return KB_OK;
}

static kb_status check_marker(const kb_marker *m) {
  if (m->joint < -1 || m->joint >= KB_JOINT_COUNT) return KB_ERR_OUT_OF_RANGE;
  for (int i = 0; i < 3; i++)
    if (!isfinite(m->offset[i])) return KB_ERR_NOT_FINITE;
  return KB_OK;
}

kb_status kb_ik_point(const kb_ik_frame *f, const kb_marker *m, double out[3]) {
  if (!f || !m || !out) return KB_ERR_NULL;
  kb_status st = check_marker(m);
  if (st != KB_OK) return st;
  double offset[3] = {m->offset[0], m->offset[1], m->offset[2]};
  if (m->joint < 0) {
    memcpy(out, offset, sizeof offset);
    return KB_OK;
  }
  double rotated[3];
  matvec3(f->rotation[m->joint], offset, rotated);
  for (int i = 0; i < 3; i++) out[i] = f->position[m->joint][i] + rotated[i];
  return KB_OK;
}

kb_status kb_ik_point_jacobian(const kb_ik_frame *f, const kb_marker *m,
                               const uint8_t *mask, double *out) {
  if (!f || !m || !out) return KB_ERR_NULL;
  double p[3];
  kb_status st = kb_ik_point(f, m, p);
  if (st != KB_OK) return st;
  memset(out, 0, 3 * KB_IK_DOF * sizeof *out);
  if (m->joint < 0) return KB_OK; /* a fixed world point */
  for (int i = 0; i < 3; i++)
    if (!mask || mask[i]) out[i * KB_IK_DOF + i] = 1.0;
  /* every joint from the point's own up to the root turns it */
  for (int j = m->joint; j >= 0; j = kb_joint_parent(j)) {
    const double *w = f->rotation[j], *o = f->position[j];
    double arm[3] = {p[0] - o[0], p[1] - o[1], p[2] - o[2]};
    for (int a = 0; a < 3; a++) {
      int col = 3 + 3 * j + a;
      if (mask && !mask[col]) continue;
      double axis[3] = {w[a], w[3 + a], w[6 + a]}; /* column a of W_j */
      out[col] = axis[1] * arm[2] - axis[2] * arm[1];
      out[KB_IK_DOF + col] = axis[2] * arm[0] - axis[0] * arm[2];
      out[2 * KB_IK_DOF + col] = axis[0] * arm[1] - axis[1] * arm[0];
    }
  }
  return KB_OK;
}

kb_status kb_ik_apply_step(const kb_ik_pose *pose, const double *delta,
                           kb_ik_pose *out) {
  if (!pose || !delta || !out) return KB_ERR_NULL;
  kb_status st = kb__ik_pose_check(pose);
  if (st != KB_OK) return st;
  for (int i = 0; i < KB_IK_DOF; i++)
    if (!isfinite(delta[i])) return KB_ERR_NOT_FINITE;
  /* into a copy, so a refused step leaves out (which may be pose) as it was */
  kb_ik_pose next;
  for (int i = 0; i < 3; i++) {
    next.root[i] = pose->root[i] + delta[i];
    if (!isfinite(next.root[i])) return KB_ERR_NOT_FINITE;
  }
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    const double *d = delta + 3 + 3 * j;
    if (d[0] == 0 && d[1] == 0 && d[2] == 0) {
      memcpy(next.local[j], pose->local[j], 4 * sizeof(double));
      continue; /* frozen joints stay bit for bit */
    }
    double inc[4], q[4];
    st = kb__quat_exp_d(d, inc);
    if (st != KB_OK) return st;
    kb__quat_mul_d(pose->local[j], inc, q);
    st = kb__normalize4d(q, next.local[j]); /* keeps |q| = 1 against drift */
    if (st != KB_OK) return st;
  }
  *out = next;
  return KB_OK;
}

kb_status kb_ik_mask_set(uint8_t *mask, int joint, int active) {
  if (!mask) return KB_ERR_NULL;
  if (joint < -1 || joint >= KB_JOINT_COUNT) return KB_ERR_OUT_OF_RANGE;
  int first = joint < 0 ? 0 : 3 + 3 * joint;
  for (int i = 0; i < 3; i++) mask[first + i] = active ? 1 : 0;
  return KB_OK;
}

kb_status kb__task_rows(const void *task, int n_pairs, int rows,
                        kb__pair_rows_fn pair_rows, const kb_ik_frame *f,
                        const uint8_t *mask, double *residual, double *jacobian,
                        int capacity, int *out_rows) {
  if (rows > capacity) return KB_ERR_CAPACITY;
  int written = 0;
  for (int i = 0; i < n_pairs; i++)
    written += pair_rows(task, i, f, mask, residual + written,
                         jacobian ? jacobian + written * KB_IK_DOF : NULL);
  *out_rows = written;
  return KB_OK;
}
