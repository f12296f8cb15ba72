// The outputs read back: npz (each .npy header parsed here: dtype '<f4',
// shape, C order), json and bvh, against kb.importBvh of the same file.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend, JOINT_NAMES } from 'kblend';
import { longCapture } from '../../fixtures/bvh/long-capture.js';
import { convert, readJson, readNpz, tempFolder, removeTempFolders } from './cli-support.js';

afterAll(removeTempFolders);

let kb;
let folder;
let input;
let clip;

beforeAll(async () => {
  kb = await loadKBlend();
  folder = tempFolder();
  input = join(folder, 'take.bvh');
  const text = longCapture(30);
  writeFileSync(input, text);
  clip = kb.importBvh(text, { name: 'take.bvh' });
});

const run = (format, extra = []) => {
  const out = join(folder, format);
  const result = convert([input, '--out', out, '--format', format, '--jobs', '1', ...extra]);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  return join(out, `take.${format}`);
};

describe('kblend convert --format npz', () => {
  it('writes rotations, root and positions as .npy v1.0 float32 arrays that match importBvh', () => {
    const npz = readNpz(run('npz'));
    const F = clip.frames;
    const fk = kb.forwardKinematicsBatch(clip.rotations, clip.root).positions;
    for (const [name, shape, expected] of [
      ['rotations', [F, 22, 4], clip.rotations],
      ['root', [F, 3], clip.root],
      ['positions', [F, 22, 3], fk],
    ]) {
      const array = npz[name];
      expect(array.version).toEqual([1, 0]);
      expect(array.descr).toBe("'<f4'");
      expect(array.fortranOrder).toBe('False');
      expect(array.shape).toEqual(shape);
      expect(array.dataStart % 64).toBe(0);
      expect(array.header.endsWith('\n')).toBe(true);
      expect(array.values).toEqual(expected);
    }
    expect(npz.fps.descr).toBe("'<f8'");
    expect(npz.fps.shape).toEqual([]);
    expect(npz.fps.values[0]).toBeCloseTo(clip.fps, 9);
  });
});

describe('kblend convert --format json', () => {
  it('writes name, fps, frames, joints and the nested arrays, every value the float32 of importBvh', () => {
    const json = readJson(run('json'));
    expect(json).toMatchObject({ name: 'take.bvh', frames: clip.frames, joints: JOINT_NAMES });
    expect(json.fps).toBeCloseTo(clip.fps, 9);
    expect(json.rotations).toHaveLength(clip.frames);
    expect(json.rotations[0]).toHaveLength(22);
    expect(Float32Array.from(json.rotations.flat(2))).toEqual(clip.rotations);
    expect(Float32Array.from(json.root.flat())).toEqual(clip.root);
    const fk = kb.forwardKinematicsBatch(clip.rotations, clip.root).positions;
    expect(Float32Array.from(json.positions.flat(2))).toEqual(fk);
  });

  it('keeps the root at x = z = 0 with --in-place', () => {
    const json = readJson(run('json', ['--in-place', '--force']));
    const travelled = clip.root[3 * (clip.frames - 1) + 2];
    expect(Math.abs(travelled)).toBeGreaterThan(0.05);
    for (const [x, , z] of json.root) expect([x, z]).toEqual([0, 0]);
  });
});

describe('kblend convert --format bvh', () => {
  it("writes kblend's skeleton, which imports directly with the same rotations", () => {
    const back = kb.importBvh(readFileSync(run('bvh'), 'utf8'));
    expect(back.method).toBe('direct');
    expect([...back.joints].sort()).toEqual([...JOINT_NAMES].sort());
    expect(back.frames).toBe(clip.frames);
    let worst = 0;
    for (let i = 0; i < clip.rotations.length; i += 4) {
      const a = clip.rotations.subarray(i, i + 4);
      worst = Math.max(worst, kb.geodesicAngle(a, back.rotations.subarray(i, i + 4)));
    }
    expect(worst).toBeLessThan(1e-3);
  });
});
