// The joint-name mapper on the conventions people's files use: SMPL and
// Kimodo names, CMU and Mixamo spines spread by hierarchy, and the list of
// what it could not map.
import { describe, expect, it } from 'vitest';
import { mapJointNames } from '../../../web/lib/bvh/joint-names.js';
import { loadKBlend } from '../../../web/lib/kblend.js';

const kb = await loadKBlend();

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
