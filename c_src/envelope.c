/* Fast-attack envelope: smoothstep ramps around a plateau of 1. */
#include <math.h>

#include "kblend.h"

static float smoothstep(float s) { return s * s * (3.0f - 2.0f * s); }
static float smoothstep_slope(float s) { return 6.0f * s * (1.0f - s); }

kb_status kb_envelope_check(float attack, float release) {
  if (!isfinite(attack) || !isfinite(release)) return KB_ERR_NOT_FINITE;
  if (attack < 0 || release < 0 || attack + release > 1.0f)
    return KB_ERR_OUT_OF_RANGE;
  return KB_OK;
}

kb_status kb_envelope(float p, float attack, float release, float *out) {
  if (!out) return KB_ERR_NULL;
  kb_status s = kb_envelope_check(attack, release);
  if (s != KB_OK) return s;
  if (isnan(p)) return KB_ERR_NOT_FINITE;
  if (p < 0 || p > 1)
    *out = 0;
  else if (p < attack)
    *out = smoothstep(p / attack);
  else if (p <= 1.0f - release)
    *out = 1;
  else
    *out = smoothstep((1.0f - p) / release);
  return KB_OK;
}

kb_status kb_envelope_slope(float p, float attack, float release, float *out) {
  if (!out) return KB_ERR_NULL;
  kb_status s = kb_envelope_check(attack, release);
  if (s != KB_OK) return s;
  if (isnan(p)) return KB_ERR_NOT_FINITE;
  if (p < 0 || p > 1)
    *out = 0;
  else if (p < attack)
    *out = smoothstep_slope(p / attack) / attack;
  else if (p <= 1.0f - release)
    *out = 0;
  else
    *out = -smoothstep_slope((1.0f - p) / release) / release;
  return KB_OK;
}

kb_status kb_envelope_ratios_from_seconds(float attack_s, float release_s,
                                          float duration, float *attack,
                                          float *release) {
  if (!attack || !release) return KB_ERR_NULL;
  if (!isfinite(attack_s) || !isfinite(release_s) || !isfinite(duration))
    return KB_ERR_NOT_FINITE;
  if (attack_s < 0 || release_s < 0 || duration <= 0)
    return KB_ERR_OUT_OF_RANGE;
  float a = attack_s / duration, r = release_s / duration;
  if (a + r > 1.0f) {
    float k = 1.0f / (a + r);
    a *= k, r *= k;
    if (a + r > 1.0f) r = 1.0f - a; /* rounding */
  }
  *attack = a, *release = r;
  return KB_OK;
}
