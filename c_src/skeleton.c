/* The 22-joint body: names, parents, proportions, idle pose, hand markers. */
#include <math.h>
#include <string.h>

#include "kblend.h"

static const char *const joint_names[KB_JOINT_COUNT] = {
    "pelvis",        "left_hip",       "right_hip",    "spine1",
    "left_knee",     "right_knee",     "spine2",       "left_ankle",
    "right_ankle",   "spine3",         "left_foot",    "right_foot",
    "neck",          "left_collar",    "right_collar", "head",
    "left_shoulder", "right_shoulder", "left_elbow",   "right_elbow",
    "left_wrist",    "right_wrist"};

static const int joint_parents[KB_JOINT_COUNT] = {
    -1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 12, 13, 14, 16, 17, 18, 19};

const float kb_palm_normal_local[3] = {0, -1, 0};
const float kb_thumb_local[3] = {0, 0, 1};

const char *kb_joint_name(int joint) {
  return joint >= 0 && joint < KB_JOINT_COUNT ? joint_names[joint] : NULL;
}

int kb_joint_parent(int joint) {
  return joint >= 0 && joint < KB_JOINT_COUNT ? joint_parents[joint] : -2;
}

int kb_joint_index(const char *name) {
  if (!name) return -1;
  for (int j = 0; j < KB_JOINT_COUNT; j++)
    if (strcmp(name, joint_names[j]) == 0) return j;
  return -1;
}

/* Bind positions in the world as fractions of height, from the
 * Drillis & Contini segment table (Winter). Heights are the table's; the
 * few points it does not give (spine joints, collars, toe) are placed
 * between the ones it does. Left side only; the right mirrors x. */
typedef struct {
  float x, y, z;
} point;
static const float SHOULDER_HEIGHT = 0.818f, HIP_HEIGHT = 0.530f,
                   KNEE_HEIGHT = 0.285f, ANKLE_HEIGHT = 0.039f,
                   CHIN_HEIGHT = 0.870f, SHOULDER_WIDTH = 0.259f,
                   HIP_WIDTH = 0.191f, UPPER_ARM = 0.186f, FOREARM = 0.146f,
                   HAND = 0.108f, FOOT_LENGTH = 0.152f;

static void bind_positions(point p[KB_JOINT_COUNT]) {
  /* hip joint centres sit halfway between the midline and the hip breadth */
  float hip_x = HIP_WIDTH / 4, shoulder_x = SHOULDER_WIDTH / 2;
  p[KB_PELVIS] = (point){0, HIP_HEIGHT + 0.01f, 0};
  p[KB_LEFT_HIP] = (point){hip_x, HIP_HEIGHT, 0};
  p[KB_LEFT_KNEE] = (point){hip_x, KNEE_HEIGHT, 0};
  p[KB_LEFT_ANKLE] = (point){hip_x, ANKLE_HEIGHT, 0};
  /* ball of the foot: two thirds of the foot length ahead of the ankle */
  p[KB_LEFT_FOOT] = (point){hip_x, ANKLE_HEIGHT / 3, FOOT_LENGTH * 0.6f};
  float trunk = SHOULDER_HEIGHT - HIP_HEIGHT;
  p[KB_SPINE1] = (point){0, HIP_HEIGHT + 0.2f * trunk, 0};
  p[KB_SPINE2] = (point){0, HIP_HEIGHT + 0.45f * trunk, 0};
  p[KB_SPINE3] = (point){0, HIP_HEIGHT + 0.7f * trunk, 0};
  p[KB_NECK] = (point){0, SHOULDER_HEIGHT + 0.02f, 0};
  p[KB_HEAD] = (point){0, CHIN_HEIGHT + 0.02f, 0};
  p[KB_LEFT_COLLAR] = (point){shoulder_x * 0.3f, SHOULDER_HEIGHT - 0.01f, 0};
  p[KB_LEFT_SHOULDER] = (point){shoulder_x, SHOULDER_HEIGHT, 0};
  p[KB_LEFT_ELBOW] = (point){shoulder_x + UPPER_ARM, SHOULDER_HEIGHT, 0};
  p[KB_LEFT_WRIST] =
      (point){shoulder_x + UPPER_ARM + FOREARM, SHOULDER_HEIGHT, 0};
  static const int lefts[] = {KB_LEFT_HIP,   KB_LEFT_KNEE,   KB_LEFT_ANKLE,
                              KB_LEFT_FOOT,  KB_LEFT_COLLAR, KB_LEFT_SHOULDER,
                              KB_LEFT_ELBOW, KB_LEFT_WRIST};
  for (unsigned i = 0; i < sizeof lefts / sizeof lefts[0]; i++) {
    point q = p[lefts[i]];
    p[lefts[i] + 1] = (point){-q.x, q.y, q.z}; /* right = left + 1 */
  }
}

kb_status kb_skeleton_init(kb_skeleton *s, float height) {
  if (!s) return KB_ERR_NULL;
  if (!isfinite(height)) return KB_ERR_NOT_FINITE;
  if (height < KB_MIN_HEIGHT || height > KB_MAX_HEIGHT)
    return KB_ERR_OUT_OF_RANGE;
  point p[KB_JOINT_COUNT];
  bind_positions(p);
  s->height = height;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    int parent = joint_parents[j];
    point o = parent < 0 ? (point){0, 0, 0} : p[parent];
    s->offsets[j][0] = (p[j].x - o.x) * height;
    s->offsets[j][1] = (p[j].y - o.y) * height;
    s->offsets[j][2] = (p[j].z - o.z) * height;
  }
  for (int side = 0; side < 2; side++) {
    float along = side == 0 ? 1.0f : -1.0f; /* the hand extends along ±X */
    s->palm_centre[side] =
        (kb_marker){KB_LEFT_WRIST + side,
                    {along * 0.4f * HAND * height, -0.012f * height, 0}};
    s->thumb_tip[side] =
        (kb_marker){KB_LEFT_WRIST + side,
                    {along * 0.35f * HAND * height, 0, 0.035f * height}};
  }
  return KB_OK;
}

kb_status kb_hand_marker(const kb_skeleton *s, int which, kb_marker *out) {
  if (!s || !out) return KB_ERR_NULL;
  if (which < 0 || which >= KB_MARKER_COUNT) return KB_ERR_OUT_OF_RANGE;
  *out = which < KB_MARKER_LEFT_THUMB
             ? s->palm_centre[which]
             : s->thumb_tip[which - KB_MARKER_LEFT_THUMB];
  return KB_OK;
}

kb_status kb_idle_pose(float apose, float out[KB_POSE_FLOATS]) {
  if (!out) return KB_ERR_NULL;
  if (!isfinite(apose)) return KB_ERR_NOT_FINITE;
  if (apose < KB_MIN_APOSE || apose > KB_MAX_APOSE) return KB_ERR_OUT_OF_RANGE;
  for (int j = 0; j < KB_JOINT_COUNT; j++) {
    float *q = out + 4 * j;
    q[0] = q[1] = q[2] = 0, q[3] = 1;
  }
  /* a rotation of −apose about Z lowers the left arm (+X) toward −Y */
  float s = sinf(apose / 2), c = cosf(apose / 2);
  float *left = out + 4 * KB_LEFT_SHOULDER,
        *right = out + 4 * KB_RIGHT_SHOULDER;
  left[2] = -s, left[3] = c;
  right[2] = s, right[3] = c;
  return KB_OK;
}
