// kb.exportBvh writes kblend's skeleton; three.js's BVHLoader and
// kb.importBvh both read it back to the same poses within 1e-4 rad.
import { readFileSync } from 'node:fs';
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { longCapture } from '../../fixtures/bvh/long-capture.js';

const kb = await loadKBlend();
const names = kb.skeleton.names;
const read = (file) => readFileSync(new URL(`../../fixtures/bvh/${file}`, import.meta.url), 'utf8');

const angle = (a, at, b, bt) => kb.geodesicAngle(a.slice(at, at + 4), b.slice(bt, bt + 4));

// Largest angle over frames and joints between BVHLoader's quaternion
// tracks and the expected poses (frames × 88).
function loaderError(text, poses, frames) {
  const { clip } = new BVHLoader().parse(text);
  let worst = 0;
  names.forEach((name, j) => {
    const track = clip.tracks.find((t) => t.name === `${name}.quaternion`);
    for (let f = 0; f < frames; f++)
      worst = Math.max(worst, angle(track.values, 4 * f, poses, 88 * f + 4 * j));
  });
  return worst;
}

function poseError(a, b, frames) {
  let worst = 0;
  for (let i = 0; i < frames * 22; i++) worst = Math.max(worst, angle(a, 4 * i, b, 4 * i));
  return worst;
}

const figures = {};

