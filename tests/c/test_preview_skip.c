/* The preview slerps only where motion is: its output is bit for bit that
 * of the reference path (every joint through every batch) over gesture-like
 * tracks × jitter × shape × follower × order × every frame and the times
 * between them; and its changed-joint mask against a recomputed comparison
 * of consecutive outputs, seeks included. */
#include <string.h>

#include "check.h"
#include "kblend.h"

enum { MAX_KEYS = 6, N_TRACKS = 5 };

typedef struct gesture_track {
  float times[MAX_KEYS];
  float rotations[MAX_KEYS * KB_POSE_FLOATS];
  kb_track track;
} gesture_track;

static gesture_track tracks[N_TRACKS];

static void set_euler(float *pose, int joint, float x, float y, float z) {
  float e[3] = {x, y, z};
  kb_quat_from_euler_xyz(e, pose + 4 * joint);
}

/* Keys at the given times, each starting at idle; `drive` sets key k. */
static kb_track *make(int i, int n_keys, const float *times, int loop,
                      float period, void (*drive)(int k, float *pose)) {
  gesture_track *g = &tracks[i];
  memset(g, 0, sizeof *g);
  for (int k = 0; k < n_keys; k++) {
    g->times[k] = times[k];
    kb_idle_pose(1.18f, g->rotations + k * KB_POSE_FLOATS);
    drive(k, g->rotations + k * KB_POSE_FLOATS);
  }
  kb_track *t = &g->track;
  t->times = g->times, t->rotations = g->rotations, t->n_keys = n_keys;
  t->loop = loop, t->period = period;
  return t;
}

static void wave(int k, float *p) { /* right arm up, the forearm swings */
  set_euler(p, KB_RIGHT_SHOULDER, 0, 0, 0.9f);
  set_euler(p, KB_RIGHT_ELBOW, 0, k % 2 ? -0.6f : -1.3f, 0);
  set_euler(p, KB_RIGHT_WRIST, 0, 0, k % 2 ? 0.2f : -0.2f);
}
static void clap(int k, float *p) { /* both arms in; keys 1 and 2 equal */
  float in = k == 0 ? 0.4f : 1.1f;
  set_euler(p, KB_LEFT_SHOULDER, 0, -in, -0.5f);
  set_euler(p, KB_RIGHT_SHOULDER, 0, in, 0.5f);
  set_euler(p, KB_LEFT_ELBOW, 0, -0.9f * in, 0);
  set_euler(p, KB_RIGHT_ELBOW, 0, 0.9f * in, 0);
}
static void point(int k, float *p) { /* one key: a held pose */
  (void)k;
  set_euler(p, KB_RIGHT_SHOULDER, 0, 1.2f, 0.1f);
  set_euler(p, KB_HEAD, 0, -0.3f, 0);
}
static void nod(int k, float *p) { /* neck and head, repeated poses */
  set_euler(p, KB_NECK, k == 2 ? 0.3f : 0.1f, 0, 0);
  set_euler(p, KB_HEAD, k == 2 ? 0.4f : 0.1f, 0, 0);
}
static void everything(int k, float *p) { /* a retargeted clip: all driven */
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    set_euler(p, j, 0.05f * ((j + k) % 5), 0.1f * ((j * 3 + k) % 4) - 0.1f,
              0.07f * ((j + 2 * k) % 3));
}

static void make_tracks(void) {
  const float wave_t[4] = {0, 0.3f, 0.6f, 0.9f}, clap_t[3] = {0, 0.8f, 1.6f};
  const float one_t[1] = {0}, nod_t[4] = {0, 0.4f, 0.8f, 1.2f};
  const float all_t[5] = {0, 0.25f, 0.5f, 0.75f, 1.0f};
  kb_track *t = make(0, 4, wave_t, 1, 1.2f, wave);
  t->joint_mask[KB_RIGHT_SHOULDER] = t->joint_mask[KB_RIGHT_ELBOW] = 1;
  t->joint_mask[KB_RIGHT_WRIST] = 1;
  t = make(1, 3, clap_t, 0, 0, clap);
  t->joint_mask[KB_LEFT_SHOULDER] = t->joint_mask[KB_RIGHT_SHOULDER] = 1;
  t->joint_mask[KB_LEFT_ELBOW] = t->joint_mask[KB_RIGHT_ELBOW] = 1;
  t = make(2, 1, one_t, 0, 0, point);
  t->joint_mask[KB_RIGHT_SHOULDER] = t->joint_mask[KB_HEAD] = 1;
  t = make(3, 4, nod_t, 0, 0, nod);
  t->joint_mask[KB_NECK] = t->joint_mask[KB_HEAD] = 1;
  t = make(4, 5, all_t, 1, 1.25f, everything);
  memset(t->joint_mask, 1, sizeof t->joint_mask);
}

