// Mapping another skeleton's joints onto ours by name, and scaling it by
// body height: plain names, parents and positions, no three.js, so any
// mocap source (BVH, glTF, ...) can use it.
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from './skeleton-names.js';

// Common mocap names per joint (compared without case, separators or a
// namespace prefix such as "mixamorig:"). Kimodo/SMPL names (left_hip,
// L_Hip, ...) match before these; the spine is mapped by hierarchy.
const MOCAP_ALIASES = {
  pelvis: ['hips', 'hip', 'pelvis', 'root'],
  left_hip: ['leftupleg', 'leftupperleg', 'leftthigh', 'lthigh', 'lupleg', 'lefthip'],
  right_hip: ['rightupleg', 'rightupperleg', 'rightthigh', 'rthigh', 'rupleg', 'righthip'],
  left_knee: ['leftleg', 'leftlowerleg', 'leftshin', 'lshin', 'lknee', 'leftknee', 'lleg'],
  right_knee: ['rightleg', 'rightlowerleg', 'rightshin', 'rshin', 'rknee', 'rightknee', 'rleg'],
  left_ankle: ['leftfoot', 'lfoot', 'leftankle', 'lankle'],
  right_ankle: ['rightfoot', 'rfoot', 'rightankle', 'rankle'],
  left_foot: ['lefttoebase', 'lefttoe', 'lefttoes', 'ltoe', 'ltoes', 'ltoebase'],
  right_foot: ['righttoebase', 'righttoe', 'righttoes', 'rtoe', 'rtoes', 'rtoebase'],
  neck: ['neck', 'neck1', 'lowerneck'],
  head: ['head'],
  left_collar: ['leftshoulder', 'leftclavicle', 'lclavicle', 'leftcollar', 'lcollar'],
  right_collar: ['rightshoulder', 'rightclavicle', 'rclavicle', 'rightcollar', 'rcollar'],
  left_shoulder: ['leftarm', 'leftupperarm', 'leftuparm', 'luparm', 'lupperarm', 'lhumerus'],
  right_shoulder: ['rightarm', 'rightupperarm', 'rightuparm', 'ruparm', 'rupperarm', 'rhumerus'],
  left_elbow: [
    'leftforearm',
    'leftlowerarm',
    'leftlowarm',
    'llowarm',
    'lforearm',
    'lelbow',
    'leftelbow',
  ],
  right_elbow: [
    'rightforearm',
    'rightlowerarm',
    'rightlowarm',
    'rlowarm',
    'rforearm',
    'relbow',
    'rightelbow',
  ],
  left_wrist: ['lefthand', 'lhand', 'leftwrist', 'lwrist'],
  right_wrist: ['righthand', 'rhand', 'rightwrist', 'rwrist'],
};
const SPINE = ['spine1', 'spine2', 'spine3'];

// "mixamorig:LeftArm" → "LeftArm"; "Bip01 L Thigh" keeps its words.
function withoutNamespace(name) {
  return name.replace(/^.*[:|]/, '');
}

// Kimodo/SMPL spelling: lower case, "l_"/"r_" spelled out.
function smplName(name) {
  return withoutNamespace(name).toLowerCase().replace(/^l_/, 'left_').replace(/^r_/, 'right_');
}

