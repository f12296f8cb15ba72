/* IK through the binding's workspace: arbitrary task lists (every value of
 * the encoding hostile or plausible), masks, poses, regularizers and
 * options (iterations capped to keep one input short), and per-task
 * evaluation. */
#include "fuzz.h"

enum { MAX_DATA = 400 };

static kb_ik_workspace *w;

/* One value of a task list: usually a plausible small number or index. */
static double task_value(fuzz_input *in) {
  uint8_t how = fuzz_byte(in);
  if (how < 100) return fuzz_int(in, -1, 22);
  if (how < 200) return (double)(int8_t)fuzz_byte(in) / 32.0;
  return fuzz_double(in);
}

static void fill_pose(fuzz_input *in, double *pose) {
  int raw = fuzz_byte(in) < 32;
  for (int i = 0; i < 3; i++)
    pose[i] = raw ? fuzz_double(in) : (int8_t)fuzz_byte(in) / 64.0;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    double *q = pose + 3 + 4 * j;
    for (int i = 0; i < 4; i++)
      q[i] = raw ? fuzz_double(in) : (int8_t)fuzz_byte(in) / 64.0;
    if (!raw && q[0] == 0 && q[1] == 0 && q[2] == 0 && q[3] == 0) q[3] = 1;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  if (!w) w = malloc(fuzz_abi_size("sizeof.ik_workspace"));
  if (kb_ik_workspace_init(w, 1.0f + fuzz_byte(&in) / 128.0f) != KB_OK)
    return 0;
  /* a task list: the count and kinds mostly right, the rest as it falls */
  double list[MAX_DATA];
  int length = fuzz_int(&in, 0, MAX_DATA);
  for (int i = 0; i < length; i++) list[i] = task_value(&in);
  if (length > 0 && fuzz_byte(&in) < 200) list[0] = fuzz_int(&in, 0, 2);
  if (length > 1 && fuzz_byte(&in) < 200) list[1] = fuzz_int(&in, 1, 2);
  if (length > 2 && fuzz_byte(&in) < 200) list[2] = fuzz_int(&in, 0, 4);
  kb_status st = kb_ik_set_tasks_flat(w, list, length);
  double pose[KB_IK_POSE_DOUBLES], reference[KB_IK_POSE_DOUBLES];
  fill_pose(&in, pose);
  fill_pose(&in, reference);
  uint8_t mask[KB_IK_DOF];
  int masked = fuzz_byte(&in) < 128;
  for (int i = 0; i < KB_IK_DOF; i++) mask[i] = fuzz_byte(&in) & 1;
  if (st == KB_OK && fuzz_byte(&in) < 128) {
    static double residual[KB_IK_MAX_ROWS], jac[KB_IK_MAX_ROWS * KB_IK_DOF];
    int rows = -1;
    if (kb_ik_task_evaluate_flat(w, 0, pose, masked ? mask : NULL, residual,
                                 jac, KB_IK_MAX_ROWS, &rows) == KB_OK) {
      FUZZ_CHECK(rows >= 0 && rows <= KB_IK_MAX_ROWS);
      FUZZ_CHECK(all_finite_d(residual, rows));
      FUZZ_CHECK(all_finite_d(jac, (size_t)rows * KB_IK_DOF));
    }
  }
  double options[KB_IK_OPTIONS_DOUBLES], result[KB_IK_RESULT_DOUBLES];
  int with_options = fuzz_byte(&in) < 128;
  fuzz_doubles(&in, options, KB_IK_OPTIONS_DOUBLES);
  options[KB_IK_OPTION_MAX_ITERATIONS] = fuzz_int(&in, 0, 8);
  double rw = fuzz_double(&in), pw = fuzz_double(&in);
  int use_ref = fuzz_byte(&in) < 128, use_prev = fuzz_byte(&in) < 128;
  if (kb_ik_solve_flat(w, pose, masked ? mask : NULL,
                       use_ref ? reference : NULL, rw,
                       use_prev ? reference : NULL, pw,
                       with_options ? options : NULL, result) == KB_OK) {
    FUZZ_CHECK(all_finite_d(pose, 3) && all_unit_d(pose + 3, KB_JOINT_COUNT));
    FUZZ_CHECK(all_finite_d(result, KB_IK_RESULT_DOUBLES));
    FUZZ_CHECK(result[KB_IK_RESULT_COST] <= result[KB_IK_RESULT_INITIAL_COST]);
  }
  return 0;
}
