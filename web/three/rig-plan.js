// What a rig binding knows about its rig, found once at binding time
// (SPEC §8a): the bones, their rest frames in the root's frame, the joint
// each is mapped to, the joints whose change moves each bone, and, when
// the mapping allows it, each bone's local rotation as a fixed product of
// the pose's own local rotations (local-rotation-recipe.js).
import { Matrix3, Matrix4, Quaternion, Vector3 } from 'three';
import { mapJoints } from '../lib/bvh/map-joints.js';
import { JOINT_COUNT } from '../lib/skeleton-names.js';
import { aposePose, lineage, worldRotations } from './kblend-pose.js';
import { localRotationRecipe } from './local-rotation-recipe.js';

const POSE = 4 * JOINT_COUNT;

// The bones under root: a SkinnedMesh's skeleton, or every descendant.
export function collectBones(root) {
  if (root?.isSkinnedMesh && root.skeleton) return root.skeleton.bones.slice();
  if (!root || typeof root.traverse !== 'function')
    throw new TypeError('root must be a THREE.Object3D (a SkinnedMesh or a bone hierarchy)');
  const bones = [];
  root.traverse((o) => o !== root && !o.isMesh && bones.push(o));
  return bones;
}

// In the root's frame: each bone's rest rotation, its parent's, position.
export function restFrames(root, bones) {
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

// The bone index of b's nearest ancestor bone that is mapped, or -1.
function mappedAncestor(bones, jointOf, index) {
  for (let parent = bones[index].parent; parent; parent = parent.parent) {
    const k = bones.indexOf(parent);
    if (k >= 0 && jointOf[k] >= 0) return k;
  }
  return -1;
}

// The kblend joints whose change moves bone b's local transform: those
// between its joint and the joint of its nearest mapped ancestor bone.
function dependencies(jointOf, index, ancestor) {
  const own = lineage(jointOf[index]);
  if (ancestor < 0) return [...own];
  const above = lineage(jointOf[ancestor]);
  return [...own, ...above].filter((j) => own.has(j) !== above.has(j));
}

function depth(object) {
  let d = 0;
  for (let o = object.parent; o; o = o.parent) d++;
  return d;
}

// Everything a writer needs: the bones, in an order with parents first,
// each one's joint (-1: unmapped), parent bone, dependencies, rest
// rotations and, when every mapped bone has one, local-rotation recipes.
export function rigPlan(root, { map = 'auto', rest = 'tpose' } = {}) {
  const bones = collectBones(root);
  const frames = restFrames(root, bones);
  const mapping = mapJoints({
    names: bones.map((b) => b.name),
    parents: bones.map((b) => bones.indexOf(b.parent)),
    rest: frames.map((f) => f.position.toArray()),
    map,
  });
  const jointOf = new Int8Array(bones.length).fill(-1);
  mapping.indexOf.forEach((b, j) => b >= 0 && (jointOf[b] = j));
  const ancestors = bones.map((_, i) => (jointOf[i] >= 0 ? mappedAncestor(bones, jointOf, i) : -1));
  const order = bones.map((_, i) => i).sort((a, b) => depth(bones[a]) - depth(bones[b]));
  const flat = (key) => Float64Array.from(frames.flatMap((f) => f[key].toArray()));
  const plan = {
    bones,
    frames,
    mapping,
    order: Int32Array.from(order),
    jointOf,
    parentBone: Int32Array.from(bones, (b) => bones.indexOf(b.parent)),
    deps: bones.map((_, i) => (jointOf[i] >= 0 ? dependencies(jointOf, i, ancestors[i]) : [])),
    restRotation: flat('rotation'),
    parentRotation: flat('parentRotation'),
    restInverse: restInverse(rest),
  };
  plan.recipe = localRotationRecipe(plan, ancestors);
  return plan;
}
