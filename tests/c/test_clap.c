#include <string.h>

#include "check.h"
#include "kblend.h"

/* Arms straight forward, yawed inward by theta, wrists turned back so the
 * palms face each other (left palm toward −X) with thumbs up. */
static void clap_pose(const kb_skeleton *s, float theta, float pose[88]) {
  kb_idle_pose(0, pose);
  static const float hand_left[4] = {-0.5f, -0.5f, -0.5f,
                                     0.5f}; /* X→Z, Y→X, Z→Y */
  static const float hand_right[4] = {-0.5f, 0.5f, 0.5f,
                                      0.5f}; /* X→−Z, Y→−X, Z→Y */
  for (int side = 0; side < 2; side++) {
    const float *hand = side ? hand_right : hand_left;
    float sign = side ? 1.0f : -1.0f,
          yaw[4] = {0, sinf(sign * theta / 2), 0, cosf(sign * theta / 2)};
    float unyaw[4], inv[4], tmp[4];
    kb_quat_conjugate(yaw, unyaw);
    kb_quat_conjugate(hand, inv);
    kb_quat_mul(yaw, hand, pose + 4 * (KB_LEFT_SHOULDER + side));
    kb_quat_mul(inv, unyaw, tmp);
    kb_quat_mul(tmp, hand, pose + 4 * (KB_LEFT_WRIST + side));
  }
  (void)s;
}

int main(void) {
  kb_skeleton s;
  kb_skeleton_init(&s, 1.75f);
  float pose[88], identity[88];
  kb_idle_pose(0, identity);
  kb_clap_report r;
  /* identity wrists (the seed's passing case) fail here: palms both down */
  CHECK(kb_clap_check(&s, identity, NULL, NULL, &r) == KB_OK);
  CHECK(!r.ok && !r.palms_ok && !r.thumb_left_ok && r.order_ok);
  CHECK_NEAR(r.palm_dot, 1, 1e-6);
  /* a clap: wrists 0.17 m apart in front of the chest */
  float shoulder_x =
      s.offsets[KB_LEFT_COLLAR][0] + s.offsets[KB_LEFT_SHOULDER][0];
  float arm = s.offsets[KB_LEFT_ELBOW][0] + s.offsets[KB_LEFT_WRIST][0];
  float theta = asinf((shoulder_x - 0.085f) / arm);
  clap_pose(&s, theta, pose);
  kb_clap_check(&s, pose, NULL, NULL, &r);
  printf("clap: separation %.4f palm_dot %.4f thumbs %.4f %.4f order %.4f\n",
         r.separation, r.palm_dot, r.thumb_left, r.thumb_right, r.order);
  CHECK(r.ok);
  CHECK_NEAR(r.separation, 0.17, 1e-4);
  /* crossed: the left wrist ends on the right of the right wrist */
  clap_pose(&s, theta + 0.25f, pose);
  kb_clap_check(&s, pose, NULL, NULL, &r);
  CHECK(!r.order_ok && !r.ok && r.order < 0);
  /* the pelvis heading defines "left": turning the body keeps the verdict */
  clap_pose(&s, theta, pose);
  float turn[4] = {0, sinf(0.6f), 0, cosf(0.6f)};
  kb_clap_check(&s, pose, turn, NULL, &r);
  CHECK(r.ok);
  /* custom limits */
  kb_clap_limits lim;
  kb_clap_default_limits(&lim);
  lim.separation = 0.3f;
  kb_clap_check(&s, pose, NULL, &lim, &r);
  CHECK(!r.separation_ok);
  CHECK(kb_clap_check(&s, NULL, NULL, NULL, &r) == KB_ERR_NULL);
  return check_summary("clap");
}
