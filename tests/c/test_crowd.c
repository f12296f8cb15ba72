/* kb_crowd_evaluate: every member bit for bit the same preview evaluated
 * alone (poses and changed masks), and world matrices equal to FK. */
#include <string.h>

#include "arm_track.h"
#include "check.h"
#include "kblend_wasm.h"

enum { N = 7 };

static void member_params(int i, kb_preview_params *p) {
  kb_preview_default_params(p);
  p->jitter = (i % 3) * 3e-4f, p->seed = 1 + i, p->shape = i % 2;
  p->filter.follower = (i / 2) % 2, p->attack = 0.1f + 0.02f * i;
}

static kb_preview members[N], alone[N];
static kb_preview *member_ptrs[N];
static float poses[N * KB_POSE_FLOATS], matrices[N * 16 * KB_JOINT_COUNT];
static uint8_t masks[N * KB_JOINT_COUNT];

static void test_members_match_previews_alone(void) {
  kb_preview_params p;
  for (int i = 0; i < N; i++) {
    member_params(i, &p);
    CHECK(kb_preview_init(&members[i], &p, &track) == KB_OK);
    CHECK(kb_preview_init(&alone[i], &p, &track) == KB_OK);
    member_ptrs[i] = &members[i];
  }
  kb_skeleton s;
  kb_skeleton_init(&s, 1.75f);
  float roots[3 * N];
  for (int i = 0; i < 3 * N; i++) roots[i] = 0.5f * (i % 5) - 1;
  kb_crowd_matrices m = {.skeleton = &s, .roots = roots, .out = matrices};
  const float steps[] = {0, 0.1f, 0.5f, 0.5f, 1.2f, 2.9f, 0.2f, 3, 1.7f};
  int ok = 1;
  for (int step = 0; step < 120; step++) {
    float t = step < 100 ? step / 33.0f : steps[step % 9];
    ok &= kb_crowd_evaluate(member_ptrs, N, t, poses, masks,
                            step % 2 ? &m : NULL) == KB_OK;
    for (int i = 0; i < N; i++) {
      float out[KB_POSE_FLOATS];
      ok &= kb_preview_evaluate(&alone[i], t, out, NULL) == KB_OK;
      ok &= memcmp(out, poses + KB_POSE_FLOATS * i, sizeof out) == 0;
      ok &= memcmp(kb_preview_changed_mask(&alone[i]),
                   masks + KB_JOINT_COUNT * i, KB_JOINT_COUNT) == 0;
    }
  }
  CHECK(ok);
}

/* Matrices against kb_forward_kinematics: translation = world position,
 * columns = the world rotation applied to the axes. */
static void test_matrices_are_fk(void) {
  kb_skeleton s;
  kb_skeleton_init(&s, 1.6f);
  float roots[3 * N];
  for (int i = 0; i < 3 * N; i++) roots[i] = 0.3f * i;
  kb_crowd_matrices m = {.skeleton = &s, .roots = roots, .out = matrices};
  CHECK(kb_crowd_evaluate(member_ptrs, N, 1.1f, poses, masks, &m) == KB_OK);
  double worst = 0;
  for (int i = 0; i < N; i++) {
    float pos[66], rot[88];
    kb_forward_kinematics(&s, poses + KB_POSE_FLOATS * i, roots + 3 * i, NULL,
                          pos, rot);
    for (int j = 0; j < KB_JOINT_COUNT; j++) {
      const float *e = matrices + 16 * (KB_JOINT_COUNT * i + j);
      for (int c = 0; c < 3; c++) {
        float axis[3] = {c == 0, c == 1, c == 2}, col[3];
        kb_quat_rotate(rot + 4 * j, axis, col);
        for (int r = 0; r < 3; r++)
          worst = fmax(worst, fabs(e[4 * c + r] - col[r]));
        worst = fmax(worst, fabs(e[12 + c] - pos[3 * j + c]));
        worst = fmax(worst, fabs(e[4 * c + 3]));
      }
      worst = fmax(worst, fabs(e[15] - 1));
    }
  }
  CHECK(worst < 2e-6);
  /* no roots: everyone at the origin, the pelvis at its bind offset */
  m.roots = NULL;
  CHECK(kb_crowd_evaluate(member_ptrs, N, 1.1f, poses, masks, &m) == KB_OK);
  CHECK_NEAR(matrices[13], s.offsets[0][1], 1e-6);
}

static void test_bad_arguments(void) {
  kb_skeleton s;
  kb_skeleton_init(&s, 1.75f);
  kb_crowd_matrices m = {.skeleton = &s, .roots = NULL, .out = NULL};
  CHECK(kb_crowd_evaluate(NULL, 1, 0, poses, masks, NULL) == KB_ERR_NULL);
  CHECK(kb_crowd_evaluate(member_ptrs, -1, 0, poses, masks, NULL) ==
        KB_ERR_OUT_OF_RANGE);
  CHECK(kb_crowd_evaluate(member_ptrs, N, NAN, poses, masks, NULL) ==
        KB_ERR_NOT_FINITE);
  CHECK(kb_crowd_evaluate(member_ptrs, N, 0, poses, masks, &m) == KB_ERR_NULL);
  kb_preview *holes[2] = {&members[0], NULL};
  CHECK(kb_crowd_evaluate(holes, 2, 0, poses, masks, NULL) == KB_ERR_NULL);
  float bad_roots[3 * N] = {INFINITY};
  m.out = matrices, m.roots = bad_roots;
  CHECK(kb_crowd_evaluate(member_ptrs, N, 0, poses, masks, &m) ==
        KB_ERR_NOT_FINITE);
  CHECK(kb_crowd_evaluate(member_ptrs, 0, 0, poses, masks, NULL) == KB_OK);
  /* the layout: joint-major needs its states and moved flags; no third */
  m.roots = NULL, m.layout = KB_CROWD_JOINT_MAJOR;
  CHECK(kb_crowd_evaluate(member_ptrs, N, 0, poses, masks, &m) == KB_ERR_NULL);
  m.layout = (kb_crowd_layout)2;
  CHECK(kb_crowd_evaluate(member_ptrs, N, 0, poses, masks, &m) ==
        KB_ERR_OUT_OF_RANGE);
  CHECK(kb_crowd_evaluate_flat(member_ptrs, N, 0.5f, poses, masks, &s, NULL,
                               matrices) == KB_OK);
  CHECK(kb_preview_changed_mask_offset_flat() ==
        (size_t)((const uint8_t *)kb_preview_changed_mask(&members[0]) -
                 (const uint8_t *)&members[0]));
}

int main(void) {
  make_track();
  test_members_match_previews_alone();
  test_matrices_are_fk();
  test_bad_arguments();
  return check_summary("crowd");
}
