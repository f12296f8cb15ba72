/*
 * kblend.h — gesture motion core: quaternions, SLERP, envelope, deadband
 * filter, Kuramoto–Lohe interpolation, skeleton and forward kinematics,
 * gesture pipeline, clap check, frame-vector / retargeting tasks and a
 * Levenberg–Marquardt solver.
 *
 * Conventions
 *   - Right-handed, Y up, the character faces +Z, its left is +X; meters,
 *     seconds, radians.
 *   - Quaternions are float[4] in [x, y, z, w] order (three.js / glTF),
 *     Hamilton product, unit norm; q and -q are the same rotation.
 *   - Euler angles are XYZ as three.js means it: R = Rx * Ry * Rz.
 *   - A pose is 22 local rotations (float[88]) relative to the T-pose bind.
 *
 * Rules of the API
 *   - Every entry point checks its arguments and returns a kb_status; the
 *     text of a status comes from kb_status_text(). Nothing aborts, prints
 *     or allocates: state lives in plain structs and caller buffers.
 *   - Batch entry points take contiguous arrays (n quaternions = 4n floats).
 */
#ifndef KBLEND_H
#define KBLEND_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- status */

typedef enum kb_status {
  KB_OK = 0,
  KB_ERR_NULL = 1,           /* a required pointer is NULL */
  KB_ERR_NOT_FINITE = 2,     /* NaN or infinity where a finite value is needed */
  KB_ERR_OUT_OF_RANGE = 3,   /* a value outside its allowed interval */
  KB_ERR_ZERO_QUAT = 4,      /* a quaternion of (near) zero norm */
  KB_ERR_CAPACITY = 5,       /* a count larger than the buffers allow */
  KB_ERR_NOT_CONVERGED = 6,  /* an iteration stopped at its cap */
  KB_ERR_BAD_ORDER = 7,      /* keyframe times not increasing */
  KB_ERR_SINGULAR = 8        /* a linear system could not be solved */
} kb_status;

/* A short English text for a status (never NULL). */
const char *kb_status_text(kb_status status);

/* ------------------------------------------------------------ quaternion */

/* out = a ⊗ b (Hamilton). out may alias a or b. */
kb_status kb_quat_mul(const float a[4], const float b[4], float out[4]);
kb_status kb_quat_conjugate(const float q[4], float out[4]);
/* Fails with KB_ERR_ZERO_QUAT below a norm of 1e-12. */
kb_status kb_quat_normalize(const float q[4], float out[4]);
/* Checks that q is finite and of nonzero norm (not that it is unit). */
kb_status kb_quat_check(const float q[4]);
/* out = q v q⁻¹ for a unit q. */
kb_status kb_quat_rotate(const float q[4], const float v[3], float out[3]);
/* XYZ Euler (radians, three.js order) to unit quaternion and back. */
kb_status kb_quat_from_euler_xyz(const float euler[3], float out[4]);
kb_status kb_quat_to_euler_xyz(const float q[4], float out[3]);
/* Rotation of angle |v| about v/|v| (the exponential map); v = 0 → identity. */
kb_status kb_quat_from_rotation_vector(const float v[3], float out[4]);
/* Geodesic angle in [0, π]: 2·atan2(|v|, |w|) of a⁻¹ ⊗ b; sign-blind. */
kb_status kb_quat_geodesic_angle(const float a[4], const float b[4],
                                 float *out_angle);

/* ----------------------------------------------------------------- slerp */

/* Above this |dot| SLERP falls back to normalized LERP. */
#define KB_SLERP_NLERP_DOT 0.9995f

/* Shortest-path SLERP (negates b when a·b < 0). u is not clamped. */
kb_status kb_slerp(const float a[4], const float b[4], float u, float out[4]);
/* n independent pairs, one weight each: out[i] = slerp(a[i], b[i], u[i]).
 * Inputs are assumed unit; only pointers and n are checked (hot path). */
kb_status kb_slerp_batch(const float *a, const float *b, const float *u,
                         int n, float *out);
/* Same as kb_slerp_batch with a polynomial acos/sin kernel; four pairs at a
 * time with WebAssembly SIMD when built with -msimd128. Meets the same
 * accuracy bar as kb_slerp (1e-5 rad). */
kb_status kb_slerp_batch_fast(const float *a, const float *b, const float *u,
                              int n, float *out);

/* -------------------------------------------------------------- envelope */