describe('exportBvh round trips', () => {
  for (const gesture of kb.gestureNames) {
    it(`${gesture}: BVHLoader and importBvh read back the preview's poses within 1e-4 rad`, () => {
      const preview = kb.createPreview({ gesture });
      const text = kb.exportBvh(preview);
      const frames = preview.frameCount;
      const poses = new Float32Array(frames * 88);
      for (let f = 0; f < frames; f++) poses.set(preview.frame(f), 88 * f);
      const viaLoader = loaderError(text, poses, frames);
      const back = kb.importBvh(text);
      expect(back.method).toBe('direct');
      expect(back.frames).toBe(frames);
      const viaImport = poseError(back.rotations, poses, frames);
      expect(viaLoader).toBeLessThan(1e-4);
      expect(viaImport).toBeLessThan(1e-4);
      expect(Math.max(...back.root.map(Math.abs))).toBeLessThan(1e-6);
      figures[gesture] = { viaLoader, viaImport };
      preview.dispose();
    });
  }

  it('a clip with root motion: rotations within 1e-4 rad and the root within 0.1 mm', () => {
    const clip = kb.importBvh(read('cmu_walk_cm_120fps.bvh'));
    const text = kb.exportBvh(clip);
    expect(text).toContain('Frame Time: 0.00833330'); // the file's own 0.0083333
    const viaLoader = loaderError(text, clip.rotations, clip.frames);
    expect(viaLoader).toBeLessThan(1e-4);
    const { clip: loaded } = new BVHLoader().parse(text);
    const position = loaded.tracks.find((t) => t.name === 'pelvis.position').values;
    const pelvis = kb.bindPositions()[1];
    let rootError = 0;
    for (let f = 0; f < clip.frames; f++) {
      rootError = Math.max(
        rootError,
        Math.abs(position[3 * f + 1] / 100 - pelvis - clip.root[3 * f + 1]),
      );
      rootError = Math.max(rootError, Math.abs(position[3 * f + 2] / 100 - clip.root[3 * f + 2]));
    }
    expect(rootError).toBeLessThan(1e-4);
    const back = kb.importBvh(text);
    expect(back.method).toBe('direct');
    const viaImport = poseError(back.rotations, clip.rotations, clip.frames);
    expect(viaImport).toBeLessThan(1e-4);
    const rootBack = Math.max(...back.root.map((v, i) => Math.abs(v - clip.root[i])));
    expect(rootBack).toBeLessThan(1e-4);
    figures.walk = { viaLoader, viaImport, rootBack, rootError };
    console.log('exportBvh round-trip errors (rad; root m):', JSON.stringify(figures));
  });

  it('writes offsets from bindPositions, one channel order, in cm or m, at any fps', () => {
    const preview = kb.createPreview({ gesture: 'clap' });
    const text = kb.exportBvh(preview, { fps: 60, units: 'm' });
    const { skeleton } = new BVHLoader().parse(text);
    const bind = kb.bindPositions();
    const elbow = skeleton.bones.find((b) => b.name === 'left_elbow');
    expect(elbow.position.x).toBeCloseTo(bind[3 * 18] - bind[3 * 16], 6);
    expect(text).toMatch(
      /ROOT pelvis\n\{\n {2}OFFSET 0\.000000 0\.945000 0\.000000\n {2}CHANNELS 6 Xposition Yposition Zposition Xrotation Yrotation Zrotation/,
    );
    expect(text.match(/CHANNELS 3 Xrotation Yrotation Zrotation/g)).toHaveLength(21);
    expect(text).toContain('Frame Time: 0.01666667');
    expect(kb.exportBvh(preview)).toMatch(/OFFSET 0\.000000 94\.49999\d 0\.000000/);
  });

  it('refuses what it cannot write', () => {
    const preview = kb.createPreview();
    expect(() => kb.exportBvh({})).toThrow(/source must be a preview, a clip/);
    expect(() => kb.exportBvh(preview, { units: 'ft' })).toThrow(
      /units must be one of "cm", "m", got "ft"/,
    );
    expect(() => kb.exportBvh(preview, { fps: 0 })).toThrow(/fps must be/);
    const uneven = { times: [0, 0.1, 0.3], rotations: new Float32Array(3 * 88).fill(0.5) };
    expect(() => kb.exportBvh(uneven)).toThrow(/track.times must be evenly spaced/);
  });
});

// A track of n identity-free frames at fps: every joint turning a little
// each frame, float32 key times as a capture stores them.
function turningTrack(n, fps) {
  const times = new Float32Array(n).map((_, k) => k / fps);
  const rotations = new Float32Array(n * 88);
  for (let k = 0; k < n; k++)
    for (let j = 0; j < 22; j++)
      rotations.set(
        kb.quatFromEuler([0.4 * Math.sin(k / 9 + j), 0.3 * Math.cos(k / 13), 0.1]),
        88 * k + 4 * j,
      );
  const root = new Float32Array(3 * n).map((_, i) => (i % 3 === 2 ? i / 3 / fps : 0));
  return { times, rotations, root };
}

const framesIn = (text) => Number(text.match(/Frames: (\d+)/)[1]);

describe('exportBvh writes every frame it is given', () => {
  it.each([
    [86, 30],
    [86, 120],
    [1000, 120],
  ])('%i keys at %i fps: as a track and through createPreview({ track })', (n, fps) => {
    const track = turningTrack(n, fps);
    expect(framesIn(kb.exportBvh(track))).toBe(n);
    const preview = kb.createPreview({ track });
    expect(preview.frameCount).toBe(n);
    const text = kb.exportBvh(preview);
    expect(framesIn(text)).toBe(n);
    const back = kb.importBvh(text);
    expect(back.frames).toBe(n);
    expect(poseError(back.rotations, track.rotations, n)).toBeLessThan(1e-4);
    preview.dispose();
  });

  it('a 40 s capture at 120 fps exports, and importBvh reads every frame back', () => {
    const clip = kb.importBvh(longCapture(4801));
    expect(clip.duration).toBeGreaterThan(32);
    const text = kb.exportBvh(clip);
    expect(framesIn(text)).toBe(4801);
    const back = kb.importBvh(text);
    expect(back.frames).toBe(4801);
    expect(poseError(back.rotations, clip.rotations, 4801)).toBeLessThan(1e-4);
    // the bare track: its frame time from the first step, float32 keys
    const { times, rotations, root } = clip.track;
    expect(framesIn(kb.exportBvh({ times, rotations, root }))).toBe(4801);
  });

  it('never writes NaN or Infinity: a zero quaternion or a root beyond 1 km is refused', () => {
    const track = turningTrack(4, 30);
    const zero = { ...track, rotations: track.rotations.slice() };
    zero.rotations.fill(0, 88 * 2 + 4 * 5, 88 * 2 + 4 * 5 + 4);
    expect(() => kb.exportBvh(zero)).toThrow(
      new RangeError(
        'track.rotations: frame 2, joint right_knee must be a nonzero quaternion of finite norm, got [0, 0, 0, 0]',
      ),
    );
    const far = { ...track, root: Array.from(track.root) };
    far.root[4] = 1e307;
    expect(() => kb.exportBvh(far)).toThrow(
      /track.root: frame 1 must be within ±1000 m on each axis \(a BVH in cm/,
    );
    const edge = { ...track, root: track.root.slice() };
    edge.root[4] = 1000;
    const text = kb.exportBvh(edge);
    expect(text).not.toMatch(/NaN|Infinity|e\+/);
    expect(kb.importBvh(text).frames).toBe(4);
  });
});

describe('exportBvh and importBvh refuse hostile arguments with the library errors', () => {
  const preview = kb.createPreview();
  const cases = [
    () => kb.exportBvh({ times: 5, rotations: 5 }),
    () => kb.exportBvh({ times: [0], rotations: [1, 2] }),
    () => kb.exportBvh({ times: [0, NaN], rotations: new Float32Array(176) }),
    () => kb.exportBvh({ track: { times: [0, 1], rotations: new Float32Array(176), root: [1] } }),
    () => kb.exportBvh({ track: { times: [0, 1e-9], rotations: new Float32Array(176) } }),
    () => kb.exportBvh(preview, null),
    () => kb.exportBvh(preview, { height: -1 }),
    () => kb.importBvh(null),
    () => kb.importBvh('HIERARCHY', null),
    () => kb.importBvh('HIERARCHY', { map: 7 }),
    () => kb.importBvh('HIERARCHY\nROOT\n'),
    () => kb.importBvh('HIERARCHY\nEnd Site\n{\n'),
  ];
  it.each(cases.map((c, i) => [i, c]))('case %i is a TypeError or RangeError', (_, call) => {
    let error;
    try {
      call();
    } catch (e) {
      error = e;
    }
    expect(error instanceof TypeError || error instanceof RangeError).toBe(true);
  });
});
