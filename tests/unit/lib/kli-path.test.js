// Kuramoto–Lohe interpolation beyond the paper's example (docs/design.md §6): the
// path is the SLERP great circle, the rate only rescales time, the two
// path conventions, the step cap and the closed form's bad arguments.
import { describe, expect, it } from 'vitest';
import { dot4, kb, randomUnit, rotationAngle, seededRandom, slerpReference } from '../support.js';

const P = [0, 0, 1, 0];
const R = [0.5, 0.5, 0.5, 0.5];

// Distance of q from the plane of S³ spanned by p and r (Gram–Schmidt).
function offCircle(q, p, r) {
  const d = dot4(p, r);
  const rp = r.map((v, i) => v - d * p[i]);
  const n = Math.hypot(...rp);
  const e = rp.map((v) => v / n);
  const a = dot4(q, p);
  const b = dot4(q, e);
  return Math.hypot(...q.map((v, i) => v - a * p[i] - b * e[i]));
}

// S³ angle between p and r after the shortest-path sign choice.
function startAngle(p, r, shortest = true) {
  const d = dot4(p, r);
  return Math.acos(Math.min(1, shortest ? Math.abs(d) : d));
}

function pairs(seed, count) {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, () => [randomUnit(rand), randomUnit(rand)]);
}

describe('KLI path', () => {
  it('stays on the SLERP great circle and is slerp(p, r, u(t))', () => {
    for (const [p, r] of pairs(21, 40)) {
      const theta0 = startAngle(p, r);
      for (const t of [0, 0.05, 0.3, 1, 2.5, 8]) {
        const q = Array.from(kb.kliAt(p, r, t));
        expect(offCircle(q, p, r)).toBeLessThan(2e-6);
        const u = kb.kliWeight(theta0, 1, t);
        expect(rotationAngle(q, slerpReference(p, r, u))).toBeLessThan(1e-5);
      }
    }
  });

  it('integrated with RK4 or Euler, stays on that great circle too', () => {
    for (const [p, r] of pairs(22, 10)) {
      for (const method of ['rk4', 'euler']) {
        const run = kb.kli(p, r, { method, maxSteps: 120, epsilon: 1e-12 });
        expect(offCircle(Array.from(run.q), p, r)).toBeLessThan(1e-9);
      }
    }
  });

  it('follows the closed form u(t) = 1 − (2/θ0)·atan(tan(θ0/2)·e^(−Kt)), rising from 0 to 1', () => {
    for (const theta0 of [1e-3, 0.4, 1, Math.PI / 2, 3]) {
      let previous = -1;
      for (const t of [0, 0.01, 0.1, 0.5, 1, 3, 10, 40]) {
        const u = kb.kliWeight(theta0, 1.5, t);
        const expected = 1 - (2 / theta0) * Math.atan(Math.tan(theta0 / 2) * Math.exp(-1.5 * t));
        expect(u).toBeCloseTo(expected, 12);
        expect(u).toBeGreaterThanOrEqual(previous);
        previous = u;
      }
      expect(kb.kliWeight(theta0, 1.5, 0)).toBe(0);
      expect(kb.kliWeight(theta0, 1.5, 40)).toBeGreaterThan(1 - 1e-12);
    }
    expect(kb.kliWeight(0, 1, 0)).toBe(1); // already there
    expect(kb.kliWeight(Math.PI, 1, 5)).toBe(0); // antipodes: an equilibrium
  });

  it("the 'kli' shape's ramp arrives within ε after its span, the core's own (kb.kliRamp)", () => {
    for (const theta0 of [0.05, 0.4, 1.2]) {
      for (const [epsilon, span] of [
        [1e-3, 0.5],
        [0.02, 2],
      ]) {
        const rate = Math.log(Math.tan(theta0 / 2) / Math.tan(epsilon / 4)) / span;
        for (const t of [0, 0.3 * span, span])
          expect(kb.kliRamp(theta0, epsilon, span, t)).toBeCloseTo(
            kb.kliWeight(theta0, rate, t),
            12,
          );
        // the rotation left at the end of the span: 2·(1 − u)·θ0 = ε
        const left = 2 * (1 - kb.kliRamp(theta0, epsilon, span, span)) * theta0;
        expect(left).toBeCloseTo(epsilon, 9);
      }
    }
    expect(kb.kliRamp(0.4, 1e-3, 0, 0)).toBe(1); // no span: there at once
    expect(kb.kliRamp(1e-4, 1e-3, 1, 0)).toBe(1); // within ε already
    expect(() => kb.kliRamp(-1, 1e-3, 1, 0)).toThrow(/theta0 must be .*≥ 0/);
    expect(() => kb.kliRamp(0.4, 1e-3, 1, NaN)).toThrow(/elapsed must be a finite number, got NaN/);
  });
});

