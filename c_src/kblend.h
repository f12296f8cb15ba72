/*
 * kblend.h — gesture motion core: quaternions, SLERP, envelope, deadband
 * filter, Kuramoto–Lohe interpolation, skeleton and forward kinematics,
 * gesture pipeline, clap check, frame-vector / retargeting tasks and a
 * Levenberg–Marquardt solver. C11, libc and libm only.
 *
 * BUILD AND INCLUDE
 *   Compile every .c file of c_src/ with -std=c11 and -Ic_src, link -lm,
 *   include "kblend.h". The binding layer for WebAssembly and other FFIs (flat
 *   entry points, the ABI table) is c_src/wasm/ with its own header,
 *   kblend_wasm.h; a C program does not need it.
 *
 * USAGE: a preview of a one-key gesture, evaluated at t = 1 s
 *
 *   float key[KB_POSE_FLOATS], pose[KB_POSE_FLOATS], times[1] = {0};
 *   kb_idle_pose(0.5f, key);                  // the gesture's target pose
 *   kb_track track = {times, key, 1, 0, 0, {0}};
 *   track.joint_mask[KB_LEFT_SHOULDER] = 1;   // the joints it drives
 *   kb_preview_params params;
 *   kb_preview_default_params(&params);       // the design's defaults
 *   params.duration = 2.0f;
 *   static kb_preview pv;                     // ~3 KB: static or heap
 *   kb_status st = kb_preview_init(&pv, &params, &track);
 *   int changed;
 *   if (st == KB_OK) st = kb_preview_evaluate(&pv, 1.0f, pose, &changed);
 *   if (st != KB_OK) fprintf(stderr, "kblend: %s\n", kb_status_text(st));
 *   // pose: 88 floats, the left upper arm part way to its target
 *
 * BUFFERS AND OWNERSHIP
 *   The caller owns every buffer: nothing allocates, prints or aborts.
 *   State lives in plain structs the caller allocates (kb_preview,
 *   kb_filter's state, kb_solver of about 200 KB); structs that keep a
 *   pointer (a preview's track, a filter's state) need the buffer to
 *   outlive them. Inputs are const and never written; outputs may alias
 *   inputs only where a declaration says so. Sizes are in floats or
 *   doubles unless written in bytes: a quaternion is 4, a pose
 *   KB_POSE_FLOATS (88 = 22 joints × 4), world positions 66 (22 × 3).
 *
 * STATUS
 *   Every entry that can fail returns a kb_status (kb_status_text() names
 *   it). KB_OK comes only with finite output, unit where a rotation, and
 *   the answer asked for; on an error the outputs are unspecified unless a
 *   declaration says otherwise. An iteration that reaches its cap (KLI,
 *   the solver, clip retargeting) is not an error: the status is KB_OK
 *   and the result says converged = 0. Entries that cannot fail return
 *   their value: kb_status_text, kb_joint_name / _parent / _index (a
 *   sentinel for an unknown index or name), kb_kli_weight (total) and the
 *   preview's frame time (a clamp).
 *
 * CONVENTIONS
 *   - Right-handed, Y up, the character faces +Z, its left is +X; meters,
 *     seconds, radians.
 *   - Quaternions are float[4] in [x, y, z, w] order (three.js / glTF),
 *     Hamilton product, unit norm; q and -q are the same rotation. Entries
 *     that take arbitrary quaternions normalize them; batch kernels marked
 *     "hot path" assume unit inputs.
 *   - Euler angles are XYZ as three.js means it: R = Rx * Ry * Rz.
 *   - A pose is 22 local rotations (float[88]) relative to the T-pose bind.
 *   - Tunables have a default and an inclusive range below (KB_DEFAULT_*,
 *     KB_MIN_*, KB_MAX_*); the checks use exactly these.
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
  KB_ERR_NULL = 1,         /* a required pointer is NULL */
  KB_ERR_NOT_FINITE = 2,   /* NaN or infinity where a finite value is needed */
  KB_ERR_OUT_OF_RANGE = 3, /* a value outside its allowed interval */
  KB_ERR_ZERO_QUAT = 4,    /* a quaternion of (near) zero norm */
  KB_ERR_CAPACITY = 5,     /* a count larger than the buffers allow */
  /* 6 is retired: an iteration that reaches its cap is not an error (the
   * result says converged = 0, see the rules above) */
  KB_ERR_BAD_ORDER = 7 /* keyframe times not increasing */
} kb_status;

/* A short English text for a status (never NULL). */
const char *kb_status_text(kb_status status);

/* -------------------------------------------------------------- tunables */
/* Every tunable's default and inclusive range, defined once here: the
 * core's checks compare against these macros and bindings read them through
 * their ABI table. Each bound of a float parameter is a float32 value, so
 * every v with min <= v <= max, rounded to float, is accepted. */

#define KB_PI 3.14159265358979323846
#define KB_PI_F ((float)KB_PI)

