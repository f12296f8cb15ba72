// Writes a kblend pose onto mapped bones by their local-rotation recipes
// (local-rotation-recipe.js): a bone is rewritten only when a joint of its
// chain changed, as pre · L_c1 ⋯ L_j · post, normalized; no world rotation
// is computed. Each bone depends only on its own chain, so a skipped bone
// holds bit for bit what a full rewrite would give.

// plan.recipe: { count, bone, chainStart, chain, pre, post, hasPre,
// hasPost }; owned: owned-matrices.js.
export function createRecipeBoneWriter(plan, owned) {
  const { count, bone, chainStart, chain, pre, post, hasPre, hasPost } = plan.recipe;
  const quaternions = Array.from(bone, (b) => plan.bones[b].quaternion);
  const slots = Int32Array.from(bone, (b) => owned.slotOf(plan.bones[b]));
  const objects = Array.from(bone, (b) => plan.bones[b]);
  const q = new Float64Array(4);

  // q ← q ⊗ r[ri …]
  function times(r, ri) {
    const ax = q[0],
      ay = q[1],
      az = q[2],
      aw = q[3];
    const bx = r[ri],
      by = r[ri + 1],
      bz = r[ri + 2],
      bw = r[ri + 3];
    q[0] = aw * bx + ax * bw + ay * bz - az * by;
    q[1] = aw * by - ax * bz + ay * bw + az * bx;
    q[2] = aw * bz + ax * by - ay * bx + az * bw;
    q[3] = aw * bw - ax * bx - ay * by - az * bz;
  }

  function changed(k, mask) {
    for (let m = chainStart[k], e = chainStart[k + 1]; m < e; m++)
      if (mask[chain[m]] !== 0) return true;
    return false;
  }

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

  // pose: 88 local rotations; mask: 22 flags (1 = changed) or null for
  // every joint. Returns the number of bones written. The quaternion's
  // fields are written directly: its setters run three's onChange
  // callback (the Euler rotation re-derived at every write).
  return function write(pose, mask) {
    let written = 0;
    for (let k = 0; k < count; k++) {
      if (mask !== null && !changed(k, mask)) continue;
      local(k, pose);
      const target = quaternions[k];
      target._x = q[0];
      target._y = q[1];
      target._z = q[2];
      target._w = q[3];
      if (slots[k] >= 0) owned.rotate(slots[k], q[0], q[1], q[2], q[3]);
      else owned.touch(objects[k]);
      written++;
    }
    return written;
  };
}
