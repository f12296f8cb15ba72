// The envelope (start, end, attack, release) that best explains how far
// the moving joints are from idle over time, by least squares: a joint
// blended from idle toward a held target Θ rad away is w(t)·Θ from idle,
// so each joint's Θ has a closed form given the envelope (variable
// projection) and only the envelope's 2–4 numbers are searched, with
// Levenberg–Marquardt from a start read off the motion's profile.
import { envelopeSeries, jointWeights } from './activation.js';
import { levenbergMarquardt } from './least-squares.js';

// Where smoothstep S(x) crosses 0.1 and 0.9: an attack's 10 %–90 % span is
// (0.8042 − 0.1958) of its length.
const S10 = 0.1958;
const S90 = 0.8042;
const MAX_RATIO = 0.95;

function percentile(values, q) {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

// The moving joints' summed angle from idle, scaled so the hold is near 1.
function profile(angles, active, frames) {
  const e = new Float64Array(frames);
  let scale = 0;
  for (const j of active) {
    scale += percentile(angles[j], 0.9);
    for (let k = 0; k < frames; k++) e[k] += angles[j][k];
  }
  return e.map((v) => v / scale);
}

// Time at which the profile first (or, from the end, last) reaches level.
function crossing(times, e, level, fromEnd) {
  const n = e.length;
  for (let i = 1; i < n; i++) {
    const k = fromEnd ? n - 1 - i : i;
    const before = fromEnd ? k + 1 : k - 1;
    if (e[k] >= level && e[before] < level) {
      const u = (level - e[before]) / (e[k] - e[before]);
      return times[before] + u * (times[k] - times[before]);
    }
  }
  return fromEnd ? times[n - 1] : times[0];
}

// A first guess from the 10 % and 90 % crossings of the profile.
export function initialEnvelope(times, angles, active, { startAtRest, endAtRest }) {
  const n = times.length;
  const e = profile(angles, active, n);
  let start = times[0];
  let end = times[n - 1];
  let attackSeconds = 0;
  let releaseSeconds = 0;
  if (startAtRest) {
    const t10 = crossing(times, e, 0.1, false);
    attackSeconds = Math.max(0, (crossing(times, e, 0.9, false) - t10) / (S90 - S10));
    start = t10 - S10 * attackSeconds;
  }
  if (endAtRest) {
    const t10 = crossing(times, e, 0.1, true);
    releaseSeconds = Math.max(0, (t10 - crossing(times, e, 0.9, true)) / (S90 - S10));
    end = t10 + S10 * releaseSeconds;
  }
  const duration = Math.max(end - start, 1e-3);
  return {
    start,
    end: start + duration,
    attack: Math.min(MAX_RATIO, attackSeconds / duration),
    release: Math.min(MAX_RATIO, releaseSeconds / duration),
  };
}

// The envelope's numbers as a vector; what the capture cannot show (an
// attack it starts after, a release it ends before) stays fixed at 0.
function parameterisation(envelope, times, { startAtRest, endAtRest }, minDuration) {
  const span = times[times.length - 1] - times[0];
  const free = ['start', 'end', 'attack', 'release'].filter(
    (key) =>
      !(!startAtRest && (key === 'start' || key === 'attack')) &&
      !(!endAtRest && (key === 'end' || key === 'release')),
  );
  const toEnvelope = (p) => ({ ...envelope, ...Object.fromEntries(free.map((k, i) => [k, p[i]])) });
  const steps = free.map((k) => (k === 'attack' || k === 'release' ? 1e-3 : 1e-3 * span));
  const project = (p) => {
    const v = toEnvelope(p);
    v.start = Math.min(Math.max(v.start, times[0] - span), times[times.length - 1] - minDuration);
    v.end = Math.min(Math.max(v.end, v.start + minDuration), times[times.length - 1] + span);
    v.attack = Math.min(Math.max(v.attack, 0), MAX_RATIO);
    v.release = Math.min(Math.max(v.release, 0), MAX_RATIO);
    const sum = v.attack + v.release;
    if (sum > MAX_RATIO)
      [v.attack, v.release] = [v.attack * (MAX_RATIO / sum), v.release * (MAX_RATIO / sum)];
    return free.map((k) => v[k]);
  };
  return { start: free.map((k) => envelope[k]), toEnvelope, steps, project };
}

// Residuals of every moving joint for one envelope: √W_j (d_jk − Θ_j w_jk),
// with Θ_j its least-squares amplitude. thetas (for kli, whose ramp depends
// on Θ) are the amplitudes of an earlier pass.
function jointResiduals(kb, data, envelope, shape, weights, thetas) {
  const { times, angles, active, epsilon } = data;
  const e = envelopeSeries(kb, times, envelope);
  const out = new Float64Array(active.length * times.length);
  const amplitudes = new Float64Array(active.length);
  active.forEach((j, i) => {
    const w = jointWeights(kb, e, times, envelope, shape, thetas?.[i] ?? 1, epsilon);
    let num = 0;
    let den = 0;
    for (let k = 0; k < w.length; k++) [num, den] = [num + w[k] * angles[j][k], den + w[k] * w[k]];
    const theta = den > 0 ? num / den : 0;
    amplitudes[i] = theta;
    const root = Math.sqrt(weights[i]);
    for (let k = 0; k < w.length; k++) out[i * w.length + k] = root * (angles[j][k] - theta * w[k]);
  });
  return { residuals: out, amplitudes };
}

// Root-mean-square residual of each moving joint.
function jointRms(residuals, count, frames) {
  return Array.from({ length: count }, (_, i) => {
    let s = 0;
    for (let k = 0; k < frames; k++) s += residuals[i * frames + k] ** 2;
    return Math.sqrt(s / frames);
  });
}

function fitOnce(kb, data, envelope, shape, weights, thetas, rest) {
  const minDuration = kb.limits.duration.min;
  const param = parameterisation(envelope, data.times, rest, minDuration);
  const residuals = (p) =>
    jointResiduals(kb, data, param.toEnvelope(p), shape, weights, thetas).residuals;
  const { params, cost } = levenbergMarquardt(residuals, param.start, param);
  return { envelope: param.toEnvelope(params), cost };
}

// Fits one shape in two passes: equal joint weights, then each joint
// weighted by 1 / (its residual² + (0.01 rad)²), so a joint whose target
// moves during the hold (a waving hand) does not pull the timing that the
// steady joints show cleanly.
export function fitEnvelopeShape(kb, data, first, shape, rest) {
  const frames = data.times.length;
  const count = data.active.length;
  let weights = new Array(count).fill(1);
  let thetas = null;
  let fit = fitOnce(kb, data, first, 'smoothstep', weights, thetas, rest);
  const pass = jointResiduals(kb, data, fit.envelope, 'smoothstep', weights, thetas);
  weights = jointRms(pass.residuals, count, frames).map((r) => 1 / (r * r + 1e-4));
  thetas = Array.from(pass.amplitudes);
  fit = fitOnce(kb, data, fit.envelope, shape, weights, thetas, rest);
  return { ...fit, weights, thetas };
}

// The cost of an envelope under given weights (to compare shapes fairly).
export function weightedCost(kb, data, envelope, shape, weights, thetas) {
  const { residuals } = jointResiduals(kb, data, envelope, shape, weights, thetas);
  return 0.5 * residuals.reduce((s, v) => s + v * v, 0);
}