describe('KLI rate', () => {
  it('only rescales time in the closed form', () => {
    for (const [p, r] of pairs(23, 10)) {
      const theta0 = startAngle(p, r);
      for (const rate of [0.25, 2, 7]) {
        for (const t of [0.1, 0.7, 3]) {
          expect(kb.kliWeight(theta0, rate, t)).toBeCloseTo(kb.kliWeight(theta0, 1, rate * t), 12);
          const fast = kb.kliAt(p, r, t, { rate });
          const slow = kb.kliAt(p, r, rate * t);
          expect(rotationAngle(Array.from(fast), Array.from(slow))).toBeLessThan(2e-6);
        }
      }
    }
  });

  it('takes the same RK4 steps at rate K with step h/K, stopping K times sooner', () => {
    const base = kb.kli(P, R);
    for (const rate of [0.5, 2, 4]) {
      const run = kb.kli(P, R, { rate, step: 0.01 / rate });
      expect(run.steps).toBe(base.steps);
      expect(run.tStop).toBeCloseTo(base.tStop / rate, 9);
      run.q.forEach((v, i) => expect(v).toBeCloseTo(base.q[i], 12));
    }
  });
});

describe('KLI path conventions', () => {
  const negR = R.map((v) => -v);

  it('shortest path heads for the nearer sign of r; paper parity for r itself, the long way', () => {
    const shortest = Array.from(kb.kliAt(P, negR, 30));
    const parity = Array.from(kb.kliAt(P, negR, 30, { shortestPath: false }));
    R.forEach((v, i) => expect(shortest[i]).toBeCloseTo(v, 5)); // −(−r) = r
    negR.forEach((v, i) => expect(parity[i]).toBeCloseTo(v, 5));
    // the long way is 2π/3 on S³ against π/3: at any time more of it is left
    for (const t of [0.5, 2, 5]) {
      const leftShort = rotationAngle(Array.from(kb.kliAt(P, negR, t)), R);
      const leftLong = rotationAngle(Array.from(kb.kliAt(P, negR, t, { shortestPath: false })), R);
      expect(leftLong).toBeGreaterThan(leftShort);
    }
    // on the long arc the closed form and RK4 agree as well
    const run = kb.kli(P, negR, { shortestPath: false, maxSteps: 300, epsilon: 1e-12 });
    const closed = kb.kliAt(P, negR, run.tStop, { shortestPath: false });
    run.q.forEach((v, i) => expect(closed[i]).toBeCloseTo(v, 6));
    expect(offCircle(Array.from(run.q), P, negR)).toBeLessThan(1e-9);
  });

  it('leaves an antipodal start where it is under paper parity (an equilibrium)', () => {
    const minusP = P.map((v) => -v);
    const still = Array.from(kb.kliAt(P, minusP, 10, { shortestPath: false }));
    P.forEach((v, i) => expect(still[i]).toBeCloseTo(v, 6));
    const run = kb.kli(P, minusP, { shortestPath: false, maxSteps: 1000 });
    expect(run).toMatchObject({ converged: false, steps: 1000 });
    // shortest path: −p is p itself, nothing to do
    expect(kb.kli(P, minusP)).toMatchObject({ converged: true, steps: 0, tStop: 0 });
  });
});

