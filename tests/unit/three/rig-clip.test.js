// toAnimationClip(preview, { rig }) beyond the four rigs (user-rig-clips;
// the README's snippet: readme-snippets): root motion on the hips scaled to
// the rig, fps, a rig a live binding holds, and bad options refused by name.
import { AnimationMixer, LoopOnce, Vector3 } from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { clone } from 'three/examples/jsm/utils/SkeletonUtils.js';
import { describe, expect, it } from 'vitest';
import { BIND_FRACTIONS, loadKBlend } from '../../../web/lib/kblend.js';
import { createCrowdBinding, createRigBinding, toAnimationClip } from '../../../web/three/index.js';
import { mixamoGlb } from '../../fixtures/characters/mixamo-glb.js';
import { MIXAMO, buildRig } from './rigs.js';

const kb = await loadKBlend();
const glb = (await mixamoGlb(kb, { apose: 0.75, units: 100 })).glb;
const loadCopy = async () => (await new GLTFLoader().parseAsync(glb.slice(0), '')).scene;

function angle(a, b) {
  const d = a.clone().invert().multiply(b);
  return 2 * Math.atan2(Math.hypot(d.x, d.y, d.z), Math.abs(d.w));
}

function play(clip, root) {
  const mixer = new AnimationMixer(root);
  const action = mixer.clipAction(clip);
  action.setLoop(LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  return mixer;
}

describe('toAnimationClip with rig', () => {
  it('moves the hips by the root translation scaled to the rig, as the binding does', async () => {
    const rig = await loadCopy();
    const copy = clone(rig);
    const preview = kb.createPreview({ gesture: 'clap' });
    const source = {
      frameCount: preview.frameCount,
      frameTime: (k) => preview.frameTime(k),
      frame: (k) => preview.frame(k),
      hasRoot: true,
      root: (t) => [0.2 * t, 0.01 * t, -0.1 * t],
      options: { gesture: 'clap walking' },
    };
    const clip = toAnimationClip(source, { rig });
    expect(clip.name).toBe('clap walking');
    const hipsTrack = clip.tracks.find((t) => t.name.endsWith('.position'));
    expect(hipsTrack.name).toBe('mixamorigHips.position');
    const binding = createRigBinding(rig);
    const hips = binding.bones.pelvis;
    const restY = hips.getWorldPosition(new Vector3()).y;
    const mixer = play(clip, copy);
    let worst = 0;
    const t = source.frameTime(source.frameCount - 1);
    for (const time of [0.5, 1.2, t]) {
      binding.apply({ rotations: preview.evaluate(time), root: source.root(time) });
      mixer.setTime(time);
      rig.updateMatrixWorld(true);
      copy.updateMatrixWorld(true);
      const a = hips.getWorldPosition(new Vector3());
      worst = Math.max(
        worst,
        a.distanceTo(copy.getObjectByName(hips.name).getWorldPosition(new Vector3())),
      );
    }
    expect(worst).toBeLessThan(1e-5);
    // scaled by the ratio of hip heights: this rig's (m) to kblend's at 1.75 m
    const ratio = restY / (BIND_FRACTIONS[1] * kb.defaults.height);
    const moved = hips.getWorldPosition(new Vector3()).x;
    expect(moved).toBeCloseTo(0.2 * t * ratio, 4);
  });

  it('bakes at fps, and bakes a rig a live binding holds from its rest', () => {
    const rig = buildRig(kb, {
      names: Object.fromEntries(Object.entries(MIXAMO).map(([k, v]) => [k, v.replace(':', '')])),
      axes: 'plusY',
      restPose: kb.idlePose(0.5),
    });
    const preview = kb.createPreview({ gesture: 'salute' });
    const before = toAnimationClip(preview, { rig: rig.root, fps: 10 });
    expect(before.tracks[0].times).toHaveLength(Math.floor(preview.duration * 10 + 1e-9) + 1);
    expect(before.tracks[0].times[1]).toBeCloseTo(0.1, 6);
    const binding = createRigBinding(rig.root);
    binding.apply(preview, 1.3); // the rig is posed, not at rest
    const after = toAnimationClip(preview, { rig: rig.root, fps: 10 });
    expect(Array.from(after.tracks[5].values)).toEqual(Array.from(before.tracks[5].values));
    expect(after.userData.kblend.rest.kind).toBe('apose');
  });

  it('refuses misspelt and mismatched options, naming what is allowed', () => {
    const preview = kb.createPreview({ gesture: 'wave' });
    const rig = buildRig(kb, { names: MIXAMO, axes: 'identity', restPose: kb.idlePose(0) });
    expect(() => toAnimationClip(preview, { rigg: rig.root })).toThrow(
      "toAnimationClip: unknown option 'rigg' — did you mean 'rig'?",
    );
    expect(() => toAnimationClip(preview, { rig: rig.root, boneNames: MIXAMO })).toThrow(
      /boneNames and rootOffset are for kblend-named rigs/,
    );
    expect(() => toAnimationClip(preview, { rest: 'auto' })).toThrow(/map and rest need rig/);
    expect(() => toAnimationClip(preview, { rig: 'scene' })).toThrow(
      /rig must be a THREE.Object3D/,
    );
    // three cannot name "mixamorig:Hips" in a track
    expect(() => toAnimationClip(preview, { rig: rig.root })).toThrow(
      /bone "mixamorig:Hips" cannot be named in an animation track.*"mixamorigHips"/,
    );
    expect(() => toAnimationClip(preview, { fps: 0 })).toThrow(RangeError);
  });

  it('createCrowdBinding refuses a misspelt option too', () => {
    const crowd = kb.createCrowd({ members: [{ gesture: 'wave' }] });
    const rig = buildRig(kb, { names: MIXAMO, axes: 'identity', restPose: kb.idlePose(0) });
    expect(() => createCrowdBinding([rig.root], crowd, { rset: 'auto' })).toThrow(
      "createCrowdBinding: unknown option 'rset' — did you mean 'rest'?",
    );
    expect(() => createCrowdBinding([rig.root], crowd, [{ mapp: {} }])).toThrow(
      /createCrowdBinding options\[0\]: unknown option 'mapp'/,
    );
    crowd.dispose();
  });
});
