// kblend's world rotations from local ones, in plain JS (a product down
// the hierarchy: the T-pose bind's world rotations are identity), and a
// joint's lineage.
import { JOINT_COUNT, JOINT_PARENTS, multiplyQuat } from 'kblend';

// W_j = W_parent · L_j for every joint: out[4·j …].
export function worldRotations(local, out = new Float64Array(4 * JOINT_COUNT)) {
  const q = [0, 0, 0, 1];
  const p = [0, 0, 0, 1];
  for (let j = 0; j < JOINT_COUNT; j++) {
    for (let i = 0; i < 4; i++) q[i] = local[4 * j + i];
    const parent = JOINT_PARENTS[j];
    if (parent >= 0) {
      for (let i = 0; i < 4; i++) p[i] = out[4 * parent + i];
      multiplyQuat(p, q, q);
    }
    const n = Math.hypot(q[0], q[1], q[2], q[3]);
    for (let i = 0; i < 4; i++) out[4 * j + i] = q[i] / n;
  }
  return out;
}

// Ancestors of j and j itself.
export function lineage(j) {
  const out = new Set();
  for (let i = j; i >= 0; i = JOINT_PARENTS[i]) out.add(i);
  return out;
}
