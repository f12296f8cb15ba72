// Blending methods side by side (docs/design.md §4, §6, §9): kblend's order, the naive
// baseline that scales the target's Euler angles by E, the seed's order
// (filter after blend) and the KLI envelope shape, each run on the same
// gesture, tuning and frame grid. Each method is one createPreview walked
// once over its frame grid, so the figures and series are cheap enough to
// recompute on every slider change.
import { multiplyQuat } from './quaternion-math.js';
import { JOINT_COUNT, JOINT_NAMES } from './skeleton-names.js';
import { checkNumber, checkOptions, describe } from './validate.js';

// key: the property in results; name: the method as the UI calls it.
export const COMPARISON_METHODS = Object.freeze(
  [
    { key: 'kblend', name: 'kblend', order: 'kblend', shape: 'smoothstep' },
    { key: 'naiveEuler', name: 'naive-euler', order: 'naive-euler', shape: 'smoothstep' },
    { key: 'seed', name: 'seed', order: 'seed', shape: 'smoothstep' },
    { key: 'kliShape', name: 'kli-shape', order: 'kblend', shape: 'kli' },
  ].map((method) => Object.freeze(method)),
);

// Rotation angle between joint j of two poses, in double precision:
// 2·atan2(|v|, |w|) of a⁻¹ ⊗ b (docs/design.md §4: never acos of a dot product, which
// loses the small angles that the deadband and the end error are about).
const inverse = [0, 0, 0, 0];
const relative = [0, 0, 0, 0];
export function jointAngle(a, b, j) {
  const i = 4 * j;
  inverse[0] = -a[i];
  inverse[1] = -a[i + 1];
  inverse[2] = -a[i + 2];
  inverse[3] = a[i + 3];
  const [x, y, z, w] = multiplyQuat(
    inverse,
    b.subarray ? b.subarray(i, i + 4) : b.slice(i, i + 4),
    relative,
  );
  return 2 * Math.atan2(Math.sqrt(x * x + y * y + z * z), Math.abs(w));
}

function maxJointAngle(a, b) {
  let worst = 0;
  for (let j = 0; j < JOINT_COUNT; j++) worst = Math.max(worst, jointAngle(a, b, j));
  return worst;
}

function jointIndex(joint) {
  if (typeof joint === 'number') {
    return checkNumber('joint', joint, { min: 0, max: JOINT_COUNT - 1, integer: true });
  }
  const j = JOINT_NAMES.indexOf(joint);
  if (j < 0) {
    const kind = typeof joint === 'string' ? RangeError : TypeError;
    throw new kind(
      `joint must be a joint name (e.g. "left_wrist") or an index 0…21, got ${describe(joint)}`,
    );
  }
  return j;
}

// One pass over the frame grid of one preview. Series are per frame step
// k − 1 → k (k = 1 … n − 1), so they have frameCount − 1 entries: speeds at
// the step's midpoint time, hold ratio at frame k (frame 0 sets every joint
// by definition, so it says nothing about the deadband).
function walk(preview, idle) {
  const steps = preview.frameCount - 1;
  const speeds = new Float32Array(steps * JOINT_COUNT); // step-major
  const speedTimes = new Float32Array(steps);
  const holdTimes = new Float32Array(steps);
  const held = new Float32Array(steps);
  let previous = preview.frame(0);
  const jumpAtStart = maxJointAngle(idle, previous);
  let peakSpeed = 0;
  let changedSum = 0;
  let tPrevious = preview.frameTime(0);
  for (let k = 1; k <= steps; k++) {
    const pose = preview.frame(k);
    const t = preview.frameTime(k);
    const dt = t - tPrevious;
    for (let j = 0; j < JOINT_COUNT; j++) {
      const speed = dt > 0 ? jointAngle(previous, pose, j) / dt : 0;
      speeds[(k - 1) * JOINT_COUNT + j] = speed;
      peakSpeed = Math.max(peakSpeed, speed);
    }
    speedTimes[k - 1] = (t + tPrevious) / 2;
    holdTimes[k - 1] = t;
    held[k - 1] = 1 - preview.changed / JOINT_COUNT;
    changedSum += preview.changed;
    previous = pose;
    tPrevious = t;
  }
  return {
    figures: {
      jumpAtStart,
      endError: maxJointAngle(previous, idle),
      peakSpeed,
      updatedPerFrame: steps > 0 ? changedSum / steps : JOINT_COUNT,
    },
    speeds,
    speedTimes,
    holdTimes,
    held,
  };
}

function jointSeries(run, j) {
  const steps = run.speedTimes.length;
  const out = new Float32Array(steps);
  for (let k = 0; k < steps; k++) out[k] = run.speeds[k * JOINT_COUNT + j];
  return out;
}

export function createComparisonApi(kb) {
  // Runs a preview built from options (plus overrides) and always frees it.
  function run(options, overrides) {
    const preview = kb.createPreview({ ...checkOptions('options', options), ...overrides });
    try {
      return walk(preview, kb.idlePose(preview.options.apose));
    } finally {
      preview.dispose();
    }
  }

  function runAll(options) {
    const runs = {};
    for (const m of COMPARISON_METHODS)
      runs[m.key] = run(options, { order: m.order, shape: m.shape });
    return runs;
  }

  function figuresOf(runs) {
    const figures = {};
    for (const m of COMPARISON_METHODS) figures[m.key] = { method: m.name, ...runs[m.key].figures };
    return figures;
  }

  function speedsOf(runs, j) {
    const speeds = {};
    for (const m of COMPARISON_METHODS) speeds[m.key] = jointSeries(runs[m.key], j);
    return { joint: JOINT_NAMES[j], times: runs.kblend.speedTimes, speeds };
  }

  // Each method's figures for createPreview options (order and shape are
  // the method's own): jumpAtStart (rad, max over joints of the angle from
  // idle at t = 0), endError (rad, the same at t = duration), peakSpeed
  // (rad/s, max over joints and frame steps), updatedPerFrame (mean joints
  // changed per frame step).
  function compareMethods(options) {
    return figuresOf(runAll(options));
  }

  // Angular speed of one joint per frame step for each method, rad/s.
  function angularSpeed(options, joint) {
    const j = jointIndex(joint);
    return speedsOf(runAll(options), j);
  }

  // Fraction of joints left bit for bit unchanged at each frame of the
  // preview the options describe (order and shape as given): during the
  // hold it is the deadband's hold ratio, the saving on skinning work.
  function holdRatio(options) {
    const { holdTimes, held } = run(options, {});
    return { times: holdTimes, ratio: held };
  }

  // All of the above in one pass per method (the hold ratio is kblend's):
  // what a comparison view recomputes on a slider change.
  function comparison(options, joint = 'left_wrist') {
    const j = jointIndex(joint);
    const runs = runAll(options);
    return {
      figures: figuresOf(runs),
      speed: speedsOf(runs, j),
      hold: { times: runs.kblend.holdTimes, ratio: runs.kblend.held },
    };
  }

  return { compareMethods, angularSpeed, holdRatio, comparison };
}
