// The binding's skipping never leaves a stale matrix: after every frame of
// every gesture (played forward, between frames, sought back and forth,
// held, with the rig moved by the app), every object's local and world
// matrix equals three's own compose of every object from the root down, and
// the bones equal a binding that writes every bone; scene.updateMatrixWorld()
// recomputes nothing of a bound rig.
import { Matrix4, Mesh, Scene } from 'three';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { createRigBinding } from '../../../web/three/index.js';
import { MIXAMO, buildRig } from './rigs.js';
import { buildSegmentRig } from './segment-rig.js';
import { staleness } from './staleness.js';

const kb = await loadKBlend();
const ALL = new Uint8Array(22).fill(1);

// forward on the frame grid and between frames, held, sought back, jumped
function times(duration) {
  const out = [];
  for (let t = 0; t <= duration; t += 1 / 30) out.push(t, t, t + 1 / 90);
  for (const f of [0.5, 0.1, 0.9, 0.9, 0.3, 0, 1, 0.6]) out.push(f * duration);
  return out;
}

function scenario(makeRig, { gesture, jitter, options }) {
  const scene = new Scene();
  const rig = makeRig();
  const full = makeRig();
  scene.add(rig.root);
  const binding = createRigBinding(rig.root, options);
  const reference = createRigBinding(full.root, options);
  const preview = kb.createPreview({ gesture, jitter, seed: 3 });
  let stale = 0;
  let bones = 0;
  let written = 0;
  const list = times(preview.duration);
  list.forEach((t, k) => {
    if (k === list.length - 5) rig.root.position.z += 0.25; // the app moves the rig
    written += binding.apply(preview, t);
    scene.updateMatrixWorld();
    reference.apply(preview.evaluate(t), ALL);
    stale = Math.max(stale, staleness(rig.root));
    rig.bones.forEach((bone, i) => {
      if (!bone) return;
      for (const c of ['_x', '_y', '_z', '_w'])
        bones = Math.max(bones, Math.abs(bone.quaternion[c] - full.bones[i].quaternion[c]));
    });
  });
  preview.dispose();
  return { stale, bones, written, frames: list.length };
}

describe('the binding keeps every world matrix right while skipping', () => {
  const rigs = {
    'segment rig (bones and a mesh per segment)': () => buildSegmentRig(kb, 0.4),
    'Mixamo rig, +Y axes, cm, twist and finger bones, no collars': () =>
      buildRig(kb, {
        names: MIXAMO,
        axes: 'plusY',
        restPose: new Float32Array(88).map((_, i) => (i % 4 === 3 ? 1 : 0)),
        units: 100,
        extras: true,
        omit: ['left_collar', 'right_collar'],
      }),
    'segment rig holding a turned, scaled prop (not a pure translation)': () => {
      const rig = buildSegmentRig(kb, -0.4);
      const prop = new Mesh();
      prop.position.set(0.05, -0.02, 0.01);
      prop.quaternion.set(0.2, 0.4, -0.1, 0.8893818).normalize();
      prop.scale.set(1.5, 0.5, 2);
      rig.bones[21].add(prop);
      return rig;
    },
    'segment rig mapped with crossed wrists (through world rotations)': () =>
      Object.assign(buildSegmentRig(kb), {
        options: { map: { left_wrist: 'right_wrist', right_wrist: 'left_wrist' } },
      }),
  };
  for (const [label, makeRig] of Object.entries(rigs))
    for (const jitter of [0, 3e-4])
      it(`${label}, every gesture, jitter ${jitter}`, () => {
        let skipped = 0;
        const { options } = makeRig();
        for (const gesture of kb.gestureNames) {
          const r = scenario(makeRig, { gesture, jitter, options });
          expect(r.stale, gesture).toBeLessThan(1e-6);
          // a skipped bone keeps U_parent⁻¹·U_b from a frame whose U_parent and U_b
          // differ from now only by an ancestor joint both share: equal up to rounding
          expect(r.bones, gesture).toBeLessThan(1e-12);
          skipped += r.frames * 22 - r.written;
        }
        expect(skipped).toBeGreaterThan(0);
      });
});

