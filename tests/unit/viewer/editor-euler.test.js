// The editor's degree fields: the library's XYZ Euler angles (the ones its
// BVH export writes), in degrees rounded to a millidegree, agree with
// three.js's Euler 'XYZ' of the same rotation.
import { describe, expect, it } from 'vitest';
import * as THREE from 'three';
import { eulerXYZ } from 'kblend';
import { eulerDegreesOf } from '../../../web/viewer/editor/euler.js';

const DEG = 180 / Math.PI;

function randomQuat(random) {
  const v = [0, 0, 0, 0].map(() => random() * 2 - 1);
  const n = Math.hypot(...v);
  return v.map((c) => c / n);
}

// a small deterministic generator, so a failure names a reproducible case
function lcg(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

describe('editor Euler degrees', () => {
  it('are three.js Euler XYZ of the rotation, in degrees, to a millidegree', () => {
    const random = lcg(7);
    for (let i = 0; i < 200; i++) {
      const q = randomQuat(random);
      const euler = new THREE.Euler().setFromQuaternion(new THREE.Quaternion(...q), 'XYZ');
      const degrees = eulerDegreesOf(q);
      expect(degrees[0]).toBeCloseTo(euler.x * DEG, 3);
      expect(degrees[1]).toBeCloseTo(euler.y * DEG, 3);
      expect(degrees[2]).toBeCloseTo(euler.z * DEG, 3);
    }
  });

  it('round the library angles to a millidegree, with no −0', () => {
    const q = [0.1234, -0.4321, 0.2468, 0.8];
    const exact = eulerXYZ(q).map((r) => r * DEG);
    const degrees = eulerDegreesOf(q);
    degrees.forEach((d, i) => {
      expect(Math.abs(d - exact[i])).toBeLessThanOrEqual(0.0005);
      expect(Math.round(d * 1000)).toBeCloseTo(d * 1000, 9);
    });
    expect(Object.is(eulerDegreesOf([0, 0, 0, 1])[0], -0)).toBe(false);
    expect(eulerDegreesOf([0, 0, 0, -1]).every((d) => !Object.is(d, -0))).toBe(true);
  });

  it('a quaternion that is not unit is read as its rotation', () => {
    const s = Math.SQRT1_2;
    expect(eulerDegreesOf([0, 3 * s, 0, 3 * s])).toEqual([0, 90, 0]);
  });
});
