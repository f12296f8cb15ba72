// The rest pose of a user's model as a kblend pose: the arms' angle below
// level read from its bones (T-pose, A-pose, facing −Z), and the pose and
// wrist rotations the binding and the hand markers take for it.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  LEVEL_ARMS,
  restArmAngle,
  restPoseFor,
} from '../../../web/viewer/characters/character-rest.js';
import { kb } from './library.js';

// Shoulder and elbow bones at kblend's FK of an idle pose with `apose`,
// turned by `turn` about Y (a model facing −Z: π).
function arms(apose, turn = 0) {
  const { positions } = kb.forwardKinematics(kb.idlePose(apose));
  const root = new THREE.Group();
  root.rotation.y = turn;
  const bones = {};
  for (const joint of ['left_shoulder', 'right_shoulder', 'left_elbow', 'right_elbow']) {
    const j = kb.skeleton.names.indexOf(joint);
    const bone = new THREE.Bone();
    bone.position.fromArray(positions, 3 * j);
    root.add(bone);
    bones[joint] = bone;
  }
  root.updateMatrixWorld(true);
  return bones;
}

describe('a model’s rest as a kblend pose', () => {
  for (const [apose, turn] of [
    [0, 0],
    [0.6, 0],
    [1.18, 0],
    [0.8, Math.PI],
  ]) {
    it(`arms ${apose} rad below level${turn ? ', facing −Z' : ''}`, () => {
      const angle = restArmAngle(arms(apose, turn));
      expect(angle).toBeCloseTo(apose, 5);
      const rest = restPoseFor(angle);
      if (apose === 0) {
        expect(rest.pose).toBeNull();
        expect(rest.wrists.left).toEqual([0, 0, 0, 1]);
        return;
      }
      // kblend's own idle pose at that angle, and its wrists' world rotations
      const idle = kb.idlePose(apose);
      for (let i = 0; i < 88; i++) expect(rest.pose[i]).toBeCloseTo(idle[i], 5);
      const { rotations } = kb.forwardKinematics(idle);
      for (const [side, j] of [
        ['left', 20],
        ['right', 21],
      ]) {
        const w = Array.from(rotations.subarray(4 * j, 4 * j + 4));
        expect(kb.geodesicAngle(w, rest.wrists[side])).toBeLessThan(1e-5);
      }
    });
  }

  it('arms a few degrees off level count as a T-pose', () => {
    expect(restPoseFor(LEVEL_ARMS * 0.9).pose).toBeNull();
    expect(restPoseFor(LEVEL_ARMS * 1.1).pose).not.toBeNull();
  });
});
