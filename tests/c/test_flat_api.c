/* The binding layer's flat entries: decoding refuses what it cannot
 * represent (NaN, infinity, fractions or huge floats in integer slots, which
 * were cast to int), and the clap check on FK output agrees with the
 * check on local rotations. */
#include <string.h>

#include "check.h"
#include "kblend_wasm.h"

static kb_preview pv;
static float rotations[KB_POSE_FLOATS];
static const float times[1] = {0};
static uint8_t mask[KB_JOINT_COUNT];

static void defaults(float *p) {
  kb_preview_params d;
  kb_preview_default_params(&d);
  p[KB_FLAT_ATTACK] = d.attack, p[KB_FLAT_RELEASE] = d.release;
  p[KB_FLAT_DURATION] = d.duration, p[KB_FLAT_FPS] = d.fps;
  p[KB_FLAT_JITTER] = d.jitter, p[KB_FLAT_SEED] = (float)d.seed;
  p[KB_FLAT_APOSE] = d.apose, p[KB_FLAT_SHAPE] = (float)d.shape;
  p[KB_FLAT_ORDER] = (float)d.order, p[KB_FLAT_EPSILON] = d.filter.epsilon;
  p[KB_FLAT_LAMBDA] = d.filter.lambda, p[KB_FLAT_DT_MAX] = d.filter.dt_max;
  p[KB_FLAT_FOLLOWER] = (float)d.filter.follower;
}

static kb_status init_with(int slot, float v) {
  float p[KB_PREVIEW_FLAT_COUNT];
  defaults(p);
  p[slot] = v;
  return kb_preview_init_flat(&pv, p, times, rotations, 1, 0, 0, mask);
}

static void test_integer_slots(void) {
  kb_idle_pose(0, rotations);
  CHECK(init_with(KB_FLAT_SEED, 7) == KB_OK);
  CHECK(pv.params.seed == 7);
  const int slots[] = {KB_FLAT_SEED, KB_FLAT_SHAPE, KB_FLAT_ORDER,
                       KB_FLAT_FOLLOWER};
  const float bad[] = {NAN, INFINITY, -INFINITY, 3e38f, -3e38f, 0.5f, -1};
  for (unsigned s = 0; s < 4; s++)
    for (unsigned b = 0; b < 7; b++) {
      kb_status st = init_with(slots[s], bad[b]);
      CHECK(st == (isfinite(bad[b]) ? KB_ERR_OUT_OF_RANGE : KB_ERR_NOT_FINITE));
    }
  CHECK(init_with(KB_FLAT_SEED, 16777216.0f) == KB_ERR_OUT_OF_RANGE);
  CHECK(init_with(KB_FLAT_SHAPE, KB_SHAPE_KLI) == KB_OK);
  CHECK(init_with(KB_FLAT_ORDER, 3) == KB_ERR_OUT_OF_RANGE);
}

static void test_clap_world(void) {
  kb_skeleton s;
  kb_skeleton_init(&s, 1.75f);
  float pose[KB_POSE_FLOATS], pos[66], rot[88];
  kb_idle_pose(0.7f, pose);
  float from_local[KB_CLAP_REPORT_FLOATS], from_world[KB_CLAP_REPORT_FLOATS];
  CHECK(kb_clap_check_flat(&s, pose, from_local) == KB_OK);
  kb_forward_kinematics(&s, pose, NULL, NULL, pos, rot);
  CHECK(kb_clap_check_world_flat(&s, pos, rot, from_world) == KB_OK);
  CHECK(memcmp(from_local, from_world, sizeof from_local) == 0);
  CHECK(from_world[KB_CLAP_SLOT_ORDER_OK] == 1);
  CHECK(from_world[KB_CLAP_SLOT_OK] == 0);
  pos[5] = NAN;
  CHECK(kb_clap_check_world_flat(&s, pos, rot, from_world) ==
        KB_ERR_NOT_FINITE);
  pos[5] = 0;
  memset(rot + 4 * KB_LEFT_WRIST, 0, 16);
  CHECK(kb_clap_check_world_flat(&s, pos, rot, from_world) == KB_ERR_ZERO_QUAT);
  CHECK(kb_clap_check_world_flat(&s, NULL, rot, from_world) == KB_ERR_NULL);
}

int main(void) {
  test_integer_slots();
  test_clap_world();
  return check_summary("flat_api");
}
