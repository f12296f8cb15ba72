/* Preview creation (flat parameters, arbitrary tracks) and evaluation at
 * frames and times: every OK pose is finite and unit, and frame 0 and the
 * last frame are exactly idle (the envelope's ends). */
#include "fuzz.h"

enum { MAX_KEYS = 4, MAX_REPLAY = 600 };

static kb_preview pv;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  float params[KB_PREVIEW_FLAT_COUNT];
  kb_preview_params d;
  kb_preview_default_params(&d);
  const float defaults[KB_PREVIEW_FLAT_COUNT] = {d.attack,
                                                 d.release,
                                                 1.0f,
                                                 d.fps,
                                                 0.05f,
                                                 3.0f,
                                                 d.apose,
                                                 0,
                                                 0,
                                                 d.filter.epsilon,
                                                 d.filter.lambda,
                                                 d.filter.dt_max,
                                                 0};
  for (int i = 0; i < KB_PREVIEW_FLAT_COUNT; i++) {
    uint8_t how = fuzz_byte(&in);
    /* mostly defaults, so the deeper paths are reached; else hostile */
    params[i] = how < 96    ? defaults[i]
                : how < 160 ? (float)fuzz_int(&in, 0, 3)
                            : fuzz_float(&in);
  }
  int n_keys = fuzz_int(&in, 0, MAX_KEYS), loop = fuzz_int(&in, 0, 1);
  float times[MAX_KEYS], rotations[MAX_KEYS * KB_POSE_FLOATS];
  float t = 0;
  for (int k = 0; k < n_keys; k++) {
    uint8_t how = fuzz_byte(&in);
    t = how < 200 ? t + (float)(how + 1) / 100.0f : fuzz_float(&in);
    times[k] = t;
    int raw = fuzz_byte(&in) < 32;
    for (int j = 0; j < KB_JOINT_COUNT; j++) {
      float *q = rotations + k * KB_POSE_FLOATS + 4 * j;
      if (raw)
        fuzz_floats(&in, q, 4);
      else
        fuzz_unit_quat(&in, q);
    }
  }
  float period = fuzz_byte(&in) < 200 ? t + 0.5f : fuzz_float(&in);
  uint8_t mask[KB_JOINT_COUNT];
  for (int j = 0; j < KB_JOINT_COUNT; j++) mask[j] = fuzz_byte(&in) & 1;
  if (kb_preview_init_flat(&pv, params, n_keys ? times : NULL, rotations,
                           n_keys, loop, period, mask) != KB_OK)
    return 0;
  int frames = kb_preview_frame_count(&pv);
  FUZZ_CHECK(frames >= 1 && frames <= KB_MAX_FRAMES);
  int reach = frames < MAX_REPLAY ? frames : MAX_REPLAY;
  float out[KB_POSE_FLOATS];
  int changed = -1;
  FUZZ_CHECK(kb_preview_frame(&pv, 0, out, &changed) == KB_OK);
  /* E(0) = 0 unless the attack is a step (a = 0) */
  if (pv.params.attack > 0 && pv.params.order != KB_ORDER_NAIVE_EULER)
    FUZZ_CHECK(memcmp(out, pv.idle, sizeof out) == 0);
  for (int i = 0; i < 6; i++) {
    int k = fuzz_int(&in, 0, reach - 1);
    if (kb_preview_frame(&pv, k, out, &changed) == KB_OK) {
      FUZZ_CHECK(all_unit(out, KB_JOINT_COUNT));
      FUZZ_CHECK(changed >= 0 && changed <= KB_JOINT_COUNT);
    }
    float at = fuzz_float(&in);
    if (!(fabsf(at) * pv.params.fps < MAX_REPLAY)) at = 0;
    if (kb_preview_evaluate(&pv, at, out, &changed) == KB_OK)
      FUZZ_CHECK(all_unit(out, KB_JOINT_COUNT));
  }
  /* E(1) = 0 unless the release is a step (r = 0: a capture played as
   * captured keeps its last frame) */
  if (frames <= MAX_REPLAY && pv.params.release > 0 &&
      kb_preview_frame(&pv, frames - 1, out, NULL) == KB_OK &&
      pv.params.order == KB_ORDER_KBLEND)
    FUZZ_CHECK(memcmp(out, pv.idle, sizeof out) == 0);
  return 0;
}