describe('KLI step cap', () => {
  it('reports the cap as non-convergence with the state reached', () => {
    const none = kb.kli(P, R, { maxSteps: 0 });
    expect(none).toMatchObject({ converged: false, steps: 0, tStop: 0 });
    expect(Array.from(none.q)).toEqual(P);
    const some = kb.kli(P, R, { maxSteps: 100 });
    expect(some).toMatchObject({ converged: false, steps: 100 });
    expect(some.tStop).toBeCloseTo(1, 12);
    const closed = kb.kliAt(P, R, 1);
    some.q.forEach((v, i) => expect(closed[i]).toBeCloseTo(v, 6));
  });

  it('has a default cap that scales with rate and step (1000 s of flow)', () => {
    const run = kb.kli(
      P,
      P.map((v) => -v),
      { shortestPath: false, rate: 10, step: 0.1 },
    );
    expect(run).toMatchObject({ converged: false, steps: 1000 });
  });

  it('rejects a bad cap', () => {
    expect(() => kb.kli(P, R, { maxSteps: 2.5 })).toThrow(/maxSteps must be an integer .*got 2.5/);
    expect(() => kb.kli(P, R, { maxSteps: -1 })).toThrow(/maxSteps must be an integer ≥ 0/);
    expect(() => kb.kli(P, R, { maxSteps: '10' })).toThrow(TypeError);
  });
});

describe('KLI closed form: bad arguments', () => {
  it('kliAt names the parameter, the value and what is allowed', () => {
    expect(() => kb.kliAt(P, R, NaN)).toThrow(/t must be a finite number ≥ 0, got NaN/);
    expect(() => kb.kliAt(P, R, Infinity)).toThrow(/t must be a finite number ≥ 0, got Infinity/);
    expect(() => kb.kliAt(P, R, -0.5)).toThrow(/t must be a finite number ≥ 0, got -0.5/);
    expect(() => kb.kliAt(P, R, '1')).toThrow(TypeError);
    expect(() => kb.kliAt(P, R, 1, { rate: 0 })).toThrow(
      /rate must be a finite number ≥ 0.001 and ≤ 1000, got 0/,
    );
    expect(() => kb.kliAt(P, R, 1, { rate: -2 })).toThrow(/rate must be .*got -2/);
    expect(() => kb.kliAt([0, 0, 0, 0], R, 1)).toThrow(/p must be a nonzero quaternion/);
    expect(() => kb.kliAt(P, [1, 0, 0], 1)).toThrow(/r must have length 4, got length 3/);
    expect(() => kb.kliAt(P, [0, Infinity, 0, 1], 1)).toThrow(
      /r\[1\] must be finite, got Infinity/,
    );
    expect(() => kb.kliAt(P, 'r', 1)).toThrow(TypeError);
    expect(() => kb.kliAt(P, R, 1, null)).toThrow(/options must be an object, got null/);
  });

  it('kliWeight names the parameter, the value and what is allowed', () => {
    expect(() => kb.kliWeight(-0.1, 1, 1)).toThrow(
      /theta0 must be a finite number ≥ 0 and ≤ 3.14.*got -0.1/,
    );
    expect(() => kb.kliWeight(4, 1, 1)).toThrow(/theta0 must be .*got 4/);
    expect(() => kb.kliWeight(NaN, 1, 1)).toThrow(/theta0 must be .*got NaN/);
    expect(() => kb.kliWeight(1, 0, 1)).toThrow(
      /rate must be a finite number ≥ 0.001 and ≤ 1000, got 0/,
    );
    expect(() => kb.kliWeight(1, Infinity, 1)).toThrow(/rate must be .*got Infinity/);
    expect(() => kb.kliWeight(1, 1, -1)).toThrow(/t must be a finite number ≥ 0, got -1/);
    expect(() => kb.kliWeight(1, 1)).toThrow(/t must be a number, got undefined/);
    expect(() => kb.kliWeight('1', 1, 1)).toThrow(TypeError);
  });
});