static int same(const float *a, const float *b) {
  return memcmp(a, b, sizeof(float) * KB_POSE_FLOATS) == 0;
}

/* Every frame and the time halfway to the next, then a seek back. */
static int compare_config(const kb_preview_params *p, const kb_track *t) {
  static kb_preview fast, full;
  float a[KB_POSE_FLOATS], b[KB_POSE_FLOATS];
  int ca, cb, ok = 1;
  if (kb_preview_init(&fast, p, t) != KB_OK ||
      kb_preview_init(&full, p, t) != KB_OK)
    return 0;
  kb_preview_set_full_path(&full, 1);
  for (int k = 0; k < fast.frame_count; k++) {
    ok &= kb_preview_frame(&fast, k, a, &ca) == KB_OK;
    ok &= kb_preview_frame(&full, k, b, &cb) == KB_OK;
    ok &= same(a, b) && ca == cb;
    float th = (k + 0.5f) / p->fps;
    ok &= kb_preview_evaluate(&fast, th, a, &ca) == KB_OK;
    ok &= kb_preview_evaluate(&full, th, b, &cb) == KB_OK;
    ok &= same(a, b) && ca == cb;
  }
  float back = 0.37f * p->duration;
  kb_preview_evaluate(&fast, back, a, NULL);
  kb_preview_evaluate(&full, back, b, NULL);
  return ok && same(a, b);
}

static void test_bit_identical_to_reference(void) {
  const float jitters[3] = {0, 3e-4f, 1e-2f};
  int configs = 0, identical = 0;
  for (int i = 0; i < N_TRACKS; i++)
    for (int ji = 0; ji < 3; ji++)
      for (int shape = 0; shape < 2; shape++)
        for (int follower = 0; follower < 2; follower++)
          for (int order = 0; order < 2; order++) {
            kb_preview_params p;
            kb_preview_default_params(&p);
            p.duration = 3.0f, p.jitter = jitters[ji], p.seed = 5 + i;
            p.shape = shape, p.order = order, p.filter.follower = follower;
            configs++;
            identical += compare_config(&p, &tracks[i].track);
          }
  printf("preview skip: %d of %d configurations bit-identical\n", identical,
         configs);
  CHECK(identical == configs);
}

/* The pure gate (λ = ∞) and a zero deadband take the other branches. */
static void test_bit_identical_gate_and_open_deadband(void) {
  int ok = 1;
  for (int i = 0; i < N_TRACKS; i++) {
    kb_preview_params p;
    kb_preview_default_params(&p);
    p.jitter = 3e-4f, p.filter.lambda = INFINITY;
    ok &= compare_config(&p, &tracks[i].track);
    kb_preview_default_params(&p);
    p.filter.epsilon = 0, p.attack = 0, p.release = 0;
    ok &= compare_config(&p, &tracks[i].track);
  }
  CHECK(ok);
}

/* Jitter whose frame-to-frame steps straddle the deadband (σ around ε/2
 * and ε), jitter at its maximum, and ε = 0 with jitter: the joints the
 * track does not drive cross the gate now and then, in both paths alike. */
static void test_bit_identical_near_the_threshold(void) {
  const float jitters[4] = {2.5e-4f, 5e-4f, 1e-3f, KB_MAX_JITTER};
  int ok = 1;
  for (int i = 0; i < N_TRACKS; i++)
    for (int ji = 0; ji < 4; ji++)
      for (int follower = 0; follower < 2; follower++) {
        kb_preview_params p;
        kb_preview_default_params(&p);
        p.jitter = jitters[ji], p.seed = 3 + ji, p.filter.follower = follower;
        ok &= compare_config(&p, &tracks[i].track);
        p.filter.epsilon = 0;
        ok &= compare_config(&p, &tracks[i].track);
      }
  CHECK(ok);
}

