// BVH import through the WASM build: name mapping, scaling, retargeting
// quality on an authored fixture, the preview of the result, and a clear
// error for every kind of broken file.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mapJointNames } from '../../../web/lib/bvh/joint-names.js';
import { limbDirectionError } from '../../../web/lib/bvh/retarget-helpers.js';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { BvhImportError, importBvh } from '../../../web/viewer/import/bvh-import.js';

const kb = await loadKBlend();
const fixture = readFileSync(new URL('../../fixtures/walk_mocap_cm.bvh', import.meta.url), 'utf8');
const DEG = Math.PI / 180;

function rigPositions(result) {
  const out = new Float64Array(result.frames * 66);
  for (let f = 0; f < result.frames; f++) {
    const pose = result.rotations.subarray(f * 88, (f + 1) * 88);
    const root = result.root.subarray(3 * f, 3 * f + 3);
    out.set(kb.forwardKinematics(pose, root).positions, f * 66);
  }
  return out;
}

describe('importBvh on the authored walk (mocap names, cm, other proportions)', () => {
  const result = importBvh(fixture, kb, { fileName: 'walk_mocap_cm.bvh' });

  it('maps every joint by name and reports the unused ones', () => {
    expect(result.unmapped).toEqual([]);
    expect(result.ignored).toEqual(['LeftHandIndex1', 'RightHandIndex1']);
    expect(result.mapping.pelvis).toBe('Hips');
    expect(result.mapping.left_collar).toBe('LeftShoulder');
    expect(result.mapping.left_shoulder).toBe('LeftArm');
    expect(result.mapping.left_elbow).toBe('LeftForeArm');
    expect(result.mapping.spine1).toBe('Spine');
    expect(result.mapping.spine3).toBe('Spine2');
  });

  it('reads the clip timing and scales centimetres to our height', () => {
    expect(result.frames).toBe(90);
    expect(result.fps).toBeCloseTo(30, 3);
    expect(result.duration).toBeCloseTo(89 / 30, 4);
    // 160 cm source joint span to our 1.75 m rig: about 1/100 · 1.75/1.6
    expect(result.scale).toBeGreaterThan(0.0105);
    expect(result.scale).toBeLessThan(0.0125);
  });

  it('retargets with a mean limb-direction error under 2°', () => {
    const error = limbDirectionError(
      result.sourcePositions,
      rigPositions(result),
      result.limbs,
      result.frames,
    );
    expect(result.limbs.length).toBeGreaterThanOrEqual(20);
    expect(error.mean).toBeLessThan(2 * DEG);
    expect(error.max).toBeLessThan(5 * DEG);
  });

  it('gives a track the preview plays through the envelope and filter', () => {
    const preview = kb.createPreview({ track: result.track });
    expect(preview.duration).toBeCloseTo(result.duration, 4);
    const idle = kb.idlePose();
    expect(Array.from(preview.evaluate(0))).toEqual(Array.from(idle));
    const mid = preview.evaluate(result.duration / 2);
    const frame = Math.round(result.frames / 2);
    const target = result.rotations.subarray(frame * 88, frame * 88 + 88);
    // at full envelope the output follows the clip (the filter lags a little)
    const knee = kb.geodesicAngle(mid.slice(16, 20), target.slice(16, 20));
    expect(knee).toBeLessThan(0.3);
    expect(kb.geodesicAngle(mid.slice(16, 20), idle.slice(16, 20))).toBeGreaterThan(0.01);
  });

  it('maps mixamorig: names the same way', () => {
    const mixamo = fixture.replace(/(ROOT|JOINT) (\S+)/g, '$1 mixamorig:$2');
    const other = importBvh(mixamo, kb);
    expect(other.unmapped).toEqual([]);
    expect(other.mapping.left_elbow).toBe('mixamorig:LeftForeArm');
    expect(Array.from(other.rotations.slice(0, 880))).toEqual(
      Array.from(result.rotations.slice(0, 880)),
    );
  });
});

