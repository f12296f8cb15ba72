// The Hopf projection of rotation paths, and SLERP against KLI on it: the
// same curve, another timing.
import { describe, expect, it } from 'vitest';
import {
  HOPF_AXIS,
  PAPER_EXAMPLE,
  hopf,
  hopfPath,
  paperStopTime,
} from '../../../web/lib/kblend.js';
import { dot4, kb, randomUnit, seededRandom } from '../support.js';

const { p: P, r: R } = PAPER_EXAMPLE;

function point(path, i) {
  return [path[3 * i], path[3 * i + 1], path[3 * i + 2]];
}

function distance(a, b) {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

// Distance from x to the polyline through the points of path.
function polylineDistance(path, x) {
  let best = Infinity;
  for (let i = 0; i + 1 < path.length / 3; i++) {
    const a = point(path, i);
    const b = point(path, i + 1);
    const ab = [0, 1, 2].map((c) => b[c] - a[c]);
    const len2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2;
    const s =
      len2 > 0
        ? Math.min(1, Math.max(0, ab.reduce((acc, v, c) => acc + v * (x[c] - a[c]), 0) / len2))
        : 0;
    best = Math.min(
      best,
      distance(
        x,
        [0, 1, 2].map((c) => a[c] + s * ab[c]),
      ),
    );
  }
  return best;
}

describe('Hopf map', () => {
  it('maps every quaternion to the unit sphere, q and −q to the same point', () => {
    const rand = seededRandom(11);
    for (let n = 0; n < 200; n++) {
      const q = randomUnit(rand).map((v) => v * (0.1 + 3 * rand())); // any length
      const h = hopf(q);
      expect(Math.hypot(...h)).toBeCloseTo(1, 6);
      const minus = hopf(q.map((v) => -v));
      for (let c = 0; c < 3; c++) expect(minus[c]).toBeCloseTo(h[c], 6);
    }
  });

  it('is the rotation of the fixed axis x̂: identity, the paper example, a fibre, another axis', () => {
    expect(Array.from(hopf([0, 0, 0, 1]))).toEqual(HOPF_AXIS);
    expect(Array.from(hopf(P)).map((v) => v + 0)).toEqual([-1, 0, 0]); // k: half turn about z
    const hr = hopf(R); // 120° about (1, 1, 1): x → y
    [0, 1, 0].forEach((v, c) => expect(hr[c]).toBeCloseTo(v, 6));
    // a turn about x̂ is a fibre: it maps to x̂ itself
    const spin = [Math.sin(0.6), 0, 0, Math.cos(0.6)];
    [1, 0, 0].forEach((v, c) => expect(hopf(spin)[c]).toBeCloseTo(v, 6));
    const hz = hopf(spin, { axis: [0, 0, 2] }); // z about x by 1.2 rad
    [0, -Math.sin(1.2), Math.cos(1.2)].forEach((v, c) => expect(hz[c]).toBeCloseTo(v, 6));
  });

  it("gives the paper's stop time through the core's RK4", () => {
    expect(paperStopTime(kb)).toBeCloseTo(11.66, 9);
  });
});

describe('SLERP and KLI paths on S²', () => {
  const slerp = hopfPath(kb, P, R, { method: 'slerp', samples: 2001 });
  const kli = hopfPath(kb, P, R, { method: 'kli', samples: 101 });

  it('has 3 coordinates per sample, every point on the sphere', () => {
    expect(slerp).toBeInstanceOf(Float32Array);
    expect(slerp).toHaveLength(3 * 2001);
    expect(kli).toHaveLength(3 * 101);
    for (const path of [slerp, kli]) {
      for (let i = 0; i < path.length / 3; i++)
        expect(Math.hypot(...point(path, i))).toBeCloseTo(1, 5);
    }
  });

  it('runs from h(p) to h(r), and the KLI curve lies on the SLERP curve', () => {
    const hp = Array.from(hopf(P));
    const hr = Array.from(hopf(R));
    expect(distance(point(slerp, 0), hp)).toBeLessThan(1e-6);
    expect(distance(point(slerp, 2000), hr)).toBeLessThan(1e-6);
    expect(distance(point(kli, 0), hp)).toBeLessThan(1e-6);
    expect(distance(point(kli, 100), hr)).toBeLessThan(1e-4); // stopped within ε of r
    for (let i = 0; i < 101; i++) expect(polylineDistance(slerp, point(kli, i))).toBeLessThan(1e-5);
  });

  it('differs in timing: halfway in time the flow is nearly at r, halfway in u SLERP is not', () => {
    const tStop = paperStopTime(kb);
    const theta0 = Math.acos(dot4(P, R)); // π/3 on S³
    const u = kb.kliWeight(theta0, 1, tStop / 2);
    expect(u).toBeGreaterThan(0.99);
    const kliMid = point(kli, 50);
    const slerpMid = point(slerp, 1000);
    expect(distance(kliMid, slerpMid)).toBeGreaterThan(0.5);
    // the flow's midpoint is SLERP's point at u(t)
    expect(distance(kliMid, point(slerp, Math.round(u * 2000)))).toBeLessThan(2e-3);
    const exact = hopf(kb.slerp(P, R, u));
    expect(distance(kliMid, Array.from(exact))).toBeLessThan(1e-5);
  });

  it('takes the long way with paper parity, and both ways cover the whole circle', () => {
    const negR = R.map((v) => -v);
    const short = hopfPath(kb, P, negR, { samples: 401 });
    const long = hopfPath(kb, P, negR, { samples: 401, shortestPath: false });
    const longKli = hopfPath(kb, P, negR, { method: 'kli', samples: 61, shortestPath: false });
    // −r is the same rotation as r: both end at h(r)
    const hr = Array.from(hopf(R));
    expect(distance(point(short, 400), hr)).toBeLessThan(1e-6);
    expect(distance(point(long, 400), hr)).toBeLessThan(1e-6);
    expect(distance(point(longKli, 60), hr)).toBeLessThan(1e-4);
    // they leave h(p) in opposite directions
    const step = (path) => point(path, 1).map((v, c) => v - path[c]);
    const dot = step(short).reduce((s, v, c) => s + v * step(long)[c], 0);
    expect(dot).toBeLessThan(0);
    for (let i = 0; i < 61; i++)
      expect(polylineDistance(long, point(longKli, i))).toBeLessThan(1e-4);
  });

  it('scales KLI time with the rate and honours tEnd', () => {
    const fast = hopfPath(kb, P, R, { method: 'kli', samples: 11, rate: 2, tEnd: 5 });
    const slow = hopfPath(kb, P, R, { method: 'kli', samples: 11, rate: 1, tEnd: 10 });
    for (let i = 0; i < 33; i++) expect(fast[i]).toBeCloseTo(slow[i], 5);
  });

  it('rejects bad arguments clearly', () => {
    expect(() => hopf([0, 0, 0, 0])).toThrow(/q must be a nonzero quaternion/);
    expect(() => hopf([0, 0, 0, 1], { axis: [0, 0, 0] })).toThrow(/axis must be a nonzero vector/);
    expect(() => hopfPath(kb, P, R, { method: 'squad' })).toThrow(
      /method must be one of "slerp", "kli", got "squad"/,
    );
    expect(() => hopfPath(kb, P, R, { samples: 1 })).toThrow(
      /samples must be an integer ≥ 2 .*got 1/,
    );
    expect(() => hopfPath(kb, P, R, { method: 'kli', rate: 0 })).toThrow(
      /rate must be .*> 0.*got 0/,
    );
    expect(() => hopfPath(kb, P, R, { method: 'kli', tEnd: -1 })).toThrow(/tEnd must be .*got -1/);
    expect(() => hopfPath(kb, [1, 2], R)).toThrow(/p must have length 4/);
    expect(() => hopfPath(kb, P, R, 'slerp')).toThrow(TypeError);
    expect(() =>
      hopfPath(
        kb,
        P,
        P.map((v) => -v),
        { shortestPath: false },
      ),
    ).toThrow(/p and r are opposite/);
  });
});
