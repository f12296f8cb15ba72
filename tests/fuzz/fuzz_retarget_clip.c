/* kb_retarget_clip through the struct API: a task built with init/add
 * (fuzzed pairs, scale, weights, rows), source positions from ordinary to
 * hostile, a reference pose (none, unit, not unit, a root far away), and
 * out_root NULL or not. OK means unit finite poses, a finite root and
 * cost; the local poses are the same with and without out_root. */
#include "fuzz.h"

enum { MAX_FRAMES = 3, MAX_PAIRS = 5 };

static kb_skeleton skeleton;
static kb_solver solver;

static void reference_pose(fuzz_input *in, kb_ik_pose *r) {
  for (int i = 0; i < 3; i++)
    r->root[i] =
        fuzz_byte(in) < 200 ? (int8_t)fuzz_byte(in) / 64.0 : fuzz_double(in);
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    float q[4];
    fuzz_unit_quat(in, q);
    double s = fuzz_byte(in) < 230 ? 1 : fuzz_double(in); /* not unit */
    for (int i = 0; i < 4; i++) r->local[j][i] = q[i] * s;
  }
}

static void build_task(fuzz_input *in, kb_retarget_task *t) {
  kb_retarget_task_init(t);
  int n = fuzz_int(in, 0, MAX_PAIRS);
  for (int i = 0; i < n; i++) {
    int joint = fuzz_int(in, 0, KB_JOINT_COUNT - 1);
    int origin = fuzz_int(in, -1, KB_JOINT_COUNT - 1);
    double weight =
        fuzz_byte(in) < 220 ? fuzz_byte(in) / 64.0 : fuzz_double(in);
    kb_retarget_task_add(t, joint, origin, weight);
  }
  if (fuzz_byte(in) >= 200) t->target_scale = fuzz_double(in);
  if (fuzz_byte(in) >= 200) t->weight_position = fuzz_double(in);
  if (fuzz_byte(in) >= 200) t->weight_direction = fuzz_double(in);
  t->direction_rows = fuzz_byte(in) < 128 ? 1 : fuzz_int(in, 0, 3);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  if (skeleton.height == 0) {
    kb_skeleton_init(&skeleton, KB_DEFAULT_HEIGHT);
    kb_solver_init(&solver, NULL);
    solver.options.max_iterations = 4;
  }
  kb_retarget_task task, again;
  build_task(&in, &task);
  again = task;
  int frames = fuzz_int(&in, 0, MAX_FRAMES);
  static double source[MAX_FRAMES * 3 * KB_JOINT_COUNT];
  /* raw hostile doubles, or ordinary positions scaled far away (finite
   * doubles past float's range among them) */
  static const double far[] = {1, 1e3, 1e9, 1.5e9, 1e12, 3.5e38, 1e39, 1e300};
  int raw = fuzz_byte(&in) < 48;
  double scale = far[fuzz_byte(&in) % (sizeof far / sizeof far[0])];
  for (int i = 0; i < frames * 3 * KB_JOINT_COUNT; i++)
    source[i] = raw ? fuzz_double(&in) : scale * (int8_t)fuzz_byte(&in) / 64.0;
  kb_ik_pose reference;
  int with_reference = fuzz_byte(&in) < 160;
  if (with_reference) reference_pose(&in, &reference);
  uint8_t mask[KB_IK_DOF];
  for (int i = 0; i < KB_IK_DOF; i++) mask[i] = fuzz_byte(&in) < 200;
  const uint8_t *m = fuzz_byte(&in) < 128 ? mask : NULL;
  double rw = fuzz_byte(&in) < 220 ? 0.01 : fuzz_double(&in);
  double pw = fuzz_byte(&in) < 220 ? 0.1 : fuzz_double(&in);
  static float local[MAX_FRAMES * KB_POSE_FLOATS],
      local_again[MAX_FRAMES * KB_POSE_FLOATS];
  float root[3 * MAX_FRAMES];
  int iterations = -1, unconverged = -1;
  double cost = NAN;
  const kb_ik_pose *ref = with_reference ? &reference : NULL;
  kb_status a =
      kb_retarget_clip(&solver, &skeleton, &task, source, frames, m, ref, rw,
                       pw, local, NULL, &iterations, &cost, &unconverged);
  if (a != KB_OK) return 0;
  FUZZ_CHECK(frames >= 1);
  FUZZ_CHECK(all_unit(local, (size_t)frames * KB_JOINT_COUNT));
  FUZZ_CHECK(isfinite(cost) && cost >= 0);
  FUZZ_CHECK(iterations >= 0 && unconverged >= 0 && unconverged <= frames);
  kb_status b =
      kb_retarget_clip(&solver, &skeleton, &again, source, frames, m, ref, rw,
                       pw, local_again, root, NULL, NULL, NULL);
  FUZZ_CHECK(b == KB_OK);
  FUZZ_CHECK(memcmp(local, local_again,
                    (size_t)frames * KB_POSE_FLOATS * sizeof(float)) == 0);
  FUZZ_CHECK(all_finite(root, (size_t)frames * 3));
  return 0;
}
