// A pose with both wrists turned on the right by a rotation each: what the
// core's clap check and clap solve see when a character's hands have other
// axes than kblend's (characters/character-hands.js: C takes kblend's palm
// normal and thumb onto the model's). The wrists end their chains, so only
// the hand axes change; every position stays. No DOM, no three.js.
import { multiplyQuat } from 'kblend';

const WRISTS = Object.freeze({ left: 20, right: 21 });

const conjugate = (q) => [-q[0], -q[1], -q[2], q[3]];

/**
 * @param {ArrayLike<number>} pose  88 local rotations
 * @param {{ left: number[], right: number[] } | null} corrections  C per side
 * @param {{ inverse?: boolean }} [how]  turn by C⁻¹ instead (undoes a turn)
 * @returns {Float32Array} a new pose (a copy of pose when corrections is null)
 */
export function turnWrists(pose, corrections, { inverse = false } = {}) {
  const out = Float32Array.from(pose);
  if (!corrections) return out;
  for (const [side, joint] of Object.entries(WRISTS)) {
    const c = inverse ? conjugate(corrections[side]) : corrections[side];
    const at = 4 * joint;
    const turned = multiplyQuat(Array.from(out.subarray(at, at + 4)), c, [0, 0, 0, 1]);
    const norm = Math.hypot(...turned);
    out.set(
      turned.map((v) => v / norm),
      at,
    );
  }
  return out;
}
