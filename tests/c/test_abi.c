/* The binding layer's ABI table: names unique, values from the headers, and
 * every tunable's range true: its min, max and points between (as float32)
 * are accepted by the core's own checks, values just outside are refused. */
#include <string.h>

#include "check.h"
#include "ik_workspace.h"

static double value_of(const char *name) {
  for (int i = 0; i < kb_abi_count(); i++)
    if (strcmp(kb_abi_name(i), name) == 0) return kb_abi_value(i);
  fprintf(stderr, "no ABI entry %s\n", name);
  return NAN;
}

static void test_table(void) {
  int n = kb_abi_count();
  CHECK(n > 100);
  CHECK(kb_abi_name(-1) == NULL && kb_abi_name(n) == NULL);
  CHECK(isnan(kb_abi_value(-1)) && isnan(kb_abi_value(n)));
  int unique = 1, finite = 1;
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < i; k++)
      if (strcmp(kb_abi_name(i), kb_abi_name(k)) == 0) unique = 0;
    if (isnan(kb_abi_value(i))) finite = 0;
  }
  CHECK(unique && finite);
  CHECK(value_of("KB_OK") == KB_OK);
  CHECK(value_of("KB_ERR_BAD_ORDER") == KB_ERR_BAD_ORDER);
  CHECK(value_of("KB_FLAT_FOLLOWER") == KB_FLAT_FOLLOWER);
  CHECK(value_of("KB_POSE_FLOATS") == 88);
  CHECK(value_of("KB_CLAP_REPORT_FLOATS") == 11);
  CHECK(value_of("KB_KLI_RESULT_DOUBLES") == 7);
  CHECK(value_of("sizeof.preview") == sizeof(kb_preview));
  CHECK(value_of("sizeof.filter") == sizeof(kb_filter));
  CHECK(value_of("sizeof.skeleton") == sizeof(kb_skeleton));
  CHECK(value_of("sizeof.ik_workspace") == sizeof(kb_ik_workspace));
  CHECK(value_of("sizeof.crowd_fk_state") == sizeof(kb_crowd_fk_state));
  CHECK(value_of("default.attack") == KB_DEFAULT_ATTACK);
  CHECK(value_of("max.apose") == KB_MAX_APOSE);
  CHECK(value_of("default.shape") == KB_SHAPE_SMOOTHSTEP);
  CHECK(value_of("default.follower") == KB_FOLLOWER_EXP);
  CHECK(value_of("default.order") == KB_ORDER_KBLEND);
  kb_ik_options ik;
  CHECK(kb_ik_default_options(&ik) == KB_OK);
  CHECK(value_of("default.ik.maxIterations") == ik.max_iterations);
  CHECK(value_of("default.ik.lambda0") == ik.lambda0);
  CHECK(value_of("default.ik.lambdaMin") == ik.lambda_min);
  CHECK(value_of("default.ik.lambdaMax") == ik.lambda_max);
  CHECK(value_of("default.ik.acceptRatio") == ik.accept_ratio);
  CHECK(value_of("default.ik.costTolerance") == ik.cost_tolerance);
  CHECK(value_of("default.ik.stepTolerance") == ik.step_tolerance);
  CHECK(value_of("default.ik.gradientTolerance") == ik.gradient_tolerance);
  CHECK(value_of("default.ik.decreaseTolerance") == ik.decrease_tolerance);
  for (int i = 0; i < 3; i++) {
    const char *axis[] = {"x", "y", "z"};
    char name[32];
    snprintf(name, sizeof name, "hand.palmNormal.%s", axis[i]);
    CHECK(value_of(name) == kb_palm_normal_local[i]);
    snprintf(name, sizeof name, "hand.thumb.%s", axis[i]);
    CHECK(value_of(name) == kb_thumb_local[i]);
  }
}

/* A preview parameter block of defaults with one slot set. */
static kb_status preview_with(int slot, float v) {
  static kb_preview pv;
  static const float times[1] = {0};
  float rotations[KB_POSE_FLOATS];
  kb_idle_pose(0, rotations);
  uint8_t mask[KB_JOINT_COUNT] = {0};
  float p[KB_PREVIEW_FLAT_COUNT] = {
      [KB_FLAT_ATTACK] = (float)value_of("default.attack"),
      [KB_FLAT_RELEASE] = (float)value_of("default.release"),
      [KB_FLAT_DURATION] = (float)value_of("default.duration"),
      [KB_FLAT_FPS] = (float)value_of("default.fps"),
      [KB_FLAT_JITTER] = (float)value_of("default.jitter"),
      [KB_FLAT_SEED] = (float)value_of("default.seed"),
      [KB_FLAT_APOSE] = (float)value_of("default.apose"),
      [KB_FLAT_SHAPE] = (float)value_of("default.shape"),
      [KB_FLAT_ORDER] = (float)value_of("default.order"),
      [KB_FLAT_EPSILON] = (float)value_of("default.epsilon"),
      [KB_FLAT_LAMBDA] = (float)value_of("default.lambda"),
      [KB_FLAT_DT_MAX] = (float)value_of("default.dtMax"),
      [KB_FLAT_FOLLOWER] = (float)value_of("default.follower")};
  if (slot == KB_FLAT_ATTACK) p[KB_FLAT_RELEASE] = 0;
  if (slot == KB_FLAT_RELEASE) p[KB_FLAT_ATTACK] = 0;
  p[slot] = v;
  return kb_preview_init_flat(&pv, p, times, rotations, 1, 0, 0, mask);
}