/* envelope: attack and release ratios of the duration (and a + r <= 1) */
#define KB_DEFAULT_ATTACK 0.15f
#define KB_MIN_ATTACK 0.0f
#define KB_MAX_ATTACK 1.0f
#define KB_DEFAULT_RELEASE 0.20f
#define KB_MIN_RELEASE 0.0f
#define KB_MAX_RELEASE 1.0f
/* envelope, timed form: seconds */
#define KB_DEFAULT_ATTACK_SECONDS 0.45f
#define KB_MIN_ATTACK_SECONDS 0.0f
#define KB_MAX_ATTACK_SECONDS KB_MAX_DURATION
#define KB_DEFAULT_RELEASE_SECONDS 0.60f
#define KB_MIN_RELEASE_SECONDS 0.0f
#define KB_MAX_RELEASE_SECONDS KB_MAX_DURATION
/* deadband filter: epsilon rad, lambda 1/s (INFINITY is accepted besides:
 * the pure gate), dt_max s */
#define KB_DEFAULT_EPSILON 0.0005f
#define KB_MIN_EPSILON 0.0f
#define KB_MAX_EPSILON KB_PI_F
#define KB_DEFAULT_LAMBDA 18.0f
#define KB_MIN_LAMBDA 0.01f
#define KB_MAX_LAMBDA 1000.0f
#define KB_DEFAULT_DT_MAX (1.0f / 30.0f)
#define KB_MIN_DT_MAX 0.001f
#define KB_MAX_DT_MAX 1.0f
/* preview: duration s, frame rate 1/s, jitter rad, seed (an integer exact
 * in float32), idle A-pose angle rad (pi/2 rounded up to four decimals, so
 * float(pi/2) and a link's 1.5708 both pass) */
#define KB_DEFAULT_DURATION 3.0f
#define KB_MIN_DURATION 0.1f
#define KB_MAX_DURATION 600.0f
#define KB_DEFAULT_FPS 30.0f
#define KB_MIN_FPS 1.0f
#define KB_MAX_FPS 240.0f
#define KB_DEFAULT_JITTER 0.0f
#define KB_MIN_JITTER 0.0f
#define KB_MAX_JITTER 0.5f
#define KB_DEFAULT_SEED 1
#define KB_MIN_SEED 0
#define KB_MAX_SEED 16777215
#define KB_DEFAULT_APOSE 1.18f
#define KB_MIN_APOSE 0.0f
#define KB_MAX_APOSE 1.5708f
#define KB_DEFAULT_SHAPE 0    /* KB_SHAPE_SMOOTHSTEP */
#define KB_DEFAULT_ORDER 0    /* KB_ORDER_KBLEND */
#define KB_DEFAULT_FOLLOWER 0 /* KB_FOLLOWER_EXP */
/* skeleton: body height, m */
#define KB_DEFAULT_HEIGHT 1.75f
#define KB_MIN_HEIGHT 0.5f
#define KB_MAX_HEIGHT 3.0f
/* KLI (double options): rate K 1/s, step h s, stop distance, step cap */
#define KB_DEFAULT_KLI_RATE 1.0
#define KB_MIN_KLI_RATE 0.001
#define KB_MAX_KLI_RATE 1000.0
#define KB_DEFAULT_KLI_STEP 0.01
#define KB_MIN_KLI_STEP 1e-6
#define KB_MAX_KLI_STEP 1.0
#define KB_DEFAULT_KLI_EPSILON 1e-5
#define KB_MIN_KLI_EPSILON 0.0
#define KB_MAX_KLI_EPSILON 1.0
#define KB_DEFAULT_KLI_MAX_STEPS 1000000
#define KB_MIN_KLI_MAX_STEPS 0
#define KB_MAX_KLI_MAX_STEPS 10000000
/* pairs of one SLERP batch a binding may allocate */
#define KB_MIN_BATCH_PAIRS 1
#define KB_MAX_BATCH_PAIRS 500000
/* Levenberg–Marquardt defaults (kb_ik_default_options, docs/design.md §7) */
#define KB_DEFAULT_IK_MAX_ITERATIONS 100
#define KB_DEFAULT_IK_LAMBDA0 1e-3
#define KB_DEFAULT_IK_LAMBDA_MIN 1e-5
#define KB_DEFAULT_IK_LAMBDA_MAX 1e10
#define KB_DEFAULT_IK_ACCEPT_RATIO 1e-3
#define KB_DEFAULT_IK_COST_TOLERANCE 1e-9
#define KB_DEFAULT_IK_STEP_TOLERANCE 1e-10
#define KB_DEFAULT_IK_GRADIENT_TOLERANCE 1e-12
#define KB_DEFAULT_IK_DECREASE_TOLERANCE 1e-6

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
kb_status kb_slerp_batch(const float *a, const float *b, const float *u, int n,
                         float *out);
/* Same as kb_slerp_batch with a polynomial acos/sin kernel; four pairs at a
 * time with WebAssembly SIMD when built with -msimd128. Meets the same
 * accuracy bar as kb_slerp (1e-5 rad). */
kb_status kb_slerp_batch_fast(const float *a, const float *b, const float *u,
                              int n, float *out);

/* --------------------------------------------- slerp: where motion is */

/* kb_slerp_batch_fast over the pairs index[0..m) only (each in [0, n)):
 * out[j] = slerp(a[j], b[j], u[j]) for j in index, the other entries of out
 * untouched; one SIMD batch however scattered the indices. A pair's result
 * is bit for bit the same as in the contiguous batch. out may alias a or b. */
kb_status kb_slerp_batch_fast_indexed(const float *a, const float *b,
                                      const float *u, int n,
                                      const int32_t *index, int m, float *out);

/* -------------------------------------------------------------- envelope */

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
  KB_FOLLOWER_KLI = 1 /* y ← Kuramoto–Lohe flow toward g over dt, rate λ */
} kb_follower;

