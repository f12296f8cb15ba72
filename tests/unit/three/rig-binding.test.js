// createRigBinding on rigs built here: segment directions of the rig
// follow kblend's forward kinematics within 1e-4 rad whatever the names,
// bone axes, proportions, rest pose and extra bones.
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { createRigBinding } from '../../../web/three/index.js';
import { MIXAMO, VRM, buildRig } from './rigs.js';

const kb = await loadKBlend();
const names = kb.skeleton.names;
const parents = kb.skeleton.parents;
const tpose = new Float32Array(88).map((_, i) => (i % 4 === 3 ? 1 : 0));
const GESTURES = ['clap', 'wave', 'salute', 'crossed_arms', 'shrug', 'point'];
const FRACTIONS = [0.1, 0.35, 0.6, 0.9];

// Largest angle between the rig's and kblend's segment (parent → child)
// over every kblend segment both ends of which the rig has.
function worstSegmentAngle(rig, binding, pose, root) {
  rig.root.updateMatrixWorld(true);
  const fk = kb.forwardKinematics(pose, root).positions;
  const at = (joint) => binding.bones[joint].getWorldPosition(new Vector3());
  let worst = 0;
  for (let c = 1; c < 22; c++) {
    const p = parents[c];
    if (!binding.bones[names[c]] || !binding.bones[names[p]]) continue;
    const rigDir = at(names[c]).sub(at(names[p]));
    const fkDir = new Vector3(
      fk[3 * c] - fk[3 * p],
      fk[3 * c + 1] - fk[3 * p + 1],
      fk[3 * c + 2] - fk[3 * p + 2],
    );
    worst = Math.max(worst, rigDir.angleTo(fkDir));
  }
  return worst;
}

const RIGS = {
  'Mixamo names, +Y bone axes, cm under a 0.01 armature, other proportions': {
    names: MIXAMO,
    axes: 'plusY',
    restPose: tpose,
    scale: 1.1,
    units: 100,
  },
  'Mixamo names without the prefix, extra twist and finger bones': {
    names: Object.fromEntries(Object.entries(MIXAMO).map(([k, v]) => [k, v.slice(10)])),
    axes: 'plusY',
    restPose: tpose,
    scale: 0.9,
    extras: true,
  },
  'Mixamo names as three.js loaders give them (mixamorigHips), identity axes': {
    names: Object.fromEntries(Object.entries(MIXAMO).map(([k, v]) => [k, v.replace(':', '')])),
    axes: 'identity',
    restPose: tpose,
    scale: 1.05,
  },
  'VRM humanoid names, identity rest': {
    names: VRM,
    axes: 'identity',
    restPose: tpose,
    scale: 0.8,
  },
  'an A-pose rest (kblend idle), +Y axes': {
    names: MIXAMO,
    axes: 'plusY',
    restPose: kb.idlePose(),
    rest: 'apose',
  },
};

