// toAnimationClip played by THREE.AnimationMixer matches preview.evaluate
// at the frame times, for every gesture of the library.
import { AnimationMixer, Group, LoopOnce, Object3D } from 'three';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { PELVIS_BIND, toAnimationClip } from '../../../web/three/index.js';
import { MIXAMO } from './rigs.js';

const kb = await loadKBlend();

// A plain Object3D per joint, named as given, under one group.
function namedHierarchy(boneNames) {
  const root = new Group();
  const objects = boneNames.map((name) => Object.assign(new Object3D(), { name }));
  objects.forEach((o, j) =>
    (kb.skeleton.parents[j] < 0 ? root : objects[kb.skeleton.parents[j]]).add(o),
  );
  return { root, objects };
}

function play(clip, root) {
  const mixer = new AnimationMixer(root);
  const action = mixer.clipAction(clip);
  action.setLoop(LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  return mixer;
}

describe('toAnimationClip', () => {
  for (const gesture of kb.gestureNames) {
    it(`${gesture}: the mixer's bones equal evaluate(t) within 1e-5 rad at frame times`, () => {
      const preview = kb.createPreview({ gesture });
      const clip = toAnimationClip(preview);
      expect(clip.name).toBe(gesture);
      expect(clip.tracks).toHaveLength(22);
      expect(clip.tracks[0].times).toHaveLength(preview.frameCount);
      const { root, objects } = namedHierarchy(kb.skeleton.names);
      const mixer = play(clip, root);
      let worst = 0;
      for (let k = 0; k < preview.frameCount; k += 3) {
        const t = preview.frameTime(k);
        mixer.setTime(t);
        const pose = preview.evaluate(t);
        objects.forEach((o, j) => {
          const q = pose.subarray(4 * j, 4 * j + 4);
          // the core's geodesic angle: atan2, exact near 0 (three's angleTo uses acos)
          worst = Math.max(worst, kb.geodesicAngle(o.quaternion.toArray(), q));
        });
      }
      expect(worst).toBeLessThan(1e-5);
      preview.dispose();
    });
  }

  it('names tracks for boneNames and adds a root position track when the preview moves', () => {
    const inner = kb.createPreview({ gesture: 'wave' });
    // root motion as previews give it (preview.root(t) → [x, y, z])
    const moving = {
      frameCount: inner.frameCount,
      frameTime: (k) => inner.frameTime(k),
      frame: (k) => inner.frame(k),
      root: (t) => [0.5 * t, 0, -0.2 * t],
      options: inner.options,
    };
    // named as GLTFLoader names a Mixamo file's nodes (no ':')
    const bones = kb.skeleton.names.map((n) => MIXAMO[n].replace(':', ''));
    const clip = toAnimationClip(moving, { name: 'walkish', boneNames: MIXAMO });
    expect(clip.name).toBe('walkish');
    expect(clip.tracks.map((t) => t.name)).toContain('mixamorigLeftForeArm.quaternion');
    const position = clip.tracks.find((t) => t.name === 'mixamorigHips.position');
    expect(position.ValueTypeName).toBe('vector');
    const { root, objects } = namedHierarchy(bones);
    const mixer = play(clip, root);
    const t = inner.frameTime(40);
    mixer.setTime(t);
    expect(objects[0].position.x).toBeCloseTo(PELVIS_BIND[0] + 0.5 * t, 5);
    expect(objects[0].position.y).toBeCloseTo(PELVIS_BIND[1], 5);
    expect(objects[0].position.z).toBeCloseTo(PELVIS_BIND[2] - 0.2 * t, 5);
    const pose = inner.evaluate(t);
    objects.forEach((o, j) => {
      expect(
        kb.geodesicAngle(o.quaternion.toArray(), pose.subarray(4 * j, 4 * j + 4)),
      ).toBeLessThan(1e-5);
    });
    expect(toAnimationClip(inner).tracks.some((t) => t.name.endsWith('.position'))).toBe(false);
  });

  it('refuses what is not a preview and bad bone names', () => {
    expect(() => toAnimationClip({})).toThrow(/preview must be a kblend preview/);
    const preview = kb.createPreview();
    expect(() => toAnimationClip(preview, { boneNames: ['a'] })).toThrow(
      /must list 22 names \(kblend's joint order\), got 1/,
    );
    expect(() => toAnimationClip(preview, { boneNames: { wrist: 'Hand' } })).toThrow(
      /"wrist" is not a kblend joint/,
    );
  });
});
