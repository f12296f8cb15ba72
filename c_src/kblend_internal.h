/* Entry points shared between the core's sources without argument checks:
 * their public twins check, then call these. Not part of the API. */
#ifndef KBLEND_INTERNAL_H
#define KBLEND_INTERNAL_H

#include "kblend.h"

/* kb_filter_step on checked targets; returns the joints that moved. */
int kb__filter_step_unchecked(kb_filter *f, const float *targets, float dt);
/* kb_track_sample on a checked track; weights is scratch for 22 floats. */
void kb__track_sample_unchecked(const kb_track *track, const float *idle,
                                float t, float *weights, float *out);

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