typedef struct kb_filter_params {
  float epsilon; /* deadband, rad, in [KB_MIN_EPSILON, KB_MAX_EPSILON] */
  float lambda;  /* follow rate, 1/s, in [KB_MIN_LAMBDA, KB_MAX_LAMBDA];
                  * INFINITY = pure gate */
  float dt_max;  /* dt is clamped to [0, dt_max]; dt_max in
                  * [KB_MIN_DT_MAX, KB_MAX_DT_MAX] */
  int follower;  /* kb_follower */
} kb_filter_params;

/* Floats of caller buffer per joint: its state (4) and step scratch (5). */
#define KB_FILTER_FLOATS_PER_JOINT 9

typedef struct kb_filter {
  kb_filter_params params;
  float *state;  /* caller buffer, KB_FILTER_FLOATS_PER_JOINT·count floats */
  int count;     /* joints */
  int primed;    /* 0 until the first sample */
  int full_path; /* 1: reference path, every joint through the SLERP batch
                  * (same output bits; see kb_preview_set_full_path) */
  /* per-step constants, kept while what they come from stays the same */
  float gate_epsilon;                  /* ε of gate (NaN: none yet) */
  double gate;                         /* tan²(ε/2) */
  float alpha_lambda, alpha_dt, alpha; /* α = 1 − e^(−λ·dt) of λ, dt */
} kb_filter;

kb_status kb_filter_default_params(kb_filter_params *out);
kb_status kb_filter_check_params(const kb_filter_params *params);
/* state must hold KB_FILTER_FLOATS_PER_JOINT·count floats and outlive the
 * filter; its first 4·count floats are the filtered rotations. */
kb_status kb_filter_init(kb_filter *f, const kb_filter_params *params,
                         float *state, int count);
kb_status kb_filter_reset(kb_filter *f);
/* One step over all joints: targets and out hold 4·count floats (may alias).
 * Targets need not be unit (they are normalized). out_changed (nullable)
 * receives how many joints' output changed at all (0 when all were held,
 * e.g. at dt = 0). */
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

kb_status kb_kli_default_options(kb_kli_options *out);
/* Integrates dq/dt = K (r − (q·r) q) from p, renormalizing every step. */
kb_status kb_kli(const double p[4], const double r[4],
                 const kb_kli_options *options, kb_kli_result *out);
/* Closed form: q(t) = slerp(p, r, u(t)), u(t) = 1 − (2/θ0)·atan(tan(θ0/2)·
 * e^(−K t)), θ0 the S³ angle between p and r (after the shortest-path sign
 * choice when shortest_path is set). */
kb_status kb_kli_at(const double p[4], const double r[4], double t, double rate,
                    int shortest_path, double out[4]);
/* The SLERP weight u(t) ∈ [0, 1] of the closed form for a start angle
 * θ0 ∈ [0, π]. Total (it cannot fail, so it returns the value): θ0 ≤ 0 or
 * NaN gives 1 (no angle to cover), t ≤ 0, rate ≤ 0 or NaN give 0. */
double kb_kli_weight(double theta0, double rate, double t);
/* The ramp of a preview's 'kli' shape (docs/design.md §4): the weight
 * kb_kli_weight(θ0, K, elapsed) of the flow from the S³ angle θ0 whose rate
 * K = ln(tan(θ0/2) / tan(ε/4)) / span makes it arrive within ε (rad of
 * rotation, taken ≥ 1e-5) of its target after span seconds. 1 when span ≤ 0
 * or θ0 is within ε already. Total, like kb_kli_weight. */
double kb_kli_ramp(double theta0, double epsilon, double span, double elapsed);

/* -------------------------------------------------------------- skeleton */

#define KB_JOINT_COUNT 22
#define KB_POSE_FLOATS (KB_JOINT_COUNT * 4)
enum {
  KB_PELVIS,
  KB_LEFT_HIP,
  KB_RIGHT_HIP,
  KB_SPINE1,
  KB_LEFT_KNEE,
  KB_RIGHT_KNEE,
  KB_SPINE2,
  KB_LEFT_ANKLE,
  KB_RIGHT_ANKLE,
  KB_SPINE3,
  KB_LEFT_FOOT,
  KB_RIGHT_FOOT,
  KB_NECK,
  KB_LEFT_COLLAR,
  KB_RIGHT_COLLAR,
  KB_HEAD,
  KB_LEFT_SHOULDER,
  KB_RIGHT_SHOULDER,
  KB_LEFT_ELBOW,
  KB_RIGHT_ELBOW,
  KB_LEFT_WRIST,
  KB_RIGHT_WRIST
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

/* The four hand markers by index. */
enum {
  KB_MARKER_LEFT_PALM = 0,
  KB_MARKER_RIGHT_PALM = 1,
  KB_MARKER_LEFT_THUMB = 2,
  KB_MARKER_RIGHT_THUMB = 3,
  KB_MARKER_COUNT = 4
};
/* Hand marker `which` (KB_MARKER_*) of a skeleton. */
kb_status kb_hand_marker(const kb_skeleton *s, int which, kb_marker *out);

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
/* Palm normal (−Y) and thumb direction (+Z) in a wrist's local frame
 * (the macros are their components, for initializers and bindings). */
#define KB_PALM_NORMAL_X 0.0f
#define KB_PALM_NORMAL_Y -1.0f
#define KB_PALM_NORMAL_Z 0.0f
#define KB_THUMB_X 0.0f
#define KB_THUMB_Y 0.0f
#define KB_THUMB_Z 1.0f
extern const float kb_palm_normal_local[3];
extern const float kb_thumb_local[3];

/* World rotations (88 floats) and positions (66 floats) from local
 * rotations; root_translation and root_rotation are nullable (0 / identity),
 * and move the whole body. */
kb_status kb_forward_kinematics(const kb_skeleton *s, const float *local,
                                const float root_translation[3],
                                const float root_rotation[4],
                                float *world_positions, float *world_rotations);
/* Forward kinematics of count poses in one call: local holds count·88
 * floats, root_translations count·3 (nullable: all at the origin); the
 * outputs hold count·66 and count·88 floats. Every pose is checked (and
 * normalized) before any is computed; on a refusal *failed (nullable) is
 * the index of the pose refused, else −1. */
kb_status kb_forward_kinematics_batch(const kb_skeleton *s, const float *local,
                                      int count, const float *root_translations,
                                      float *world_positions,
                                      float *world_rotations, int *failed);
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
  int loop;     /* 1: repeat with the period */
  float period; /* loop period, > last time − first time */
  uint8_t joint_mask[KB_JOINT_COUNT];
} kb_track;

