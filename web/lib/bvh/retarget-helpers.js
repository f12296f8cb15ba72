// Retargeting helpers shared by BVH import and its tests: the joints a
// retarget needs, the body scale between two skeletons, source positions
// gathered into our joint order, the limbs a retarget keeps and how well.
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from '../skeleton-names.js';

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

const LEGS = ['left', 'right'].map((side) =>
  ['ankle', 'knee', 'hip'].map((part) => JOINT_NAMES.indexOf(`${side}_${part}`)),
);
const TRUNK = ['pelvis', 'spine1', 'spine2', 'spine3', 'neck', 'head'].map((name) =>
  JOINT_NAMES.indexOf(name),
);

// The body's length from an ankle up to the head, along the joints the
// source has: a leg (mean of both) and the trunk, each the sum of the
// distances between consecutive mapped joints. Bone lengths do not change
// with the pose, so this holds for a standing rest, a rest with every
// bone laid along X, or any frame of the motion. at(j) → [x, y, z].
function bodyLength(indexOf, at) {
  const chain = (joints) => {
    const present = joints.filter((j) => indexOf[j] >= 0);
    let length = 0;
    for (let k = 1; k < present.length; k++) {
      const a = at(present[k - 1]);
      const b = at(present[k]);
      length += Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    }
    return length;
  };
  const legs = LEGS.map((leg) => chain([...leg, TRUNK[0]]));
  return (legs[0] + legs[1]) / 2 + chain(TRUNK);
}

// Scale that brings the source to our height: the ratio of the two
// bodies' ankle-to-head lengths over the joints both have.
// sourcePose: world positions per source joint ([x, y, z] each), the rest
// or any frame; ourRest: 66 numbers (our bind, metres).
export function bodyScale(indexOf, sourcePose, ourRest) {
  const source = bodyLength(indexOf, (j) => sourcePose[indexOf[j]]);
  const ours = bodyLength(indexOf, (j) => [0, 1, 2].map((k) => ourRest[3 * j + k]));
  if (!(source > 0) || !Number.isFinite(source))
    throw new RangeError('the source skeleton has no length: its legs and trunk are points');
  return ours / source;
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
