// kblend's T-pose bind as the core gives it (BIND_FRACTIONS, the bind at
// a height of 1 m, and DEFAULT_HEIGHT, kb.defaults.height): what a rig's
// rest segments are compared with when its rest is read from its bones
// (rig-rest.js), and the hips' height a root translation is scaled from.
import { BIND_FRACTIONS, DEFAULT_HEIGHT } from 'kblend';

/** The pelvis's bind height at kblend's default body height (m). */
export const KBLEND_HIP_HEIGHT = BIND_FRACTIONS[1] * DEFAULT_HEIGHT;

/** Unit direction of the bind from joint a to joint b. */
export function bindDirection(a, b) {
  const d = [0, 1, 2].map((i) => BIND_FRACTIONS[3 * b + i] - BIND_FRACTIONS[3 * a + i]);
  const n = Math.hypot(d[0], d[1], d[2]);
  return d.map((v) => v / n);
}