typedef kb_status (*accepts_fn)(int slot, float v);

/* min, max and points between are accepted; just outside refused (unless
 * the value beyond is documented as accepted too). */
static void check_range(const char *name, int slot, int integer,
                        int open_above) {
  char key[64];
  snprintf(key, sizeof key, "min.%s", name);
  double lo = value_of(key);
  snprintf(key, sizeof key, "max.%s", name);
  double hi = value_of(key);
  snprintf(key, sizeof key, "default.%s", name);
  double def = value_of(key);
  CHECK(lo <= def && def <= hi);
  int ok = 1;
  for (int k = 0; k <= 16; k++) {
    double v = lo + (hi - lo) * k / 16.0;
    if (integer) v = floor(v);
    if (preview_with(slot, (float)v) != KB_OK) {
      ok = 0;
      fprintf(stderr, "%s = %.9g refused\n", name, v);
    }
  }
  CHECK(ok);
  float below = integer ? (float)lo - 1 : nextafterf((float)lo, -INFINITY);
  float above = integer ? (float)hi + 1 : nextafterf((float)hi, INFINITY);
  CHECK(preview_with(slot, below) != KB_OK);
  if (!open_above) CHECK(preview_with(slot, above) != KB_OK);
}

static void test_preview_ranges(void) {
  CHECK(preview_with(KB_FLAT_ATTACK, KB_DEFAULT_ATTACK) == KB_OK);
  check_range("attack", KB_FLAT_ATTACK, 0, 0);
  check_range("release", KB_FLAT_RELEASE, 0, 0);
  check_range("duration", KB_FLAT_DURATION, 0, 0);
  check_range("fps", KB_FLAT_FPS, 0, 0);
  check_range("jitter", KB_FLAT_JITTER, 0, 0);
  check_range("seed", KB_FLAT_SEED, 1, 0);
  check_range("apose", KB_FLAT_APOSE, 0, 0);
  check_range("epsilon", KB_FLAT_EPSILON, 0, 0);
  check_range("lambda", KB_FLAT_LAMBDA, 0, 1); /* INFINITY: the pure gate */
  check_range("dtMax", KB_FLAT_DT_MAX, 0, 1);
  CHECK(preview_with(KB_FLAT_LAMBDA, INFINITY) == KB_OK);
  /* float(pi/2) and the link's four-decimal 1.5708 are both accepted */
  CHECK(preview_with(KB_FLAT_APOSE, (float)(KB_PI / 2)) == KB_OK);
  CHECK(preview_with(KB_FLAT_APOSE, 1.5708f) == KB_OK);
  /* the longest clip at the highest rate fits the frame cap */
  CHECK((double)KB_MAX_DURATION * KB_MAX_FPS + 1 <= KB_MAX_FRAMES);
}

static void test_other_ranges(void) {
  kb_skeleton s;
  float pose[KB_POSE_FLOATS];
  CHECK(kb_skeleton_init(&s, (float)value_of("min.height")) == KB_OK);
  CHECK(kb_skeleton_init(&s, (float)value_of("max.height")) == KB_OK);
  CHECK(kb_skeleton_init(&s, nextafterf(KB_MAX_HEIGHT, 10)) != KB_OK);
  CHECK(kb_skeleton_init(&s, nextafterf(KB_MIN_HEIGHT, 0)) != KB_OK);
  CHECK(kb_idle_pose((float)value_of("max.apose"), pose) == KB_OK);
  float a, r;
  double smax = value_of("max.attackSeconds");
  CHECK(kb_envelope_ratios_from_seconds(
            (float)smax, (float)value_of("max.releaseSeconds"),
            (float)value_of("min.duration"), &a, &r) == KB_OK);
  CHECK(a >= 0 && r >= 0 && a + r <= 1.0f);
  CHECK(kb_envelope_ratios_from_seconds(nextafterf((float)smax, 1e9f), 0, 1, &a,
                                        &r) == KB_ERR_OUT_OF_RANGE);
  /* KLI at each corner of its ranges */
  const double p[4] = {0, 0, 1, 0}, q[4] = {0.5, 0.5, 0.5, 0.5};
  const char *names[4] = {"kliRate", "kliStep", "kliEpsilon", "kliMaxSteps"};
  for (int corner = 0; corner < 16; corner++) {
    double v[4];
    for (int k = 0; k < 4; k++) {
      char key[64];
      snprintf(key, sizeof key, "%s.%s", corner >> k & 1 ? "max" : "min",
               names[k]);
      v[k] = value_of(key);
    }
    if (v[3] > 1000) v[3] = 1000; /* the range's top is a cap, not a test */
    kb_kli_options o = {v[0], v[1], v[2], KB_KLI_RK4, 1, (int)v[3]};
    kb_kli_result res;
    kb_status st = kb_kli(p, q, &o, &res);
    CHECK(st == KB_OK);
    double n = 0;
    for (int i = 0; i < 4; i++) n += res.q[i] * res.q[i];
    CHECK_NEAR(n, 1, 1e-12);
  }
  CHECK(value_of("max.kliMaxSteps") == KB_MAX_KLI_MAX_STEPS);
  CHECK(value_of("max.batchPairs") == KB_MAX_BATCH_PAIRS);
}

int main(void) {
  test_table();
  test_preview_ranges();
  test_other_ranges();
  return check_summary("abi");
}
