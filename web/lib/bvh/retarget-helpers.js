// Retargeting helpers shared by BVH import and its tests: the joints a
// retarget needs, the body scale between two skeletons, source positions
// gathered into our joint order, the limbs a retarget keeps and how well.
import { JOINT_COUNT, JOINT_PARENTS } from '../skeleton-names.js';

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