describe('scene.updateMatrixWorld() in a default scene', () => {
  it('recomputes only the scene and the rig roots, not the bound objects', () => {
    const scene = new Scene();
    const rigs = [buildSegmentRig(kb, 0), buildSegmentRig(kb, 0.8)];
    const bindings = rigs.map((r) => (scene.add(r.root), createRigBinding(r.root)));
    const preview = kb.createPreview({ gesture: 'wave' });
    bindings.forEach((b) => b.apply(preview, 1.2));
    expect(bindings[0].owned.length).toBe(44); // 22 bones, 22 meshes
    const counts = { compose: 0, multiply: 0 };
    const { compose, multiplyMatrices } = Matrix4.prototype;
    Matrix4.prototype.compose = function (...a) {
      counts.compose++;
      return compose.apply(this, a);
    };
    Matrix4.prototype.multiplyMatrices = function (...a) {
      counts.multiply++;
      return multiplyMatrices.apply(this, a);
    };
    try {
      scene.updateMatrixWorld();
    } finally {
      Object.assign(Matrix4.prototype, { compose, multiplyMatrices });
    }
    expect(counts).toEqual({ compose: 3, multiply: 2 }); // scene + 2 roots; 2 root worlds
    preview.dispose();
  });

  it('follows the app moving the rig at the next scene update, and keeps a prop added later', async () => {
    const { Mesh } = await import('three');
    const scene = new Scene();
    const rig = buildSegmentRig(kb);
    scene.add(rig.root);
    const binding = createRigBinding(rig.root);
    const preview = kb.createPreview({ gesture: 'wave' });
    binding.apply(preview, 1);
    scene.updateMatrixWorld();
    // moved by the app, no apply in between: the scene's own update follows
    rig.root.position.set(2, 0, -1);
    rig.root.quaternion.set(0, 0.3826834, 0, 0.9238795);
    scene.updateMatrixWorld();
    expect(staleness(rig.root)).toBeLessThan(1e-6);
    // a prop put in the hand after binding is three's to update, from the kept hand
    const prop = new Mesh();
    prop.position.set(0.1, 0, 0);
    rig.bones[21].add(prop);
    for (const t of [1.1, 1.2, 2]) {
      binding.apply(preview, t);
      scene.updateMatrixWorld();
      expect(staleness(rig.root)).toBeLessThan(1e-6);
    }
    expect(prop.matrixWorldAutoUpdate).toBe(true);
    preview.dispose();
  });

  it('keeps the matrices right under a frame that is not affine', () => {
    const scene = new Scene();
    const rig = buildSegmentRig(kb);
    scene.add(rig.root);
    const binding = createRigBinding(rig.root);
    const preview = kb.createPreview({ gesture: 'clap', jitter: 3e-4 });
    rig.root.matrixAutoUpdate = false;
    rig.root.matrix.elements[3] = 0.05; // a projective row, set by the app
    rig.root.matrix.elements[15] = 1.2;
    for (const t of [0.2, 0.5, 0.9, 1.4]) {
      binding.apply(preview, t);
      scene.updateMatrixWorld();
      expect(staleness(rig.root)).toBeLessThan(1e-6);
    }
    rig.root.matrix.elements[3] = 0; // affine again
    rig.root.matrix.elements[15] = 1;
    binding.apply(preview, 1.5);
    scene.updateMatrixWorld();
    expect(staleness(rig.root)).toBeLessThan(1e-6);
    preview.dispose();
  });

  it("serializes a bound object's matrices as three's plain arrays", () => {
    const rig = buildSegmentRig(kb);
    const binding = createRigBinding(rig.root);
    binding.apply(kb.createPreview({ gesture: 'wave' }), 1);
    const bone = rig.bones[18];
    for (const matrix of [bone.matrix, bone.matrixWorld]) {
      const json = JSON.parse(JSON.stringify({ matrix: matrix.elements }));
      expect(json.matrix).toEqual(Array.from(matrix.elements));
      expect(json.matrix).toHaveLength(16);
    }
    binding.dispose();
  });

  it('dispose gives the matrices back to three', () => {
    const rig = buildSegmentRig(kb);
    const binding = createRigBinding(rig.root);
    binding.apply(kb.createPreview({ gesture: 'wave' }), 1);
    binding.dispose();
    expect(rig.bones.every((b) => b.matrixAutoUpdate && b.matrixWorldAutoUpdate)).toBe(true);
    // the binding's own storage for the matrices is given back as three's arrays
    expect(rig.bones.every((b) => Array.isArray(b.matrixWorld.elements))).toBe(true);
    expect(rig.bones.every((b) => Array.isArray(b.matrix.elements))).toBe(true);
    expect(staleness(rig.root)).toBeLessThan(1e-7);
    expect(rig.bones[18].quaternion.toArray()).toEqual([0, 0, 0, 1]);
  });
});
