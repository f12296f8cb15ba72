// Shared by the unit tests: one loaded library, a seeded random source,
// and a double-precision reference for rotations.
import { loadKBlend } from '../../web/lib/kblend.js';

export const kb = await loadKBlend();

// mulberry32: small, seeded, good enough to spread test cases.
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomUnit(rand) {
  for (;;) {
    const q = [0, 1, 2, 3].map(() => rand() * 2 - 1);
    const n = Math.hypot(...q);
    if (n > 1e-2 && n <= 1) return q.map((v) => v / n);
  }
}

export function dot4(a, b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

export function slerpReference(a, b, u) {
  let d = dot4(a, b);
  const s = d < 0 ? -1 : 1;
  d *= s;
  const om = Math.acos(Math.min(1, d));
  const [wa, wb] =
    om < 1e-12
      ? [1 - u, u]
      : [Math.sin((1 - u) * om) / Math.sin(om), Math.sin(u * om) / Math.sin(om)];
  const q = a.map((v, i) => wa * v + s * wb * b[i]);
  const n = Math.hypot(...q);
  return q.map((v) => v / n);
}

// Rotation angle between two quaternions, in double precision.
export function rotationAngle(a, b) {
  const d = dot4(a, b);
  const na = Math.hypot(...a);
  const nb = Math.hypot(...b);
  const c = Math.abs(d) / (na * nb);
  const off = Math.sqrt(Math.max(0, 1 - c * c));
  return 2 * Math.atan2(off, c);
}

export function maxJointAngle(poseA, poseB) {
  let worst = 0;
  for (let j = 0; j < poseA.length / 4; j++) {
    const a = Array.from(poseA.subarray(4 * j, 4 * j + 4));
    const b = Array.from(poseB.subarray(4 * j, 4 * j + 4));
    worst = Math.max(worst, rotationAngle(a, b));
  }
  return worst;
}