/* Sample the track at time t (seconds) into out (88 floats); idle (88
 * floats) fills unmasked joints. Keys may be any nonzero quaternions: the
 * sample is made of their unit copies. */
kb_status kb_track_sample(const kb_track *track, const float *idle, float t,
                          float out[KB_POSE_FLOATS]);

typedef enum kb_shape {
  KB_SHAPE_SMOOTHSTEP = 0, /* E(p) as in the seed */
  KB_SHAPE_KLI = 1         /* ease-out along the KLI path (closed form) */
} kb_shape;

typedef enum kb_order {
  KB_ORDER_KBLEND = 0,     /* filter the target stream, blend last */
  KB_ORDER_SEED = 1,       /* blend, then filter (the seed's defect) */
  KB_ORDER_NAIVE_EULER = 2 /* scale target Euler angles by E (snaps to T) */
} kb_order;

typedef struct kb_preview_params {
  float attack, release; /* ratios of the duration */
  float duration;        /* seconds, > 0 */
  float fps;             /* frame grid, > 0 (default 30) */
  float jitter;          /* σ, rad, ≥ 0 */
  uint32_t seed;
  float apose; /* idle A-pose angle, rad */
  int shape;   /* kb_shape */
  int order;   /* kb_order */
  kb_filter_params filter;
} kb_preview_params;

#define KB_MAX_FRAMES 1000000

typedef struct kb_preview {
  kb_preview_params params;
  kb_track track;
  kb_filter filter;
  int frame_count; /* frames k = 0 .. frame_count − 1 */
  float idle[KB_POSE_FLOATS];
  float filter_state[KB_FILTER_FLOATS_PER_JOINT * KB_JOINT_COUNT];
  int frame; /* last frame computed, −1 for none */
  /* outputs of that frame (poses[current]) and of the frame before it
   * (the other one): a step flips current instead of copying */
  float poses[2][KB_POSE_FLOATS];
  int current;
  int changed; /* joints whose output differs bitwise from the frame before */
  float target[KB_POSE_FLOATS];  /* scratch: the target pose */
  float blended[KB_POSE_FLOATS]; /* scratch: the seed order's blend */
  float weights[KB_JOINT_COUNT]; /* scratch: per-joint SLERP weights */
  /* where motion is (kb_preview_set_full_path, kb_preview_changed_mask) */
  int full_path; /* 1: reference path (all joints) */
  int keys_unit; /* 1: every track key is unit (sampled as it is) */
  int32_t follow[KB_JOINT_COUNT];       /* scratch: joints to slerp */
  uint8_t changed_mask[KB_JOINT_COUNT]; /* 1: differs from the last shown */
  int shown_any;                        /* 0 until an output was returned */
  float shown[KB_POSE_FLOATS];          /* the output last returned */
} kb_preview;

kb_status kb_preview_default_params(kb_preview_params *out);
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

/* ------------------------------------- gesture pipeline: where motion is */

/* The frame computation slerps only joints that are driven, moving or at an
 * envelope weight strictly between 0 and 1, in one SIMD batch. full = 1
 * selects the reference path instead (every joint through the batches at
 * every stage), full = 0 the default; the output bits are the same. */
kb_status kb_preview_set_full_path(kb_preview *pv, int full);
/* KB_JOINT_COUNT bytes inside the preview, updated by every successful
 * kb_preview_frame / kb_preview_evaluate: 1 where that joint's output
 * differs (bitwise) from the output returned the call before (all 1 after
 * the first call), so after a seek or any jump every joint that differs
 * from what was last shown. NULL for a NULL preview. */
const uint8_t *kb_preview_changed_mask(const kb_preview *pv);

/* ----------------------------------------------------------------- crowd */