describe('mapJointNames', () => {
  const chain = (names) => names.map((_, i) => i - 1); // a single chain, for spine tests

  it('knows Kimodo/SMPL names', () => {
    const names = kb.skeleton.names.slice();
    const { indexOf, unmapped } = mapJointNames(names, Array.from(kb.skeleton.parents));
    expect(unmapped).toEqual([]);
    expect(indexOf).toEqual(names.map((_, i) => i));
    const smpl = [
      'Pelvis',
      'L_Hip',
      'R_Hip',
      'Spine1',
      'L_Knee',
      'R_Knee',
      'Spine2',
      'L_Ankle',
      'R_Ankle',
      'Spine3',
      'Neck',
    ];
    const mapped = mapJointNames(smpl, [-1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 9]);
    expect(mapped.indexOf.slice(0, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(mapped.indexOf[12]).toBe(10);
  });

  it('spreads CMU and Mixamo spines over spine1..spine3 by hierarchy', () => {
    const cmu = ['Hips', 'LowerBack', 'Spine', 'Spine1', 'Neck', 'Neck1', 'Head'];
    const m = mapJointNames(cmu, chain(cmu));
    expect([3, 6, 9, 12, 15].map((j) => cmu[m.indexOf[j]])).toEqual([
      'LowerBack',
      'Spine',
      'Spine1',
      'Neck',
      'Head',
    ]);
    const mixamo = [
      'mixamorig:Hips',
      'mixamorig:Spine',
      'mixamorig:Spine1',
      'mixamorig:Spine2',
      'mixamorig:Neck',
    ];
    const x = mapJointNames(mixamo, chain(mixamo));
    expect([3, 6, 9].map((j) => mixamo[x.indexOf[j]])).toEqual([
      'mixamorig:Spine',
      'mixamorig:Spine1',
      'mixamorig:Spine2',
    ]);
  });

  it('lists what it could not map', () => {
    const { unmapped, ignored } = mapJointNames(['Hips', 'Tail'], [-1, 0]);
    expect(unmapped).toContain('left_elbow');
    expect(ignored).toEqual(['Tail']);
  });
});

describe('importBvh refuses broken files with a clear message and changes nothing', () => {
  const good = importBvh(fixture, kb);
  const snapshot = Array.from(good.rotations.slice(0, 200));

  // the fixture with one value of one frame replaced
  const withValue = (frame, channel, value) => {
    const lines = fixture.split('\n');
    const first = lines.findIndex((l) => l.startsWith('Frame Time:')) + 1;
    const values = lines[first + frame].split(' ');
    values[channel] = value;
    lines[first + frame] = values.join(' ');
    return lines.join('\n');
  };
  const cases = {
    empty: ['', /is empty/],
    'blank lines only': ['\n\n  \n', /is empty/],
    'not a BVH file': ['{"name": "clap"}', /not a BVH file: the first line must be HIERARCHY/],
    'truncated in the hierarchy': [fixture.slice(0, 800), /hierarchy ends inside|truncated/],
    'truncated in the motion': [
      fixture.slice(0, Math.floor(fixture.length * 0.6)),
      /truncated: the file declares 90 frames but has \d+|frame \d+ has \d+ values/,
    ],
    'NaN channel': [withValue(0, 0, 'NaN'), /frame 0, channel 0 \(Hips Xposition\) is "NaN"/],
    'NaN in a joint channel': [
      withValue(41, 10, 'nan'),
      /frame 41, channel 10 \(LeftLeg Xrotation\) is "nan"/,
    ],
    'a word in a channel': [
      withValue(3, 2, 'abc'),
      /frame 3, channel 2 \(Hips Zposition\) is "abc"/,
    ],
    'infinite channel': [withValue(5, 30, 'Infinity'), /frame 5, channel 30 .* is "Infinity"/],
    'bad frame count': [fixture.replace('Frames: 90', 'Frames: many'), /expected "Frames: N"/],
    'no joints we know': [
      fixture.replace(/JOINT (Left|Right)/g, 'JOINT Bone$1').replace('ROOT Hips', 'ROOT Base'),
      /could not map pelvis, left_hip, right_hip/,
    ],
  };
  for (const [name, [text, message]] of Object.entries(cases)) {
    it(name, () => {
      let error;
      try {
        importBvh(text, kb, { fileName: 'broken.bvh' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BvhImportError);
      expect(error.message).toMatch(message);
      expect(Array.from(good.rotations.slice(0, 200))).toEqual(snapshot);
    });
  }

  it('a file over 50 MB is refused before parsing', () => {
    const huge = 'HIERARCHY\n' + ' '.repeat(50 * 1024 * 1024);
    expect(() => importBvh(huge, kb, { fileName: 'huge.bvh' })).toThrow(
      /huge.bvh is larger than the 50.0 MB limit/,
    );
    const bytes = new Uint8Array(50 * 1024 * 1024 + 1);
    expect(() => importBvh(bytes, kb)).toThrow(/is 50.0 MB, larger than the 50.0 MB limit/);
  });

  it('bytes decode like text', () => {
    const fromBytes = importBvh(new TextEncoder().encode(fixture), kb);
    expect(fromBytes.frames).toBe(90);
  });
});
