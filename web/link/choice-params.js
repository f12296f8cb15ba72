// The viewer's parameters that take one of a few values: the envelope shape
// and the filter follower (passed to the preview), the comparison mode and
// the joint the comparison plots and the Hopf inset follow. Each has a link
// key and the list of values it may take; a value outside the list is an
// error in code (RangeError) and a repaired default in a link (a notice).
import { JOINT_NAMES } from 'kblend';
import { SWEEP_NAMES, SWEEP_OFF, SWEEP_SIZES } from './sweep-names.js';

// 'auto' follows the gesture: a wrist it moves (see autoJoint).
export const AUTO_JOINT = 'auto';

export const CHOICE_PARAMS = Object.freeze({
  shape: { key: 'shape', values: Object.freeze(['smoothstep', 'kli']) },
  follower: { key: 'fol', values: Object.freeze(['exp', 'kli']) },
  compare: { key: 'cmp', values: Object.freeze([false, true]) },
  joint: { key: 'jnt', values: Object.freeze([AUTO_JOINT, ...JOINT_NAMES]) },
  // the sweep grid (web/viewer/sweep/): which parameters, how many rigs a side
  sweep: { key: 'sw', values: SWEEP_NAMES },
  sweepSize: { key: 'sws', values: SWEEP_SIZES },
});

export const CHOICE_DEFAULTS = Object.freeze({
  shape: 'smoothstep',
  follower: 'exp',
  compare: false,
  joint: AUTO_JOINT,
  sweep: SWEEP_OFF,
  sweepSize: '5',
});

// How a value reads in a link: booleans as 1/0, names as they are.
export function encodeChoice(value) {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

function allowedText(spec) {
  return spec.values.map(encodeChoice).join(', ');
}

export function isChoiceParam(name) {
  return Object.hasOwn(CHOICE_PARAMS, name);
}

// The value itself when it is one of the parameter's values.
export function canonicalChoice(name, value) {
  const spec = CHOICE_PARAMS[name];
  if (!spec) throw new TypeError(`canonicalChoice: unknown parameter '${name}'`);
  if (!spec.values.includes(value)) {
    const shown = typeof value === 'string' ? `'${value}'` : String(value);
    throw new RangeError(`${name} must be one of ${allowedText(spec)}, got ${shown}`);
  }
  return value;
}

/**
 * Read a choice from a link's text.
 * @param {string} name  a key of CHOICE_PARAMS
 * @param {string} raw  the text in the link
 * @param {*} fallback  the value to use when the text is not allowed
 * @param {string[]} notices  receives a plain-text notice for a repair
 * @param {(raw: string) => string} quote  makes a link value inert for a notice
 */
export function readChoice(name, raw, fallback, notices, quote) {
  const spec = CHOICE_PARAMS[name];
  const found = spec.values.find((value) => encodeChoice(value) === raw);
  if (found !== undefined) return found;
  notices.push(
    `${spec.key}=${quote(raw)} is not one of ${allowedText(spec)}; using ${encodeChoice(fallback)}`,
  );
  return fallback;
}

// The joint an 'auto' choice stands for: a wrist the gesture names (right
// first), else the farthest joint down the arm it names, else the right
// wrist. `gesture` is a gesture object of the library (keyframes with
// rotations by joint name).
export function autoJoint(gesture) {
  const named = new Set(gesture.keyframes.flatMap((key) => Object.keys(key.rotations)));
  const preferred = [
    'right_wrist',
    'left_wrist',
    'right_elbow',
    'left_elbow',
    'right_shoulder',
    'left_shoulder',
  ];
  return (
    preferred.find((name) => named.has(name)) ??
    JOINT_NAMES.find((name) => named.has(name)) ??
    'right_wrist'
  );
}

// The joint name a params set follows.
export function resolveJoint(joint, gesture) {
  return joint === AUTO_JOINT || joint === undefined ? autoJoint(gesture) : joint;
}
