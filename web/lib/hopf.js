// The Hopf map h: S³ → S², to draw a rotation path on a sphere.
//
// Convention: h(q) = q·i·q̄, the image of the fixed unit vector x̂ (the
// quaternion i) under the rotation q = [x, y, z, w]. The sandwich is
// quadratic in q, so h(q) = h(−q): the map sees rotations, not their sign.
// Its fibres are the rotations that differ by a turn about x̂ first, so a
// path that only spins about the fixed axis draws a single point; another
// axis can be given.
//
// A SLERP path is an arc of a great circle of S³ and draws an arc of a
// circle on S². The Kuramoto–Lohe flow (docs/design.md §6) runs along the same great
// circle with another timing, so its curve lies on the SLERP curve: sampled
// uniformly in time, its points bunch up toward r (ease-out).
import { rotateVector } from './quaternion-math.js';
import { checkArrayLike, checkNumber, checkOneOf, checkOptions, checkQuat } from './validate.js';

export const HOPF_AXIS = Object.freeze([1, 0, 0]);
const HOPF_METHODS = ['slerp', 'kli'];

// The paper's example: p = k, r = ½(1 + i + j + k); RK4 with K = 1,
// h = 0.01, ε = 1e-5 stops at t = 11.66.
export const PAPER_EXAMPLE = Object.freeze({
  p: Object.freeze([0, 0, 1, 0]),
  r: Object.freeze([0.5, 0.5, 0.5, 0.5]),
  options: Object.freeze({ rate: 1, step: 0.01, epsilon: 1e-5, method: 'rk4' }),
});

// The axis is read once, into a copy, and that copy is checked and used:
// an array answering differently on a second read cannot pass the check.
function unitAxis(given) {
  const axis = checkArrayLike('axis', given, 3);
  const n = Math.hypot(axis[0], axis[1], axis[2]);
  if (!(n > 1e-12))
    throw new RangeError(`axis must be a nonzero vector, got [${Array.from(axis).join(', ')}]`);
  return [axis[0] / n, axis[1] / n, axis[2] / n];
}

// Writes h(q) (q of any nonzero length) for a unit axis v at out[at … at+2]:
// v rotated by q / |q|.
function hopfInto(q, v, out, at) {
  out.set(rotateVector(unit4(q), v), at);
}

// h(q) as a point [x, y, z] on the unit sphere.
export function hopf(q, { axis = HOPF_AXIS } = {}) {
  const quat = checkQuat('q', q);
  const out = new Float32Array(3);
  hopfInto(quat, unitAxis(axis), out, 0);
  return out;
}

function unit4(q) {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

// The SLERP arc from p to r sampled uniformly in u. kb.slerp always takes
// the shorter arc, so the arc is run as two halves through its midpoint
// (p + r)/|p + r|; each half is under 90° on S³ and so goes the intended
// way, which lets the paper's long way (shortestPath: false) use it too.
function slerpArc(kb, p, r, samples, shortestPath) {
  const a = unit4(p);
  let b = unit4(r);
  const d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (shortestPath && d < 0) b = b.map((v) => -v);
  const mid = [0, 1, 2, 3].map((i) => a[i] + b[i]);
  if (Math.hypot(...mid) < 1e-6) {
    throw new RangeError(
      'p and r are opposite (p = −r): with shortestPath false the SLERP path is not unique',
    );
  }
  const m = unit4(mid);
  const points = [];
  for (let i = 0; i < samples; i++) {
    const u = i / (samples - 1);
    points.push(u <= 0.5 ? kb.slerp(a, m, 2 * u) : kb.slerp(m, b, 2 * u - 1));
  }
  return points;
}

// The closed-form KLI state sampled uniformly in t ∈ [0, tEnd].
function kliArc(kb, p, r, samples, { rate, shortestPath, tEnd }) {
  const points = [];
  for (let i = 0; i < samples; i++) {
    points.push(kb.kliAt(p, r, (tEnd * i) / (samples - 1), { rate, shortestPath }));
  }
  return points;
}

// The path from p to r on S², projected by h: Float32Array of 3·samples
// coordinates. method 'slerp': uniform in the SLERP weight u ∈ [0, 1];
// 'kli': uniform in time t ∈ [0, tEnd] along the Kuramoto–Lohe flow of
// rate K (tEnd defaults to the RK4 stop time at ε = 1e-5, step 0.01).
const HOPF_OPTIONS = ['method', 'samples', 'rate', 'shortestPath', 'axis', 'tEnd'];

export function hopfPath(kb, pGiven, rGiven, options) {
  const o = checkOptions('options', options, HOPF_OPTIONS);
  const { method = 'slerp', samples = 64, rate = 1, shortestPath = true, axis = HOPF_AXIS } = o;
  // read once: the path is drawn from the quaternions checked
  const p = checkQuat('p', pGiven);
  const r = checkQuat('r', rGiven);
  checkOneOf('method', method, HOPF_METHODS);
  checkNumber('samples', samples, { min: 2, max: 100000, integer: true });
  checkNumber('rate', rate, { min: 0, minOpen: true });
  const v = unitAxis(axis);
  let points;
  if (method === 'slerp') {
    points = slerpArc(kb, p, r, samples, !!shortestPath);
  } else {
    const tEnd = o.tEnd ?? kb.kli(p, r, { rate, shortestPath: !!shortestPath }).tStop;
    checkNumber('tEnd', tEnd, { min: 0 });
    points = kliArc(kb, p, r, samples, { rate, shortestPath: !!shortestPath, tEnd });
  }
  const out = new Float32Array(3 * samples);
  points.forEach((q, i) => hopfInto(q, v, out, 3 * i));
  return out;
}

// The paper's stop time (11.66) through the core's RK4 integrator.
export function paperStopTime(kb) {
  return kb.kli(PAPER_EXAMPLE.p, PAPER_EXAMPLE.r, PAPER_EXAMPLE.options).tStop;
}
