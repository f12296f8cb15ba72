// Double-precision quaternion steps along a geodesic, [x, y, z, w]: the
// fit undoes the preview's blend and filter, which means going past the
// end of a slerp (u > 1), something kb.slerp does not offer.
import { multiplyQuat } from '../quaternion-math.js';

function conjugate(q) {
  return [-q[0], -q[1], -q[2], q[3]];
}

const multiply = (a, b) => multiplyQuat(a, b, [0, 0, 0, 0]);

// The point u of the way from a to b on the shortest geodesic (any u,
// u > 1 goes on past b): a ⊗ (a⁻¹ ⊗ b)^u.
export function along(a, b, u) {
  let rel = multiply(conjugate(a), b);
  if (rel[3] < 0) rel = rel.map((v) => -v);
  const s = Math.hypot(rel[0], rel[1], rel[2]);
  if (s < 1e-15) return a.slice();
  const half = Math.atan2(s, rel[3]) * u;
  const k = Math.sin(half) / s;
  return multiply(a, [rel[0] * k, rel[1] * k, rel[2] * k, Math.cos(half)]);
}

// Rotation angle between two unit quaternions, rad in [0, π].
export function angleBetween(a, b) {
  const rel = multiply(conjugate(a), b);
  return 2 * Math.atan2(Math.hypot(rel[0], rel[1], rel[2]), Math.abs(rel[3]));
}

// Mean of nearby unit quaternions: signs aligned with the first, summed and
// normalised (the chordal L2 mean; for a hold spread over a few degrees it
// agrees with the eigenvector mean to far below the noise).
export function meanQuat(quats) {
  const sum = [0, 0, 0, 0];
  const ref = quats[0];
  for (const q of quats) {
    const sign = q[0] * ref[0] + q[1] * ref[1] + q[2] * ref[2] + q[3] * ref[3] < 0 ? -1 : 1;
    for (let i = 0; i < 4; i++) sum[i] += sign * q[i];
  }
  const n = Math.hypot(...sum);
  return sum.map((v) => v / n);
}
