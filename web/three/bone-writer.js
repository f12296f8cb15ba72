// Writes a kblend pose onto mapped bones (docs/design.md §8a), for the joints that
// changed only. kblend's world rotation W_j is recomputed only when a
// joint on its lineage changed, a bone's target U_b = W_j · W_j(P)⁻¹ · R_b
// only when W_j did, and a bone's local rotation U_parent⁻¹ · U_b only when
// a joint between its own and its mapped ancestor's changed (its
// `dependencies`); everything else keeps last frame's values, which are
// bit for bit what a full recomputation would give (a mask says the joint's
// input is bitwise the same).
import { JOINT_COUNT, JOINT_PARENTS, multiplyQuatAt as mul } from 'kblend';

const IDENTITY = new Float64Array([0, 0, 0, 1]);

// out[o..o+3] /= its norm.
function normalizeAt(out, o) {
  const n = Math.sqrt(
    out[o] * out[o] + out[o + 1] * out[o + 1] + out[o + 2] * out[o + 2] + out[o + 3] * out[o + 3],
  );
  out[o] /= n;
  out[o + 1] /= n;
  out[o + 2] /= n;
  out[o + 3] /= n;
}

// plan: { bones, order (parents first), jointOf (Int8Array), parentBone
// (Int32Array, -1 for a bone hanging from the root's frame), deps (arrays
// of joints), restRotation / parentRotation (Float64Array, 4 per bone, in
// the root's frame), restInverse (Float64Array(88) of W_j(P)⁻¹, or null) }.
export function createBoneWriter(plan, owned) {
  const { bones, order, jointOf, parentBone, deps, restRotation, parentRotation, restInverse } =
    plan;
  const w = new Float64Array(4 * JOINT_COUNT); // kblend world rotations
  const u = new Float64Array(4 * bones.length); // bones' targets U_b
  const wChanged = new Uint8Array(JOINT_COUNT);
  const uChanged = new Uint8Array(bones.length);
  const t = new Float64Array(4);
  const conj = new Float64Array(4);

  function worldRotations(pose, mask) {
    for (let j = 0; j < JOINT_COUNT; j++) {
      const p = JOINT_PARENTS[j];
      const c = mask === null || mask[j] !== 0 || (p >= 0 && wChanged[p] !== 0) ? 1 : 0;
      wChanged[j] = c;
      if (!c) continue;
      if (p < 0) mul(IDENTITY, 0, pose, 4 * j, w, 4 * j);
      else mul(w, 4 * p, pose, 4 * j, w, 4 * j);
      normalizeAt(w, 4 * j);
    }
  }

  function changedDeps(i, mask) {
    if (mask === null) return true;
    const d = deps[i];
    for (let k = 0; k < d.length; k++) if (mask[d[k]] !== 0) return true;
    return false;
  }

  // The bone's target rotation U_b (when its inputs changed); returns
  // whether its local rotation must be written.
  function target(i, mask) {
    const j = jointOf[i];
    const pb = parentBone[i];
    if (j < 0) {
      // unmapped: its rest local rotation under its parent's target
      const c = pb >= 0 && uChanged[pb] !== 0 ? 1 : mask === null ? 1 : 0;
      uChanged[i] = c;
      if (c) {
        const q = bones[i].quaternion;
        t[0] = q._x;
        t[1] = q._y;
        t[2] = q._z;
        t[3] = q._w;
        mul(pb >= 0 ? u : parentRotation, 4 * (pb >= 0 ? pb : i), t, 0, u, 4 * i);
      }
      return false;
    }
    uChanged[i] = wChanged[j];
    if (wChanged[j]) {
      if (restInverse) {
        mul(w, 4 * j, restInverse, 4 * j, t, 0);
        mul(t, 0, restRotation, 4 * i, u, 4 * i);
      } else mul(w, 4 * j, restRotation, 4 * i, u, 4 * i);
    }
    return changedDeps(i, mask);
  }

  // local = U_parent⁻¹ · U_b, written into the quaternion's fields: the
  // public setters (set, copy, x = …) run three's onChange callback, which
  // re-derives bone.rotation (an Euler) from the quaternion at every write
  // — four times the cost of the write itself; bound bones' rotation is
  // therefore not kept (read their quaternion).
  function writeLocal(i) {
    const pb = parentBone[i];
    const src = pb >= 0 ? u : parentRotation;
    const s = 4 * (pb >= 0 ? pb : i);
    conj[0] = -src[s];
    conj[1] = -src[s + 1];
    conj[2] = -src[s + 2];
    conj[3] = src[s + 3];
    mul(conj, 0, u, 4 * i, t, 0);
    const q = bones[i].quaternion;
    q._x = t[0];
    q._y = t[1];
    q._z = t[2];
    q._w = t[3];
    owned.touch(bones[i]);
  }

  // pose: 88 local rotations; mask: 22 flags (1 = changed) or null for
  // every joint. Returns the number of bones written.
  return function write(pose, mask) {
    worldRotations(pose, mask);
    let count = 0;
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      if (target(i, mask)) {
        writeLocal(i);
        count++;
      }
    }
    return count;
  };
}
