import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kb, randomUnit, rotationAngle, seededRandom, slerpReference } from '../support.js';

// Pairs of three kinds: anywhere, nearly equal, nearly opposite.
function makePairs(count, seed) {
  const rand = seededRandom(seed);
  const pairs = [];
  for (let i = 0; i < count; i++) {
    const a = randomUnit(rand);
    let b;
    if (i % 3 === 0) b = randomUnit(rand);
    else {
      const scale = 10 ** (-1 - 6 * rand());
      const sign = i % 3 === 2 ? -1 : 1;
      b = a.map((v) => sign * v + scale * (rand() * 2 - 1));
      const n = Math.hypot(...b);
      b = b.map((v) => v / n);
    }
    pairs.push([Float32Array.from(a), Float32Array.from(b), Math.fround(rand())]);
  }
  return pairs;
}

describe('slerp', () => {
  const pairs = makePairs(21000, 3);

  function worstError(results) {
    let worst = 0;
    pairs.forEach(([a, b, u], i) => {
      const ref = slerpReference(Array.from(a), Array.from(b), u);
      worst = Math.max(worst, rotationAngle(Array.from(results(i)), ref));
    });
    return worst;
  }

  it('meets the 1e-5 rad bar against double precision (one pair at a time)', () => {
    const worst = worstError((i) => kb.slerp(...pairs[i]));
    expect(worst).toBeLessThanOrEqual(1e-5);
  });

  it('meets the same bar in batches, plain and polynomial kernels', () => {
    const batch = kb.createBatch(pairs.length);
    pairs.forEach(([a, b, u], i) => {
      batch.a.set(a, 4 * i);
      batch.b.set(b, 4 * i);
      batch.u[i] = u;
    });
    const plain = batch.slerp().slice();
    const fast = batch.slerpFast().slice();
    batch.dispose();
    expect(worstError((i) => plain.subarray(4 * i, 4 * i + 4))).toBeLessThanOrEqual(1e-5);
    expect(worstError((i) => fast.subarray(4 * i, 4 * i + 4))).toBeLessThanOrEqual(1e-5);
  });

  it("gives a pair the same bits whatever the batch's length (SIMD lanes, groups of three, single pairs)", () => {
    const n = 13;
    const whole = kb.createBatch(n);
    pairs.slice(0, n).forEach(([a, b, u], i) => {
      whole.a.set(a, 4 * i);
      whole.b.set(b, 4 * i);
      whole.u[i] = u;
    });
    const expected = new Uint32Array(whole.slerpFast().slice().buffer);
    for (let m = 1; m <= n; m++) {
      const batch = kb.createBatch(m);
      batch.a.set(whole.a.subarray(0, 4 * m));
      batch.b.set(whole.b.subarray(0, 4 * m));
      batch.u.set(whole.u.subarray(0, m));
      const bits = new Uint32Array(batch.slerpFast().slice().buffer);
      batch.dispose();
      expect(Array.from(bits), `batch of ${m}`).toEqual(Array.from(expected.subarray(0, 4 * m)));
    }
    whole.dispose();
  });

  it('takes the shortest path and hits its endpoints (property)', () => {
    const quat = fc
      .tuple(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
      )
      .filter((q) => Math.hypot(...q) > 0.1);
    fc.assert(
      fc.property(quat, quat, fc.double({ min: 0, max: 1, noNaN: true }), (a, b, u) => {
        const q = kb.slerp(a, b, u);
        const unit = Math.abs(Math.hypot(...q) - 1) < 1e-6;
        const start = rotationAngle(Array.from(kb.slerp(a, b, 0)), a) < 1e-3;
        const end = rotationAngle(Array.from(kb.slerp(a, b, 1)), b) < 1e-3;
        const total = rotationAngle(a, b);
        const along = rotationAngle(a, Array.from(q)) <= total * u + 1e-3;
        return unit && start && end && along;
      }),
      { numRuns: 2000, seed: 5 },
    );
  });
});

describe('geodesicAngle', () => {
  it('is exact at small angles, antipodes and π', () => {
    const small = [Math.sin(1.25e-4), 0, 0, Math.cos(1.25e-4)];
    expect(kb.geodesicAngle([0, 0, 0, 1], small)).toBeCloseTo(2.5e-4, 9);
    expect(kb.geodesicAngle([0, 0, 0, 1], [0, 0, 0, -1])).toBe(0);
    expect(kb.geodesicAngle([0.5, 0.5, 0.5, 0.5], [-0.5, -0.5, -0.5, -0.5])).toBe(0);
    expect(kb.geodesicAngle([0, 0, 0, 1], [0, 1, 0, 0])).toBeCloseTo(Math.PI, 6);
  });

  it('converts XYZ Euler angles the way three.js does', () => {
    const q = kb.quatFromEuler([0.3, -0.7, 1.1]);
    // three.js Quaternion.setFromEuler for order XYZ
    const [c1, c2, c3] = [0.15, -0.35, 0.55].map(Math.cos);
    const [s1, s2, s3] = [0.15, -0.35, 0.55].map(Math.sin);
    const expected = [
      s1 * c2 * c3 + c1 * s2 * s3,
      c1 * s2 * c3 - s1 * c2 * s3,
      c1 * c2 * s3 + s1 * s2 * c3,
      c1 * c2 * c3 - s1 * s2 * s3,
    ];
    expected.forEach((v, i) => expect(q[i]).toBeCloseTo(v, 6));
    const back = kb.eulerFromQuat(q);
    [0.3, -0.7, 1.1].forEach((v, i) => expect(back[i]).toBeCloseTo(v, 5));
  });
});
