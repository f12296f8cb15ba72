/* The ABI table: every number a binding needs, by name, from the headers'
 * own macros and enums, so no binding writes one down again. */
#include <math.h>

#include "ik_workspace.h"

typedef struct abi_entry {
  const char *name;
  double value;
} abi_entry;

#define ENTRY(name)                                                            \
  { #name, (double)(name) }
#define SIZE(name, type)                                                       \
  { "sizeof." name, (double)sizeof(type) }
/* default, min and max of a tunable, under its JS name */
#define TUNABLE(js, c)                                                         \
  {"default." js, (double)KB_DEFAULT_##c}, {"min." js, (double)KB_MIN_##c}, {  \
    "max." js, (double)KB_MAX_##c                                              \
  }
#define RANGE(js, c)                                                           \
  {"min." js, (double)KB_MIN_##c}, { "max." js, (double)KB_MAX_##c }

static const abi_entry table[] = {
    /* status codes */
    ENTRY(KB_OK),
    ENTRY(KB_ERR_NULL),
    ENTRY(KB_ERR_NOT_FINITE),
    ENTRY(KB_ERR_OUT_OF_RANGE),
    ENTRY(KB_ERR_ZERO_QUAT),
    ENTRY(KB_ERR_CAPACITY),
    ENTRY(KB_ERR_BAD_ORDER),
    /* enums */
    ENTRY(KB_SHAPE_SMOOTHSTEP),
    ENTRY(KB_SHAPE_KLI),
    ENTRY(KB_ORDER_KBLEND),
    ENTRY(KB_ORDER_SEED),
    ENTRY(KB_ORDER_NAIVE_EULER),
    ENTRY(KB_FOLLOWER_EXP),
    ENTRY(KB_FOLLOWER_KLI),
    ENTRY(KB_KLI_RK4),
    ENTRY(KB_KLI_EULER),
    ENTRY(KB_IK_STOP_COST),
    ENTRY(KB_IK_STOP_GRADIENT),
    ENTRY(KB_IK_STOP_STEP),
    ENTRY(KB_IK_STOP_LAMBDA),
    ENTRY(KB_IK_STOP_ITERATIONS),
    ENTRY(KB_HUBER_OFF),
    ENTRY(KB_HUBER_COMPONENT),
    ENTRY(KB_HUBER_NORM),
    /* layouts */
    ENTRY(KB_JOINT_COUNT),
    ENTRY(KB_POSE_FLOATS),
    ENTRY(KB_FILTER_FLOATS_PER_JOINT),
    ENTRY(KB_MAX_FRAMES),
    ENTRY(KB_PREVIEW_FLAT_COUNT),
    ENTRY(KB_FLAT_ATTACK),
    ENTRY(KB_FLAT_RELEASE),
    ENTRY(KB_FLAT_DURATION),
    ENTRY(KB_FLAT_FPS),
    ENTRY(KB_FLAT_JITTER),
    ENTRY(KB_FLAT_SEED),
    ENTRY(KB_FLAT_APOSE),
    ENTRY(KB_FLAT_SHAPE),
    ENTRY(KB_FLAT_ORDER),
    ENTRY(KB_FLAT_EPSILON),
    ENTRY(KB_FLAT_LAMBDA),
    ENTRY(KB_FLAT_DT_MAX),
    ENTRY(KB_FLAT_FOLLOWER),
    ENTRY(KB_MARKER_LEFT_PALM),
    ENTRY(KB_MARKER_RIGHT_PALM),
    ENTRY(KB_MARKER_LEFT_THUMB),
    ENTRY(KB_MARKER_RIGHT_THUMB),
    ENTRY(KB_MARKER_COUNT),
    ENTRY(KB_CLAP_REPORT_FLOATS),
    ENTRY(KB_CLAP_SLOT_SEPARATION),
    ENTRY(KB_CLAP_SLOT_PALM_DOT),
    ENTRY(KB_CLAP_SLOT_THUMB_LEFT),
    ENTRY(KB_CLAP_SLOT_THUMB_RIGHT),
    ENTRY(KB_CLAP_SLOT_ORDER),
    ENTRY(KB_CLAP_SLOT_SEPARATION_OK),
    ENTRY(KB_CLAP_SLOT_PALMS_OK),
    ENTRY(KB_CLAP_SLOT_THUMB_LEFT_OK),
    ENTRY(KB_CLAP_SLOT_THUMB_RIGHT_OK),
    ENTRY(KB_CLAP_SLOT_ORDER_OK),
    ENTRY(KB_CLAP_SLOT_OK),
    ENTRY(KB_KLI_RESULT_DOUBLES),
    ENTRY(KB_KLI_SLOT_T_STOP),
    ENTRY(KB_KLI_SLOT_STEPS),
    ENTRY(KB_KLI_SLOT_Q),
    ENTRY(KB_KLI_SLOT_CONVERGED),
    ENTRY(KB_IK_DOF),
    ENTRY(KB_IK_POSE_DOUBLES),
    ENTRY(KB_IK_MAX_PAIRS),
    ENTRY(KB_IK_MAX_ROWS),
    ENTRY(KB_IK_MAX_TASKS),
    ENTRY(KB_IK_TASK_FRAME_VECTOR),
    ENTRY(KB_IK_TASK_RETARGET),
    ENTRY(KB_IK_FV_HEADER),
    ENTRY(KB_IK_FV_PAIR),
    ENTRY(KB_IK_RT_HEADER),
    ENTRY(KB_IK_RT_PAIR),
    ENTRY(KB_IK_RESULT_DOUBLES),
    ENTRY(KB_IK_RESULT_ITERATIONS),
    ENTRY(KB_IK_RESULT_ACCEPTED),
    ENTRY(KB_IK_RESULT_REJECTED),
    ENTRY(KB_IK_RESULT_INITIAL_COST),
    ENTRY(KB_IK_RESULT_COST),
    ENTRY(KB_IK_RESULT_LAMBDA),
    ENTRY(KB_IK_RESULT_GRADIENT),
    ENTRY(KB_IK_RESULT_STOP),
    ENTRY(KB_IK_RESULT_CONVERGED),
    ENTRY(KB_IK_RESULT_REACHED),
    ENTRY(KB_IK_OPTIONS_DOUBLES),
    ENTRY(KB_IK_OPTION_MAX_ITERATIONS),
    ENTRY(KB_IK_OPTION_LAMBDA0),
    ENTRY(KB_IK_OPTION_LAMBDA_MIN),
    ENTRY(KB_IK_OPTION_LAMBDA_MAX),
    ENTRY(KB_IK_OPTION_ACCEPT_RATIO),
    ENTRY(KB_IK_OPTION_COST_TOLERANCE),
    ENTRY(KB_IK_OPTION_STEP_TOLERANCE),
    ENTRY(KB_IK_OPTION_GRADIENT_TOLERANCE),
    ENTRY(KB_IK_OPTION_DECREASE_TOLERANCE),
    ENTRY(KB_CLAP_OPTIONS_DOUBLES),
    ENTRY(KB_CLAP_OPTION_SEPARATION),
    ENTRY(KB_CLAP_OPTION_CHEST_FORWARD),
    ENTRY(KB_CLAP_OPTION_CHEST_DROP),
    ENTRY(KB_CLAP_OPTION_CHEST_WEIGHT),
    ENTRY(KB_CLAP_OPTION_REFERENCE_WEIGHT),
    ENTRY(KB_RETARGET_RESULT_DOUBLES),
    /* struct sizes a binding allocates */
    SIZE("preview", kb_preview),
    SIZE("filter", kb_filter),
    SIZE("skeleton", kb_skeleton),
    SIZE("ik_workspace", kb_ik_workspace),
    SIZE("crowd_fk_state", kb_crowd_fk_state),
    /* tunables: defaults and inclusive ranges */
    TUNABLE("attack", ATTACK),
    TUNABLE("release", RELEASE),
    TUNABLE("epsilon", EPSILON),
    TUNABLE("lambda", LAMBDA),
    TUNABLE("dtMax", DT_MAX),
    TUNABLE("duration", DURATION),
    TUNABLE("fps", FPS),
    TUNABLE("jitter", JITTER),
    TUNABLE("seed", SEED),
    TUNABLE("apose", APOSE),
    TUNABLE("height", HEIGHT),
    TUNABLE("attackSeconds", ATTACK_SECONDS),
    TUNABLE("releaseSeconds", RELEASE_SECONDS),
    TUNABLE("kliRate", KLI_RATE),
    TUNABLE("kliStep", KLI_STEP),
    TUNABLE("kliEpsilon", KLI_EPSILON),
    TUNABLE("kliMaxSteps", KLI_MAX_STEPS),
    RANGE("batchPairs", BATCH_PAIRS),
    {"default.shape", KB_DEFAULT_SHAPE},
    {"default.order", KB_DEFAULT_ORDER},
    {"default.follower", KB_DEFAULT_FOLLOWER},
    /* solver defaults (kb_ik_default_options), under solveIK's names */
    {"default.ik.maxIterations", KB_DEFAULT_IK_MAX_ITERATIONS},
    {"default.ik.lambda0", KB_DEFAULT_IK_LAMBDA0},
    {"default.ik.lambdaMin", KB_DEFAULT_IK_LAMBDA_MIN},
    {"default.ik.lambdaMax", KB_DEFAULT_IK_LAMBDA_MAX},
    {"default.ik.acceptRatio", KB_DEFAULT_IK_ACCEPT_RATIO},
    {"default.ik.costTolerance", KB_DEFAULT_IK_COST_TOLERANCE},
    {"default.ik.stepTolerance", KB_DEFAULT_IK_STEP_TOLERANCE},
    {"default.ik.gradientTolerance", KB_DEFAULT_IK_GRADIENT_TOLERANCE},
    {"default.ik.decreaseTolerance", KB_DEFAULT_IK_DECREASE_TOLERANCE},
    /* hand axes in a wrist's local frame */
    {"hand.palmNormal.x", KB_PALM_NORMAL_X},
    {"hand.palmNormal.y", KB_PALM_NORMAL_Y},
    {"hand.palmNormal.z", KB_PALM_NORMAL_Z},
    {"hand.thumb.x", KB_THUMB_X},
    {"hand.thumb.y", KB_THUMB_Y},
    {"hand.thumb.z", KB_THUMB_Z},
};

enum { TABLE_COUNT = sizeof table / sizeof table[0] };

int kb_abi_count(void) { return TABLE_COUNT; }

const char *kb_abi_name(int i) {
  return i >= 0 && i < TABLE_COUNT ? table[i].name : NULL;
}

double kb_abi_value(int i) {
  if (i < 0 || i >= TABLE_COUNT) return NAN;
  return table[i].value;
}
