// Root motion end to end: a BVH walk imported by kb.importBvh, played by a
// preview (preview.root(t)), baked by toAnimationClip into a position
// track, driving a rig's hips through createRigBinding, and written back
// by kb.exportBvh.
import { readFileSync } from 'node:fs';
import { AnimationMixer, LoopOnce, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { PELVIS_BIND, createRigBinding, toAnimationClip } from '../../../web/three/index.js';
import { MIXAMO, buildRig } from './rigs.js';

const kb = await loadKBlend();
const text = readFileSync(
  new URL('../../fixtures/bvh/cmu_walk_cm_120fps.bvh', import.meta.url),
  'utf8',
);
const clip = kb.importBvh(text, { name: 'walk.bvh' });
const preview = kb.createPreview({ track: clip.track, fps: 60 });
const tpose = new Float32Array(88).map((_, i) => (i % 4 === 3 ? 1 : 0));

describe('root motion from a BVH walk', () => {
  it('the preview travels with the clip root', () => {
    expect(preview.hasRoot).toBe(true);
    for (const k of [0, 30, 60, 119]) {
      const t = preview.frameTime(k);
      const at = preview.root(t);
      const f = Math.round(t * clip.fps);
      [0, 1, 2].forEach((i) => expect(at[i]).toBeCloseTo(clip.root[3 * f + i], 4));
    }
    expect(preview.root(preview.duration)[2]).toBeGreaterThan(1.7);
  });

  it('toAnimationClip adds the pelvis position track, played by the mixer', () => {
    const animation = toAnimationClip(preview);
    const track = animation.tracks.find((t) => t.name === 'pelvis.position');
    expect(track).toBeDefined();
    const rig = buildRig(kb, {
      names: Object.fromEntries(kb.skeleton.names.map((n) => [n, n])),
      axes: 'identity',
      restPose: tpose,
    });
    const mixer = new AnimationMixer(rig.root);
    const action = mixer.clipAction(animation).setLoop(LoopOnce, 1);
    action.clampWhenFinished = true;
    action.play();
    const t = preview.frameTime(90);
    mixer.setTime(t);
    const root = preview.root(t);
    const hips = rig.bones[0].position;
    expect(hips.x).toBeCloseTo(PELVIS_BIND[0] + root[0], 5);
    expect(hips.y).toBeCloseTo(PELVIS_BIND[1] + root[1], 5);
    expect(hips.z).toBeCloseTo(PELVIS_BIND[2] + root[2], 5);
  });

  it("createRigBinding moves a rig's hips by the preview root, scaled by hip height", () => {
    const rig = buildRig(kb, {
      names: MIXAMO,
      axes: 'plusY',
      restPose: tpose,
      scale: 0.8,
      units: 100,
    });
    const binding = createRigBinding(rig.root);
    const hips = binding.bones.pelvis;
    const rest = hips.getWorldPosition(new Vector3());
    const t = 1.5;
    binding.apply(preview, t);
    rig.root.updateMatrixWorld(true);
    const moved = hips.getWorldPosition(new Vector3()).sub(rest);
    const root = preview.root(t);
    expect(moved.x).toBeCloseTo(0.8 * root[0], 4);
    expect(moved.y).toBeCloseTo(0.8 * root[1], 4);
    expect(moved.z).toBeCloseTo(0.8 * root[2], 4);
  });

  it('exportBvh writes the preview root and importBvh reads it back', () => {
    const back = kb.importBvh(kb.exportBvh(preview), { ground: false });
    expect(back.method).toBe('direct');
    for (const k of [0, 45, 119]) {
      const root = preview.root(k / 60);
      [0, 2].forEach((i) =>
        expect(back.root[3 * k + i]).toBeCloseTo(root[i] - preview.root(0)[i], 4),
      );
      expect(back.root[3 * k + 1]).toBeCloseTo(root[1], 4);
    }
  });
});
