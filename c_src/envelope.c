/* Fast-attack envelope: smoothstep ramps around a plateau of 1. */
#include <math.h>

#include "kblend.h"

static float smoothstep(float s) { return s * s * (3.0f - 2.0f * s); }
static float smoothstep_slope(float s) { return 6.0f * s * (1.0f - s); }

kb_status kb_envelope_check(float attack, float release) {
  if (!isfinite(attack) || !isfinite(release)) return KB_ERR_NOT_FINITE;
  if (attack < KB_MIN_ATTACK || attack > KB_MAX_ATTACK ||
      release < KB_MIN_RELEASE || release > KB_MAX_RELEASE ||
      attack + release > 1.0f)
    return KB_ERR_OUT_OF_RANGE;
  return KB_OK;
}

/* The part of E(p) that holds p. */
typedef enum { OUTSIDE, ATTACK, PLATEAU, RELEASE } envelope_part;

/* Checks the arguments, then finds p's part and, on a ramp, the smoothstep
 * argument s and the ramp's length (both envelopes share this). */
static kb_status locate(float p, float attack, float release, float *out,
                        envelope_part *part, float *s, float *length) {
  if (!out) return KB_ERR_NULL;
  kb_status st = kb_envelope_check(attack, release);
  if (st != KB_OK) return st;
  if (isnan(p)) return KB_ERR_NOT_FINITE;
  if (p < 0 || p > 1)
    *part = OUTSIDE;
  else if (p < attack)
    *part = ATTACK, *s = p / attack, *length = attack;
  else if (p <= 1.0f - release)
    *part = PLATEAU;
  else
    *part = RELEASE, *s = (1.0f - p) / release, *length = release;
  return KB_OK;
}

/* E(p) or, with slope set, dE/dp (0 at the steps of a zero-length ramp). */
static kb_status evaluate(float p, float attack, float release, int slope,
                          float *out) {
  envelope_part part;
  float s = 0, length = 1;
  kb_status st = locate(p, attack, release, out, &part, &s, &length);
  if (st != KB_OK) return st;
  if (part == OUTSIDE || part == PLATEAU)
    *out = slope || part == OUTSIDE ? 0 : 1;
  else if (!slope)
    *out = smoothstep(s);
  else
    *out = (part == ATTACK ? 1 : -1) * smoothstep_slope(s) / length;
  return KB_OK;
}

kb_status kb_envelope(float p, float attack, float release, float *out) {
  return evaluate(p, attack, release, 0, out);
}

kb_status kb_envelope_slope(float p, float attack, float release, float *out) {
  return evaluate(p, attack, release, 1, out);
}

kb_status kb_envelope_ratios_from_seconds(float attack_s, float release_s,
                                          float duration, float *attack,
                                          float *release) {
  if (!attack || !release) return KB_ERR_NULL;
  if (!isfinite(attack_s) || !isfinite(release_s) || !isfinite(duration))
    return KB_ERR_NOT_FINITE;
  if (attack_s < KB_MIN_ATTACK_SECONDS || attack_s > KB_MAX_ATTACK_SECONDS ||
      release_s < KB_MIN_RELEASE_SECONDS ||
      release_s > KB_MAX_RELEASE_SECONDS || duration < KB_MIN_DURATION ||
      duration > KB_MAX_DURATION)
    return KB_ERR_OUT_OF_RANGE;
  /* in double, then to float with a + r <= 1 and both in [0, 1] in float */
  double a = (double)attack_s / duration, r = (double)release_s / duration;
  if (a + r > 1.0) {
    double sum = a + r;
    a /= sum, r = 1.0 - a;
  }
  float fa = (float)a, fr = (float)r;
  while (fa + fr > 1.0f) fr = nextafterf(fr, 0.0f); /* rounding up, once */
  *attack = fa, *release = fr;
  return KB_OK;
}
