// kb.createPreview({ track }) plays a capture as captured: every key time
// gives that key's pose (the last one included) and root, times between
// keys interpolate; blend: 'idle' (or an explicit attack, release,
// epsilon, …) shapes it with the envelope and the filter as for a gesture.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';

const kb = await loadKBlend();
const POSE = 88;
const readBvh = (file) =>
  readFileSync(new URL(`../../fixtures/bvh/${file}`, import.meta.url), 'utf8');

const quat = (a, at) => a.slice(at, at + 4);

// A 120 fps track moving every joint (up to 6 rad/s, as fast as a capture
// moves), with root travel.
function syntheticTrack(frames = 181, fps = 120) {
  const times = new Float32Array(frames);
  const rotations = new Float32Array(frames * POSE);
  const root = new Float32Array(frames * 3);
  for (let k = 0; k < frames; k++) {
    times[k] = k / fps;
    for (let j = 0; j < 22; j++) {
      const angles = [0, 1, 2].map((a) => 0.9 * Math.sin(0.02 * k * (1 + j / 11) + a * 1.3 + j));
      rotations.set(kb.quatFromEuler(angles), k * POSE + 4 * j);
    }
    root.set([0.3 * Math.sin(k / 40), 0.02 * Math.cos(k / 7), k / 200], 3 * k);
  }
  return { times, rotations, root };
}

// Largest angle (rad) and root difference (m) over every key of the track.
function keyErrors(preview, track) {
  let angle = 0;
  let root = 0;
  for (let k = 0; k < track.times.length; k++) {
    const t = track.times[k];
    const pose = preview.evaluate(t);
    for (let j = 0; j < 22; j++) {
      const d = kb.geodesicAngle(quat(pose, 4 * j), quat(track.rotations, k * POSE + 4 * j));
      angle = Math.max(angle, d);
    }
    const r = preview.root(t);
    for (let i = 0; i < 3; i++) root = Math.max(root, Math.abs(r[i] - track.root[3 * k + i]));
  }
  return { angle, root };
}

const cases = [
  ['an imported 120 fps BVH capture', () => kb.importBvh(readBvh('cmu_walk_cm_120fps.bvh')).track],
  [
    'an imported 60 fps capture in metres',
    () => kb.importBvh(readBvh('vrm_humanoid_m_60fps.bvh')).track,
  ],
  // retargeted by the solver, which poses the spine2 the file lacks
  [
    'an imported capture with bones along X and no spine2',
    () => kb.importBvh(readBvh('greeting_bandai_along_x_cm.bvh')).track,
  ],
  ['a synthetic 120 fps track', () => syntheticTrack()],
];

describe('createPreview({ track }) plays the track as captured', () => {
  it.each(cases)('%s: every key within 1e-5 rad, the root within 1e-6 m', (_, make) => {
    const track = make();
    const preview = kb.createPreview({ track });
    expect(preview.options.blend).toBe('none');
    expect(preview.frameCount).toBe(track.times.length);
    const { angle, root } = keyErrors(preview, track);
    expect(angle).toBeLessThan(1e-5);
    expect(root).toBeLessThan(1e-6);
    // the last frame is the track's last key, not idle
    const last = track.times.length - 1;
    const end = preview.frame(preview.frameCount - 1);
    for (let j = 0; j < 22; j++) {
      const d = kb.geodesicAngle(quat(end, 4 * j), quat(track.rotations, last * POSE + 4 * j));
      expect(d).toBeLessThan(1e-5);
    }
    preview.dispose();
  });

  it('a time between two keys interpolates between them', () => {
    const track = syntheticTrack();
    const preview = kb.createPreview({ track });
    let worst = 0;
    for (const k of [0, 17, 90, 179]) {
      const t = (track.times[k] + track.times[k + 1]) / 2;
      const pose = preview.evaluate(t);
      for (let j = 0; j < 22; j++) {
        const a = quat(track.rotations, k * POSE + 4 * j);
        const b = quat(track.rotations, (k + 1) * POSE + 4 * j);
        worst = Math.max(worst, kb.geodesicAngle(quat(pose, 4 * j), kb.slerp(a, b, 0.5)));
      }
    }
    expect(worst).toBeLessThan(1e-5);
    preview.dispose();
  });

  it("blend: 'idle' shapes it: frame 0 and the last frame are exactly idle", () => {
    const track = syntheticTrack();
    const idle = kb.idlePose();
    for (const options of [{ blend: 'idle' }, { attack: 0.1 }, { epsilon: 0.001 }]) {
      const preview = kb.createPreview({ track, ...options });
      expect(preview.options.blend).toBe('idle');
      expect(Array.from(preview.frame(0))).toEqual(Array.from(idle));
      expect(Array.from(preview.frame(preview.frameCount - 1))).toEqual(Array.from(idle));
      preview.dispose();
    }
  });

  it("blend: 'none' beside a shaping option, or an unknown blend, is refused", () => {
    const track = syntheticTrack(3);
    expect(() => kb.createPreview({ track, blend: 'none', release: 0.2 })).toThrow(
      /blend 'none' .* takes no release/,
    );
    expect(() => kb.createPreview({ track, blend: 'envelope' })).toThrow(RangeError);
  });

  it('a gesture keeps its envelope: ends exactly at idle', () => {
    const preview = kb.createPreview({ gesture: 'wave' });
    expect(preview.options.blend).toBe('idle');
    const last = preview.frame(preview.frameCount - 1);
    expect(Array.from(last)).toEqual(Array.from(kb.idlePose()));
    preview.dispose();
  });
});
