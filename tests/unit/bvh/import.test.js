// kb.importBvh on a fixture per naming convention (tests/fixtures/bvh/,
// written by make_fixtures.js from one known walk): every joint mapped,
// limb directions as the walk's, root travel at our scale, feet grounded
// in every frame though the files' floors differ and a toe dips once.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { FIXTURES } from '../../fixtures/bvh/conventions.js';
import { DIP_FRAME, SPEED, walkPose } from '../../fixtures/bvh/make_fixtures.js';

const kb = await loadKBlend();
const names = kb.skeleton.names;
const parents = kb.skeleton.parents;
const bind = kb.bindPositions();
const DEG = Math.PI / 180;
const FEET = [7, 8, 10, 11];
const read = (file) => readFileSync(new URL(`../../fixtures/bvh/${file}`, import.meta.url), 'utf8');

const EXPECTED = {
  'cmu_walk_cm_120fps.bvh': {
    left_hip: 'LeftUpLeg',
    spine1: 'LowerBack',
    neck: 'Neck',
    ignored: 'LHipJoint',
  },
  'mixamo_apose_cm.bvh': { left_collar: 'mixamorig:LeftShoulder', spine3: 'mixamorig:Spine2' },
  'poser_daz_inches.bvh': {
    pelvis: 'hip',
    left_shoulder: 'lShldr',
    left_knee: 'lShin',
    spine3: 'chest',
  },
  'vrm_humanoid_m_60fps.bvh': {
    left_collar: 'leftShoulder',
    left_foot: 'leftToes',
    spine2: 'chest',
  },
  'biped_max_cm.bvh': {
    pelvis: 'Bip01 Pelvis',
    left_knee: 'Bip01 L Calf',
    left_shoulder: 'Bip01 L UpperArm',
  },
  'unnamed_topology_cm.bvh': { pelvis: 'j00', left_elbow: 'j21', right_ankle: 'j08', head: 'j16' },
};

// Mean and largest angle between the clip's and the walk's segments.
function segmentError(clip) {
  let sum = 0;
  let count = 0;
  let max = 0;
  for (let f = 0; f < clip.frames; f++) {
    const ours = kb.forwardKinematics(clip.rotations.subarray(88 * f, 88 * f + 88)).positions;
    const truth = kb.forwardKinematics(walkPose(f / clip.fps)).positions;
    for (let j = 1; j < 22; j++) {
      const p = parents[j];
      if (!clip.driven[j] || !clip.driven[p]) continue;
      const a = [0, 1, 2].map((k) => ours[3 * j + k] - ours[3 * p + k]);
      const b = [0, 1, 2].map((k) => truth[3 * j + k] - truth[3 * p + k]);
      const cos = a.reduce((s, v, k) => s + v * b[k], 0) / Math.hypot(...a) / Math.hypot(...b);
      const angle = Math.acos(Math.min(1, cos));
      sum += angle;
      max = Math.max(max, angle);
      count++;
    }
  }
  return { mean: sum / count, max };
}

// Per frame: the lowest foot joint's height over its bind height.
function lowestFoot(clip) {
  const out = [];
  for (let f = 0; f < clip.frames; f++) {
    const at = kb.forwardKinematics(
      clip.rotations.subarray(88 * f, 88 * f + 88),
      clip.root.subarray(3 * f, 3 * f + 3),
    ).positions;
    out.push(Math.min(...FEET.map((j) => at[3 * j + 1] - bind[3 * j + 1])));
  }
  return out;
}

