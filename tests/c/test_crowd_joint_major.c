/* kb_crowd_evaluate_joint_major_flat: the same poses, masks and matrices,
 * bit for bit, as kb_crowd_evaluate (member-major, FK of every joint), only
 * stored joint-major and recomputed where something moved; seeks, moved
 * roots and a member evaluated on its own in between. */
#include <math.h>
#include <string.h>

#include "arm_track.h"
#include "check.h"
#include "kblend_wasm.h"

enum { N = 5, J = KB_JOINT_COUNT };

static kb_preview a[N], b[N];
static kb_preview *pa[N], *pb[N];
static float poses_a[N * KB_POSE_FLOATS], poses_b[N * KB_POSE_FLOATS];
static float mat_a[N * 16 * J], mat_b[N * 16 * J];
static uint8_t masks_a[N * J], masks_b[N * J], moved[J];
static unsigned char states[N * 1024];

static void init_members(void) {
  for (int i = 0; i < N; i++) {
    kb_preview_params p;
    kb_preview_default_params(&p);
    p.jitter = (i % 2) * 3e-4f, p.seed = 1 + i, p.attack = 0.1f + 0.03f * i;
    CHECK(kb_preview_init(&a[i], &p, &track) == KB_OK);
    CHECK(kb_preview_init(&b[i], &p, &track) == KB_OK);
    pa[i] = &a[i], pb[i] = &b[i];
  }
  float nan_state[1024 / sizeof(float)];
  for (size_t k = 0; k < sizeof nan_state / sizeof(float); k++)
    nan_state[k] = NAN;
  for (int i = 0; i < N; i++)
    memcpy(states + sizeof(kb_crowd_fk_state) * i, nan_state,
           sizeof(kb_crowd_fk_state));
}

/* Matrices joint-major equal bitwise to member-major; moved[j] set exactly
 * where joint j's matrix bits changed for some member. */
static int same_as_member_major(const float *before) {
  int ok = 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < J; j++) {
      const float *x = mat_a + 16 * (J * i + j), *y = mat_b + 16 * (N * j + i);
      ok &= memcmp(x, y, 16 * sizeof(float)) == 0;
    }
  for (int j = 0; j < J; j++) {
    int differs = 0;
    for (int i = 0; i < N; i++)
      differs |= memcmp(before + 16 * (N * j + i), mat_b + 16 * (N * j + i),
                        16 * sizeof(float)) != 0;
    ok &= !differs || moved[j]; /* every change flagged */
  }
  return ok;
}

static void test_bitwise_against_member_major(void) {
  kb_skeleton s;
  kb_skeleton_init(&s, 1.7f);
  float roots[3 * N];
  for (int i = 0; i < 3 * N; i++) roots[i] = 0.4f * i - 2;
  kb_crowd_matrices m = {.skeleton = &s, .roots = roots, .out = mat_a};
  static float before[N * 16 * J];
  int ok = 1, skipped = 0;
  for (int step = 0; step < 150; step++) {
    float t = step < 110 ? step / 30.0f : (float)((step * 7) % 40) / 11.0f;
    if (step % 13 == 4) roots[3 * (step % N)] += 0.5f;
    if (step % 19 == 6) {
      float out[KB_POSE_FLOATS];
      kb_preview_evaluate(&b[step % N], 0.3f, out, NULL); /* used alone */
    }
    memcpy(before, mat_b, sizeof before);
    ok &= kb_crowd_evaluate(pa, N, t, poses_a, masks_a, &m) == KB_OK;
    ok &= kb_crowd_evaluate_joint_major_flat(pb, N, t, poses_b, masks_b, &s,
                                             roots, mat_b, moved,
                                             states) == KB_OK;
    ok &= memcmp(poses_a, poses_b, sizeof poses_a) == 0;
    ok &= same_as_member_major(before);
    for (int j = 0; j < J; j++) skipped += !moved[j];
  }
  CHECK(ok);
  CHECK(skipped > 500);
  /* the same frame again: nothing recomputed */
  kb_crowd_evaluate_joint_major_flat(pb, N, 1, poses_b, masks_b, &s, roots,
                                     mat_b, moved, states);
  CHECK(kb_crowd_evaluate_joint_major_flat(pb, N, 1, poses_b, masks_b, &s,
                                           roots, mat_b, moved,
                                           states) == KB_OK);
  int any = 0;
  for (int j = 0; j < J; j++) any |= moved[j];
  CHECK(!any);
  /* NULL roots: everyone at the origin, every joint moved */
  CHECK(kb_crowd_evaluate_joint_major_flat(pb, N, 1, poses_b, masks_b, &s, NULL,
                                           mat_b, moved, states) == KB_OK);
  CHECK(moved[0] && moved[J - 1]);
  CHECK_NEAR(mat_b[16 * (N * 0 + 2) + 13], s.offsets[0][1], 1e-6);
}

static void test_bad_arguments(void) {
  kb_skeleton s;
  kb_skeleton_init(&s, 1.75f);
  CHECK(sizeof(kb_crowd_fk_state) == sizeof(float) * (88 + 66 + 3));
  CHECK(sizeof(kb_crowd_fk_state) * N <= sizeof states);
#define EVAL(members, count, t, sk, roots, out, mv, st)                        \
  kb_crowd_evaluate_joint_major_flat(members, count, t, poses_b, masks_b, sk,  \
                                     roots, out, mv, st)
  CHECK(EVAL(NULL, N, 0, &s, NULL, mat_b, moved, states) == KB_ERR_NULL);
  CHECK(EVAL(pb, N, 0, NULL, NULL, mat_b, moved, states) == KB_ERR_NULL);
  CHECK(EVAL(pb, N, 0, &s, NULL, NULL, moved, states) == KB_ERR_NULL);
  CHECK(EVAL(pb, N, 0, &s, NULL, mat_b, NULL, states) == KB_ERR_NULL);
  CHECK(EVAL(pb, N, 0, &s, NULL, mat_b, moved, NULL) == KB_ERR_NULL);
  CHECK(EVAL(pb, -1, 0, &s, NULL, mat_b, moved, states) == KB_ERR_OUT_OF_RANGE);
  CHECK(EVAL(pb, N, NAN, &s, NULL, mat_b, moved, states) == KB_ERR_NOT_FINITE);
  kb_preview *holes[2] = {&b[0], NULL};
  CHECK(EVAL(holes, 2, 0, &s, NULL, mat_b, moved, states) == KB_ERR_NULL);
  float bad_roots[3 * N] = {0, NAN};
  static float kept[N * KB_POSE_FLOATS];
  kb_crowd_evaluate_joint_major_flat(pb, N, 0.9f, poses_b, masks_b, &s, NULL,
                                     mat_b, moved, states);
  memcpy(kept, poses_b, sizeof kept);
  CHECK(EVAL(pb, N, 0.2f, &s, bad_roots, mat_b, moved, states) ==
        KB_ERR_NOT_FINITE);
  /* refused before anything is written */
  CHECK(memcmp(kept, poses_b, sizeof kept) == 0);
  CHECK(EVAL(pb, 0, 0, &s, NULL, mat_b, moved, states) == KB_OK);
#undef EVAL
}

int main(void) {
  make_track();
  init_members();
  test_bitwise_against_member_major();
  test_bad_arguments();
  return check_summary("crowd joint-major");
}
