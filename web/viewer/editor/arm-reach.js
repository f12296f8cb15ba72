// Posing an arm by its hand: the core's solver (kb.solveIK, a frame-vector
// task from the world origin to the wrist, the machinery of the clap solve)
// turns the shoulder and elbow until the wrist reaches a target, starting
// from the keyframe's pose and staying near it. No DOM, no three.js.

export const ARM_JOINTS = Object.freeze({
  left: Object.freeze(['left_shoulder', 'left_elbow']),
  right: Object.freeze(['right_shoulder', 'right_elbow']),
});
// How strongly the solve keeps the rest of the arm where it was.
const STAY_WEIGHT = 1e-3;

export function sideOfWrist(joint) {
  if (joint === 'left_wrist') return 'left';
  if (joint === 'right_wrist') return 'right';
  return null;
}

/**
 * @param {object} kb  the loaded library
 * @param {ArrayLike<number>} start  88 local rotations to start from
 * @param {'left' | 'right'} side
 * @param {ArrayLike<number>} target  the wrist's world position (m)
 * @param {number} [height]  body height (m)
 * @returns {object} kb.solveIK's result (pose, cost, reached, ...)
 */
export function reachPose(kb, start, side, target, height = kb.defaults.height) {
  const joints = ARM_JOINTS[side];
  if (!joints) throw new RangeError(`side must be 'left' or 'right', got ${JSON.stringify(side)}`);
  const point = Array.from(target);
  if (point.length !== 3 || !point.every(Number.isFinite)) {
    throw new TypeError(`target must be 3 finite numbers (m), got ${JSON.stringify(target)}`);
  }
  return kb.solveIK({
    tasks: [
      { type: 'frameVector', pairs: [{ origin: null, link: `${side}_wrist`, target: point }] },
    ],
    start,
    mask: [...joints],
    reference: start,
    referenceWeight: STAY_WEIGHT,
    height,
  });
}
