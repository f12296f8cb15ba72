// What a rig binding knows about its rig, found once at binding time
// (docs/design.md §8a): the bones, their rest frames in kblend's frame
// (the root's, turned upright: rig-frame.js), the joint each is mapped
// to, the rest pose they stand in (rig-rest.js), the joints whose change
// moves each bone, and, when the mapping allows it, each bone's local
// rotation as a fixed product of the pose's own local rotations
// (local-rotation-recipe.js); notes say what was guessed.
import { Matrix3, Matrix4, Quaternion, Vector3 } from 'three';
import { IDLE_POSE, JOINT_COUNT, JOINT_NAMES, mapJointNames, mapJoints } from 'kblend';
import { lineage, worldRotations } from './kblend-pose.js';
import { localRotationRecipe } from './local-rotation-recipe.js';
import { skeletonRoot, uprightTurn } from './rig-frame.js';
import { givenRest, readRest } from './rig-rest.js';

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

// In kblend's frame (the root's, turned by `turn`): each bone's rest
// rotation, its parent's, position. A bone hanging from the root itself
// has the turn's inverse above it (exactly identity when there is none).
function restFrames(root, bones, turn = new Quaternion()) {
  root.updateMatrixWorld(true);
  const turnMatrix = new Matrix4().makeRotationFromQuaternion(turn);
  const toRoot = new Matrix4().multiplyMatrices(root.matrixWorld, turnMatrix).invert();
  const aboveTop = turnMatrix.clone().invert();
  const inRoot = (o) => new Matrix4().multiplyMatrices(toRoot, o.matrixWorld);
  const parts = (m) => {
    const p = new Vector3();
    const q = new Quaternion();
    m.decompose(p, q, new Vector3());
    return { p, q };
  };
  return bones.map((bone) => {
    const own = parts(inRoot(bone));
    const parentMatrix = bone.parent && bone.parent !== root ? inRoot(bone.parent) : aboveTop;
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

// The rest the binding takes: read from the bones ('auto'), kblend's
// T-pose bind, its idle A-pose, or a kblend pose the caller gives.
function restOf(rest, positionOf) {
  const measured = readRest(positionOf);
  if (rest === 'auto') return measured;
  if (rest === 'tpose') return givenRest('tpose', null, measured);
  if (rest === 'apose') return givenRest('apose', IDLE_POSE, measured);
  const pose = rest?.rotations ?? rest;
  if (!pose || pose.length !== POSE || typeof rest === 'string')
    throw new TypeError(
      `rest must be 'auto', 'tpose', 'apose' or a kblend pose (88 numbers), got ${typeof rest === 'string' ? JSON.stringify(rest) : typeof rest}`,
    );
  return givenRest('pose', pose, measured);
}

// W_j(P)⁻¹ for every joint (conjugates), or null for the T-pose bind.
function restInverse(pose) {
  if (!pose) return null;
  return worldRotations(pose).map((v, i) => (i % 4 === 3 ? v : -v));
}

const degrees = (rad) => `${Math.round((rad * 180) / Math.PI)}°`;

// What the binding guessed, in words: the frame, joints found by their
// place in the hierarchy rather than their names, joints with no bone,
// the rest it read.
function guesses(upright, names, parents, mapping, map, rest) {
  const notes = [];
  if (upright.up !== '+Y')
    notes.push(`the rig stands along its root's ${upright.up} axis: kblend's up is taken along it`);
  if (upright.back)
    notes.push(
      "the rig faces −Z in its root's frame (its named left at −X): kblend's front is turned to it",
    );
  const byName = mapJointNames(names, parents).indexOf;
  const given = map && typeof map === 'object' ? map : {};
  const byPlace = JOINT_NAMES.filter(
    (n, j) => mapping.indexOf[j] >= 0 && byName[j] !== mapping.indexOf[j] && !(n in given),
  );
  if (byPlace.length)
    notes.push(`mapped by their place in the hierarchy, not their names: ${byPlace.join(', ')}`);
  if (mapping.unmapped.length)
    notes.push(
      `no bone for ${mapping.unmapped.join(', ')}: their turn is carried by the bones below`,
    );
  if (!rest.given && rest.kind !== 'tpose') {
    const parts = [`arms ${degrees(rest.armAngle ?? 0)} below level`];
    const shown = (v) => v !== null && Math.abs(v) >= Math.PI / 180;
    if (shown(rest.elbowBend)) parts.push(`elbows bent ${degrees(rest.elbowBend)}`);
    if (shown(rest.kneeBend)) parts.push(`knees bent ${degrees(rest.kneeBend)}`);
    if (shown(rest.legSplay)) parts.push(`legs ${degrees(rest.legSplay)} apart`);
    if (shown(rest.spineLean)) parts.push(`trunk leaning ${degrees(rest.spineLean)}`);
    notes.push(`rest read from the bones (${rest.kind}): ${parts.join(', ')}`);
  }
  return notes;
}

const HALF_TURN = new Quaternion(0, 1, 0, 0); // about Y
const SIDES = [
  ['left_shoulder', 'right_shoulder'],
  ['left_hip', 'right_hip'],
];

// Whether the joints known by their names (or the caller's map) put the
// rig's left at −X: then it faces −Z in its root's frame, and kblend's
// frame is turned half a turn about Y to face the way the rig faces.
// Sides found by place are +X left by construction and tell nothing.
function facesBack(frames, mapping, names, parents, map) {
  const byName = mapJointNames(names, parents).indexOf;
  const given = map && typeof map === 'object' ? map : {};
  const known = (joint) => {
    const j = JOINT_NAMES.indexOf(joint);
    const b = mapping.indexOf[j];
    return b >= 0 && (byName[j] === b || joint in given) ? frames[b].position.x : null;
  };
  let lean = 0;
  for (const [left, right] of SIDES) {
    const [l, r] = [known(left), known(right)];
    if (l !== null && r !== null) lean += l - r;
  }
  return lean < 0;
}

// The root a binding works from: a SkinnedMesh's skeleton's root.
function bindingRoot(root) {
  const top = skeletonRoot(root);
  if (!top) return { root, note: null };
  const name = top.name ? JSON.stringify(top.name) : `a ${top.type}`;
  return { root: top, note: `bound through the skinned mesh's skeleton root, ${name}` };
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
export function rigPlan(given, { map = 'auto', rest = 'auto' } = {}) {
  const { root, note } = bindingRoot(given);
  const bones = collectBones(root);
  const upright = uprightTurn(root, bones);
  const names = bones.map((b) => b.name);
  const parents = bones.map((b) => bones.indexOf(b.parent));
  const mapAt = (frames) =>
    mapJoints({ names, parents, rest: frames.map((f) => f.position.toArray()), map });
  let frames = restFrames(root, bones, upright.turn);
  let mapping = mapAt(frames);
  // named left and right sides the wrong way round: the rig faces −Z
  if (facesBack(frames, mapping, names, parents, map)) {
    upright.turn.multiply(HALF_TURN);
    upright.back = true;
    frames = restFrames(root, bones, upright.turn);
    mapping = mapAt(frames);
  }
  const found = restOf(rest, (j) =>
    mapping.indexOf[j] >= 0 ? frames[mapping.indexOf[j]].position : null,
  );
  const notes = guesses(upright, names, parents, mapping, map, found);
  if (note) notes.unshift(note);
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
    restInverse: restInverse(found.pose),
    rest: found,
    notes,
    root,
  };
  plan.recipe = localRotationRecipe(plan, ancestors);
  return plan;
}
