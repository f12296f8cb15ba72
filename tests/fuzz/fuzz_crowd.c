/* Crowds in both matrix layouts: the same members evaluated member-major and
 * joint-major, at hostile times, with roots that move (or turn non-finite),
 * must give the same statuses, the same poses and, where OK, the same world
 * matrices bit for bit (the joint-major path skips what did not move, so a
 * stale matrix would show here). OK poses are unit, OK matrices finite. */
#include "fuzz.h"

enum { MAX_MEMBERS = 3, KEYS = 2, CALLS = 8 };

static kb_preview members_a[MAX_MEMBERS], members_b[MAX_MEMBERS];
static float poses_a[MAX_MEMBERS * KB_POSE_FLOATS],
    poses_b[MAX_MEMBERS * KB_POSE_FLOATS];
static uint8_t masks_a[MAX_MEMBERS * KB_JOINT_COUNT],
    masks_b[MAX_MEMBERS * KB_JOINT_COUNT], moved[KB_JOINT_COUNT];
static float matrices_a[MAX_MEMBERS * 16 * KB_JOINT_COUNT],
    matrices_b[MAX_MEMBERS * 16 * KB_JOINT_COUNT];
/* the previews keep pointers to their tracks: caller-owned, kept here */
static float times[KEYS] = {0, 0.5f},
             rotations[MAX_MEMBERS][KEYS * KB_POSE_FLOATS];

/* One member's preview, twice: default tuning with fuzzed jitter, seed and
 * a two-key track of fuzzed unit rotations on fuzzed joints. */
static int init_member(fuzz_input *in, int i) {
  kb_preview_params d;
  kb_preview_default_params(&d);
  float params[KB_PREVIEW_FLAT_COUNT] = {d.attack,
                                         d.release,
                                         1.0f,
                                         d.fps,
                                         0,
                                         3.0f,
                                         d.apose,
                                         0,
                                         0,
                                         d.filter.epsilon,
                                         d.filter.lambda,
                                         d.filter.dt_max,
                                         0};
  params[KB_FLAT_JITTER] =
      fuzz_byte(in) < 128 ? 0 : 3e-4f * fuzz_int(in, 1, 30);
  params[KB_FLAT_SEED] = (float)fuzz_int(in, 0, 9);
  uint8_t mask[KB_JOINT_COUNT];
  for (int j = 0; j < KB_JOINT_COUNT; j++) mask[j] = fuzz_byte(in) < 64;
  for (int q = 0; q < KEYS * KB_JOINT_COUNT; q++)
    fuzz_unit_quat(in, rotations[i] + 4 * q);
  kb_status a = kb_preview_init_flat(&members_a[i], params, times, rotations[i],
                                     KEYS, 0, 0, mask);
  kb_status b = kb_preview_init_flat(&members_b[i], params, times, rotations[i],
                                     KEYS, 0, 0, mask);
  FUZZ_CHECK(a == b);
  return a == KB_OK;
}

/* The roots for a call: mostly kept, sometimes moved, rarely hostile. */
static void move_roots(fuzz_input *in, float *roots, int count) {
  uint8_t how = fuzz_byte(in);
  if (how < 160) return;
  for (int i = 0; i < 3 * count; i++)
    roots[i] = how < 240 ? (float)(int8_t)fuzz_byte(in) / 8.0f : fuzz_float(in);
}

/* Joint j of member i: member-major at 16·(22·i + j), joint-major at
 * 16·(count·j + i). */
static void check_same_matrices(int count) {
  for (int i = 0; i < count; i++)
    for (int j = 0; j < KB_JOINT_COUNT; j++) {
      const float *a = matrices_a + 16 * (KB_JOINT_COUNT * i + j),
                  *b = matrices_b + 16 * (count * j + i);
      FUZZ_CHECK(memcmp(a, b, 16 * sizeof(float)) == 0);
      FUZZ_CHECK(all_finite(a, 16));
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  static void *fk_states;
  if (!fk_states) fk_states = malloc(MAX_MEMBERS * sizeof(kb_crowd_fk_state));
  int count = fuzz_int(&in, 1, MAX_MEMBERS);
  kb_preview *list_a[MAX_MEMBERS], *list_b[MAX_MEMBERS];
  for (int i = 0; i < count; i++) {
    if (!init_member(&in, i)) return 0;
    list_a[i] = &members_a[i], list_b[i] = &members_b[i];
  }
  kb_skeleton skeleton;
  if (kb_skeleton_init(&skeleton, 1.0f + fuzz_byte(&in) / 255.0f) != KB_OK)
    return 0;
  float roots[3 * MAX_MEMBERS] = {0};
  memset(poses_b, 0, sizeof poses_b); /* the joint-major path's first state */
  for (int call = 0; call < CALLS; call++) {
    float t = fuzz_byte(&in) < 200 ? fuzz_byte(&in) / 60.0f : fuzz_float(&in);
    move_roots(&in, roots, count);
    kb_status a = kb_crowd_evaluate_flat(list_a, count, t, poses_a, masks_a,
                                         &skeleton, roots, matrices_a);
    kb_status b = kb_crowd_evaluate_joint_major_flat(
        list_b, count, t, poses_b, masks_b, &skeleton, roots, matrices_b, moved,
        fk_states);
    FUZZ_CHECK(a == b);
    if (a != KB_OK) return 0; /* a refused call leaves the state undefined */
    FUZZ_CHECK(memcmp(poses_a, poses_b, count * KB_POSE_FLOATS * 4) == 0);
    FUZZ_CHECK(memcmp(masks_a, masks_b, count * KB_JOINT_COUNT) == 0);
    FUZZ_CHECK(all_unit(poses_a, count * KB_JOINT_COUNT));
    check_same_matrices(count);
  }
  return 0;
}
