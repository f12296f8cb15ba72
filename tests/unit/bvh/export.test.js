// kb.exportBvh writes kblend's skeleton; three.js's BVHLoader and
// kb.importBvh both read it back to the same poses within 1e-4 rad.
import { readFileSync } from 'node:fs';
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';

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
      const frames = Math.floor(preview.duration * preview.fps + 1e-6) + 1;
      const poses = new Float32Array(frames * 88);
      for (let f = 0; f < frames; f++) poses.set(preview.evaluate(f / preview.fps), 88 * f);
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