function mocapKey(name) {
  return withoutNamespace(name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

// The source joints strictly between `from` and its ancestor `to`, top
// down (both are source indices).
function chainBetween(parents, from, to) {
  const chain = [];
  let j = parents[from];
  for (; j >= 0 && j !== to; j = parents[j]) chain.push(j);
  return j === to ? chain.reverse() : []; // `to` is no ancestor: no chain
}

// Spine joints by hierarchy: whatever lies between the pelvis and the
// neck (or the collars' parent) is spread over spine1..spine3, so
// "Spine, Spine1, Spine2" (Mixamo), "LowerBack, Spine, Spine1" (CMU) and
// "spine1..3" (Kimodo) all land right.
function mapSpine(indexOf, parents) {
  const pelvis = indexOf[0];
  let top = indexOf[JOINT_NAMES.indexOf('neck')];
  for (const collar of ['left_collar', 'right_collar', 'left_shoulder']) {
    if (top >= 0) break;
    const c = indexOf[JOINT_NAMES.indexOf(collar)];
    if (c >= 0) top = parents[c];
  }
  if (pelvis < 0 || top < 0) return;
  const chain =
    top === indexOf[JOINT_NAMES.indexOf('neck')]
      ? chainBetween(parents, top, pelvis)
      : [...chainBetween(parents, top, pelvis), top];
  if (chain.length === 0) return;
  const picks =
    chain.length === 1
      ? [null, null, chain[0]]
      : chain.length === 2
        ? [chain[0], null, chain[1]]
        : [chain[0], chain[Math.floor((chain.length - 1) / 2)], chain[chain.length - 1]];
  picks.forEach((source, k) => {
    if (source !== null) indexOf[JOINT_NAMES.indexOf(SPINE[k])] = source;
  });
}

// names: the source's joint names; parents: their parent indices (−1 for a
// root). Returns indexOf (source index per our joint, −1 when none),
// unmapped (our joints without a source) and ignored (source joints we do
// not use).
export function mapJointNames(names, parents) {
  if (!Array.isArray(names) || !Array.isArray(parents) || names.length !== parents.length) {
    throw new TypeError('mapJointNames needs arrays of names and parents of the same length');
  }
  const indexOf = new Array(JOINT_COUNT).fill(-1);
  const taken = new Set();
  const claim = (joint, source) => {
    if (indexOf[joint] < 0 && !taken.has(source)) {
      indexOf[joint] = source;
      taken.add(source);
    }
  };
  // 1. Kimodo/SMPL names, then 2. mocap aliases, in alias order
  names.forEach((name, i) => {
    const joint = JOINT_NAMES.indexOf(smplName(name));
    if (joint >= 0 && !SPINE.includes(JOINT_NAMES[joint])) claim(joint, i);
  });
  const keys = names.map(mocapKey);
  for (const [joint, aliases] of Object.entries(MOCAP_ALIASES)) {
    for (const alias of aliases) {
      const i = keys.indexOf(alias);
      if (i >= 0) {
        claim(JOINT_NAMES.indexOf(joint), i);
        break;
      }
    }
  }
  mapSpine(indexOf, parents);
  const used = new Set(indexOf.filter((i) => i >= 0));
  return {
    indexOf,
    unmapped: JOINT_NAMES.filter((_, j) => indexOf[j] < 0),
    ignored: names.filter((_, i) => !used.has(i)),
  };
}

// Joints whose absence makes a retarget meaningless.
export const REQUIRED_JOINTS = Object.freeze([
  'pelvis',
  'left_hip',
  'right_hip',
  'left_knee',
  'right_knee',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
]);

// Scale that brings the source to our height: the ratio of the vertical
// extents of the joints both skeletons have, each in its rest pose.
// sourceRest: world positions per source joint ([x, y, z] each);
// ourRest: 66 numbers (our bind, metres).
export function bodyScale(indexOf, sourceRest, ourRest) {
  let srcLow = Infinity;
  let srcHigh = -Infinity;
  let ourLow = Infinity;
  let ourHigh = -Infinity;
  for (let j = 0; j < JOINT_COUNT; j++) {
    const s = indexOf[j];
    if (s < 0) continue;
    srcLow = Math.min(srcLow, sourceRest[s][1]);
    srcHigh = Math.max(srcHigh, sourceRest[s][1]);
    ourLow = Math.min(ourLow, ourRest[3 * j + 1]);
    ourHigh = Math.max(ourHigh, ourRest[3 * j + 1]);
  }
  const source = srcHigh - srcLow;
  if (!(source > 0))
    throw new RangeError('the source skeleton has no height in its rest pose (all joints level)');
  return (ourHigh - ourLow) / source;
}

// Source world positions (frames × sourceCount × 3, flat) rearranged into
// our joint order: frames × 66; joints without a source stay 0.
export function gatherPositions(indexOf, sourcePositions, sourceCount, frames) {
  const out = new Float64Array(frames * 3 * JOINT_COUNT);
  for (let f = 0; f < frames; f++) {
    for (let j = 0; j < JOINT_COUNT; j++) {
      const s = indexOf[j];
      if (s < 0) continue;
      const from = (f * sourceCount + s) * 3;
      const to = (f * JOINT_COUNT + j) * 3;
      out[to] = sourcePositions[from];
      out[to + 1] = sourcePositions[from + 1];
      out[to + 2] = sourcePositions[from + 2];
    }
  }
  return out;
}

// Limbs whose directions a retarget should keep: each driven joint with
// its nearest driven ancestor (our hierarchy).
export function limbPairs(driven) {
  const pairs = [];
  for (let j = 1; j < JOINT_COUNT; j++) {
    if (!driven[j]) continue;
    let origin = JOINT_PARENTS[j];
    while (origin >= 0 && !driven[origin]) origin = JOINT_PARENTS[origin];
    if (origin >= 0) pairs.push([j, origin]);
  }
  return pairs;
}

// Mean and largest angle (rad) between source and rig limb directions over
// all frames; both position arrays are frames × 66 in our joint order.
export function limbDirectionError(sourcePositions, rigPositions, pairs, frames) {
  let sum = 0;
  let max = 0;
  let count = 0;
  for (let f = 0; f < frames; f++) {
    const base = f * 3 * JOINT_COUNT;
    for (const [j, o] of pairs) {
      const a = [0, 1, 2].map(
        (i) => sourcePositions[base + 3 * j + i] - sourcePositions[base + 3 * o + i],
      );
      const b = [0, 1, 2].map(
        (i) => rigPositions[base + 3 * j + i] - rigPositions[base + 3 * o + i],
      );
      const cross = Math.hypot(
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
      );
      const angle = Math.atan2(cross, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
      sum += angle;
      max = Math.max(max, angle);
      count++;
    }
  }
  return { mean: count ? sum / count : 0, max };
}
