// kb.fitEnvelope(track, options): the gesture (held target poses) and the
// envelope (attack and release ratios, shape, duration) that best
// reproduce a capture's main movement, by least squares, with what is left
// over (the residual) and notes on what the capture did not show.
//
// It assumes one gesture that starts and ends near rest (kblend's idle
// pose): joints go out from idle, hold, and come back, as the preview's
// blend from idle does. A capture that starts (or ends) away from rest has
// no attack (or release) to measure: the fit then says so in `notes`,
// starts (or ends) the clip at the capture's first (last) frame with a
// ratio of 0 there, and fits the hold and the part it has.
import { JOINT_COUNT, JOINT_NAMES } from '../skeleton-names.js';
import { checkNumber, checkOneOf, checkOptions, describe, readNumbers } from '../validate.js';
import { fitEnvelopeShape, initialEnvelope, weightedCost } from './envelope-search.js';
import { heldGesture } from './held-target.js';
import { angleBetween } from './rotation-path.js';

const POSE = 4 * JOINT_COUNT;
const FIT_OPTIONS = Object.freeze([
  'shape',
  'apose',
  'restTolerance',
  'moveThreshold',
  'epsilon',
  'lambda',
  'dtMax',
  'fps',
]);
const FIT_SHAPES = Object.freeze(['auto', 'smoothstep', 'kli']);
const MIN_FRAMES = 8;

// Each field read once, so a getter cannot change it between the check
// and its use.
function readTrack(track) {
  if (track === undefined) {
    throw new TypeError('track must be an object { times, rotations }, got undefined');
  }
  checkOptions('track', track, ['times', 'rotations', 'root', 'mask', 'loop', 'period']);
  const { times: rawTimes, rotations: rawRotations } = track;
  const keys = rawTimes && typeof rawTimes.length === 'number' ? rawTimes.length : 0;
  if (keys < MIN_FRAMES) {
    throw new RangeError(
      `track.times must hold at least ${MIN_FRAMES} frames to fit an envelope, got ${describe(rawTimes)}`,
    );
  }
  const times = readNumbers('track.times', rawTimes, keys);
  for (let k = 1; k < keys; k++) {
    if (!(times[k] > times[k - 1])) {
      throw new RangeError(
        `track.times must increase, got ${times[k - 1]} then ${times[k]} at frame ${k}`,
      );
    }
  }
  const rotations = readNumbers('track.rotations', rawRotations, keys * POSE);
  for (let q = 0; q < keys * JOINT_COUNT; q++) {
    const n = Math.hypot(...rotations.subarray(4 * q, 4 * q + 4));
    if (!(n > 1e-12)) {
      throw new RangeError(
        `track.rotations: frame ${Math.floor(q / JOINT_COUNT)} joint ${JOINT_NAMES[q % JOINT_COUNT]} is a zero quaternion`,
      );
    }
    for (let i = 0; i < 4; i++) rotations[4 * q + i] /= n;
  }
  return { times, rotations };
}

function readOptions(kb, options) {
  const o = checkOptions('fitEnvelope options', options, FIT_OPTIONS);
  const d = kb.defaults;
  const read = {
    shape: checkOneOf('options.shape', o.shape ?? 'auto', FIT_SHAPES),
    apose: o.apose ?? d.apose,
    restTolerance: checkNumber('options.restTolerance', o.restTolerance ?? 0.1, {
      min: 0,
      minOpen: true,
      max: Math.PI,
    }),
    moveThreshold: checkNumber('options.moveThreshold', o.moveThreshold ?? 0.05, {
      min: 0,
      minOpen: true,
      max: Math.PI,
    }),
    filter: {
      epsilon: o.epsilon ?? d.epsilon,
      lambda: o.lambda ?? d.lambda,
      dtMax: o.dtMax ?? d.dtMax,
    },
    fps: o.fps ?? d.fps,
  };
  // The preview checks the tuning values against the core's limits.
  kb.createPreview({
    gesture: 'salute',
    apose: read.apose,
    fps: read.fps,
    ...read.filter,
  }).dispose();
  return read;
}

// Angle of every joint from idle at every frame; joints that move farther
// than moveThreshold are the gesture's.
function anglesFromIdle(times, rotations, idle) {
  return idle.map((rest, j) =>
    Float64Array.from(times, (_, k) =>
      angleBetween(rest, Array.from(rotations.subarray(POSE * k + 4 * j, POSE * k + 4 * j + 4))),
    ),
  );
}

// Whether the first and last frames are at rest, with a note when not.
function restAtEnds(angles, active, tolerance, notes) {
  const farthest = (k) =>
    active.reduce(
      (m, j) => (angles[j][k] > m.angle ? { angle: angles[j][k], joint: JOINT_NAMES[j] } : m),
      { angle: 0 },
    );
  const last = angles[0].length - 1;
  const first = farthest(0);
  const end = farthest(last);
  const startAtRest = first.angle <= tolerance;
  const endAtRest = end.angle <= tolerance;
  const away = (at, where) =>
    `${at.angle.toFixed(3)} rad from rest (${at.joint}) at its ${where} frame`;
  if (!startAtRest) {
    notes.push(
      `the capture does not start near rest: ${away(first, 'first')}; a fit assumes a gesture that starts at rest, so the attack is not in it: attack is 0 (a step), and the fit covers the hold and the release from the first frame`,
    );
  }
  if (!endAtRest) {
    notes.push(
      `the capture does not end near rest: ${away(end, 'last')}; a fit assumes a gesture that ends at rest, so the release is not in it: release is 0 (a step), and the fit runs to the last frame`,
    );
  }
  return { startAtRest, endAtRest };
}

