// The fast-attack envelope E(p; attack, release), its slope, timed form,
// and the rule that keeps attack + release ≤ 1.
import { checkNumber, checkOptions, checkRatios, checkTunable } from './validate.js';

const MOVED = ['attack', 'release'];

const roundTo = (value, decimals) =>
  decimals === undefined ? value : Number(value.toFixed(decimals));

// The pair as the core checks it: in double (the library) and in float32
// (kb_envelope_check), so a fitted pair is accepted at both levels.
const f = Math.fround;
const fits = (a, r) => a + r <= 1 && f(f(a) + f(r)) <= 1;

// The float32 value just below v (v ≥ 0), as a step that always moves the
// float32 sum.
const bits = new Float32Array(1);
const words = new Uint32Array(bits.buffer);
function floatBelow(v) {
  bits[0] = v;
  if (bits[0] > v) words[0] -= 1; // v rounded up to float32: take the one below
  if (bits[0] > 0) words[0] -= 1;
  return bits[0];
}

// The share left to the value that gives way: 1 − kept, rounded to
// `decimals` when asked. Rounding (or float32) can push the pair past 1
// (1 − 1.8e-15 rounds to 1.00): then it steps down, by one unit of the
// last decimal or by one float32 step, until the pair fits.
function giveWay(kept, decimals) {
  let value = roundTo(1 - kept, decimals);
  while (value > 0 && !fits(kept, value)) {
    value =
      decimals === undefined
        ? floatBelow(value)
        : Math.max(0, roundTo(value - 10 ** -decimals, decimals));
  }
  return value;
}

export function createEnvelopeApi(core, scratch, defaults) {
  const { out } = scratch;
  const fn = core.fn;
  const { limits } = core;

  function ratios(options) {
    const { attack = defaults.attack, release = defaults.release } = checkOptions(
      'options',
      options,
      ['attack', 'release'],
    );
    checkRatios(limits, attack, release);
    return { attack, release };
  }

  function envelope(p, options) {
    checkNumber('p', p, { allowInfinity: true });
    const { attack, release } = ratios(options);
    core.check(fn._kb_envelope(p, attack, release, out.ptr), 'envelope');
    return out.view[0];
  }

  function envelopeSlope(p, options) {
    checkNumber('p', p, { allowInfinity: true });
    const { attack, release } = ratios(options);
    core.check(fn._kb_envelope_slope(p, attack, release, out.ptr), 'envelopeSlope');
    return out.view[0];
  }

  // Attack and release in seconds to ratios of duration, scaled down
  // together when they exceed it.
  function envelopeRatios(options) {
    const {
      attackSeconds = defaults.attackSeconds,
      releaseSeconds = defaults.releaseSeconds,
      duration,
    } = checkOptions('options', options ?? null, ['attackSeconds', 'releaseSeconds', 'duration']);
    checkTunable(limits, 'attackSeconds', attackSeconds);
    checkTunable(limits, 'releaseSeconds', releaseSeconds);
    checkTunable(limits, 'duration', duration);
    core.check(
      fn._kb_envelope_ratios_from_seconds(
        attackSeconds,
        releaseSeconds,
        duration,
        out.ptr,
        out.ptr + 4,
      ),
      'envelopeRatios',
    );
    return { attack: out.view[0], release: out.view[1] };
  }

  // Attack and release share the clip: a + r ≤ 1. When a pair breaks the
  // rule the one that was not just moved gives way (`moved` names the one
  // the user changed); without `moved` both shrink in proportion.
  // `decimals` (optional) rounds what is given back, still with a + r ≤ 1.
  function fitAttackRelease(attack, release, options) {
    const { moved, decimals } = checkOptions('options', options, ['moved', 'decimals']);
    checkTunable(limits, 'attack', attack);
    checkTunable(limits, 'release', release);
    if (moved !== undefined && !MOVED.includes(moved)) {
      throw new RangeError(
        `options.moved must be "attack", "release" or undefined, got ${String(moved)}`,
      );
    }
    if (decimals !== undefined) {
      checkNumber('options.decimals', decimals, { min: 0, max: 15, integer: true });
    }
    if (attack + release <= 1) return { attack, release, adjusted: false };
    if (moved === 'attack') return { attack, release: giveWay(attack, decimals), adjusted: true };
    if (moved === 'release') return { attack: giveWay(release, decimals), release, adjusted: true };
    const scale = 1 / (attack + release);
    const a = roundTo(attack * scale, decimals);
    let r = roundTo(release * scale, decimals);
    if (!fits(a, r)) r = giveWay(a, decimals);
    return { attack: a, release: r, adjusted: true };
  }

  return { envelope, envelopeSlope, envelopeRatios, fitAttackRelease };
}