#define KB_DEFAULT_ATTACK 0.15f
#define KB_DEFAULT_RELEASE 0.20f

/* Checks attack ≥ 0, release ≥ 0, attack + release ≤ 1, all finite. */
kb_status kb_envelope_check(float attack, float release);
/* E(p; a, r): smoothstep attack, plateau 1, smoothstep release; 0 outside
 * [0, 1]. a = 0 or r = 0 is a step. */
kb_status kb_envelope(float p, float attack, float release, float *out);
/* dE/dp (0 at the steps of a zero-length attack or release). */
kb_status kb_envelope_slope(float p, float attack, float release, float *out);
/* Timed form: seconds to ratios of the duration; if they exceed it together
 * both are scaled down in proportion. */
kb_status kb_envelope_ratios_from_seconds(float attack_s, float release_s,
                                          float duration, float *attack,
                                          float *release);

/* ---------------------------------------------------------- deadband filter */

typedef enum kb_follower {
  KB_FOLLOWER_EXP = 0, /* y ← slerp(y, g, 1 − exp(−λ·dt)) */
  KB_FOLLOWER_KLI = 1  /* y ← Kuramoto–Lohe flow toward g over dt, rate λ */
} kb_follower;

typedef struct kb_filter_params {
  float epsilon; /* deadband, rad, ≥ 0 (default 0.0005) */
  float lambda;  /* follow rate, 1/s, > 0; INFINITY = pure gate (default 18) */
  float dt_max;  /* dt is clamped to [0, dt_max] (default 1/30 s) */
  int follower;  /* kb_follower */
} kb_filter_params;

typedef struct kb_filter {
  kb_filter_params params;
  float *state;  /* caller buffer, 4·count floats */
  int count;     /* joints */
  int primed;    /* 0 until the first sample */
} kb_filter;

void kb_filter_default_params(kb_filter_params *out);
kb_status kb_filter_check_params(const kb_filter_params *params);
/* state must hold 4·count floats and outlive the filter. */
kb_status kb_filter_init(kb_filter *f, const kb_filter_params *params,
                         float *state, int count);
void kb_filter_reset(kb_filter *f);
/* One step over all joints: targets and out hold 4·count floats (may alias).
 * out_changed (nullable) receives how many joints moved at all. */
kb_status kb_filter_step(kb_filter *f, const float *targets, float dt,
                         float *out, int *out_changed);

/* ------------------------------------------------- Kuramoto–Lohe (KLI) */

typedef enum kb_kli_method { KB_KLI_RK4 = 0, KB_KLI_EULER = 1 } kb_kli_method;

typedef struct kb_kli_options {
  double rate;       /* K > 0 (default 1) */
  double step;       /* h > 0 (default 0.01) */
  double epsilon;    /* stop when |q − r|₂ < ε (default 1e-5) */
  int method;        /* kb_kli_method */
  int shortest_path; /* 1: negate r when p·r < 0 (default); 0: paper parity */
  int max_steps;     /* cap (default 1000000) */
} kb_kli_options;

typedef struct kb_kli_result {
  double t_stop; /* steps · h */
  int steps;
  double q[4];   /* final state */
  int converged; /* 0 when the cap was reached (status is then OK too) */
} kb_kli_result;

void kb_kli_default_options(kb_kli_options *out);
/* Integrates dq/dt = K (r − (q·r) q) from p, renormalizing every step. */
kb_status kb_kli(const double p[4], const double r[4],
                 const kb_kli_options *options, kb_kli_result *out);
/* Closed form: q(t) = slerp(p, r, u(t)), u(t) = 1 − (2/θ0)·atan(tan(θ0/2)·
 * e^(−K t)), θ0 the S³ angle between p and r (after the shortest-path sign
 * choice when shortest_path is set). */
kb_status kb_kli_at(const double p[4], const double r[4], double t,
                    double rate, int shortest_path, double out[4]);
/* The SLERP weight u(t) of the closed form for a start angle θ0 ∈ [0, π]. */
double kb_kli_weight(double theta0, double rate, double t);

/* -------------------------------------------------------------- skeleton */

#define KB_JOINT_COUNT 22
#define KB_POSE_FLOATS (KB_JOINT_COUNT * 4)
#define KB_DEFAULT_HEIGHT 1.75f
#define KB_DEFAULT_APOSE 1.18f

