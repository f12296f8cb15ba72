// Position channels on joints below the root (some exporters write
// Xposition… on every joint): values that match a joint's offset are its
// local position and replace the offset; values near zero are moves added
// to it. Either way the CMU walk imports as it does without them, and the
// clip's notes say how they were read.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { parseBvh } from '../../../web/lib/bvh/parse.js';
import { sourceMotion } from '../../../web/lib/bvh/source-motion.js';
import { withPositionChannels } from '../../fixtures/bvh/position-channels.js';

const kb = await loadKBlend();
const CMU = readFileSync(
  new URL('../../fixtures/bvh/cmu_walk_cm_120fps.bvh', import.meta.url),
  'utf8',
);
const plain = kb.importBvh(CMU, { name: 'cmu' });

describe('position channels below the root', () => {
  for (const values of ['offset', 'zero']) {
    it(`holding ${values === 'offset' ? 'each joint’s offset' : 'zeros'}: the same joint positions and clip`, () => {
      const text = withPositionChannels(CMU, values);
      const parsed = parseBvh(text);
      expect(parsed.joints[1].channels.slice(0, 3)).toEqual([
        'Xposition',
        'Yposition',
        'Zposition',
      ]);
      // the file's own forward kinematics: the same joint positions
      const before = sourceMotion(parseBvh(CMU)).positions;
      const after = sourceMotion(parsed).positions;
      let worst = 0;
      for (let i = 0; i < before.length; i++)
        worst = Math.max(worst, Math.abs(before[i] - after[i]));
      expect(worst).toBeLessThan(1e-9);
      const clip = kb.importBvh(text, { name: 'cmu' });
      expect(clip.rotations).toEqual(plain.rotations);
      expect(clip.root).toEqual(plain.root);
      const count = parsed.joints.length - 1;
      expect(clip.notes).toHaveLength(1);
      expect(clip.notes[0]).toMatch(
        values === 'offset'
          ? new RegExp(
              `^${count} joints besides the root carry position channels .*read as the joints’ local positions`,
            )
          : new RegExp(
              `^${count} joints besides the root carry position channels .*read as moves from the rest offsets`,
            ),
      );
    });
  }

  it('a file without them has no note', () => {
    expect(plain.notes).toEqual([]);
  });

  it('read as local positions, they set the bone lengths: a longer forearm stays longer', () => {
    // the offset reading on a file whose forearm channels say 20 % more
    const text = withPositionChannels(CMU, 'offset');
    const parsed = parseBvh(text);
    const forearm = parsed.joints.findIndex((j) => j.name === 'LeftHand');
    const joint = parsed.joints[forearm];
    for (let f = 0; f < parsed.frames; f++) {
      for (let k = 0; k < 3; k++)
        parsed.values[f * parsed.channelCount + joint.firstChannel + k] *= 1.2;
    }
    const positions = sourceMotion(parsed).positions;
    const n = parsed.joints.length;
    const length = (f) =>
      Math.hypot(
        ...[0, 1, 2].map(
          (c) => positions[(f * n + forearm) * 3 + c] - positions[(f * n + joint.parent) * 3 + c],
        ),
      );
    const rest = Math.hypot(...joint.offset);
    expect(length(0)).toBeCloseTo(1.2 * rest, 6);
    expect(length(parsed.frames - 1)).toBeCloseTo(1.2 * rest, 6);
  });
});
