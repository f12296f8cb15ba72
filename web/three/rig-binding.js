// Driving any three.js humanoid from kblend (SPEC §8a). For a bone b mapped
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
// (bone-writer.js), and the binding owns the rig's objects' matrices and
// keeps their world matrices for changed subtrees only (owned-matrices.js),
// so the app's scene.updateMatrixWorld() recomputes nothing of the rig.
import { Matrix3, Matrix4, Quaternion, Vector3 } from 'three';
import { mapJoints } from '../lib/bvh/map-joints.js';
import { JOINT_COUNT, JOINT_NAMES } from '../lib/skeleton-names.js';
import { createBoneWriter } from './bone-writer.js';
import { aposePose, lineage, worldRotations } from './kblend-pose.js';
import { createOwnedMatrices } from './owned-matrices.js';

const KBLEND_HIP_HEIGHT = 0.54 * 1.75; // pelvis bind height at kblend's default size
const POSE = 4 * JOINT_COUNT;

// The bones under root: a SkinnedMesh's skeleton, or every descendant.
function collectBones(root) {
  if (root?.isSkinnedMesh && root.skeleton) return root.skeleton.bones.slice();
  if (!root || typeof root.traverse !== 'function')
    throw new TypeError('root must be a THREE.Object3D (a SkinnedMesh or a bone hierarchy)');
  const bones = [];
  root.traverse((o) => o !== root && !o.isMesh && bones.push(o));
  return bones;
}

// In the root's frame: each bone's rest rotation, its parent's, position.
function restFrames(root, bones) {
  root.updateMatrixWorld(true);
  const toRoot = new Matrix4().copy(root.matrixWorld).invert();
  const inRoot = (o) => new Matrix4().multiplyMatrices(toRoot, o.matrixWorld);
  const parts = (m) => {
    const p = new Vector3();
    const q = new Quaternion();
    m.decompose(p, q, new Vector3());
    return { p, q };
  };
  return bones.map((bone) => {
    const own = parts(inRoot(bone));
    const parentMatrix = bone.parent && bone.parent !== root ? inRoot(bone.parent) : new Matrix4();
    return {
      rotation: own.q,
      position: own.p,
      parentRotation: parts(parentMatrix).q,
      parentInverse: new Matrix3().setFromMatrix4(parentMatrix.clone().invert()),
      localQuaternion: bone.quaternion.clone(),
      localPosition: bone.position.clone(),
    };
  });
}

// W_j(P)⁻¹ for every joint (conjugates), or null for the T-pose bind.
function restInverse(rest) {
  let world;
  if (rest === 'tpose') return null;
  if (rest === 'apose') world = worldRotations(aposePose());
  else {
    const pose = rest?.rotations ?? rest;
    if (!pose || pose.length !== POSE)
      throw new TypeError(
        `rest must be 'tpose', 'apose' or a kblend pose (88 numbers), got ${typeof rest === 'string' ? JSON.stringify(rest) : typeof rest}`,
      );
    world = worldRotations(pose);
  }
  return world.map((v, i) => (i % 4 === 3 ? v : -v));
}

// The kblend joints whose change moves bone b's local transform: those
// between its joint and the joint of its nearest mapped ancestor bone.
function dependencies(bones, jointOf, index) {
  let parent = bones[index].parent;
  while (parent && !(bones.includes(parent) && jointOf[bones.indexOf(parent)] >= 0))
    parent = parent.parent;
  const own = lineage(jointOf[index]);
  if (!parent) return [...own];
  const above = lineage(jointOf[bones.indexOf(parent)]);
  return [...own, ...above].filter((j) => own.has(j) !== above.has(j));
}

// What the writer needs, from the rig's rest and the joint mapping.
function writerPlan(bones, frames, mapping, rest) {
  const jointOf = new Int8Array(bones.length).fill(-1);
  mapping.indexOf.forEach((b, j) => b >= 0 && (jointOf[b] = j));
  const order = bones.map((_, i) => i).sort((a, b) => depth(bones[a]) - depth(bones[b]));
  const flat = (key) => Float64Array.from(frames.flatMap((f) => f[key].toArray()));
  return {
    bones,
    order: Int32Array.from(order),
    jointOf,
    parentBone: Int32Array.from(bones, (b) => bones.indexOf(b.parent)),
    deps: bones.map((_, i) => (jointOf[i] >= 0 ? dependencies(bones, jointOf, i) : [])),
    restRotation: flat('rotation'),
    parentRotation: flat('parentRotation'),
    restInverse: restInverse(rest),
  };
}

export function createRigBinding(root, { map = 'auto', rest = 'tpose' } = {}) {
  const bones = collectBones(root);
  const frames = restFrames(root, bones);
  const mapping = mapJoints({
    names: bones.map((b) => b.name),
    parents: bones.map((b) => bones.indexOf(b.parent)),
    rest: frames.map((f) => f.position.toArray()),
    map,
  });
  const plan = writerPlan(bones, frames, mapping, rest);
  const owned = createOwnedMatrices(bones);
  const write = createBoneWriter(plan, owned);
  const hips = mapping.indexOf[0];
  const mover = hips >= 0 ? createHipsMover(bones[hips], frames[hips], owned) : null;
  const state = {
    input: new Float32Array(POSE),
    last: new Float64Array(POSE),
    mask: new Uint8Array(JOINT_COUNT),
    primed: false,
  };
  let live = true;

  // pose (88), mask (22 flags against the pose last applied, or null: the
  // binding compares with what it applied itself), root translation or null.
  function applyPose(pose, mask, translation) {
    const use = state.primed ? (mask ?? diff(pose, state)) : null;
    const count = write(pose, use);
    state.last.set(pose);
    state.primed = true;
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
          ? source.evaluateInto(second, state.input)
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
    });
    owned.release();
    live = false;
  }

  return {
    apply,
    dispose,
    mapped: mapping.mapped,
    unmapped: mapping.unmapped,
    bones: Object.fromEntries(
      JOINT_NAMES.flatMap((n, j) =>
        mapping.indexOf[j] >= 0 ? [[n, bones[mapping.indexOf[j]]]] : [],
      ),
    ),
    /** The objects whose matrices the binding keeps (bones, their meshes). */
    owned: owned.objects,
  };
}

// The changed joints of pose against the pose last applied, into state.mask.
function diff(pose, state) {
  const { last, mask } = state;
  for (let j = 0; j < JOINT_COUNT; j++) {
    const o = 4 * j;
    mask[j] =
      pose[o] !== last[o] ||
      pose[o + 1] !== last[o + 1] ||
      pose[o + 2] !== last[o + 2] ||
      pose[o + 3] !== last[o + 3]
        ? 1
        : 0;
  }
  return mask;
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

function depth(object) {
  let d = 0;
  for (let o = object.parent; o; o = o.parent) d++;
  return d;
}
