// The rest a rig stands in, read by createRigBinding from its bones
// (rest: 'auto', the default; moved here from the viewer): a T-pose is
// kblend's bind, an A-pose kblend's idle pose at the arm angle the bones
// show (the pose and wrists the hand markers take), bent arms and a
// rotated root are read too, and a rest given by name wins.
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { createRigBinding } from '../../../web/three/index.js';
import { LEVEL, TPOSE_TOLERANCE } from '../../../web/three/rig-rest.js';
import { riggedFigureScene } from '../../fixtures/characters/rigged-figure.js';
import { MIXAMO, buildRig } from './rigs.js';

const kb = await loadKBlend();
const tpose = new Float32Array(88).map((_, i) => (i % 4 === 3 ? 1 : 0));
const deg = (d) => (d * Math.PI) / 180;

describe("a rig's rest read from its bones", () => {
  it('a T-pose is the bind itself: no pose, identity wrists', () => {
    const binding = createRigBinding(
      buildRig(kb, { names: MIXAMO, axes: 'plusY', restPose: tpose }).root,
    );
    expect(binding.rest.kind).toBe('tpose');
    expect(binding.rest.pose).toBeNull();
    expect(binding.rest.wrists.left).toEqual([0, 0, 0, 1]);
    expect(binding.notes).toEqual([]);
  });

  for (const apose of [0.6, 1.18]) {
    it(`arms ${apose} rad below level: kblend's idle pose at that angle`, () => {
      const rig = buildRig(kb, { names: MIXAMO, axes: 'plusY', restPose: kb.idlePose(apose) });
      const binding = createRigBinding(rig.root);
      expect(binding.rest.kind).toBe('apose');
      expect(binding.rest.armAngle).toBeCloseTo(apose, 5);
      const idle = kb.idlePose(apose);
      for (let i = 0; i < 88; i++) expect(binding.rest.pose[i]).toBeCloseTo(idle[i], 5);
      const { rotations } = kb.forwardKinematics(idle);
      for (const [side, j] of [
        ['left', 20],
        ['right', 21],
      ]) {
        const w = Array.from(rotations.subarray(4 * j, 4 * j + 4));
        expect(kb.geodesicAngle(w, binding.rest.wrists[side])).toBeLessThan(1e-5);
      }
      expect(binding.notes.join(' ')).toMatch(
        /rest read from the bones \(apose\): arms \d+° below level/,
      );
    });
  }

  it('a fraction of a degree off the bind counts as a T-pose', () => {
    for (const [angle, kind] of [
      [TPOSE_TOLERANCE * 0.8, 'tpose'],
      [TPOSE_TOLERANCE * 1.5, 'other'],
    ]) {
      const rig = buildRig(kb, { names: MIXAMO, axes: 'plusY', restPose: kb.idlePose(angle) });
      expect(createRigBinding(rig.root).rest.kind).toBe(kind);
    }
    expect(LEVEL).toBeGreaterThan(TPOSE_TOLERANCE);
  });

  it('a Z-up figure with bent arms: arm angle, elbow bend, the turned frame and the guesses', () => {
    const { scene } = riggedFigureScene({ armAngle: 27, elbowBend: 35 });
    const binding = createRigBinding(scene.getObjectByName('Z_UP'));
    expect(binding.rest.kind).toBe('bent');
    expect(binding.rest.armAngle).toBeCloseTo(deg(27), 5);
    expect(binding.rest.elbowBend).toBeCloseTo(deg(35), 5);
    expect(binding.unmapped).toEqual(['spine2', 'left_collar', 'right_collar']);
    expect(binding.mapped.left_shoulder).toBe('arm_joint_L_1');
    expect(binding.mapped.right_knee).toBe('leg_joint_R_2');
    const notes = binding.notes.join('\n');
    expect(notes).toMatch(/stands along its root's \+Z axis/);
    expect(notes).toMatch(/not their names: pelvis, .*left_shoulder/);
    expect(notes).toMatch(/no bone for spine2, left_collar, right_collar/);
    expect(notes).toMatch(/elbows bent 35°/);
  });

  it("a rig facing −Z (its named left at −X): kblend's front turned to it, the limbs follow", () => {
    const rig = buildRig(kb, { names: MIXAMO, axes: 'plusY', restPose: kb.idlePose(0.7) });
    rig.root.getObjectByName('Armature').rotation.y = Math.PI;
    rig.root.updateMatrixWorld(true);
    const binding = createRigBinding(rig.root);
    expect(binding.notes.join(' ')).toMatch(/faces −Z in its root's frame/);
    expect(binding.rest.kind).toBe('apose');
    expect(binding.rest.armAngle).toBeCloseTo(0.7, 5);
    expect(binding.mapped.left_wrist).toBe('mixamorig:LeftHand');
    const pose = kb.createPreview({ gesture: 'wave' }).evaluate(1.5);
    binding.apply(pose);
    rig.root.updateMatrixWorld(true);
    const fk = kb.forwardKinematics(pose).positions;
    const at = (n) => binding.bones[n].getWorldPosition(new Vector3());
    const fkAt = (n) => {
      const j = kb.skeleton.names.indexOf(n);
      return new Vector3(-fk[3 * j], fk[3 * j + 1], -fk[3 * j + 2]); // half a turn about Y
    };
    let worst = 0;
    for (const [a, b] of [
      ['left_shoulder', 'left_elbow'],
      ['left_elbow', 'left_wrist'],
      ['right_shoulder', 'right_elbow'],
      ['right_elbow', 'right_wrist'],
      ['left_hip', 'left_knee'],
      ['spine3', 'neck'],
    ])
      worst = Math.max(
        worst,
        at(b)
          .sub(at(a))
          .angleTo(fkAt(b).sub(fkAt(a))),
      );
    expect(worst).toBeLessThan(1e-4);
  });

  it("a rest given by name wins over what the bones show, and 'auto' is the default", () => {
    const rig = buildRig(kb, { names: MIXAMO, axes: 'plusY', restPose: kb.idlePose(0.8) });
    const given = createRigBinding(rig.root, { rest: 'tpose' });
    expect(given.rest).toMatchObject({ kind: 'tpose', given: true, pose: null });
    expect(given.rest.armAngle).toBeCloseTo(0.8, 5); // still measured
    given.dispose();
    expect(createRigBinding(rig.root, { rest: 'auto' }).rest.kind).toBe('apose');
  });

  it('refuses a misspelt option, naming the nearest known one', () => {
    const rig = buildRig(kb, { names: MIXAMO, axes: 'plusY', restPose: tpose });
    expect(() => createRigBinding(rig.root, { maps: {} })).toThrow(
      "createRigBinding: unknown option 'maps' — did you mean 'map'?",
    );
    expect(() => createRigBinding(rig.root, { rets: 'auto' })).toThrow(/did you mean 'rest'/);
  });
});
