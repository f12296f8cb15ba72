// The BVH acceptance per naming style: the same greeting (a wave with the
// right hand, then a few steps; tests/fixtures/bvh/make_fixtures.js) in
// Bandai's, Unity's, 3ds Max Biped's, CMU's, Daz's, Mixamo's and SMPL's
// names, units and rests (Bandai's with every bone along X at rest and
// position channels on every joint) imports with no manual map at the
// actor's height, on the floor, with three.js BVHLoader's limb directions
// and waving with the file's hand. Then the same Bandai file with names
// that say nothing, and with a partial manual map.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { GREETINGS } from '../../fixtures/bvh/conventions.js';
import {
  actorHeight,
  fileWristRise,
  limbDirections,
  lowestFootMedian,
  wristRise,
} from './style-measures.js';

const kb = await loadKBlend();
const read = (file) => readFileSync(new URL(`../../fixtures/bvh/${file}`, import.meta.url), 'utf8');
const BANDAI = 'greeting_bandai_along_x_cm.bvh';

// The file joint each kblend joint stands for, from the fixture's rows.
const expectedMap = (spec) =>
  Object.fromEntries(spec.rows.filter(([, joint]) => joint).map(([name, joint]) => [joint, name]));

describe('every naming style imports the greeting without a manual map', () => {
  for (const [file, spec] of Object.entries(GREETINGS)) {
    describe(file, () => {
      const text = read(file);
      const clip = kb.importBvh(text, { name: file });
      const expected = expectedMap(spec);

      it('maps every joint the file has to the joint it stands for', () => {
        expect(clip.mapped).toEqual(expected);
        expect(clip.unmapped).toEqual(kb.skeleton.names.filter((n) => !(n in expected)));
      });

      it(`finds the actor's height (${spec.height} m) within 5 %`, () => {
        expect(Math.abs(actorHeight(clip, spec.units) / spec.height - 1)).toBeLessThan(0.05);
      });

      it('stands on the floor: the lowest foot’s median within 3 cm of y = 0', () => {
        expect(Math.abs(lowestFootMedian(kb, clip))).toBeLessThan(0.03);
      });

      it("keeps BVHLoader's limb directions within 3°", () => {
        const { worst, mean } = limbDirections(kb, clip, text);
        expect(worst).toBeLessThan(3);
        expect(mean).toBeLessThan(1);
      });

      it('waves with the right hand, as the file does', () => {
        const sides = {
          left: [expected.left_wrist, expected.left_shoulder],
          right: [expected.right_wrist, expected.right_shoulder],
        };
        const file = fileWristRise(text, clip, sides);
        expect(file.right).toBeGreaterThan(0.3 * spec.units);
        expect(file.left).toBeLessThan(0);
        const ours = wristRise(kb, clip);
        expect(ours.right).toBeGreaterThan(0.3);
        expect(ours.left).toBeLessThan(0);
      });
    });
  }
});

describe('a rest that does not stand: Bandai’s bones along X', () => {
  const text = read(BANDAI);
  const spec = GREETINGS[BANDAI];
  const expected = expectedMap(spec);
  // every joint renamed j00, j01 … in file order: only the hierarchy and
  // the motion can tell legs from arms and left from right
  const names = [...text.matchAll(/(?:ROOT|JOINT) (\S+)/g)].map((m) => m[1]);
  const anonymous = names.reduce(
    (t, name, i) =>
      t.replace(new RegExp(`(ROOT|JOINT) ${name}\\b`), `$1 j${String(i).padStart(2, '0')}`),
    text,
  );
  const renamed = (joint) => `j${String(names.indexOf(expected[joint])).padStart(2, '0')}`;

  it('with names that say nothing, legs, arms and sides come from the first frames', () => {
    const clip = kb.importBvh(anonymous, { name: 'anonymous.bvh' });
    for (const joint of Object.keys(expected))
      expect([joint, clip.mapped[joint]]).toEqual([joint, renamed(joint)]);
    expect(Math.abs(actorHeight(clip, spec.units) / spec.height - 1)).toBeLessThan(0.05);
    expect(wristRise(kb, clip).right).toBeGreaterThan(0.3);
  });

  it('a partial manual map is completed consistently with it', () => {
    // the six joints the old error named, given by hand
    const given = [
      'right_hip',
      'right_knee',
      'left_shoulder',
      'right_shoulder',
      'left_elbow',
      'right_elbow',
    ];
    const map = Object.fromEntries(given.map((joint) => [joint, renamed(joint)]));
    const clip = kb.importBvh(anonymous, { map });
    for (const joint of Object.keys(expected))
      expect([joint, clip.mapped[joint]]).toEqual([joint, renamed(joint)]);
    expect(Math.abs(lowestFootMedian(kb, clip))).toBeLessThan(0.03);
  });

  it('a manual map nothing can complete is named, not mapped around', () => {
    // the left hip given as the left upper arm: no knee lies below it
    const map = { left_hip: renamed('left_shoulder') };
    let error;
    try {
      kb.importBvh(anonymous, { name: 'odd.bvh', map });
    } catch (e) {
      error = e;
    }
    expect(error?.name).toBe('BvhImportError');
    expect(error.unmapped).toContain('left_knee');
    expect(error.message).toMatch(/^odd\.bvh: could not map .*left_knee/);
    expect(error.mapped.left_hip).toBe(renamed('left_shoulder'));
  });
});