/* How a crowd's world matrices are stored (16 floats each, column-major as
 * three.js's Matrix4.elements, for N members of 22 joints):
 * - KB_CROWD_MEMBER_MAJOR: joint j of member i at out[16·(22·i + j)], every
 *   matrix computed each call;
 * - KB_CROWD_JOINT_MAJOR: joint j of member i at out[16·(N·j + i)], so each
 *   joint's N matrices are one contiguous run (one instanced mesh per body
 *   segment reads it as is). Only matrices that can change are computed:
 *   the joints whose own or an ancestor's rotation differs bitwise from the
 *   member's pose in `poses` before the call, and every joint of a member
 *   whose root moved; the others keep theirs. The matrices are bit for bit
 *   the member-major ones. */
typedef enum kb_crowd_layout {
  KB_CROWD_MEMBER_MAJOR = 0,
  KB_CROWD_JOINT_MAJOR = 1
} kb_crowd_layout;

/* What a member's joint-major matrices were last computed from: its world
 * rotations and positions (FK) and its root. The caller's, untouched
 * between calls; fill them with NaN (or the poses with zeros) before the
 * first call, so that every matrix is computed then. */
typedef struct kb_crowd_fk_state {
  float rotations[KB_POSE_FLOATS];
  float positions[3 * KB_JOINT_COUNT];
  float root[3];
} kb_crowd_fk_state;

/* World matrices on request: `skeleton` for every member, `roots` 3·count
 * floats (nullable: every root at the origin), `out` 16·22·count floats in
 * `layout` (zero: member-major), from FK of the member's pose at its root.
 * Joint-major needs `states` (count of them) and `moved` (22 bytes, set to
 * 1 where joint j's matrix was recomputed for some member this call); the
 * poses, states and out must stay as the last call left them. */
typedef struct kb_crowd_matrices {
  const kb_skeleton *skeleton;
  const float *roots;
  float *out;
  kb_crowd_layout layout;
  kb_crowd_fk_state *states;
  uint8_t *moved;
} kb_crowd_matrices;

/* Evaluates count previews at time t in one call, each exactly as
 * kb_preview_evaluate alone would: poses (88·count floats), masks (22·count
 * bytes, each member's changed-joint mask) and, when matrices is not NULL,
 * world matrices. Caller buffers, nothing allocated. */
kb_status kb_crowd_evaluate(kb_preview *const *members, int count, float t,
                            float *poses, uint8_t *masks,
                            const kb_crowd_matrices *matrices);

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

kb_status kb_clap_default_limits(kb_clap_limits *out);
/* Clap check of local rotations (88 floats, normalized): runs FK, then
 * kb_clap_check_world. limits nullable (defaults); root_rotation (4)
 * nullable (identity). */
kb_status kb_clap_check(const kb_skeleton *s, const float *local,
                        const float root_rotation[4],
                        const kb_clap_limits *limits, kb_clap_report *out);
/* The same check on forward-kinematics output (world_positions 66 floats,
 * world_rotations 88 floats), so a caller that already ran FK runs it once.
 * The body frame is the pelvis's world rotation. limits nullable. */
kb_status kb_clap_check_world(const kb_skeleton *s,
                              const float *world_positions,
                              const float *world_rotations,
                              const kb_clap_limits *limits,
                              kb_clap_report *out);

/* ---------------------------------------------- kinematic tasks and solver */
/* Least-squares inverse kinematics (docs/design.md §7, seed 001), in double
 * precision.
 *
 * Degrees of freedom (DoF), KB_IK_DOF of them, in this order: the root
 * translation (3), then per joint j a local rotation increment δ_j (3)
 * applied on the right, R_j ← R_j·exp([δ_j]). Column 3 + 3j + a of a
 * Jacobian is the derivative along world axis a_w = W_j e_a (W_j the joint's
 * world rotation): ∂p/∂δ = a_w × (p − o_j) for every point p below joint j.
 * A mask (KB_IK_DOF bytes, NULL = all active) selects what a solve may move;
 * masked columns are zero and masked DoFs never change.
 *
 * Tasks write residual rows r and Jacobian rows J (row-major, KB_IK_DOF
 * doubles per row) into caller buffers; the solver minimizes ½‖r‖² over the
 * rows of all its tasks plus regularizer rows. The solver's buffers live in
 * kb_solver (about 200 KB): allocate it once, nothing is allocated per
 * iteration. */

/* Degrees of freedom: root translation, then 3 per joint (69). */
#define KB_IK_DOF (3 + 3 * KB_JOINT_COUNT)
/* A flat double pose: root translation, then the local rotations. */
#define KB_IK_POSE_DOUBLES (3 + KB_POSE_FLOATS)
/* Capacities: pairs and rows per task, tasks of each kind. */
#define KB_IK_MAX_PAIRS 32
#define KB_IK_MAX_ROWS (6 * KB_IK_MAX_PAIRS)
#define KB_IK_MAX_TASKS 8
/* The largest magnitude of a task's targets, marker offsets, scales,
 * weights, Huber delta and gate lengths, of the solver's weights and pose
 * roots, and of a clip's source positions (KB_ERR_OUT_OF_RANGE beyond it):
 * every product the tasks and the solver form stays finite in double, and
 * every root they return finite in float. */
#define KB_IK_MAX_MAGNITUDE 1e9

/* A pose in double precision: root translation and 22 unit local
 * rotations [x, y, z, w] (the pelvis's is the root rotation). */
typedef struct kb_ik_pose {
  double root[3];
  double local[KB_JOINT_COUNT][4];
} kb_ik_pose;

/* Forward kinematics of a kb_ik_pose: world positions and world rotation
 * matrices (row-major 3×3) of every joint. */
