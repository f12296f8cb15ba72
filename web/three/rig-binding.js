// Driving any three.js humanoid from kblend (SPEC §8a). For a bone b mapped
// to kblend joint j, with the rig's rest rotation R_b (in the root's frame)
// and kblend's world rotation W_j, the bone's target rotation is
// U_b = W_j · W_j(P)⁻¹ · R_b (P: the kblend pose the rig's rest matches);
// its local rotation is U_parent⁻¹ · U_b with the actual parent bone
// (bones in between keep their rest local rotations). So segment
// directions follow kblend's forward kinematics whatever the rig's bone
// axes and proportions. The root translation is scaled by the ratio of
// hip heights.
import { Matrix3, Matrix4, Quaternion, Vector3 } from 'three';
import { mapJoints } from '../lib/bvh/map-joints.js';
import { JOINT_COUNT, JOINT_NAMES } from '../lib/skeleton-names.js';
import { aposePose, lineage, worldRotations } from './kblend-pose.js';

const KBLEND_HIP_HEIGHT = 0.54 * 1.75; // pelvis bind height at kblend's default size
const POSE = 4 * JOINT_COUNT;

// The bones under root: a SkinnedMesh's skeleton, or every descendant.
function collectBones(root) {
  if (root?.isSkinnedMesh && root.skeleton) return root.skeleton.bones.slice();
  if (!root || typeof root.traverse !== 'function')
    throw new TypeError('root must be a THREE.Object3D (a SkinnedMesh or a bone hierarchy)');
  const bones = [];
  root.traverse((o) => o !== root && bones.push(o));
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

function restPose(rest) {
  if (rest === 'tpose') return null;
  if (rest === 'apose') return worldRotations(aposePose());
  const pose = rest?.rotations ?? rest;
  if (pose && pose.length === POSE) return worldRotations(pose);
  throw new TypeError(
    `rest must be 'tpose', 'apose' or a kblend pose (88 numbers), got ${typeof rest === 'string' ? JSON.stringify(rest) : typeof rest}`,
  );
}

// The kblend joints whose change moves bone b's local transform: those
// between its joint and the joint of its nearest mapped ancestor bone.
function dependencies(bones, jointOf, index) {
  let parent = bones[index].parent;
  while (parent && !(bones.includes(parent) && jointOf.get(parent) >= 0)) parent = parent.parent;
  const own = lineage(jointOf.get(bones[index]));
  if (!parent) return [...own];
  const above = lineage(jointOf.get(parent));
  return [...own, ...above].filter((j) => own.has(j) !== above.has(j));
}

export function createRigBinding(root, { map = 'auto', rest = 'tpose' } = {}) {
  const bones = collectBones(root);
  const frames = restFrames(root, bones);
  const restWorld = restPose(rest);
  const parents = bones.map((b) => bones.indexOf(b.parent));
  const mapping = mapJoints({
    names: bones.map((b) => b.name),
    parents,
    rest: frames.map((f) => f.position.toArray()),
    map,
  });
  const jointOf = new Map(bones.map((b) => [b, -1]));
  mapping.indexOf.forEach((b, j) => b >= 0 && jointOf.set(bones[b], j));
  // parents before children, so U_parent is known when a child needs it
  const order = bones.map((_, i) => i).sort((a, b) => depth(bones[a]) - depth(bones[b]));
  const driven = order.filter((i) => jointOf.get(bones[i]) >= 0);
  const deps = new Map(driven.map((i) => [i, dependencies(bones, jointOf, i)]));
  const hips = mapping.indexOf[0];
  const ratio = hips >= 0 ? frames[hips].position.y / KBLEND_HIP_HEIGHT : 1;
  const world = bones.map(() => new Quaternion());
  const w = new Float64Array(POSE);
  const q = new Quaternion();
  const p = new Quaternion();
  let last = null;
  let live = true;

  function write(local, translation, changed) {
    worldRotations(local, w);
    let count = 0;
    for (const i of order) {
      const bone = bones[i];
      const up = parents[i] >= 0 ? world[parents[i]] : frames[i].parentRotation;
      const j = jointOf.get(bone);
      if (j < 0) {
        world[i].multiplyQuaternions(up, bone.quaternion);
        continue;
      }
      // U_b = W_j · W_j(P)⁻¹ · R_b
      q.set(w[4 * j], w[4 * j + 1], w[4 * j + 2], w[4 * j + 3]);
      if (restWorld) {
        p.set(restWorld[4 * j], restWorld[4 * j + 1], restWorld[4 * j + 2], restWorld[4 * j + 3]);
        q.multiply(p.invert());
      }
      world[i].multiplyQuaternions(q, frames[i].rotation);
      if (changed && !deps.get(i).some((d) => changed[d])) continue;
      bone.quaternion.copy(p.copy(up).invert().multiply(world[i]));
      count++;
    }
    if (hips >= 0 && translation) {
      const delta = new Vector3().fromArray(translation).multiplyScalar(ratio);
      delta.applyMatrix3(frames[hips].parentInverse);
      bones[hips].position.copy(frames[hips].localPosition).add(delta);
    }
    return count;
  }

  // source: a preview (then t, s, is required) or a pose: 88 local
  // rotations, or { rotations, root }. Returns the bones written.
  function apply(source, t) {
    if (!live) throw new Error('kblend: this rig binding was disposed');
    if (source && typeof source.evaluate === 'function') {
      if (typeof t !== 'number')
        throw new TypeError(`apply(preview, t) needs t in seconds, got ${typeof t}`);
      const pose = source.evaluate(t);
      const root = typeof source.root === 'function' ? source.root(t) : null;
      const mask = last === source ? source.changedMask : undefined;
      last = source;
      return write(pose, root, mask);
    }
    last = null;
    const pose = source?.rotations ?? source;
    if (!pose || pose.length !== POSE)
      throw new TypeError('apply needs a preview and t, 88 local rotations or { rotations, root }');
    return write(pose, source.root ?? null, undefined);
  }

  function dispose() {
    bones.forEach((bone, i) => {
      bone.quaternion.copy(frames[i].localQuaternion);
      bone.position.copy(frames[i].localPosition);
    });
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
  };
}

function depth(object) {
  let d = 0;
  for (let o = object.parent; o; o = o.parent) d++;
  return d;
}
