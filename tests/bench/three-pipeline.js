// The same gesture pipeline as kblend's core (track → deadband filter →
// envelope blend from idle), written in JS on three.js's
// Quaternion.slerpFlat: the baseline the benchmark compares against.
import { Quaternion } from 'three';

const JOINTS = 22;

function geodesicAngle(a, ai, b, bi) {
  // a⁻¹ ⊗ b, then 2·atan2(|v|, |w|) as docs/design.md §4 asks
  const ax = -a[ai],
    ay = -a[ai + 1],
    az = -a[ai + 2],
    aw = a[ai + 3];
  const bx = b[bi],
    by = b[bi + 1],
    bz = b[bi + 2],
    bw = b[bi + 3];
  const x = aw * bx + ax * bw + ay * bz - az * by;
  const y = aw * by - ax * bz + ay * bw + az * bx;
  const z = aw * bz + ax * by - ay * bx + az * bw;
  const w = aw * bw - ax * bx - ay * by - az * bz;
  return 2 * Math.atan2(Math.sqrt(x * x + y * y + z * z), Math.abs(w));
}

function smoothstep(s) {
  return s * s * (3 - 2 * s);
}

function envelope(p, a, r) {
  if (p < 0 || p > 1) return 0;
  if (p < a) return smoothstep(p / a);
  if (p <= 1 - r) return 1;
  return smoothstep((1 - p) / r);
}

export function createThreePipeline({
  times,
  rotations,
  period,
  idle,
  duration,
  fps,
  attack,
  release,
  epsilon,
  lambda,
  dtMax,
}) {
  const target = new Float32Array(4 * JOINTS);
  const state = new Float32Array(4 * JOINTS);
  const keys = times.length;
  let primed = false;

  function sampleTrack(t) {
    const tau = ((t % period) + period) % period;
    let a = keys - 1;
    let b = 0;
    let u = (tau - times[keys - 1]) / (period - times[keys - 1]);
    for (let i = 0; i + 1 < keys; i++) {
      if (tau >= times[i] && tau < times[i + 1]) {
        a = i;
        b = i + 1;
        u = (tau - times[i]) / (times[i + 1] - times[i]);
        break;
      }
    }
    for (let j = 0; j < JOINTS; j++) {
      Quaternion.slerpFlat(target, 4 * j, rotations, a * 88 + 4 * j, rotations, b * 88 + 4 * j, u);
    }
  }

  function filterStep(dt) {
    if (!primed) {
      state.set(target);
      primed = true;
      return;
    }
    const alpha = 1 - Math.exp(-lambda * Math.min(Math.max(dt, 0), dtMax));
    for (let j = 0; j < JOINTS; j++) {
      if (geodesicAngle(state, 4 * j, target, 4 * j) < epsilon) continue;
      Quaternion.slerpFlat(state, 4 * j, state, 4 * j, target, 4 * j, alpha);
    }
  }

  // Frame k of the clip into out (frames must come in order, as in play).
  return function frame(k, out) {
    if (k === 0) primed = false;
    const t = Math.min(k / fps, duration);
    const dt = t - Math.min((k - 1) / fps, duration);
    sampleTrack(t);
    filterStep(dt);
    const e = envelope(t / duration, attack, release);
    for (let j = 0; j < JOINTS; j++) {
      Quaternion.slerpFlat(out, 4 * j, idle, 4 * j, state, 4 * j, e);
    }
    return out;
  };
}