typedef struct kb_ik_frame {
  double position[KB_JOINT_COUNT][3];
  double rotation[KB_JOINT_COUNT][9];
} kb_ik_frame;

/* From float local rotations (88, normalized here) and a nullable root
 * translation (NULL = 0). */
kb_status kb_ik_pose_from_local(const float *local, const float *root,
                                kb_ik_pose *out);
/* To float local rotations (88); root (3) is nullable. */
kb_status kb_ik_pose_to_local(const kb_ik_pose *pose, float *local,
                              float *root);
/* A copy with unit rotations (out may alias pose): KB_ERR_NOT_FINITE for
 * a root or rotation that is not finite, KB_ERR_ZERO_QUAT for a rotation
 * of (near) zero norm. */
kb_status kb_ik_pose_normalize(const kb_ik_pose *pose, kb_ik_pose *out);
/* Forward kinematics in double precision (the bind of the skeleton s). The
 * pose must be finite with unit rotations (|q|² within 1e-6 of 1), as
 * kb_ik_pose_from_* make them; others are refused. */
kb_status kb_ik_forward(const kb_skeleton *s, const kb_ik_pose *pose,
                        kb_ik_frame *out);
/* World position of a point fixed in a joint's frame (a joint itself with a
 * zero offset, a hand marker). joint = −1: the fixed world point `offset`
 * (the world origin with a zero offset). */
kb_status kb_ik_point(const kb_ik_frame *f, const kb_marker *m, double out[3]);
/* Its Jacobian, 3 rows × KB_IK_DOF (row-major); mask nullable. Zero for
 * joint = −1. */
kb_status kb_ik_point_jacobian(const kb_ik_frame *f, const kb_marker *m,
                               const uint8_t *mask, double *out);
/* out = pose ⊕ δ: root += δ[0..2], R_j ← R_j·exp([δ_j]) (δ: KB_IK_DOF
 * doubles, any finite size). out may alias pose and is left as it was when
 * the step is refused (a non-unit pose, |δ_j| or the root overflowing). */
kb_status kb_ik_apply_step(const kb_ik_pose *pose, const double *delta,
                           kb_ik_pose *out);
/* Sets the three DoFs of a joint (joint = −1: the root translation) in a
 * mask of KB_IK_DOF bytes to active (1) or frozen (0). */
kb_status kb_ik_mask_set(uint8_t *mask, int joint, int active);

/* Robust loss on frame-vector residuals; ½r² is the Huber loss of e. */
typedef enum kb_huber {
  KB_HUBER_OFF = 0,
  KB_HUBER_COMPONENT = 1, /* per component: 3 rows per pair */
  KB_HUBER_NORM = 2       /* on |e|: 1 row per pair */
} kb_huber;

/* One pair of a frame-vector task: d = scale·(p_link − p_origin) should
 * equal target (world, m). origin.joint = −1: the world origin. */
typedef struct kb_fv_pair {
  kb_marker origin;
  kb_marker link;
  double target[3];
  double scale;  /* s_i, finite (default 1) */
  double weight; /* w_i ≥ 0 */
} kb_fv_pair;

/* FrameVectorTask (seed 001). Residual per pair e = d − d_tgt; rows
 * w·g·h(e), Jacobian rows w·g·h′·∂e/∂q, g the soft gate, h the Huber map.
 *   direction_only: d_tgt ← d_tgt/(|d_tgt| + 1e-6)·|d| (only the direction
 *     of the target counts), ∂e/∂q = (I − t̃ d̂ᵀ) ∂d/∂q with
 *     t̃ = d_tgt/(|d_tgt| + 1e-6), the exact derivative.
 *   huber: per component or on the norm, threshold huber_delta > 0.
 *   gate: g = σ²(3 − 2σ), σ = 1/(1 + e^(−2.5x)), x = (c − |d_tgt|)/(S − F),
 *     c = (S + F)/2, from the raw target length, start S > full F ≥ 0:
 *     pairs whose target is short count fully, long ones fade out. */
typedef struct kb_frame_vector_task {
  int n_pairs;
  kb_fv_pair pairs[KB_IK_MAX_PAIRS];
  int direction_only;
  int huber; /* kb_huber */
  double huber_delta;
  int gate; /* 0 off (g = 1), 1 on */
  double gate_start, gate_full;
} kb_frame_vector_task;

/* Empty task, every option off. */
kb_status kb_frame_vector_task_init(kb_frame_vector_task *t);
/* Appends a pair; origin NULL = the world origin. */
kb_status kb_frame_vector_task_add(kb_frame_vector_task *t,
                                   const kb_marker *origin,
                                   const kb_marker *link,
                                   const double target[3], double scale,
                                   double weight);
/* Checks counts, joints, finiteness, weights ≥ 0, δ > 0, S > F ≥ 0. */
kb_status kb_frame_vector_task_check(const kb_frame_vector_task *t);
/* Rows the task writes: 3 per pair, 1 with KB_HUBER_NORM. Checks the pair
 * count and the Huber mode only. */
kb_status kb_frame_vector_task_row_count(const kb_frame_vector_task *t,
                                         int *out_rows);
/* The soft gate g ∈ (0, 1) for a raw target length (see above); start >
 * full >= 0, all finite. */
kb_status kb_soft_gate(double target_length, double start, double full,
                       double *out);
