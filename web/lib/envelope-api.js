// The fast-attack envelope E(p; attack, release), its slope, timed form.
import { checkNumber, checkOptions, checkRatios } from './validate.js';

export const DEFAULT_ATTACK = 0.15;
export const DEFAULT_RELEASE = 0.2;

export function createEnvelopeApi(core, scratch) {
  const { out } = scratch;
  const fn = core.fn;

  function ratios(options) {
    const { attack = DEFAULT_ATTACK, release = DEFAULT_RELEASE } = checkOptions('options', options);
    checkRatios(attack, release);
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

  // Attack and release in seconds to ratios of duration, scaled down together
  // when they exceed it.
  function envelopeRatios({ attackSeconds = 0.45, releaseSeconds = 0.6, duration } = {}) {
    checkNumber('attackSeconds', attackSeconds, { min: 0 });
    checkNumber('releaseSeconds', releaseSeconds, { min: 0 });
    checkNumber('duration', duration, { min: 0, minOpen: true });
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

  return { envelope, envelopeSlope, envelopeRatios };
}
