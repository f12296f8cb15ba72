/* Crowds with fuzzed tuning against lone previews: each member has its own
 * tuning (attack, release, duration, fps, jitter, seed, A-pose, shape,
 * order, follower and the filter's epsilon, lambda and dt_max, mostly in
 * range, sometimes hostile) and track; the crowd's evaluation at a time must
 * give the status, poses and changed-joint masks that kb_preview_evaluate
 * gives each member's twin alone, bit for bit. */
#include "fuzz.h"

enum { MAX_MEMBERS = 4, KEYS = 3, CALLS = 6 };

static kb_preview crowd[MAX_MEMBERS], lone[MAX_MEMBERS];
static float poses[MAX_MEMBERS * KB_POSE_FLOATS];
static uint8_t masks[MAX_MEMBERS * KB_JOINT_COUNT];
static float times[KEYS] = {0, 0.4f, 1.1f},
             rotations[MAX_MEMBERS][KEYS * KB_POSE_FLOATS];

/* A tuning value: in [lo, hi] mostly, sometimes a hostile float. */
static float tuning(fuzz_input *in, float lo, float hi) {
  uint8_t how = fuzz_byte(in);
  if (how < 16) return fuzz_float(in);
  if (how < 48) return how & 1 ? lo : hi;
  return lo + (hi - lo) * (fuzz_byte(in) / 255.0f);
}

static int init_member(fuzz_input *in, int i) {
  float params[KB_PREVIEW_FLAT_COUNT];
  params[KB_FLAT_ATTACK] = tuning(in, KB_MIN_ATTACK, KB_MAX_ATTACK);
  params[KB_FLAT_RELEASE] =
      tuning(in, KB_MIN_RELEASE, 1 - params[KB_FLAT_ATTACK]);
  params[KB_FLAT_DURATION] = tuning(in, KB_MIN_DURATION, 4);
  params[KB_FLAT_FPS] = tuning(in, KB_MIN_FPS, KB_MAX_FPS);
  params[KB_FLAT_JITTER] = fuzz_byte(in) < 128 ? 0 : tuning(in, 0, 0.05f);
  params[KB_FLAT_SEED] = (float)fuzz_int(in, 0, 99);
  params[KB_FLAT_APOSE] = tuning(in, KB_MIN_APOSE, KB_MAX_APOSE);
  params[KB_FLAT_SHAPE] = (float)fuzz_int(in, 0, 1);
  params[KB_FLAT_ORDER] = (float)fuzz_int(in, 0, 2);
  params[KB_FLAT_EPSILON] = tuning(in, KB_MIN_EPSILON, 0.1f);
  params[KB_FLAT_LAMBDA] = tuning(in, KB_MIN_LAMBDA, 120);
  params[KB_FLAT_DT_MAX] = tuning(in, KB_MIN_DT_MAX, KB_MAX_DT_MAX);
  params[KB_FLAT_FOLLOWER] = (float)fuzz_int(in, 0, 1);
  uint8_t mask[KB_JOINT_COUNT];
  for (int j = 0; j < KB_JOINT_COUNT; j++) mask[j] = fuzz_byte(in) < 96;
  for (int q = 0; q < KEYS * KB_JOINT_COUNT; q++)
    fuzz_unit_quat(in, rotations[i] + 4 * q);
  int loop = fuzz_byte(in) < 64;
  float period = loop ? 1.5f : 0;
  kb_status a = kb_preview_init_flat(&crowd[i], params, times, rotations[i],
                                     KEYS, loop, period, mask);
  kb_status b = kb_preview_init_flat(&lone[i], params, times, rotations[i],
                                     KEYS, loop, period, mask);
  FUZZ_CHECK(a == b);
  return a == KB_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  int count = fuzz_int(&in, 1, MAX_MEMBERS);
  kb_preview *list[MAX_MEMBERS];
  for (int i = 0; i < count; i++) {
    if (!init_member(&in, i)) return 0;
    list[i] = &crowd[i];
  }
  for (int call = 0; call < CALLS; call++) {
    float t = fuzz_byte(&in) < 220 ? fuzz_byte(&in) / 50.0f : fuzz_float(&in);
    kb_status st =
        kb_crowd_evaluate_flat(list, count, t, poses, masks, NULL, NULL, NULL);
    kb_status alone = KB_OK;
    for (int i = 0; i < count; i++) {
      float pose[KB_POSE_FLOATS];
      int changed = 0;
      kb_status s = kb_preview_evaluate(&lone[i], t, pose, &changed);
      if (s != KB_OK) {
        alone = s;
        break;
      }
      if (st != KB_OK) continue;
      FUZZ_CHECK(memcmp(pose, poses + i * KB_POSE_FLOATS, sizeof pose) == 0);
      FUZZ_CHECK(memcmp(kb_preview_changed_mask(&lone[i]),
                        masks + i * KB_JOINT_COUNT, KB_JOINT_COUNT) == 0);
    }
    FUZZ_CHECK(st == alone);
    if (st != KB_OK) return 0; /* a refused call leaves the state undefined */
    FUZZ_CHECK(all_unit(poses, (size_t)count * KB_JOINT_COUNT));
  }
  return 0;
}