/* Residual rows (capacity ≥ row count) and, when jacobian is not NULL,
 * Jacobian rows (capacity·KB_IK_DOF doubles) at the FK state f. */
kb_status kb_frame_vector_task_evaluate(const kb_frame_vector_task *t,
                                        const kb_ik_frame *f,
                                        const uint8_t *mask, double *residual,
                                        double *jacobian, int capacity,
                                        int *out_rows);

/* One pair of a retargeting task: the segment from joint `origin` (−1: the
 * world origin) to joint `joint`, with its own weight multiplier. */
typedef struct kb_retarget_pair {
  int joint, origin;
  double weight;
} kb_retarget_pair;

/* TrajectoryRetargetingTask (seed 001), one frame. For pair (i, j):
 *   position rows  w_p·w·(α(P_i − P_j) − (p_i − p_j)), Jacobian −w_p·w·∂d/∂q;
 *   direction row  w_a·w·(1 − d̂_cur·d̂_tgt), Jacobian
 *     −w_a·w·(d̂_tgt − (d̂_tgt·d̂_cur)d̂_cur)ᵀ/(|d_cur| + 1e-6)·∂d/∂q
 *   (direction_rows = 1, the seed's), or 3 rows w_a·w·(d̂_cur − d̂_tgt)
 *   (direction_rows = 3: its Jacobian does not vanish at opposite
 *   directions). P are the source positions of this frame, α target_scale.
 *   A target segment shorter than 1e-9 gives zero direction rows. */
typedef struct kb_retarget_task {
  int n_pairs;
  kb_retarget_pair pairs[KB_IK_MAX_PAIRS];
  double targets[KB_JOINT_COUNT][3];        /* P_i, source units */
  double target_scale;                      /* α > 0 */
  double weight_position, weight_direction; /* ≥ 0 */
  int direction_rows;                       /* 1 or 3 */
} kb_retarget_task;

/* Empty task: α = 1, w_p = 1, w_a = 1, direction_rows = 1. */
kb_status kb_retarget_task_init(kb_retarget_task *t);
kb_status kb_retarget_task_add(kb_retarget_task *t, int joint, int origin,
                               double weight);
kb_status kb_retarget_task_check(const kb_retarget_task *t);
/* 3 + direction_rows rows per pair. Checks the pair count and
 * direction_rows only. */
kb_status kb_retarget_task_row_count(const kb_retarget_task *t, int *out_rows);
kb_status kb_retarget_task_evaluate(const kb_retarget_task *t,
                                    const kb_ik_frame *f, const uint8_t *mask,
                                    double *residual, double *jacobian,
                                    int capacity, int *out_rows);

/* Levenberg–Marquardt options (kb_ik_default_options gives docs/design.md
 * §7's). */
typedef struct kb_ik_options {
  int max_iterations;    /* linearizations, ≥ 1 (default 100) */
  double lambda0;        /* 1e-3 */
  double lambda_min;     /* 1e-5 */
  double lambda_max;     /* 1e10 */
  double accept_ratio;   /* (c − c′)/(pred + 1e-8) ≥ this: 1e-3 */
  double cost_tolerance; /* stop at cost ≤ this: 1e-9 */
  double step_tolerance; /* stop after an accepted step |δ|∞ ≤ this: 1e-10 */
  double gradient_tolerance; /* stop at |Jᵀr|∞ ≤ this: 1e-12 */
  double decrease_tolerance; /* stop after an accepted step that lowers the
                              * cost by less than this fraction: 1e-6 */
} kb_ik_options;

/* Why a solve stopped. */
typedef enum kb_ik_stop {
  KB_IK_STOP_COST = 0,      /* cost ≤ tolerance: the targets are reached */
  KB_IK_STOP_GRADIENT = 1,  /* a stationary point (least squares) */
  KB_IK_STOP_STEP = 2,      /* steps too small to matter (in the pose or
                             * in the cost) */
  KB_IK_STOP_LAMBDA = 3,    /* no decrease even at the largest damping */
  KB_IK_STOP_ITERATIONS = 4 /* the cap: converged = 0 */
} kb_ik_stop;

typedef struct kb_ik_result {
  int iterations; /* linear systems solved */
  int accepted, rejected;
  double initial_cost, cost; /* ½‖r‖² before and after, regularizers included */
  double lambda;             /* damping at the end */
  double gradient;           /* |Jᵀr|∞ at the end */
  int stop;                  /* kb_ik_stop */
  int converged;             /* stopped before the cap */
  int reached;               /* cost ≤ cost_tolerance */
} kb_ik_result;

/* What to solve: tasks, mask and regularizer rows. Regularizer rows for each
 * active joint j: w·log(R_ref,j⁻¹ R_j) (rotation vector) and w·(t − t_ref)
 * for the root translation; one set toward `reference` (stay near a pose),
 * one toward `previous` (stay near the previous frame). NULL or weight 0:
 * none. */
typedef struct kb_ik_problem {
  const kb_skeleton *skeleton;
  const kb_frame_vector_task *frame_tasks;
  int n_frame_tasks;
  const kb_retarget_task *retarget_tasks;
  int n_retarget_tasks;
  const uint8_t *mask; /* KB_IK_DOF bytes, NULL = all active */
  const kb_ik_pose *reference;
  double reference_weight;
  const kb_ik_pose *previous;
  double previous_weight;
} kb_ik_problem;

