// Palm and thumb markers derived from a model's hand bones: Mixamo-like
// bone axes (+Y along the bone, twisted), hands rolled about the arm, an
// A-pose rest; the thumb found by name or by its direction; kblend's axes
// with a note when there are no fingers; the correction C that turns
// kblend's axes onto the model's, and the clap check through it.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  KBLEND_PALM_NORMAL,
  KBLEND_THUMB,
  deriveCharacterHands,
  deriveHandMarkers,
  handCorrection,
} from '../../../web/viewer/characters/character-hands.js';
import { turnWrists } from '../../../web/viewer/clips/turn-wrists.js';
import { addHandBones, expectedHandAxes } from '../../fixtures/characters/hand-bones.js';
import { kb } from './library.js';

const angle = (a, b) => new THREE.Vector3().fromArray(a).angleTo(new THREE.Vector3().fromArray(b));
const WRIST = { left: 20, right: 21 };

// kblend's wrist world rotation in a pose (the binding's W_j(P)).
function wristRotation(pose, side) {
  const { rotations } = kb.forwardKinematics(pose);
  return new THREE.Quaternion().fromArray(rotations, 4 * WRIST[side]);
}

// A hand bone as a Mixamo rig has it: +Y along the forearm's direction,
// twisted about it, at the wrist of the rest pose.
function mixamoWrist(side, rest) {
  const along = new THREE.Vector3(side === 'left' ? 1 : -1, 0, 0).applyQuaternion(rest);
  const axes = new THREE.Quaternion()
    .setFromUnitVectors(new THREE.Vector3(0, 1, 0), along)
    .multiply(new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), 0.9));
  const root = new THREE.Group();
  root.quaternion.setFromAxisAngle(new THREE.Vector3(0, 1, 0), 0); // the model's frame
  const wrist = new THREE.Bone();
  wrist.name = `mixamorig:${side === 'left' ? 'Left' : 'Right'}Hand`;
  wrist.position.set(side === 'left' ? 0.7 : -0.7, 1.4, 0.02);
  wrist.quaternion.copy(axes);
  root.add(wrist);
  root.updateMatrixWorld(true);
  return wrist;
}

const RESTS = {
  tpose: { pose: kb.idlePose(0), name: 'T-pose' },
  apose: { pose: kb.idlePose(1.18), name: 'A-pose' },
};

