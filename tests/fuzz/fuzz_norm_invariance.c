/* Norm invariance: entries that take any nonzero quaternion give the same
 * result for each quaternion input scaled by a factor in 1e-4 … 1e4 as for
 * its unit copy, within float rounding: forward kinematics (local and root
 * rotations), the clap check (local and world), the clap tasks' body
 * heading, the solver's pose from local rotations, and a track's samples. */
#include "fuzz.h"

static kb_skeleton skeleton;

/* A factor 10^(k/10), k in [−40, 40]. */
static float factor(fuzz_input *in) {
  return (float)pow(10.0, fuzz_int(in, -40, 40) / 10.0);
}

/* Scales each quaternion of `unit` (n of them) by its own factor. */
static void scaled_copy(fuzz_input *in, const float *unit, float *out, int n) {
  for (int q = 0; q < n; q++) {
    float s = factor(in);
    for (int i = 0; i < 4; i++) out[4 * q + i] = unit[4 * q + i] * s;
  }
}

static double max_diff(const float *a, const float *b, int n) {
  double worst = 0;
  for (int i = 0; i < n; i++) worst = fmax(worst, fabs((double)a[i] - b[i]));
  return worst;
}

/* q and −q are one rotation: the larger of the two distances' smaller. */
static double max_rotation_diff(const float *a, const float *b, int n) {
  double worst = 0;
  for (int q = 0; q < n; q++) {
    double plus = 0, minus = 0;
    for (int i = 0; i < 4; i++) {
      plus = fmax(plus, fabs((double)a[4 * q + i] - b[4 * q + i]));
      minus = fmax(minus, fabs((double)a[4 * q + i] + b[4 * q + i]));
    }
    worst = fmax(worst, fmin(plus, minus));
  }
  return worst;
}

static void check_fk(const float *unit, const float *scaled,
                     const float *root_unit, const float *root_scaled) {
  float pa[3 * KB_JOINT_COUNT], ra[KB_POSE_FLOATS];
  float pb[3 * KB_JOINT_COUNT], rb[KB_POSE_FLOATS];
  kb_status a = kb_forward_kinematics(&skeleton, unit, NULL, root_unit, pa, ra);
  kb_status b =
      kb_forward_kinematics(&skeleton, scaled, NULL, root_scaled, pb, rb);
  FUZZ_CHECK(a == b);
  if (a != KB_OK) return;
  FUZZ_CHECK(max_diff(pa, pb, 3 * KB_JOINT_COUNT) < 1e-5);
  FUZZ_CHECK(max_rotation_diff(ra, rb, KB_JOINT_COUNT) < 1e-5);
}

/* How level the body's left axis is (|its xz part|) for a pelvis world
 * rotation: the heading, and so the report's order, is found by dividing by
 * it, so rounding grows by its inverse. */
static double heading_level(const float q[4]) {
  double n = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] +
                  (double)q[2] * q[2] + (double)q[3] * q[3]);
  double x = q[0] / n, y = q[1] / n, z = q[2] / n, w = q[3] / n;
  double lx = 1 - 2 * (y * y + z * z), lz = 2 * (x * z - y * w);
  return sqrt(lx * lx + lz * lz);
}

static int same_report(const kb_clap_report *a, const kb_clap_report *b,
                       double level) {
  /* a pelvis pitched nearly straight up has no stable heading */
  float order_tolerance = level < 0.05 ? INFINITY : (float)(1e-5 / level);
  return fabsf(a->separation - b->separation) < 1e-5f &&
         fabsf(a->palm_dot - b->palm_dot) < 1e-5f &&
         fabsf(a->thumb_left - b->thumb_left) < 1e-5f &&
         fabsf(a->thumb_right - b->thumb_right) < 1e-5f &&
         fabsf(a->order - b->order) < order_tolerance;
}

static void check_clap(fuzz_input *in, const float *unit, const float *scaled,
                       const float *root_unit, const float *root_scaled) {
  kb_clap_report a, b;
  kb_status sa = kb_clap_check(&skeleton, unit, root_unit, NULL, &a);
  kb_status sb = kb_clap_check(&skeleton, scaled, root_scaled, NULL, &b);
  FUZZ_CHECK(sa == sb);
  /* the world check on FK output whose rotations are then scaled */
  float pos[3 * KB_JOINT_COUNT], rot[KB_POSE_FLOATS],
      rot_scaled[KB_POSE_FLOATS];
  if (kb_forward_kinematics(&skeleton, unit, NULL, root_unit, pos, rot) !=
      KB_OK)
    return;
  double level = heading_level(rot + 4 * KB_PELVIS);
  if (sa == KB_OK) FUZZ_CHECK(same_report(&a, &b, level));
  scaled_copy(in, rot, rot_scaled, KB_JOINT_COUNT);
  sa = kb_clap_check_world(&skeleton, pos, rot, NULL, &a);
  sb = kb_clap_check_world(&skeleton, pos, rot_scaled, NULL, &b);
  FUZZ_CHECK(sa == sb);
  if (sa == KB_OK) FUZZ_CHECK(same_report(&a, &b, level));
}

