// The held target(s) of a fitted envelope, as a gesture the preview plays:
// a pose blended from idle by weight w lies w of the way from idle to its
// target, so the target is found by going 1/w of the way (where w ≥ ½, so
// the noise is amplified at most twice). A steady hold gives one keyframe,
// the mean of the hold; a hold that moves (a wave) gives the target on
// the preview's own frame grid, with the preview's smoothing filter undone
// so that playing it through the filter gives the capture's motion back.
import { eulerXYZ } from '../bvh/export.js';
import { JOINT_NAMES } from '../skeleton-names.js';
import { envelopeSeries, jointWeights } from './activation.js';
import { along, angleBetween, meanQuat } from './rotation-path.js';

const DEG = 180 / Math.PI;
// A hold whose targets all stay within this of their mean counts as steady.
const STEADY_SPREAD = 0.03;
const MAX_KEYFRAMES = 1000;

const quatAt = (rotations, k, j) =>
  Array.from(rotations.subarray(88 * k + 4 * j, 88 * k + 4 * j + 4));
const degrees = (q) => eulerXYZ(q).map((a) => a * DEG);

// The capture's pose of joint j at time t, slerped between its frames.
function sampleJoint(times, rotations, j, t) {
  let hi = times.findIndex((time) => time >= t);
  if (hi <= 0) return quatAt(rotations, hi < 0 ? times.length - 1 : 0, j);
  const lo = hi - 1;
  const u = (t - times[lo]) / (times[hi] - times[lo]);
  return along(quatAt(rotations, lo, j), quatAt(rotations, hi, j), u);
}

// Per joint: the recovered targets where w ≥ ½ (null elsewhere).
function unblended(idle, poseAt, weights, frames) {
  const out = new Array(frames).fill(null);
  for (let k = 0; k < frames; k++) {
    if (weights[k] >= 0.5) out[k] = along(idle, poseAt(k), 1 / weights[k]);
  }
  return out;
}

// Hold frames: where the envelope is 1 (or its top, for a hold of zero length).
function holdFrames(e) {
  const top = Math.max(...e);
  const frames = [];
  e.forEach((v, k) => v >= top - 1e-6 && frames.push(k));
  return frames;
}

function steadyHold(fit, data) {
  const { times, rotations, idle, active } = data;
  const e = envelopeSeries(fit.kb, times, fit.envelope);
  const hold = holdFrames(e);
  const means = [];
  let spread = { angle: 0, joint: null };
  active.forEach((j, i) => {
    const w = jointWeights(fit.kb, e, times, fit.envelope, fit.shape, fit.thetas[i], data.epsilon);
    const targets = unblended(idle[j], (k) => quatAt(rotations, k, j), w, times.length);
    const held = hold.map((k) => targets[k]).filter(Boolean);
    const mean = meanQuat(held.length ? held : [idle[j]]);
    means.push(mean);
    for (const q of held) {
      const angle = angleBetween(q, mean);
      if (angle > spread.angle) spread = { angle, joint: JOINT_NAMES[j] };
    }
  });
  return { means, spread };
}

// The target stream on the preview's grid, with the exponential follower
// undone: y_i = slerp(y_{i−1}, g_i, α) gives g_i = y_{i−1} + (y_i − y_{i−1})/α
// along the geodesic, α = 1 − exp(−λ·min(dt, dtMax)).
function unfiltered(stream, grid, { lambda, dtMax }) {
  return stream.map((y, i) => {
    if (i === 0 || !Number.isFinite(lambda)) return y;
    const dt = Math.min(grid[i] - grid[i - 1], dtMax);
    const alpha = 1 - Math.exp(-lambda * dt);
    return alpha > 0 ? along(stream[i - 1], y, 1 / alpha) : y;
  });
}

// Fills the frames the envelope is too low to invert (w < ½) with the
// nearest recovered target.
function filled(targets, fallback) {
  const first = targets.findIndex(Boolean);
  if (first < 0) return targets.map(() => fallback);
  let last = targets[first];
  return targets.map((q) => (q ? (last = q) : last));
}

function movingKeyframes(fit, data, grid, means) {
  const { times, rotations, idle, active } = data;
  const start = fit.envelope.start;
  const gridTimes = grid.map((t) => t + start);
  const e = envelopeSeries(fit.kb, gridTimes, fit.envelope);
  const streams = active.map((j, i) => {
    const w = jointWeights(
      fit.kb,
      e,
      gridTimes,
      fit.envelope,
      fit.shape,
      fit.thetas[i],
      data.epsilon,
    );
    const poseAt = (k) => sampleJoint(times, rotations, j, gridTimes[k]);
    const stream = filled(unblended(idle[j], poseAt, w, grid.length), means[i]);
    return unfiltered(stream, grid, data.filter);
  });
  const stride = Math.ceil(grid.length / MAX_KEYFRAMES);
  const keyframes = [];
  for (let k = 0; k < grid.length; k += stride) {
    const rotationsAt = {};
    active.forEach((j, i) => (rotationsAt[JOINT_NAMES[j]] = degrees(streams[i][k])));
    keyframes.push({ time: grid[k], rotations: rotationsAt });
  }
  return keyframes;
}

// The gesture and what the hold looked like. grid(duration) gives the
// preview's frame times for a clip of that length.
export function heldGesture(fit, data, grid) {
  const { means, spread } = steadyHold(fit, data);
  const duration = fit.envelope.end - fit.envelope.start;
  const steady = spread.angle < STEADY_SPREAD;
  const keyframes = steady
    ? [
        {
          time: 0,
          rotations: Object.fromEntries(
            data.active.map((j, i) => [JOINT_NAMES[j], degrees(means[i])]),
          ),
        },
      ]
    : movingKeyframes(fit, data, grid(duration), means);
  const gesture = { name: 'fitted', duration, timeUnit: 'seconds', keyframes };
  return { gesture, steady, spread };
}
