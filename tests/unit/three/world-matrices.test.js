// The binding's skipping never leaves a stale matrix: after every frame of
// every gesture (played forward, between frames, sought back and forth,
// held, with the rig moved by the app), every object's local and world
// matrix equals three's own compose of every object from the root down, and
// the bones equal a binding that writes every bone; scene.updateMatrixWorld()
// recomputes nothing of a bound rig.
import { Matrix4, Scene } from 'three';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { createRigBinding } from '../../../web/three/index.js';
import { MIXAMO, buildRig } from './rigs.js';
import { buildSegmentRig } from './segment-rig.js';

const kb = await loadKBlend();
const ALL = new Uint8Array(22).fill(1);

// Largest difference between o's matrices and a full recomputation from
// the root's world matrix, over every object under root.
function staleness(root) {
  let worst = 0;
  const expected = new Matrix4();
  const visit = (o, parentWorld) => {
    const local = new Matrix4().compose(o.position, o.quaternion, o.scale);
    const world = new Matrix4().multiplyMatrices(parentWorld, local);
    for (let i = 0; i < 16; i++) {
      worst = Math.max(worst, Math.abs(o.matrix.elements[i] - local.elements[i]));
      worst = Math.max(worst, Math.abs(o.matrixWorld.elements[i] - world.elements[i]));
    }
    for (const c of o.children) visit(c, world);
  };
  root.updateWorldMatrix(true, false);
  expected.copy(root.matrixWorld);
  for (const c of root.children) visit(c, expected);
  return worst;
}

// forward on the frame grid and between frames, held, sought back, jumped
function times(duration) {
  const out = [];
  for (let t = 0; t <= duration; t += 1 / 30) out.push(t, t, t + 1 / 90);
  for (const f of [0.5, 0.1, 0.9, 0.9, 0.3, 0, 1, 0.6]) out.push(f * duration);
  return out;
}

function scenario(makeRig, { gesture, jitter }) {
  const scene = new Scene();
  const rig = makeRig();
  const full = makeRig();
  scene.add(rig.root);
  const binding = createRigBinding(rig.root);
  const reference = createRigBinding(full.root);
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
  };
  for (const [label, makeRig] of Object.entries(rigs))
    for (const jitter of [0, 3e-4])
      it(`${label}, every gesture, jitter ${jitter}`, () => {
        let skipped = 0;
        for (const gesture of kb.gestureNames) {
          const r = scenario(makeRig, { gesture, jitter });
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

  it('dispose gives the matrices back to three', () => {
    const rig = buildSegmentRig(kb);
    const binding = createRigBinding(rig.root);
    binding.apply(kb.createPreview({ gesture: 'wave' }), 1);
    binding.dispose();
    expect(rig.bones.every((b) => b.matrixAutoUpdate && b.matrixWorldAutoUpdate)).toBe(true);
    expect(staleness(rig.root)).toBeLessThan(1e-7);
    expect(rig.bones[18].quaternion.toArray()).toEqual([0, 0, 0, 1]);
  });
});