enum {
  KB_PELVIS, KB_LEFT_HIP, KB_RIGHT_HIP, KB_SPINE1, KB_LEFT_KNEE,
  KB_RIGHT_KNEE, KB_SPINE2, KB_LEFT_ANKLE, KB_RIGHT_ANKLE, KB_SPINE3,
  KB_LEFT_FOOT, KB_RIGHT_FOOT, KB_NECK, KB_LEFT_COLLAR, KB_RIGHT_COLLAR,
  KB_HEAD, KB_LEFT_SHOULDER, KB_RIGHT_SHOULDER, KB_LEFT_ELBOW,
  KB_RIGHT_ELBOW, KB_LEFT_WRIST, KB_RIGHT_WRIST
};

/* A point fixed in a joint's frame (a hand marker, a task link). */
typedef struct kb_marker {
  int joint;
  float offset[3];
} kb_marker;

typedef struct kb_skeleton {
  float height;
  /* Bind offset of each joint from its parent (the root's: from the
   * origin). Bind rotations are identity, so these are also world axes. */
  float offsets[KB_JOINT_COUNT][3];
  kb_marker palm_centre[2]; /* [0] left, [1] right */
  kb_marker thumb_tip[2];
} kb_skeleton;

/* Joint name (e.g. "left_wrist") or NULL when out of range. */
const char *kb_joint_name(int joint);
/* Parent index, −1 for the pelvis, −2 when out of range. */
int kb_joint_parent(int joint);
/* Index of a name or −1. */
int kb_joint_index(const char *name);

/* Our proportions (anthropometric segment table) scaled to height (m). */
kb_status kb_skeleton_init(kb_skeleton *s, float height);
/* Relaxed A-pose: upper arms lowered by apose rad about Z, the rest at the
 * bind. apose ∈ [0, π/2]. */
kb_status kb_idle_pose(float apose, float out[KB_POSE_FLOATS]);
/* Palm normal (−Y) and thumb direction (+Z) in a wrist's local frame. */
extern const float kb_palm_normal_local[3];
extern const float kb_thumb_local[3];

/* World rotations (88 floats) and positions (66 floats) from local
 * rotations; root_translation and root_rotation are nullable (0 / identity),
 * and move the whole body. */
kb_status kb_forward_kinematics(const kb_skeleton *s, const float *local,
                                const float root_translation[3],
                                const float root_rotation[4],
                                float *world_positions,
                                float *world_rotations);
/* World position of a marker given FK output. */
kb_status kb_marker_position(const kb_marker *m, const float *world_positions,
                             const float *world_rotations, float out[3]);

/* ------------------------------------------------------ gesture pipeline */

/* A target track: keyframes of whole poses, slerped in time. Joints whose
 * mask entry is 0 keep their idle rotation. Buffers are the caller's. */
typedef struct kb_track {
  const float *times;     /* seconds, increasing, n_keys */
  const float *rotations; /* n_keys · 88 */
  int n_keys;
  int loop;               /* 1: repeat with the period */
  float period;           /* loop period, > last time − first time */
  uint8_t joint_mask[KB_JOINT_COUNT];
} kb_track;

/* Sample the track at time t (seconds); idle fills unmasked joints. */
kb_status kb_track_sample(const kb_track *track, const float *idle, float t,
                          float out[KB_POSE_FLOATS]);

typedef enum kb_shape {
  KB_SHAPE_SMOOTHSTEP = 0, /* E(p) as in the seed */
  KB_SHAPE_KLI = 1         /* ease-out along the KLI path (closed form) */
} kb_shape;

typedef enum kb_order {
  KB_ORDER_KBLEND = 0,      /* filter the target stream, blend last */
  KB_ORDER_SEED = 1,        /* blend, then filter (the seed's defect) */
  KB_ORDER_NAIVE_EULER = 2  /* scale target Euler angles by E (snaps to T) */
} kb_order;

typedef struct kb_preview_params {
  float attack, release; /* ratios of the duration */
  float duration;        /* seconds, > 0 */
  float fps;             /* frame grid, > 0 (default 30) */
  float jitter;          /* σ, rad, ≥ 0 */
  uint32_t seed;
  float apose;           /* idle A-pose angle, rad */
  int shape;             /* kb_shape */
  int order;             /* kb_order */
  kb_filter_params filter;
} kb_preview_params;

#define KB_MAX_FRAMES 1000000

