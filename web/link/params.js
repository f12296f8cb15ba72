// The viewer's tuning parameters: their ranges, their precision and how a
// value is made canonical. The panel, the share link and the preview all go
// through `canonicalValue`, so a value written into a link reads back as the
// very same number and reproduces the very same pose.
import { CHOICE_DEFAULTS, CHOICE_PARAMS, canonicalChoice, isChoiceParam } from './choice-params.js';
import { IK_DEFAULT, canonicalIk } from './ik-switch.js';

// Each numeric parameter: the link key, the number of decimals (or
// significant digits, for the log-scaled epsilon) it keeps, its unit, and
// the range the viewer offers (a log slider cannot reach 0; a preview is
// not a 10-minute clip). The range in use is this one within the library's
// limits (kb.limits, from the core's header), set by useLibrary(kb).
const VIEWER_PARAMS = Object.freeze({
  attack: { key: 'a', min: 0, max: 1, decimals: 4, unit: '' },
  release: { key: 'r', min: 0, max: 1, decimals: 4, unit: '' },
  epsilon: { key: 'eps', min: 1e-5, max: 1e-1, significant: 3, unit: 'rad' },
  lambda: { key: 'lam', min: 0.5, max: 120, decimals: 2, unit: '1/s' },
  duration: { key: 'dur', min: 0.5, max: 20, decimals: 3, unit: 's' },
  jitter: { key: 'jit', min: 0, max: 0.2, decimals: 4, unit: 'rad' },
  seed: { key: 'seed', min: 0, max: 99999, decimals: 0, unit: '' },
  apose: { key: 'apose', min: 0, max: 1.5708, decimals: 4, unit: 'rad' },
});

// The ranges in use (live binding: useLibrary replaces it).
export let NUMERIC_PARAMS = VIEWER_PARAMS;

// The defaults of the tuning values: the library's (kb.defaults), set by
// useLibrary; the duration's default is the gesture's own.
export let TUNING_DEFAULTS = null;

// The attack/release rule: the library's (kb.fitAttackRelease).
let fitAttackRelease = null;

/**
 * Take ranges, defaults and the attack/release rule from the loaded
 * library. Called once, before anything reads the params.
 * @param {object} kb  the loaded library
 */
export function useLibrary(kb) {
  const within = {};
  for (const [name, spec] of Object.entries(VIEWER_PARAMS)) {
    const limit = kb.limits[name];
    const min = Math.max(spec.min, limit.min);
    const max = Math.min(spec.max, limit.max);
    if (!(min <= max)) throw new RangeError(`${name}: the viewer's range is outside the library's`);
    within[name] = Object.freeze({ ...spec, min, max });
  }
  NUMERIC_PARAMS = Object.freeze(within);
  const pick = (names) => Object.fromEntries(names.map((n) => [n, kb.defaults[n]]));
  TUNING_DEFAULTS = Object.freeze({
    ...pick(['attack', 'release', 'epsilon', 'lambda', 'jitter', 'seed', 'apose']),
    ...CHOICE_DEFAULTS,
    ...pick(['shape', 'follower']),
    ik: IK_DEFAULT,
  });
  fitAttackRelease = kb.fitAttackRelease;
}

// Time is kept to a tenth of a millisecond: fine enough to scrub, coarse
// enough to print short.
const TIME_DECIMALS = 4;

function roundTo(value, decimals) {
  return Number(value.toFixed(decimals));
}

export function clamp(value, min, max) {
  return Math.min(max, Math.max(min, value));
}

// Round to the parameter's precision, never out of its range: a value that
// rounds past a limit is rounded toward the inside instead, so the canonical
// value is always one the core accepts.
function roundWithin(value, spec) {
  const round = (x) =>
    spec.significant !== undefined
      ? Number(x.toPrecision(spec.significant))
      : roundTo(x, spec.decimals);
  const rounded = round(value);
  if (rounded <= spec.max && rounded >= spec.min) return rounded;
  const scale = 10 ** (spec.decimals ?? 0);
  const inward =
    rounded > spec.max ? Math.floor(value * scale) / scale : Math.ceil(value * scale) / scale;
  return clamp(inward, spec.min, spec.max);
}

// The value the app actually uses for `name`: clamped and rounded. Returns
// the canonical number (a finite number is required).
export function canonicalValue(name, value) {
  if (isChoiceParam(name)) return canonicalChoice(name, value);
  if (name === 'ik') return canonicalIk(value);
  const spec = NUMERIC_PARAMS[name];
  if (!spec) throw new TypeError(`canonicalValue: unknown parameter '${name}'`);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number, got ${String(value)}`);
  }
  return roundWithin(clamp(value, spec.min, spec.max), spec);
}

export function canonicalTime(t, duration) {
  return clamp(roundTo(t, TIME_DECIMALS), 0, duration);
}

// Attack and release share the clip: a + r ≤ 1. When a pair breaks the rule,
// the one that was not just moved gives way (`moved` names the one the user
// changed); without `moved`, both shrink in proportion. Returns the fixed
// pair and whether anything changed.
// The rule is the library's (fitAttackRelease), kept to the link's 4 decimals.
export function enforceAttackRelease(attack, release, moved) {
  if (!fitAttackRelease) throw new Error('params: call useLibrary(kb) first');
  return fitAttackRelease(attack, release, { moved, decimals: NUMERIC_PARAMS.attack.decimals });
}

// Every numeric parameter made canonical and the attack/release rule applied.
export function canonicalParams(params) {
  const out = { gesture: params.gesture };
  for (const name of Object.keys(NUMERIC_PARAMS)) out[name] = canonicalValue(name, params[name]);
  // choices (shape, follower, ...) are kept when given
  for (const name of Object.keys(CHOICE_PARAMS)) {
    if (params[name] !== undefined) out[name] = canonicalChoice(name, params[name]);
  }
  if (params.ik !== undefined) out.ik = canonicalIk(params.ik);
  const pair = enforceAttackRelease(out.attack, out.release);
  out.attack = pair.attack;
  out.release = pair.release;
  return out;
}

// Time of the middle of the hold (between the end of the attack and the
// start of the release), where a gesture is held in full.
export function midHoldTime(params) {
  return ((params.attack + (1 - params.release)) / 2) * params.duration;
}