// The capture against the fitted preview at each of its frames (idle
// before the fitted start and after its end).
function residualOf(kb, data, result, options) {
  const preview = kb.createPreview({
    gesture: result.gesture,
    attack: result.attack,
    release: result.release,
    duration: result.duration,
    shape: result.shape,
    apose: options.apose,
    fps: options.fps,
    ...options.filter,
  });
  try {
    const perJoint = new Float64Array(JOINT_COUNT);
    let worst = 0;
    const { times, rotations, idle } = data;
    for (let k = 0; k < times.length; k++) {
      const t = times[k] - result.start;
      const pose = t >= 0 && t <= result.duration ? preview.evaluate(t) : null;
      for (let j = 0; j < JOINT_COUNT; j++) {
        const model = pose ? Array.from(pose.subarray(4 * j, 4 * j + 4)) : idle[j];
        const angle = angleBetween(
          model,
          Array.from(rotations.subarray(POSE * k + 4 * j, POSE * k + 4 * j + 4)),
        );
        perJoint[j] += angle / times.length;
        worst = Math.max(worst, angle);
      }
    }
    const mean = perJoint.reduce((s, v) => s + v, 0) / JOINT_COUNT;
    return {
      mean,
      worst,
      perJoint: Object.fromEntries(JOINT_NAMES.map((n, j) => [n, perJoint[j]])),
    };
  } finally {
    preview.dispose();
  }
}

// Frame times of the preview's grid for a clip of that duration.
function gridOf(kb, options) {
  return (duration) => {
    const probe = kb.createPreview({ gesture: 'salute', duration, fps: options.fps });
    try {
      return Array.from({ length: probe.frameCount }, (_, k) => probe.frameTime(k));
    } finally {
      probe.dispose();
    }
  };
}

// Both shapes when asked for 'auto', compared under the same weights.
function chooseShape(kb, data, first, rest, shape) {
  const shapes = shape === 'auto' ? ['smoothstep', 'kli'] : [shape];
  const fits = shapes.map((s) => ({ shape: s, ...fitEnvelopeShape(kb, data, first, s, rest) }));
  const base = fits[0];
  const cost = (f) => weightedCost(kb, data, f.envelope, f.shape, base.weights, base.thetas);
  return fits.reduce((best, f) => (cost(f) < cost(best) ? f : best));
}

function fitNotes(residual, held, notes) {
  if (!held.steady) {
    notes.push(
      `the hold moves (up to ${held.spread.angle.toFixed(3)} rad at ${held.spread.joint}): the gesture follows it frame by frame (${held.gesture.keyframes.length} keyframes) rather than one held pose`,
    );
  }
  if (residual.mean > 0.05) {
    const joints = Object.entries(residual.perJoint)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3);
    notes.push(
      `the envelope explains the capture poorly (mean residual ${residual.mean.toFixed(3)} rad; most at ${joints.map(([n, v]) => `${n} ${v.toFixed(3)}`).join(', ')}): it may hold more than one gesture, or move throughout (a walk)`,
    );
  }
}

export function createFitEnvelopeApi(kb) {
  function fitEnvelope(track, options) {
    const { times, rotations } = readTrack(track);
    const o = readOptions(kb, options);
    const idlePose = kb.idlePose(o.apose);
    const idle = JOINT_NAMES.map((_, j) => Array.from(idlePose.subarray(4 * j, 4 * j + 4)));
    const angles = anglesFromIdle(times, rotations, idle);
    const active = JOINT_NAMES.map((_, j) => j).filter(
      (j) => Math.max(...angles[j]) >= o.moveThreshold,
    );
    if (!active.length) {
      throw new RangeError(
        `track: no joint moves more than options.moveThreshold = ${o.moveThreshold} rad from rest, so there is no gesture to fit`,
      );
    }
    const notes = [];
    const rest = restAtEnds(angles, active, o.restTolerance, notes);
    const data = {
      times,
      rotations,
      idle,
      angles,
      active,
      epsilon: o.filter.epsilon,
      filter: o.filter,
    };
    const first = initialEnvelope(times, angles, active, rest);
    const fit = { kb, ...chooseShape(kb, data, first, rest, o.shape) };
    const held = heldGesture(fit, data, gridOf(kb, o));
    const { start, end, attack, release } = fit.envelope;
    const result = {
      gesture: held.gesture,
      attack,
      release,
      shape: fit.shape,
      duration: end - start,
      start,
    };
    result.residual = residualOf(kb, data, result, o);
    fitNotes(result.residual, held, notes);
    result.notes = notes;
    return result;
  }
  return { fitEnvelope };
}