/* Keys that are not unit (the C API takes any nonzero quaternion): both
 * paths sample unit copies of them, so they stay bit for bit alike. */
static void test_bit_identical_with_keys_not_unit(void) {
  static gesture_track scaled;
  scaled = tracks[0];
  scaled.track.times = scaled.times, scaled.track.rotations = scaled.rotations;
  for (int k = 0; k < scaled.track.n_keys; k++) {
    float *key = scaled.rotations + k * KB_POSE_FLOATS;
    for (int c = 0; c < 4; c++) {
      key[4 * KB_RIGHT_SHOULDER + c] *= 1.5f; /* far from unit */
      key[4 * KB_RIGHT_ELBOW + c] *= 1.001f;  /* just outside the tolerance */
    }
  }
  int ok = 1;
  for (int ji = 0; ji < 2; ji++) {
    kb_preview_params p;
    kb_preview_default_params(&p);
    p.jitter = ji ? 3e-4f : 0;
    ok &= compare_config(&p, &scaled.track);
  }
  CHECK(ok);
}

/* mask[j] = output j differs from the output returned the call before. */
static void test_changed_mask(void) {
  kb_preview_params p;
  kb_preview_default_params(&p);
  p.jitter = 3e-4f;
  static kb_preview pv;
  CHECK(kb_preview_init(&pv, &p, &tracks[1].track) == KB_OK);
  CHECK(kb_preview_changed_mask(NULL) == NULL);
  const uint8_t *mask = kb_preview_changed_mask(&pv);
  float shown[KB_POSE_FLOATS], out[KB_POSE_FLOATS];
  int have = 0, ok = 1, some_zero = 0, some_one = 0;
  /* forward play, halfway times, repeats, seeks back and jumps ahead */
  const float steps[] = {0.0f,  0.5f,  1.0f, 1.0f,  1.5f, 2.0f, 3.0f,
                         -1.0f, 40.0f, 0.5f, 44.5f, 1e9f, 1e9f, 12.0f};
  for (int n = 0; n < 200; n++) {
    float f = n < 90 ? (float)n : steps[n % 14] + (n % 3) * 0.25f;
    ok &= kb_preview_evaluate(&pv, f / p.fps, out, NULL) == KB_OK;
    for (int j = 0; j < KB_JOINT_COUNT; j++) {
      int differs =
          !have || memcmp(shown + 4 * j, out + 4 * j, sizeof(float) * 4);
      ok &= mask[j] == differs;
      some_zero |= !mask[j], some_one |= mask[j] && have;
    }
    memcpy(shown, out, sizeof out);
    have = 1;
    if (n % 7 == 0) { /* frames through the other entry */
      ok &= kb_preview_frame(&pv, (n * 13) % pv.frame_count, out, NULL) == 0;
      for (int j = 0; j < KB_JOINT_COUNT; j++)
        ok &= mask[j] == (memcmp(shown + 4 * j, out + 4 * j, 16) != 0);
      memcpy(shown, out, sizeof out);
    }
  }
  CHECK(ok);
  CHECK(some_zero && some_one);
  /* the first output of a fresh preview marks every joint */
  kb_preview_init(&pv, &p, &tracks[1].track);
  kb_preview_frame(&pv, 0, out, NULL);
  int all = 1;
  for (int j = 0; j < KB_JOINT_COUNT; j++) all &= mask[j] == 1;
  CHECK(all);
  kb_preview_frame(&pv, 0, out, NULL); /* the same again: nothing */
  int none = 1;
  for (int j = 0; j < KB_JOINT_COUNT; j++) none &= mask[j] == 0;
  CHECK(none);
  CHECK(kb_preview_set_full_path(&pv, 2) == KB_ERR_OUT_OF_RANGE);
  CHECK(kb_preview_set_full_path(NULL, 1) == KB_ERR_NULL);
}

int main(void) {
  make_tracks();
  test_bit_identical_to_reference();
  test_bit_identical_gate_and_open_deadband();
  test_bit_identical_near_the_threshold();
  test_bit_identical_with_keys_not_unit();
  test_changed_mask();
  return check_summary("preview skip");
}
