// Writes a kblend pose onto mapped bones by their local-rotation recipes
// (local-rotation-recipe.js): a bone is rewritten only when a joint of its
// chain changed, as pre · L_c1 ⋯ L_j · post, normalized; no world rotation
// is computed. Each bone depends only on its own chain, so a skipped bone
// holds bit for bit what a full rewrite would give.
import { JOINT_COUNT, multiplyQuatAt } from 'kblend';
import { shared } from './shared-arrays.js';

// plan.recipe: { count, bone, chainStart, chain, pre, post, hasPre,
// hasPost }; owned: owned-matrices.js. write(pose, mask): pose, 88 local
// rotations; mask, 22 flags (1 = changed) or null for every joint; returns
// the number of bones written. The quaternion's fields are written
// directly: its setters run three's onChange callback (the Euler rotation
// re-derived at every write).
export function createRecipeBoneWriter(plan, owned) {
  const { count, bone } = plan.recipe;
  const [chainStart, chain, pre, post, hasPre, hasPost] = [
    'chainStart',
    'chain',
    'pre',
    'post',
    'hasPre',
    'hasPost',
  ].map((key) => shared(plan.recipe[key]));
  const quaternions = Array.from(bone, (b) => plan.bones[b].quaternion);
  const slots = shared(Int32Array.from(bone, (b) => owned.slotOf(plan.bones[b])));
  const objects = Array.from(bone, (b) => plan.bones[b]);
  const q = new Float64Array(4);
  // per joint, the recipes whose chain holds it (dependentStart/dependents)
  const lists = Array.from({ length: JOINT_COUNT }, () => []);
  for (let k = 0; k < count; k++)
    for (let m = chainStart[k]; m < chainStart[k + 1]; m++) lists[chain[m]].push(k);
  const starts = new Int32Array(JOINT_COUNT + 1);
  lists.forEach((l, j) => (starts[j + 1] = starts[j] + l.length));
  const dependentStart = shared(starts);
  const dependents = shared(Int32Array.from(lists.flat()));
  const stamp = new Uint32Array(count); // the pass that last wrote each recipe's bone
  let pass = 0;

  // q ← q ⊗ r[ri …]
  const times = (r, ri) => multiplyQuatAt(q, 0, r, ri, q, 0);

  // Bone k's local rotation from the pose, into q (normalized).
  function local(k, pose) {
    const first = 4 * chain[chainStart[k]];
    if (hasPre[k]) {
      q.set(pre.subarray(4 * k, 4 * k + 4));
      times(pose, first);
    } else {
      q[0] = pose[first];
      q[1] = pose[first + 1];
      q[2] = pose[first + 2];
      q[3] = pose[first + 3];
    }
    for (let m = chainStart[k] + 1, e = chainStart[k + 1]; m < e; m++) times(pose, 4 * chain[m]);
    if (hasPost[k]) times(post, 4 * k);
    const n = 1 / Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    q[0] *= n;
    q[1] *= n;
    q[2] *= n;
    q[3] *= n;
  }

  function writeBone(k, pose) {
    local(k, pose);
    const target = quaternions[k];
    target._x = q[0];
    target._y = q[1];
    target._z = q[2];
    target._w = q[3];
    if (slots[k] >= 0) owned.rotate(slots[k], q[0], q[1], q[2], q[3]);
    else owned.touch(objects[k]);
  }

  return function write(pose, mask) {
    if (mask === null) {
      for (let k = 0; k < count; k++) writeBone(k, pose);
      return count;
    }
    // each changed joint's dependent bones, each once
    pass = (pass + 1) >>> 0 || 1;
    let written = 0;
    for (let j = 0; j < JOINT_COUNT; j++) {
      if (mask[j] === 0) continue;
      for (let d = dependentStart[j], e = dependentStart[j + 1]; d < e; d++) {
        const k = dependents[d];
        if (stamp[k] === pass) continue;
        stamp[k] = pass;
        writeBone(k, pose);
        written++;
      }
    }
    return written;
  };
}
