/* Entry points shared between the core's sources without argument checks:
 * their public twins check, then call these. Not part of the API. */
#ifndef KBLEND_INTERNAL_H
#define KBLEND_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "kblend.h"

/* The same 16 bytes as memcmp(a, b, 16) == 0 says, inline: in WebAssembly
 * memcmp is a call, and the frame path compares every joint several times. */
static inline int kb__same_quat(const float *a, const float *b) {
  uint32_t x[4], y[4];
  memcpy(x, a, sizeof x);
  memcpy(y, b, sizeof y);
  return ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3])) == 0;
}

/* Column-major 4×4 of a unit rotation q and a translation p (scale 1), the
 * layout and formula of three.js's Matrix4.compose: the crowd's world
 * matrices in either layout, bit for bit alike. */
static inline void kb__compose_matrix(const float *q, const float *p,
                                      float *m) {
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

/* The Hamilton product a ⊗ b for quaternions of element type T, the one
 * copy of the formula: the float and double products below expand it (out
 * may alias a or b: every component is read before any is written). */
#define KB__HAMILTON(T, a, b, out)                                             \
  do {                                                                         \
    T hx_ =                                                                    \
        (a)[3] * (b)[0] + (a)[0] * (b)[3] + (a)[1] * (b)[2] - (a)[2] * (b)[1]; \
    T hy_ =                                                                    \
        (a)[3] * (b)[1] - (a)[0] * (b)[2] + (a)[1] * (b)[3] + (a)[2] * (b)[0]; \
    T hz_ =                                                                    \
        (a)[3] * (b)[2] + (a)[0] * (b)[1] - (a)[1] * (b)[0] + (a)[2] * (b)[3]; \
    T hw_ =                                                                    \
        (a)[3] * (b)[3] - (a)[0] * (b)[0] - (a)[1] * (b)[1] - (a)[2] * (b)[2]; \
    (out)[0] = hx_, (out)[1] = hy_, (out)[2] = hz_, (out)[3] = hw_;            \
  } while (0)

/* Hamilton product a ⊗ b in float, inline (out may alias a or b). */
static inline void kb__quat_mul_f(const float *a, const float *b, float *out) {
  KB__HAMILTON(float, a, b, out);
}

/* One step of forward kinematics, the one copy of it: joint j's world
 * position and rotation from its parent's (parent_rot unit) and its unit
 * local rotation. */
static inline void kb__fk_joint(const kb_skeleton *s, int j,
                                const float *parent_rot,
                                const float *parent_pos, const float *local,
                                float *position, float *rotation) {
  float offset[3];
  kb_quat_rotate(parent_rot, s->offsets[j], offset);
  for (int i = 0; i < 3; i++) position[i] = parent_pos[i] + offset[i];
  kb__quat_mul_f(parent_rot, local, rotation);
}

/* |v| up to which kb__quat_exp_small is within float rounding of the exact
 * map (its series' truncation is below 3e-10 there); jitter reaches
 * KB_MAX_JITTER·√3 ≈ 0.87. */
#define KB__EXP_SMALL_MAX_ANGLE 1.0f

/* exp([v]) for |v| ≤ KB__EXP_SMALL_MAX_ANGLE, in float without sin, cos or
 * sqrt: with x = (|v|/2)², (v/|v|)·sin(|v|/2) = v·½·sin(√x)/√x and
 * cos(|v|/2) = cos(√x), each a series in x to x⁴. Within a few float
 * rounding steps of the double map rounded to float (tests/c pin it). */
static inline void kb__quat_exp_small(const float v[3], float out[4]) {
  float x = 0.25f * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  float k =
      0.5f + x * (-1.0f / 12 +
                  x * (1.0f / 240 + x * (-1.0f / 10080 + x * (1.0f / 725760))));
  float w =
      1.0f +
      x * (-0.5f + x * (1.0f / 24 + x * (-1.0f / 720 + x * (1.0f / 40320))));
  out[0] = v[0] * k, out[1] = v[1] * k, out[2] = v[2] * k, out[3] = w;
}

/* kb_filter_step on checked targets; returns the joints that moved. */
int kb__filter_step_unchecked(kb_filter *f, const float *targets, float dt);
/* Keys a, b and the weight u ∈ [0, 1] between them at time t, on a checked
 * track (the one locator of the sampler and the preview's skipping path). */
void kb__track_locate(const kb_track *track, float t, int *a, int *b, float *u);
/* Key k of a checked track as unit rotations: the key itself when every
 * joint is unit, else unit copies in copy (88 floats). */
const float *kb__track_unit_key(const kb_track *track, int k, float *copy);
/* 1 when every key of a checked track is unit (kb__track_unit_key gives the
 * keys themselves). */
int kb__track_keys_unit(const kb_track *track);
/* kb_track_sample on a checked track; weights is scratch for 22 floats. */
void kb__track_sample_unchecked(const kb_track *track, const float *idle,
                                float t, float *weights, float *out);

/* Forward kinematics of unit local rotations (no checks): root_rotation
 * (unit) and root_translation nullable (identity, origin). unit_local may
 * alias world_rotations (each joint is read before it is written). */
void kb__fk_unit(const kb_skeleton *s, const float *unit_local,
                 const float *root_rotation, const float *root_translation,
                 float *world_positions, float *world_rotations);
/* Body axes from the pelvis heading: left (x̂_body) and forward, both
 * horizontal and unit (up is +Y). */
void kb__body_axes(const float pelvis[4], double left[3], double forward[3]);
/* Rows of a task: pair_rows writes pair i's rows (and Jacobian rows when
 * jacobian is not NULL) and returns their count. */
typedef int (*kb__pair_rows_fn)(const void *task, int pair,
                                const kb_ik_frame *f, const uint8_t *mask,
                                double *residual, double *jacobian);
/* Every pair's rows of a checked task whose row count is `rows`, into
 * caller buffers of `capacity` rows. */
kb_status kb__task_rows(const void *task, int n_pairs, int rows,
                        kb__pair_rows_fn pair_rows, const kb_ik_frame *f,
                        const uint8_t *mask, double *residual, double *jacobian,
                        int capacity, int *out_rows);
/* |q|² of a unit double quaternion may be off 1 by this much (rounding
 * of a normalized float or double pose, with margin). */
#define KB__UNIT_TOLERANCE 1e-6
/* A kb_ik_pose is finite with unit rotations (within the tolerance). */
kb_status kb__ik_pose_check(const kb_ik_pose *pose);
/* Unit copy of a finite nonzero quaternion in double (out may alias q);
 * exact for any finite components (scaled first). */
kb_status kb__normalize4d(const double q[4], double out[4]);
/* Hamilton product a ⊗ b in double (out may alias). */
void kb__quat_mul_d(const double a[4], const double b[4], double out[4]);
/* a⁻¹ ⊗ b for a unit a (the conjugate), in double. */
void kb__quat_conj_mul_d(const double a[4], const double b[4], double out[4]);
/* exp([v]): the rotation of angle |v| about v/|v|, as a unit quaternion;
 * KB_ERR_NOT_FINITE when |v| is not finite. */
kb_status kb__quat_exp_d(const double v[3], double out[4]);

#endif
