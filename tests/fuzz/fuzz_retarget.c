/* Clip retargeting through the binding: arbitrary source positions, pairs,
 * weights, task settings, mask and options on short clips. */
#include "fuzz.h"

enum { MAX_FRAMES = 3, MAX_PAIRS = 6 };

static kb_ik_workspace *w;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  if (!w) {
    w = malloc(fuzz_abi_size("sizeof.ik_workspace"));
    kb_ik_workspace_init(w, KB_DEFAULT_HEIGHT);
  }
  int frames = fuzz_int(&in, 0, MAX_FRAMES);
  double source[MAX_FRAMES * KB_JOINT_COUNT * 3];
  int raw = fuzz_byte(&in) < 32;
  for (int i = 0; i < frames * KB_JOINT_COUNT * 3; i++)
    source[i] = raw ? fuzz_double(&in) : (int8_t)fuzz_byte(&in) / 64.0;
  /* one retargeting task in the task-list encoding, targets left zero */
  int n_pairs = fuzz_int(&in, 0, MAX_PAIRS);
  double task[1 + KB_IK_RT_HEADER + MAX_PAIRS * KB_IK_RT_PAIR] = {0};
  task[0] = fuzz_byte(&in) < 240 ? 1 : fuzz_int(&in, 0, 3);
  task[1] = KB_IK_TASK_RETARGET;
  task[2] = n_pairs;
  task[3] = fuzz_byte(&in) < 200 ? 1 : fuzz_double(&in);
  task[4] = fuzz_byte(&in) < 200 ? 1 : fuzz_double(&in);
  task[5] = fuzz_byte(&in) < 200 ? 1 : fuzz_double(&in);
  task[6] = fuzz_int(&in, 0, 4);
  double *pair = task + 1 + KB_IK_RT_HEADER;
  for (int i = 0; i < n_pairs; i++, pair += KB_IK_RT_PAIR) {
    pair[0] = fuzz_byte(&in) < 240 ? fuzz_int(&in, 0, 21) : fuzz_double(&in);
    pair[1] = fuzz_int(&in, -2, 22);
    pair[2] = fuzz_byte(&in) < 200 ? fuzz_byte(&in) / 64.0 : fuzz_double(&in);
  }
  int length = 1 + KB_IK_RT_HEADER + n_pairs * KB_IK_RT_PAIR;
  kb_ik_set_tasks_flat(w, task, length); /* refused lists: the clip refuses */
  uint8_t mask[KB_IK_DOF];
  for (int i = 0; i < KB_IK_DOF; i++) mask[i] = fuzz_byte(&in) & 1;
  double options[KB_IK_OPTIONS_DOUBLES];
  kb_ik_options o;
  kb_ik_default_options(&o);
  double defaults[KB_IK_OPTIONS_DOUBLES] = {
      fuzz_int(&in, 0, 6), o.lambda0,
      o.lambda_min,        o.lambda_max,
      o.accept_ratio,      o.cost_tolerance,
      o.step_tolerance,    o.gradient_tolerance,
      o.decrease_tolerance};
  memcpy(options, defaults, sizeof options);
  if (fuzz_byte(&in) < 64) options[1 + fuzz_int(&in, 0, 7)] = fuzz_double(&in);
  double rw = fuzz_byte(&in) < 200 ? 0.01 : fuzz_double(&in);
  double pw = fuzz_byte(&in) < 200 ? 0.1 : fuzz_double(&in);
  float local[MAX_FRAMES * KB_POSE_FLOATS], root[MAX_FRAMES * 3];
  double result[KB_IK_RESULT_DOUBLES];
  if (kb_retarget_clip_flat(w, source, frames,
                            fuzz_byte(&in) < 128 ? mask : NULL, rw, pw, options,
                            local, root, result) == KB_OK) {
    FUZZ_CHECK(n_pairs >= 1);
    FUZZ_CHECK(frames >= 1);
    FUZZ_CHECK(all_unit(local, (size_t)frames * KB_JOINT_COUNT));
    FUZZ_CHECK(all_finite(root, (size_t)frames * 3));
    FUZZ_CHECK(all_finite_d(result, KB_RETARGET_RESULT_DOUBLES));
    FUZZ_CHECK(result[2] >= 0 && result[2] <= frames);
  }
  return 0;
}
