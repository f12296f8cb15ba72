// The pose a user's model stands in at rest, as a kblend pose: a T-pose
// (arms level) is kblend's bind; a model whose upper arms hang lower (an
// A-pose, as many exports are) is kblend's idle pose with that arm angle
// (SPEC §3: the upper arms turned about Z, left −a, right +a). The binding
// takes it as `rest` (SPEC §8a: U_b = W_j · W_j(P)⁻¹ · R_b), so the model's
// arms are not lowered twice.
import * as THREE from 'three';
import { JOINT_NAMES } from 'kblend';

// Below this the arms count as level (a T-pose exported a little off).
export const LEVEL_ARMS = (5 * Math.PI) / 180;
const LEFT_SHOULDER = JOINT_NAMES.indexOf('left_shoulder');
const RIGHT_SHOULDER = JOINT_NAMES.indexOf('right_shoulder');

/**
 * How far below level the model's upper arms hang at rest (rad, ≥ 0),
 * from its bound bones' world positions (shoulder to elbow, both sides).
 * @param {Record<string, THREE.Object3D>} bones  the binding's bones by kblend joint
 */
export function restArmAngle(bones) {
  const at = (joint) => bones[joint].getWorldPosition(new THREE.Vector3());
  const side = (s) => {
    const d = at(`${s}_elbow`).sub(at(`${s}_shoulder`));
    return Math.atan2(-d.y, Math.hypot(d.x, d.z));
  };
  bones.left_shoulder.updateWorldMatrix(true, true);
  bones.right_shoulder.updateWorldMatrix(true, true);
  return Math.max(0, (side('left') + side('right')) / 2);
}

/**
 * The kblend pose matching a rest with the arms `angle` below level.
 * @returns {{ pose: Float32Array | null, angle: number, wrists: { left: number[], right: number[] } }}
 *   pose: null for a T-pose (the binding's 'tpose'); wrists: kblend's
 *   wrist world rotations in that pose (W_j(P), for the hand markers)
 */
export function restPoseFor(angle) {
  const s = Math.sin(angle / 2);
  const c = Math.cos(angle / 2);
  const left = [0, 0, -s, c];
  const right = [0, 0, s, c];
  if (angle < LEVEL_ARMS) {
    return { pose: null, angle: 0, wrists: { left: [0, 0, 0, 1], right: [0, 0, 0, 1] } };
  }
  const pose = new Float32Array(4 * JOINT_NAMES.length);
  for (let j = 0; j < JOINT_NAMES.length; j++) pose[4 * j + 3] = 1;
  pose.set(left, 4 * LEFT_SHOULDER);
  pose.set(right, 4 * RIGHT_SHOULDER);
  // the collars, elbows and wrists stay at identity: each wrist turns with its upper arm
  return { pose, angle, wrists: { left, right } };
}
