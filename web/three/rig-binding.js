// Driving any three.js humanoid from kblend (docs/design.md §8a). For a bone b mapped
// to kblend joint j, with the rig's rest rotation R_b (in the root's frame)
// and kblend's world rotation W_j, the bone's target rotation is
// U_b = W_j · W_j(P)⁻¹ · R_b (P: the kblend pose the rig's rest matches);
// its local rotation is U_parent⁻¹ · U_b with the actual parent bone
// (bones in between keep their rest local rotations). So segment
// directions follow kblend's forward kinematics whatever the rig's bone
// axes and proportions. The root translation is scaled by the ratio of
// hip heights.
//
// Only what changed is touched: the bones of changed joints are written
// (straight from the pose's local rotations when the mapping allows,
// recipe-bone-writer.js, else through world rotations, bone-writer.js),
// and the binding owns the rig's objects' matrices and keeps their world
// matrices for changed subtrees only (owned-matrices.js), so the app's
// scene.updateMatrixWorld() recomputes nothing of the rig.
import { Vector3 } from 'three';
import { JOINT_COUNT, JOINT_NAMES, checkOptions } from 'kblend';
import { createBoneWriter } from './bone-writer.js';
import { KBLEND_HIP_HEIGHT } from './kblend-bind.js';
import { createOwnedMatrices } from './owned-matrices.js';
import { createRecipeBoneWriter } from './recipe-bone-writer.js';
import { rigPlan } from './rig-plan.js';

export const RIG_BINDING_OPTIONS = Object.freeze(['map', 'rest']);
const POSE = 4 * JOINT_COUNT;

// Each binding's unchecked pose path, for the crowd binding's frame loop.
const posePaths = new WeakMap();
// The rest local transform of every bone a live binding holds.
const restLocals = new WeakMap();

/** The rest { quaternion, position } a live binding read for this bone, or undefined. */
export function restLocalOf(bone) {
  return restLocals.get(bone);
}

/** binding's applyPose(pose, mask, translation), with no argument checks. */
export function posePathOf(binding) {
  return posePaths.get(binding);
}

// The pose last applied and the changed mask against it: only changed
// joints are copied. It is kept in the pose's own precision (a preview's
// or a crowd's poses are Float32Array: half the memory to compare, which
// counts at a thousand rigs), so a comparison is exact.
function createPoseMemory() {
  let last = new Float64Array(POSE);
  const mask = new Uint8Array(JOINT_COUNT);
  return {
    // whether pose can be compared with the memory as it is kept
    fits: (pose) => pose instanceof Float32Array === last instanceof Float32Array,
    // mask given: it says which joints differ from last
    keep(pose, given) {
      for (let j = 0; j < JOINT_COUNT; j++)
        if (given[j] !== 0) for (let o = 4 * j; o < 4 * j + 4; o++) last[o] = pose[o];
      return given;
    },
    // no mask: compare, and keep what changed
    diff(pose) {
      for (let j = 0, o = 0; j < JOINT_COUNT; j++, o += 4) {
        const x = pose[o],
          y = pose[o + 1],
          z = pose[o + 2],
          w = pose[o + 3];
        const c = x !== last[o] || y !== last[o + 1] || z !== last[o + 2] || w !== last[o + 3];
        mask[j] = c ? 1 : 0;
        if (c) {
          last[o] = x;
          last[o + 1] = y;
          last[o + 2] = z;
          last[o + 3] = w;
        }
      }
      return mask;
    },
    all(pose) {
      if (!this.fits(pose))
        last = pose instanceof Float32Array ? new Float32Array(POSE) : new Float64Array(POSE);
      for (let o = 0; o < POSE; o++) last[o] = pose[o];
    },
  };
}