/* Solver state and buffers, allocated once by the caller. */
typedef struct kb_solver {
  kb_ik_options options;
  int n_active;
  int active[KB_IK_DOF];  /* active DoF indices */
  int nonzero[KB_IK_DOF]; /* scratch: nonzero columns of a row block */
  double residual[KB_IK_MAX_ROWS];
  double jacobian[KB_IK_MAX_ROWS * KB_IK_DOF];
  double hessian[KB_IK_DOF * KB_IK_DOF]; /* JᵀJ over active DoFs */
  double gradient[KB_IK_DOF];            /* Jᵀr over active DoFs */
  double factor[KB_IK_DOF * KB_IK_DOF];  /* Cholesky of JᵀJ + λI */
  double step[KB_IK_DOF];                /* δ over active DoFs */
  double full_step[KB_IK_DOF];           /* δ in the DoF layout */
  kb_ik_frame frame;
  kb_ik_pose trial;
} kb_solver;

kb_status kb_ik_default_options(kb_ik_options *out);
kb_status kb_ik_check_options(const kb_ik_options *options);
/* options nullable (defaults). */
kb_status kb_solver_init(kb_solver *solver, const kb_ik_options *options);
kb_status kb_ik_check_problem(const kb_ik_problem *problem);
/* Cost ½‖r‖² of the problem at a pose (all rows, regularizers included). */
kb_status kb_solver_cost(kb_solver *solver, const kb_ik_problem *problem,
                         const kb_ik_pose *pose, double *out_cost);
/* Linearizes at a pose: fills solver->hessian (JᵀJ, n_active²) and
 * solver->gradient (Jᵀr, n_active) over solver->active, returns the cost. */
kb_status kb_solver_linearize(kb_solver *solver, const kb_ik_problem *problem,
                              const kb_ik_pose *pose, double *out_cost);
/* Levenberg–Marquardt from *pose (the warm start), result in *pose:
 * solve (JᵀJ + λI)δ = −Jᵀr by Cholesky, pred = −rᵀJδ − ½‖Jδ‖², accept
 * when pred > 0 and (c − c′)/(pred + 1e-8) ≥ accept_ratio, then λ ← λ/2,
 * else λ ← 2λ, λ in [lambda_min, lambda_max]. Returns KB_OK whenever it
 * stopped (on cost, gradient, step, damping or the iteration cap) with the
 * best pose found; out->stop says why, out->converged is 0 at the cap and
 * out->reached says whether the targets were reached (else it is the
 * least-squares answer). */
kb_status kb_solver_solve(kb_solver *solver, const kb_ik_problem *problem,
                          kb_ik_pose *pose, kb_ik_result *out);

/* Clap by IK: the clap rules of docs/design.md §5 as frame-vector tasks, solved
 * from an authored pose (the regularizer keeps the solution near it). */
typedef struct kb_clap_solve_options {
  double separation;       /* wrist-to-wrist target, m (0.17) */
  double chest_forward;    /* wrists ahead of spine3, fraction of height */
  double chest_drop;       /* wrists below spine3, fraction of height */
  double chest_weight;     /* weight of the in-front-of-chest pairs (0.5) */
  double reference_weight; /* pull toward the authored pose (0.02) */
} kb_clap_solve_options;

kb_status kb_clap_solve_default_options(kb_clap_solve_options *out);
/* Fills the two tasks for a skeleton and a body heading (the pelvis world
 * rotation of the start pose): `shape` (plain) holds the wrist-to-wrist
 * vector and the wrists ahead of the chest, `directions` (direction-only)
 * the palm normals (facing each other) and thumbs (up). */
kb_status kb_clap_tasks(const kb_skeleton *s, const float pelvis_rotation[4],
                        const kb_clap_solve_options *options,
                        kb_frame_vector_task *shape,
                        kb_frame_vector_task *directions);
/* Solves from `start` (88 floats) moving the collars, upper arms, elbows and
 * wrists only; writes the pose to `out` (88 floats, may alias start).
 * options nullable. Returns the solver's status. */
kb_status kb_clap_solve(kb_solver *solver, const kb_skeleton *s,
                        const float *start,
                        const kb_clap_solve_options *options, float *out,
                        kb_ik_result *result);

/* Retargets a clip frame by frame onto the skeleton: frame f's source
 * positions are source[f·66 .. f·66 + 65] (22 joints × 3, in the order of
 * §3; rows of joints no pair uses are ignored). `task` gives the pairs,
 * target_scale and weights (its targets are overwritten). Each frame warm
 * starts from the previous solution with a smoothness row toward it
 * (previous_weight) and a pull toward `reference` (nullable: the T-pose
 * bind). Writes 88 floats per frame to out_local and, when not NULL, 3 to
 * out_root. A frame that reaches the iteration cap keeps the best pose
 * found and the clip goes on. The results are nullable: out_iterations
 * the total iteration count, out_cost the mean final cost per frame,
 * out_unconverged the frames that stopped at the cap (converged = 0). */
kb_status kb_retarget_clip(kb_solver *solver, const kb_skeleton *s,
                           kb_retarget_task *task, const double *source,
                           int n_frames, const uint8_t *mask,
                           const kb_ik_pose *reference, double reference_weight,
                           double previous_weight, float *out_local,
                           float *out_root, int *out_iterations,
                           double *out_cost, int *out_unconverged);

#ifdef __cplusplus
}
#endif

#endif /* KBLEND_H */