typedef struct kb_preview {
  kb_preview_params params;
  kb_track track;
  kb_filter filter;
  int frame_count;                    /* frames k = 0 .. frame_count − 1 */
  float idle[KB_POSE_FLOATS];
  float filter_state[KB_POSE_FLOATS];
  int frame;                          /* last frame computed, −1 for none */
  float pose[KB_POSE_FLOATS];         /* output of that frame */
  float previous_pose[KB_POSE_FLOATS]; /* output of the frame before it */
  int changed; /* joints whose output differs bitwise from the frame before */
  float target[KB_POSE_FLOATS];       /* scratch */
} kb_preview;

void kb_preview_default_params(kb_preview_params *out);
kb_status kb_preview_check_params(const kb_preview_params *params);
/* The track's buffers must outlive the preview. */
kb_status kb_preview_init(kb_preview *pv, const kb_preview_params *params,
                          const kb_track *track);
/* Time of frame k: min(k / fps, duration). */
float kb_preview_frame_time(const kb_preview *pv, int k);
/* The output pose of frame k (replays from 0 when k is behind). */
kb_status kb_preview_frame(kb_preview *pv, int k, float out[KB_POSE_FLOATS],
                           int *out_changed);
/* The pose at time t ∈ [0, duration] (clamped): frames slerped in time. */
kb_status kb_preview_evaluate(kb_preview *pv, float t,
                              float out[KB_POSE_FLOATS], int *out_changed);

/* ------------------------------------------------------------ clap check */

typedef struct kb_clap_limits {
  float separation, separation_tolerance; /* 0.17 ± 0.03 m */
  float palm_dot_max;                     /* −0.90 */
  float thumb_up_min;                     /* 0.90 */
} kb_clap_limits;

typedef struct kb_clap_report {
  float separation;  /* |p_R − p_L| */
  float palm_dot;    /* n_L · n_R */
  float thumb_left;  /* t_L · ŷ */
  float thumb_right; /* t_R · ŷ */
  float order;       /* (p_L − p_R) · x̂_body, > 0 when not crossed */
  int separation_ok, palms_ok, thumb_left_ok, thumb_right_ok, order_ok;
  int ok;
} kb_clap_report;

void kb_clap_default_limits(kb_clap_limits *out);
/* limits nullable (defaults). root_rotation nullable (identity). */
kb_status kb_clap_check(const kb_skeleton *s, const float *local,
                        const float root_rotation[4],
                        const kb_clap_limits *limits, kb_clap_report *out);

/* ------------------------------------------ flat entry points for bindings */
/* The same operations with scalar and array arguments only, for callers
 * that cannot build C structs (WebAssembly, other FFIs). */

size_t kb_sizeof_preview(void);
size_t kb_sizeof_filter(void);
size_t kb_sizeof_skeleton(void);

/* params: KB_PREVIEW_FLAT_COUNT floats in this order. */
enum {
  KB_FLAT_ATTACK, KB_FLAT_RELEASE, KB_FLAT_DURATION, KB_FLAT_FPS,
  KB_FLAT_JITTER, KB_FLAT_SEED, KB_FLAT_APOSE, KB_FLAT_SHAPE, KB_FLAT_ORDER,
  KB_FLAT_EPSILON, KB_FLAT_LAMBDA, KB_FLAT_DT_MAX, KB_FLAT_FOLLOWER,
  KB_PREVIEW_FLAT_COUNT
};
/* The preview keeps the track pointers: times, rotations and mask (22
 * bytes) must outlive it. */
kb_status kb_preview_init_flat(kb_preview *pv, const float *params,
                               const float *times, const float *rotations,
                               int n_keys, int loop, float period,
                               const uint8_t *mask);
int kb_preview_frame_count(const kb_preview *pv);
kb_status kb_filter_init_flat(kb_filter *f, float epsilon, float lambda,
                              float dt_max, int follower, float *state,
                              int count);
/* out: separation, palm_dot, thumb_left, thumb_right, order, then the
 * five rule results and ok as 0/1 (11 floats). */
kb_status kb_clap_check_flat(const kb_skeleton *s, const float *local,
                             float *out);
/* out: t_stop, steps, q[4], converged (7 doubles). */
kb_status kb_kli_flat(const double *p, const double *r, double rate,
                      double step, double epsilon, int method,
                      int shortest_path, int max_steps, double *out);

#ifdef __cplusplus
}
#endif

#endif /* KBLEND_H */