export function createRigBinding(root, options) {
  const plan = rigPlan(root, checkOptions('createRigBinding', options, RIG_BINDING_OPTIONS));
  const { bones, frames, mapping } = plan;
  const owned = createOwnedMatrices(bones);
  const write = plan.recipe ? createRecipeBoneWriter(plan, owned) : createBoneWriter(plan, owned);
  const hips = mapping.indexOf[0];
  const mover = hips >= 0 ? createHipsMover(bones[hips], frames[hips], owned) : null;
  const memory = createPoseMemory();
  const input = new Float32Array(POSE);
  bones.forEach((bone, i) =>
    restLocals.set(bone, {
      quaternion: frames[i].localQuaternion,
      position: frames[i].localPosition,
    }),
  );
  let primed = false;
  let live = true;

  // pose (88), mask (22 flags against the pose last applied, or null: the
  // binding compares with what it applied itself), root translation or null.
  function applyPose(pose, mask, translation) {
    let use = null;
    if (!primed || !memory.fits(pose)) memory.all(pose);
    else use = mask === null ? memory.diff(pose) : memory.keep(pose, mask);
    primed = true;
    const count = write(pose, use);
    if (mover && translation) mover.move(translation);
    owned.update();
    return count;
  }

  function apply(source, second, third) {
    if (!live) throw new Error('kblend: this rig binding was disposed');
    if (source && typeof source.evaluate === 'function') {
      if (typeof second !== 'number')
        throw new TypeError(`apply(preview, t) needs t in seconds, got ${typeof second}`);
      // evaluateInto: no new array per frame
      const pose =
        typeof source.evaluateInto === 'function'
          ? source.evaluateInto(second, input)
          : source.evaluate(second);
      const moves = source.hasRoot !== false && typeof source.root === 'function';
      return applyPose(pose, null, moves ? source.root(second) : null);
    }
    const pose = source?.rotations ?? source;
    if (!pose || pose.length !== POSE)
      throw new TypeError('apply needs a preview and t, 88 local rotations or { rotations, root }');
    const mask = source.changedMask ?? second ?? null;
    if (mask !== null && mask.length !== JOINT_COUNT)
      throw new TypeError(`apply(pose, mask): mask must hold 22 flags, got ${mask.length}`);
    return applyPose(pose, mask, source.root ?? third ?? null);
  }

  function dispose() {
    if (!live) return;
    bones.forEach((bone, i) => {
      bone.quaternion.copy(frames[i].localQuaternion);
      bone.position.copy(frames[i].localPosition);
      restLocals.delete(bone);
    });
    owned.release();
    live = false;
  }

  const binding = {
    apply,
    dispose,
    mapped: mapping.mapped,
    unmapped: mapping.unmapped,
    /** The rest found (rig-rest.js): kind, pose, arm angle, bends, … */
    rest: plan.rest,
    /** What was guessed, in words. */
    notes: plan.notes,
    bones: Object.fromEntries(
      JOINT_NAMES.flatMap((n, j) =>
        mapping.indexOf[j] >= 0 ? [[n, bones[mapping.indexOf[j]]]] : [],
      ),
    ),
    /** The objects whose matrices the binding keeps (bones, their meshes). */
    owned: owned.objects,
  };
  posePaths.set(binding, (pose, mask, translation) => {
    if (!live) throw new Error('kblend: this rig binding was disposed');
    return applyPose(pose, mask, translation);
  });
  return binding;
}

// The hips moved by the root translation, scaled by the hip-height ratio.
function createHipsMover(bone, frame, owned) {
  const ratio = frame.position.y / KBLEND_HIP_HEIGHT;
  const delta = new Vector3();
  const seen = new Float64Array(3).fill(NaN);
  return {
    move(translation) {
      if (seen[0] === translation[0] && seen[1] === translation[1] && seen[2] === translation[2])
        return;
      for (let i = 0; i < 3; i++) seen[i] = translation[i];
      delta.fromArray(translation).multiplyScalar(ratio).applyMatrix3(frame.parentInverse);
      bone.position.copy(frame.localPosition).add(delta);
      owned.touch(bone);
    },
  };
}
