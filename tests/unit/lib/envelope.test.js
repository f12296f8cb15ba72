import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kb } from '../support.js';

describe('envelope', () => {
  it('is 0 at and outside the ends and 1 on the plateau', () => {
    expect(kb.envelope(0)).toBe(0);
    expect(kb.envelope(1)).toBe(0);
    expect(kb.envelope(-0.2)).toBe(0);
    expect(kb.envelope(1.2)).toBe(0);
    for (const p of [0.15, 0.3, 0.5, 0.8]) expect(kb.envelope(p)).toBe(1);
    expect(kb.envelope(0.075)).toBeCloseTo(0.5, 6);
    expect(kb.envelope(0.9)).toBeCloseTo(0.5, 6);
  });

  it('joins the plateau with zero slope (C¹) and matches its derivative', () => {
    const opts = { attack: 0.2, release: 0.3 };
    for (const p of [0, 0.2 - 1e-7, 0.7 + 1e-7, 1])
      expect(Math.abs(kb.envelopeSlope(p, opts))).toBeLessThan(1e-4);
    for (let p = 0.01; p < 0.99; p += 0.0213) {
      const h = 1e-3;
      const numeric = (kb.envelope(p + h, opts) - kb.envelope(p - h, opts)) / (2 * h);
      expect(kb.envelopeSlope(p, opts)).toBeCloseTo(numeric, 1);
    }
  });

  it('ramps monotonically up in the attack and down in the release', () => {
    let prev = 0;
    for (let p = 0; p <= 0.15; p += 0.001) {
      const e = kb.envelope(p);
      expect(e).toBeGreaterThanOrEqual(prev);
      prev = e;
    }
    prev = 1;
    for (let p = 0.8; p <= 1; p += 0.001) {
      const e = kb.envelope(p);
      expect(e).toBeLessThanOrEqual(prev);
      prev = e;
    }
  });

  it('stays in [0, 1] for any valid ratios (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (p, a, share) => {
          const attack = Math.fround(a * share);
          const release = Math.fround((1 - a) * share * 0.999);
          const e = kb.envelope(p, { attack, release });
          return e >= 0 && e <= 1;
        },
      ),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('treats a zero attack or release as a step', () => {
    expect(kb.envelope(0, { attack: 0, release: 0.2 })).toBe(1);
    expect(kb.envelope(1, { attack: 0.2, release: 0 })).toBe(1);
  });

  it('converts seconds to ratios and scales them down together', () => {
    const r = kb.envelopeRatios({ attackSeconds: 0.45, releaseSeconds: 0.6, duration: 3 });
    expect(r.attack).toBeCloseTo(0.15, 6);
    expect(r.release).toBeCloseTo(0.2, 6);
    const s = kb.envelopeRatios({ attackSeconds: 0.45, releaseSeconds: 0.6, duration: 0.5 });
    expect(s.attack + s.release).toBeCloseTo(1, 6);
    expect(s.attack / s.release).toBeCloseTo(0.75, 5);
  });

  it('rejects invalid ratios with the parameter, the value and what is allowed', () => {
    expect(() => kb.envelope(0.5, { attack: 0.7, release: 0.4 })).toThrow(
      /attack \+ release must be ≤ 1, got 0.7 \+ 0.4/,
    );
    expect(() => kb.envelope(0.5, { attack: -0.1 })).toThrow(RangeError);
    expect(() => kb.envelope(0.5, { attack: -0.1 })).toThrow(/attack must be .*≥ 0.*got -0.1/);
    expect(() => kb.envelope(0.5, { release: NaN })).toThrow(/release must be .*got NaN/);
    expect(() => kb.envelope(NaN)).toThrow(/p must be .*got NaN/);
    expect(() => kb.envelope('0.5')).toThrow(TypeError);
  });
});

describe('kb.fitAttackRelease (attack + release ≤ 1)', () => {
  it('leaves a pair that fits as it is', () => {
    expect(kb.fitAttackRelease(0.3, 0.4)).toEqual({ attack: 0.3, release: 0.4, adjusted: false });
  });

  it('the value not moved gives way; without moved both shrink in proportion', () => {
    expect(kb.fitAttackRelease(0.7, 0.6, { moved: 'attack' })).toEqual({
      attack: 0.7,
      release: 1 - 0.7,
      adjusted: true,
    });
    expect(kb.fitAttackRelease(0.7, 0.6, { moved: 'release', decimals: 4 })).toEqual({
      attack: 0.4,
      release: 0.6,
      adjusted: true,
    });
    const both = kb.fitAttackRelease(0.9, 0.6, { decimals: 4 });
    expect(both.attack).toBeCloseTo(0.6, 4);
    expect(both.release).toBeCloseTo(0.4, 4);
  });

  it('always gives a pair the envelope accepts', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(undefined, 'attack', 'release'),
        fc.constantFrom(undefined, 2, 4),
        (a, r, moved, decimals) => {
          const fit = kb.fitAttackRelease(a, r, { moved, decimals });
          expect(fit.attack + fit.release).toBeLessThanOrEqual(1);
          expect(
            Math.fround(Math.fround(fit.attack) + Math.fround(fit.release)),
          ).toBeLessThanOrEqual(1);
          expect(() =>
            kb.envelope(0.5, { attack: fit.attack, release: fit.release }),
          ).not.toThrow();
        },
      ),
      {
        seed: 85,
        numRuns: 2000,
        // rounding 1 − 1.8e-15 to two decimals gives 1.00: the sum passes 1
        examples: [
          [1.776356839400251e-15, 0.9999999999999983, 'attack', 2],
          [0.9999999999999983, 1.776356839400251e-15, 'release', 2],
          [1.776356839400251e-15, 0.9999999999999983, 'attack', undefined],
        ],
      },
    );
  });

  it('refuses values beyond the limits and unknown options by name', () => {
    expect(() => kb.fitAttackRelease(1.5, 0)).toThrow(/attack must be .*≤ 1.*got 1.5/);
    expect(() => kb.fitAttackRelease(0, 0, { moved: 'both' })).toThrow(/options.moved must be/);
    expect(() => kb.fitAttackRelease(0, 0, { decimals: 1.5 })).toThrow(/options.decimals must be/);
  });
});