describe('markers from a model’s hand bones', () => {
  for (const side of ['left', 'right']) {
    for (const restName of Object.keys(RESTS)) {
      for (const roll of [0, 1.2, -2.4]) {
        it(`${side} hand, ${RESTS[restName].name}, rolled ${roll} rad about the arm`, () => {
          const rest = wristRotation(RESTS[restName].pose, side);
          const wrist = mixamoWrist(side, rest);
          addHandBones(wrist, side, { height: 1.6, roll, rest });
          const m = deriveHandMarkers(wrist, side, { height: 1.6, restWrist: rest.toArray() });
          const expected = expectedHandAxes(side, { roll });
          expect(m.source).toBe('fingers and thumb');
          expect(m.note).toBe('');
          expect(angle(m.kblend.palmNormal, expected.palmNormal)).toBeLessThan(1e-5);
          expect(angle(m.kblend.thumb, expected.thumb)).toBeLessThan(1e-5);
          // C takes kblend's axes onto the model's
          const c = new THREE.Quaternion().fromArray(m.correction);
          const n = new THREE.Vector3(...KBLEND_PALM_NORMAL).applyQuaternion(c).toArray();
          const t = new THREE.Vector3(...KBLEND_THUMB).applyQuaternion(c).toArray();
          expect(angle(n, expected.palmNormal)).toBeLessThan(1e-5);
          expect(angle(t, expected.thumb)).toBeLessThan(1e-5);
          // in the bone's frame: the bone's rest rotation carries them back
          const boneRotation = wrist.getWorldQuaternion(new THREE.Quaternion());
          const world = new THREE.Vector3()
            .fromArray(m.bone.palmNormal)
            .applyQuaternion(boneRotation);
          const scene = new THREE.Vector3().fromArray(expected.palmNormal).applyQuaternion(rest);
          expect(world.angleTo(scene)).toBeLessThan(1e-5);
          // the palm centre is on the palm side, between wrist and knuckles
          const palm = new THREE.Vector3().fromArray(m.bone.palm).applyMatrix4(wrist.matrixWorld);
          const offset = palm.sub(wrist.getWorldPosition(new THREE.Vector3()));
          expect(offset.length()).toBeGreaterThan(0.02);
          expect(offset.length()).toBeLessThan(0.06);
          expect(offset.dot(scene)).toBeGreaterThan(0.01);
        });
      }
    }
  }

  it('finds the thumb by its direction when the names tell nothing', () => {
    const rest = wristRotation(RESTS.apose.pose, 'left');
    const wrist = mixamoWrist('left', rest);
    addHandBones(wrist, 'left', { roll: 0.5, rest, named: false });
    const m = deriveHandMarkers(wrist, 'left', { height: 1.75, restWrist: rest.toArray() });
    expect(m.source).toBe('fingers and thumb');
    const expected = expectedHandAxes('left', { roll: 0.5 });
    expect(angle(m.kblend.palmNormal, expected.palmNormal)).toBeLessThan(1e-5);
  });

  it('keeps kblend’s axes, with a note, for a hand without fingers', () => {
    const wrist = mixamoWrist('right', new THREE.Quaternion());
    const m = deriveHandMarkers(wrist, 'right', { height: 1.75 });
    expect(m.source).toBe('kblend');
    expect(m.note).toBe("mixamorig:RightHand: no finger bones, kblend's hand axes are used");
    expect(angle(m.kblend.palmNormal, KBLEND_PALM_NORMAL)).toBeLessThan(1e-6);
    expect(angle(m.kblend.thumb, KBLEND_THUMB)).toBeLessThan(1e-6);
    // kblend's own markers in the bone's frame: 0.4 of a hand along, the palm below
    const palm = new THREE.Vector3().fromArray(m.bone.palm).applyMatrix4(wrist.matrixWorld);
    const from = palm.sub(wrist.getWorldPosition(new THREE.Vector3()));
    expect(from.x).toBeCloseTo(-0.4 * 0.108 * 1.75, 5);
    expect(from.y).toBeCloseTo(-0.012 * 1.75, 5);
  });

  it('without a thumb: the fingers give the direction, the thumb side is kblend’s', () => {
    const wrist = mixamoWrist('left', new THREE.Quaternion());
    addHandBones(wrist, 'left', { thumb: false });
    const m = deriveHandMarkers(wrist, 'left', { height: 1.75 });
    expect(m.source).toBe('fingers');
    expect(m.note).toMatch(/no thumb bone/);
    expect(angle(m.kblend.palmNormal, KBLEND_PALM_NORMAL)).toBeLessThan(0.05);
  });

  it('reads the model in the frame it is bound in (a turned root)', () => {
    const frame = new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(0, 1, 0), Math.PI);
    const wrist = mixamoWrist('left', frame);
    addHandBones(wrist, 'left', { roll: 1, rest: frame });
    const m = deriveHandMarkers(wrist, 'left', { height: 1.75, frame });
    const expected = expectedHandAxes('left', { roll: 1 });
    expect(angle(m.kblend.palmNormal, expected.palmNormal)).toBeLessThan(1e-5);
  });

  it('the clap check through C judges the model’s palms, not kblend’s', () => {
    // hands rolled a quarter turn: palms face forward at rest
    const hands = {};
    for (const side of ['left', 'right']) {
      const wrist = mixamoWrist(side, new THREE.Quaternion());
      addHandBones(wrist, side, { roll: Math.PI / 2 });
      hands[side] = wrist;
    }
    const derived = deriveCharacterHands(hands, { height: 1.75 });
    const corrections = { left: derived.left.correction, right: derived.right.correction };
    expect(derived.notes).toEqual([]);
    const { pose } = kb.solveClap(kb.idlePose());
    expect(kb.validateClap(pose).ok).toBe(true);
    // kblend's clap pose on these hands: the palms no longer face each other
    expect(kb.validateClap(turnWrists(pose, corrections)).ok).toBe(false);
    // solved with them: they do
    const solved = kb.solveClap(turnWrists(kb.idlePose(), corrections));
    expect(solved.ok).toBe(true);
    const played = turnWrists(solved.pose, corrections, { inverse: true });
    expect(kb.validateClap(turnWrists(played, corrections)).ok).toBe(true);
  });

  it('handCorrection is a rotation taking −Y and +Z where asked', () => {
    const c = new THREE.Quaternion().fromArray(handCorrection([1, 0, 0], [0, 1, 0]));
    expect(
      new THREE.Vector3(0, -1, 0).applyQuaternion(c).distanceTo(new THREE.Vector3(1, 0, 0)),
    ).toBeLessThan(1e-6);
    expect(
      new THREE.Vector3(0, 0, 1).applyQuaternion(c).distanceTo(new THREE.Vector3(0, 1, 0)),
    ).toBeLessThan(1e-6);
  });
});
