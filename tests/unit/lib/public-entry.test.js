// The main entry (package.json exports["."]) offers every module-level name
// an app needs, so no consumer imports web/lib/<file>.js directly.
import { describe, expect, it } from 'vitest';
import * as entry from '../../../web/lib/kblend.js';

const NAMES = [
  'loadKBlend',
  'JOINT_NAMES',
  'JOINT_PARENTS',
  'JOINT_COUNT',
  'jointChain',
  'multiplyQuat',
  'multiplyQuatAt',
  'rotateVector',
  'mapJoints',
  'mapJointNames',
  'checkOptions',
  'checkNumber',
  'eulerXYZ',
  'hopf',
  'hopfPath',
  'HOPF_AXIS',
  'PAPER_EXAMPLE',
  'paperStopTime',
  'COMPARISON_METHODS',
  'SHAPES',
  'FOLLOWERS',
  'ORDERS',
];

describe('the public entry', () => {
  it.each(NAMES)('exports %s', (name) => {
    expect(entry[name]).toBeDefined();
  });

  it('exports the skeleton the loaded library reports', async () => {
    const kb = await entry.loadKBlend();
    expect(entry.JOINT_NAMES).toEqual(kb.skeleton.names);
    expect(entry.JOINT_PARENTS).toEqual(kb.skeleton.parents);
    expect(entry.JOINT_COUNT).toBe(kb.skeleton.names.length);
  });

  it('jointChain: the joints below an ancestor down to a joint, top first', () => {
    const { JOINT_NAMES: names, JOINT_PARENTS: parents, jointChain } = entry;
    const at = (name) => names.indexOf(name);
    expect(jointChain(parents, at('spine3'), at('left_wrist'))).toEqual(
      ['left_collar', 'left_shoulder', 'left_elbow', 'left_wrist'].map(at),
    );
    expect(jointChain(parents, -1, at('spine1'))).toEqual([at('pelvis'), at('spine1')]);
    expect(jointChain(parents, at('left_wrist'), at('left_wrist'))).toEqual([]);
    expect(jointChain(parents, at('left_hip'), at('head'))).toBeNull();
  });

  it('exports frozen enum name lists', () => {
    for (const list of [entry.SHAPES, entry.FOLLOWERS, entry.ORDERS, entry.JOINT_NAMES]) {
      expect(Object.isFrozen(list)).toBe(true);
    }
  });

  it('quaternion helpers: a quarter turn about y maps x to −z, and composes', () => {
    const s = Math.SQRT1_2;
    const q = [0, s, 0, s];
    const v = entry.rotateVector(q, [1, 0, 0]);
    expect(v[0]).toBeCloseTo(0, 12);
    expect(v[2]).toBeCloseTo(-1, 12);
    const half = entry.multiplyQuat(q, q, [0, 0, 0, 0]);
    expect(half[1]).toBeCloseTo(1, 12);
    expect(half[3]).toBeCloseTo(0, 12);
  });
});
