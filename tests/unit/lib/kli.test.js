import { describe, expect, it } from 'vitest';
import { kb } from '../support.js';

const P = [0, 0, 1, 0]; // k
const R = [0.5, 0.5, 0.5, 0.5]; // ½(1 + i + j + k)

describe('Kuramoto–Lohe interpolation', () => {
  it("reproduces the paper's stop time: RK4 at t = 11.66, Euler at 11.60–11.61", () => {
    const rk4 = kb.kli(P, R, { rate: 1, step: 0.01, epsilon: 1e-5 });
    expect(rk4.converged).toBe(true);
    expect(rk4.tStop).toBeCloseTo(11.66, 9);
    const euler = kb.kli(P, R, { method: 'euler' });
    expect(euler.tStop).toBeGreaterThanOrEqual(11.6 - 1e-9);
    expect(euler.tStop).toBeLessThanOrEqual(11.61 + 1e-9);
  });

  it('agrees with the closed form and scales with the rate', () => {
    const run = kb.kli(P, R, { maxSteps: 150, epsilon: 1e-12 });
    const closed = kb.kliAt(P, R, run.tStop);
    run.q.forEach((v, i) => expect(closed[i]).toBeCloseTo(v, 6));
    const fast = kb.kli(P, R, { rate: 2, step: 0.005 });
    expect(fast.tStop).toBeCloseTo(11.66 / 2, 2);
  });

  it('ends where each path convention says', () => {
    const negR = R.map((v) => -v);
    const shortest = kb.kli(P, negR);
    expect(shortest.q[0]).toBeCloseTo(0.5, 4);
    const parity = kb.kli(P, negR, { shortestPath: false });
    expect(parity.q[0]).toBeCloseTo(-0.5, 4);
    expect(parity.tStop).toBeGreaterThan(shortest.tStop);
  });

  it('reports the cap as non-convergence, not a throw', () => {
    const capped = kb.kli(P, R, { maxSteps: 5 });
    expect(capped).toMatchObject({ converged: false, steps: 5 });
  });

  it('rejects bad arguments clearly', () => {
    expect(() => kb.kli(P, R, { step: 0 })).toThrow(/step must be .*≥ 0.000001.*got 0/);
    expect(() => kb.kli(P, R, { epsilon: -1 })).toThrow(/epsilon must be .*got -1/);
    expect(() => kb.kli(P, R, { rate: 0 })).toThrow(/rate must be/);
    expect(() => kb.kli([0, 0, 0, 0], R)).toThrow(/p must be a nonzero quaternion/);
    expect(() => kb.kli(P, [NaN, 0, 0, 1])).toThrow(/r\[0\] must be finite, got NaN/);
    expect(() => kb.kli(P, R, { method: 'midpoint' })).toThrow(
      /method must be one of "rk4", "euler"/,
    );
    expect(() => kb.kliAt(P, R, -1)).toThrow(/t must be/);
  });
});