describe('createRigBinding follows kblend FK segment directions', () => {
  for (const [label, spec] of Object.entries(RIGS)) {
    it(label, () => {
      const rig = buildRig(kb, spec);
      const binding = createRigBinding(rig.root, { rest: spec.rest ?? 'tpose' });
      expect(binding.unmapped).toEqual([]);
      expect(binding.mapped.left_elbow).toBe(spec.names.left_elbow);
      let worst = 0;
      for (const gesture of GESTURES) {
        const preview = kb.createPreview({ gesture });
        for (const f of FRACTIONS) {
          const t = f * preview.duration;
          binding.apply(preview, t);
          worst = Math.max(worst, worstSegmentAngle(rig, binding, preview.evaluate(t)));
        }
        preview.dispose();
      }
      expect(worst).toBeLessThan(1e-4);
      binding.dispose();
    });
  }

  it('moves the hips by the root translation scaled by the hip-height ratio', () => {
    const rig = buildRig(kb, {
      names: MIXAMO,
      axes: 'plusY',
      restPose: tpose,
      scale: 1.2,
      units: 100,
    });
    const binding = createRigBinding(rig.root);
    const hips = binding.bones.pelvis;
    const before = hips.getWorldPosition(new Vector3());
    const pose = kb.createPreview({ gesture: 'wave' }).evaluate(1);
    binding.apply({ rotations: pose, root: [0.2, -0.1, 0.5] });
    rig.root.updateMatrixWorld(true);
    const moved = hips.getWorldPosition(new Vector3()).sub(before);
    expect(moved.x).toBeCloseTo(0.2 * 1.2, 5);
    expect(moved.y).toBeCloseTo(-0.1 * 1.2, 5);
    expect(moved.z).toBeCloseTo(0.5 * 1.2, 5);
    expect(worstSegmentAngle(rig, binding, pose, [0.2, -0.1, 0.5])).toBeLessThan(1e-4);
  });

  it('an explicit map overrides the names, and a rig of unknown names reports them unmapped', () => {
    const odd = Object.fromEntries(names.map((n, j) => [n, `bone_${j}`]));
    const rig = buildRig(kb, { names: odd, axes: 'identity', restPose: tpose });
    const map = Object.fromEntries(names.map((n, j) => [n, `bone_${j}`]));
    const binding = createRigBinding(rig.root, { map });
    expect(binding.unmapped).toEqual([]);
    expect(binding.mapped.head).toBe('bone_15');
    expect(() => createRigBinding(rig.root, { map: { elbow: 'bone_3' } })).toThrow(
      /"elbow" is not a kblend joint/,
    );
    expect(() => createRigBinding(rig.root, { map: { head: 'nope' } })).toThrow(
      /map.head must name a joint of the source, got "nope"/,
    );
  });

  it('with a changed mask it writes only what changed, and every frame equals a full write', () => {
    // no collar bones: the arms hang from the chest, so a collar's change
    // must rewrite the arm bone even when the shoulder holds still
    const spec = {
      names: MIXAMO,
      axes: 'plusY',
      restPose: tpose,
      omit: ['left_collar', 'right_collar'],
    };
    const rig = buildRig(kb, spec);
    const full = buildRig(kb, spec);
    const binding = createRigBinding(rig.root);
    const reference = createRigBinding(full.root);
    expect(binding.unmapped).toEqual(['left_collar', 'right_collar']);
    let written = 0;
    let frames = 0;
    let worst = 0;
    for (const gesture of ['shrug', 'wave']) {
      const inner = kb.createPreview({ gesture, epsilon: 0.01 });
      let last = null;
      // a preview with changedMask as docs/design.md §8 defines it: 1 where the joint
      // differs from the output last returned
      const masked = {
        changedMask: new Uint8Array(22),
        evaluate(t) {
          const pose = inner.evaluate(t);
          for (let j = 0; j < 22; j++) {
            const same = last && [0, 1, 2, 3].every((i) => last[4 * j + i] === pose[4 * j + i]);
            this.changedMask[j] = same ? 0 : 1;
          }
          last = pose;
          return pose;
        },
      };
      for (let t = 0; t <= inner.duration; t += 1 / 30, frames++) {
        written += binding.apply(masked, t);
        reference.apply(last);
        rig.bones.forEach((bone, i) => {
          if (bone) worst = Math.max(worst, bone.quaternion.angleTo(full.bones[i].quaternion));
        });
      }
    }
    expect(written).toBeLessThan(frames * 20);
    expect(worst).toBeLessThan(1e-6);
  });

  it('compares each pose in its own precision: a change only a Float64Array holds is written', () => {
    const rig = buildRig(kb, { names: VRM, axes: 'identity', restPose: tpose });
    const binding = createRigBinding(rig.root);
    const a = kb.createPreview({ gesture: 'wave' }).evaluate(1.2); // Float32Array
    const b = Float64Array.from(a);
    b[4 * 19] += 1e-12; // right elbow: lost in float32
    const elbow = binding.bones.right_elbow;
    expect(binding.apply(a)).toBe(22);
    expect(binding.apply(a)).toBe(0);
    const before = elbow.quaternion.x;
    expect(binding.apply(b)).toBeGreaterThan(0);
    expect(elbow.quaternion.x).not.toBe(before);
    expect(binding.apply(b)).toBe(0);
    expect(binding.apply(a)).toBeGreaterThan(0);
    expect(elbow.quaternion.x).toBe(before);
    expect(binding.apply(Float32Array.from(b))).toBe(0); // the same as a in float32
  });

  it('refuses what is not a rig or a pose', () => {
    expect(() => createRigBinding(null)).toThrow(TypeError);
    const rig = buildRig(kb, { names: VRM, axes: 'identity', restPose: tpose });
    expect(() => createRigBinding(rig.root, { rest: 'sitting' })).toThrow(
      /rest must be 'auto', 'tpose', 'apose' or a kblend pose/,
    );
    const binding = createRigBinding(rig.root);
    expect(() => binding.apply([1, 2, 3])).toThrow(TypeError);
    expect(() => binding.apply(kb.createPreview())).toThrow(/needs t in seconds/);
    binding.dispose();
    expect(() => binding.apply(tpose)).toThrow(/disposed/);
  });
});

describe('createRigBinding on a SkinnedMesh', () => {
  it("binds the mesh's skeleton and deforms its vertices with the bones", async () => {
    const {
      BoxGeometry,
      Float32BufferAttribute,
      MeshBasicMaterial,
      Skeleton,
      SkinnedMesh,
      Uint16BufferAttribute,
    } = await import('three');
    const rig = buildRig(kb, { names: VRM, axes: 'identity', restPose: tpose });
    const bones = rig.bones;
    const geometry = new BoxGeometry(0.1, 0.1, 0.1).translate(0.7, 1.43, 0); // near the left wrist
    const count = geometry.attributes.position.count;
    const wrist = bones.findIndex((b) => b.name === 'leftHand');
    geometry.setAttribute(
      'skinIndex',
      new Uint16BufferAttribute(
        new Uint16Array(4 * count).map((_, i) => (i % 4 ? 0 : wrist)),
        4,
      ),
    );
    geometry.setAttribute(
      'skinWeight',
      new Float32BufferAttribute(
        new Float32Array(4 * count).map((_, i) => (i % 4 ? 0 : 1)),
        4,
      ),
    );
    const mesh = new SkinnedMesh(geometry, new MeshBasicMaterial());
    rig.root.add(mesh);
    rig.root.updateMatrixWorld(true);
    mesh.bind(new Skeleton(bones));
    const binding = createRigBinding(mesh);
    expect(binding.unmapped).toEqual([]);
    const before = mesh.getVertexPosition(0, new Vector3()).applyMatrix4(mesh.matrixWorld);
    const preview = kb.createPreview({ gesture: 'wave' });
    binding.apply(preview, 1.5);
    rig.root.updateMatrixWorld(true);
    mesh.skeleton.update();
    const after = mesh.getVertexPosition(0, new Vector3());
    mesh.applyBoneTransform(0, after);
    expect(after.distanceTo(before)).toBeGreaterThan(0.05);
    expect(worstSegmentAngle(rig, binding, preview.evaluate(1.5))).toBeLessThan(1e-4);
  });
});