static void check_clap_tasks(const float *pelvis_unit,
                             const float *pelvis_scaled) {
  kb_frame_vector_task shape_a, dir_a, shape_b, dir_b;
  kb_status a = kb_clap_tasks(&skeleton, pelvis_unit, NULL, &shape_a, &dir_a);
  kb_status b = kb_clap_tasks(&skeleton, pelvis_scaled, NULL, &shape_b, &dir_b);
  FUZZ_CHECK(a == b);
  if (a != KB_OK) return;
  for (int i = 0; i < shape_a.n_pairs; i++)
    for (int k = 0; k < 3; k++)
      FUZZ_CHECK(fabs(shape_a.pairs[i].target[k] - shape_b.pairs[i].target[k]) <
                 1e-5);
  for (int i = 0; i < dir_a.n_pairs; i++)
    for (int k = 0; k < 3; k++)
      FUZZ_CHECK(fabs(dir_a.pairs[i].target[k] - dir_b.pairs[i].target[k]) <
                 1e-5);
}

static void check_ik_pose(const float *unit, const float *scaled) {
  kb_ik_pose a, b;
  kb_status sa = kb_ik_pose_from_local(unit, NULL, &a);
  kb_status sb = kb_ik_pose_from_local(scaled, NULL, &b);
  FUZZ_CHECK(sa == sb);
  if (sa != KB_OK) return;
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    for (int i = 0; i < 4; i++)
      FUZZ_CHECK(fabs(a.local[j][i] - b.local[j][i]) < 1e-6);
}

static void check_track(fuzz_input *in, const float *keys_unit,
                        const float *keys_scaled) {
  static const float times[2] = {0, 1};
  float idle[KB_POSE_FLOATS], out_a[KB_POSE_FLOATS], out_b[KB_POSE_FLOATS];
  kb_idle_pose(KB_DEFAULT_APOSE, idle);
  kb_track a = {times, keys_unit, 2, 0, 0, {0}}, b = a;
  b.rotations = keys_scaled;
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    a.joint_mask[j] = b.joint_mask[j] = fuzz_byte(in) < 200;
  float t = fuzz_byte(in) / 200.0f;
  kb_status sa = kb_track_sample(&a, idle, t, out_a);
  kb_status sb = kb_track_sample(&b, idle, t, out_b);
  FUZZ_CHECK(sa == sb);
  if (sa != KB_OK) return;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    /* keys half a turn apart (dot ≈ 0) have two shortest paths: which one
     * is taken turns on rounding, with any norm */
    const float *k0 = keys_unit + 4 * j,
                *k1 = keys_unit + KB_POSE_FLOATS + 4 * j;
    double dot = (double)k0[0] * k1[0] + (double)k0[1] * k1[1] +
                 (double)k0[2] * k1[2] + (double)k0[3] * k1[3];
    if (a.joint_mask[j] && fabs(dot) < 1e-3) continue;
    FUZZ_CHECK(max_rotation_diff(out_a + 4 * j, out_b + 4 * j, 1) < 1e-5);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  if (skeleton.height == 0) kb_skeleton_init(&skeleton, KB_DEFAULT_HEIGHT);
  float unit[2 * KB_POSE_FLOATS], scaled[2 * KB_POSE_FLOATS];
  for (int q = 0; q < 2 * KB_JOINT_COUNT; q++)
    fuzz_unit_quat(&in, unit + 4 * q);
  scaled_copy(&in, unit, scaled, 2 * KB_JOINT_COUNT);
  float root_unit[4], root_scaled[4];
  fuzz_unit_quat(&in, root_unit);
  scaled_copy(&in, root_unit, root_scaled, 1);
  switch (fuzz_byte(&in) % 5) {
  case 0:
    check_fk(unit, scaled, root_unit, root_scaled);
    break;
  case 1:
    check_clap(&in, unit, scaled, root_unit, root_scaled);
    break;
  case 2:
    check_clap_tasks(unit, scaled);
    break;
  case 3:
    check_ik_pose(unit, scaled);
    break;
  default:
    check_track(&in, unit, scaled);
  }
  return 0;
}