describe('importBvh reads every naming convention', () => {
  for (const [file, spec] of Object.entries(FIXTURES)) {
    describe(file, () => {
      const clip = kb.importBvh(read(file), { name: file });

      it('maps all 22 joints, by name or by topology', () => {
        expect(clip.unmapped).toEqual(file.startsWith('poser') ? ['spine2'] : []);
        const { ignored, ...mapped } = EXPECTED[file];
        expect(clip.mapped).toMatchObject(mapped);
        if (ignored) expect(clip.ignored).toContain(ignored);
        expect(clip.joints.length).toBe(spec.rows.length);
      });

      it('keeps the timing and gives a track the preview plays', () => {
        expect(clip.fps).toBeCloseTo(spec.fps, 3);
        expect(clip.frames).toBe(2 * spec.fps + 1);
        expect(clip.duration).toBeCloseTo(2, 4);
        expect(clip.track.times).toHaveLength(clip.frames);
        expect(clip.track.root).toHaveLength(3 * clip.frames);
        const preview = kb.createPreview({ track: clip.track });
        expect(preview.duration).toBeCloseTo(2, 4);
        preview.dispose();
      });

      it("follows the walk's segment directions", () => {
        const error = segmentError(clip);
        expect(error.mean).toBeLessThan(0.1 * DEG);
        expect(error.max).toBeLessThan(0.5 * DEG);
      });

      it('travels the walk at our scale whatever the units, and starts at x = z = 0', () => {
        expect(clip.root[0]).toBe(0);
        expect(clip.root[2]).toBe(0);
        const travel = clip.root[3 * (clip.frames - 1) + 2];
        expect(travel).toBeGreaterThan(SPEED * 2 * 0.95);
        expect(travel).toBeLessThan(SPEED * 2 * 1.05);
      });

      it('stands on y = 0 in every contact frame; the one dipping toe moves nothing', () => {
        const low = lowestFoot(clip);
        const dip = Math.round(DIP_FRAME * (clip.frames - 1));
        expect(low[dip]).toBeLessThan(-0.025);
        low.forEach((y, f) => f !== dip && expect(Math.abs(y)).toBeLessThan(0.008));
      });
    });
  }

  it('a file kblend can not map fails with the joints it could not map and the file joints', () => {
    let error;
    try {
      kb.importBvh(read('snake_not_humanoid.bvh'), { name: 'snake.bvh' });
    } catch (e) {
      error = e;
    }
    expect(error.name).toBe('BvhImportError');
    expect(error.message).toMatch(
      /^snake\.bvh: could not map left_hip, right_hip, left_knee, right_knee, left_shoulder, right_shoulder, left_elbow, right_elbow \(unmapped: left_hip, .*\) to any joint of the file \(its joints: Head, Seg1, Seg2, Seg3, Seg4, Tail\); pass options\.map/,
    );
    expect(error.unmapped).toContain('left_elbow');
    expect(error.joints).toEqual(['Head', 'Seg1', 'Seg2', 'Seg3', 'Seg4', 'Tail']);
  });

  it('an explicit map wins over names, and a bad one is refused naming it', () => {
    const text = read('cmu_walk_cm_120fps.bvh');
    const swapped = kb.importBvh(text, { map: { spine1: 'Spine', spine2: 'LowerBack' } });
    expect(swapped.mapped.spine1).toBe('Spine');
    expect(swapped.mapped.spine2).toBe('LowerBack');
    expect(() => kb.importBvh(text, { map: { spine: 'Spine' } })).toThrow(
      /map: "spine" is not a kblend joint/,
    );
    expect(() => kb.importBvh(text, { map: { head: 'Skull' } })).toThrow(
      /map.head must name a joint of the source, got "Skull"/,
    );
  });

  it('options: in place, ungrounded, a frame cap, a height; unknown ones are refused', () => {
    const text = read('mixamo_apose_cm.bvh');
    const inPlace = kb.importBvh(text, { inPlace: true });
    expect(Math.max(...inPlace.root.filter((_, i) => i % 3 !== 1).map(Math.abs))).toBe(0);
    const raw = kb.importBvh(text, { ground: false });
    expect(raw.floor).toBe(0);
    const capped = kb.importBvh(text, { maxFrames: 10 });
    expect([capped.frames, capped.fileFrames, capped.truncated]).toEqual([10, 61, true]);
    const tall = kb.importBvh(text, { height: 2 });
    const travel = (c) => c.root[3 * (c.frames - 1) + 2];
    expect(travel(tall) / travel(raw)).toBeCloseTo(2 / 1.75, 2);
    expect(() => kb.importBvh(text, { fps: 30 })).toThrow(
      /importBvh options: unknown option 'fps'/,
    );
    expect(() => kb.importBvh(text, { height: 9 })).toThrow(/height must be .* ≤ 3, got 9/);
    expect(() => kb.importBvh(42)).toThrow(/text must be the BVH file's text or bytes, got 42/);
  });
});

describe('names in every case', () => {
  it('reads Poser names in any case and Mixamo names with or without the prefix', () => {
    const text = read('poser_daz_inches.bvh');
    const upper = kb.importBvh(
      text.replace(/(JOINT|ROOT) (\S+)/g, (_, k, n) => `${k} ${n.toUpperCase()}`),
    );
    expect(upper.mapped.left_shoulder).toBe('LSHLDR');
    const plain = kb.importBvh(read('mixamo_apose_cm.bvh').replaceAll('mixamorig:', ''));
    expect(plain.mapped.left_elbow).toBe('LeftForeArm');
    expect(plain.unmapped).toEqual([]);
  });
});
