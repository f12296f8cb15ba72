// The fast-attack envelope E(p; attack, release), its slope, timed form,
// and the rule that keeps attack + release ≤ 1.
import { checkNumber, checkOptions, checkRatios, checkTunable } from './validate.js';

const MOVED = ['attack', 'release'];

const roundTo = (value, decimals) =>
  decimals === undefined ? value : Number(value.toFixed(decimals));

export function createEnvelopeApi(core, scratch, defaults) {
  const { out } = scratch;
  const fn = core.fn;
  const { limits } = core;

  function ratios(options) {
    const { attack = defaults.attack, release = defaults.release } = checkOptions(
      'options',
      options,
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
    } = checkOptions('options', options ?? null);
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
    const { moved, decimals } = checkOptions('options', options);
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
    if (moved === 'attack') {
      return { attack, release: roundTo(1 - attack, decimals), adjusted: true };
    }
    if (moved === 'release') {
      return { attack: roundTo(1 - release, decimals), release, adjusted: true };
    }
    const scale = 1 / (attack + release);
    const a = roundTo(attack * scale, decimals);
    let r = roundTo(release * scale, decimals);
    if (a + r > 1) r = roundTo(1 - a, decimals);
    return { attack: a, release: r, adjusted: true };
  }

  return { envelope, envelopeSlope, envelopeRatios, fitAttackRelease };
}
