// Share links: parsing hostile input, clamping, and the exact round trip.
import { describe, expect, it } from 'vitest';
import { kb } from './library.js';
import fc from 'fast-check';
import {
  MAX_HASH_LENGTH,
  parseShareHash,
  quoteForNotice,
  serializeShareHash,
} from '../../../web/link/share-link.js';
import { NUMERIC_PARAMS, canonicalParams, canonicalTime } from '../../../web/link/params.js';
import { linkContext, linkDefaults } from './link-context.js';

const defaults = linkDefaults();
const context = linkContext(defaults);
const { gestureNames } = context;
const parse = (hash) => parseShareHash(hash, context);

function expectValid(params) {
  expect(gestureNames).toContain(params.gesture);
  for (const [name, spec] of Object.entries(NUMERIC_PARAMS)) {
    expect(Number.isFinite(params[name]), name).toBe(true);
    expect(params[name], name).toBeGreaterThanOrEqual(spec.min);
    expect(params[name], name).toBeLessThanOrEqual(spec.max);
  }
  expect(params.attack + params.release).toBeLessThanOrEqual(1);
}

describe('parseShareHash', () => {
  it('opens the defaults quietly for an empty hash', () => {
    for (const hash of ['', '#']) {
      expect(parse(hash)).toEqual({
        params: defaults,
        time: null,
        notices: [],
      });
    }
  });

  it('reads a complete link', () => {
    const { params, time, notices } = parse(
      '#v=1&g=wave&a=0.3&r=0.1&eps=0.002&lam=9.5&dur=4&jit=0.01&seed=42&apose=1&t=1.25',
    );
    expect(notices).toEqual([]);
    expect(params).toEqual({
      gesture: 'wave',
      attack: 0.3,
      release: 0.1,
      epsilon: 0.002,
      lambda: 9.5,
      duration: 4,
      jitter: 0.01,
      seed: 42,
      apose: 1,
    });
    expect(time).toBe(1.25);
  });

  it("takes a gesture's own duration when the link gives none", () => {
    expect(parse('#v=1&g=wave').params.duration).toBe(3);
  });

  it('ignores unknown keys', () => {
    const { params, notices } = parse('#v=1&a=0.2&zzz=<b>&__proto__=1&constructor=x');
    expect(notices).toEqual([]);
    expect(params.attack).toBe(0.2);
    expect(Object.keys(params).sort()).toEqual(Object.keys(defaults).sort());
  });

  it('clamps out-of-range numbers with a notice naming key, value and range', () => {
    const { params, notices } = parse('#v=1&a=-0.5&lam=1e999&jit=5');
    expect(params.attack).toBe(0);
    expect(params.lambda).toBe(120);
    expect(params.jitter).toBe(0.2);
    expect(notices).toHaveLength(3);
    expect(notices[0]).toMatch(/a='-0\.5' is outside \[0, 1\]; clamped to 0/);
    expect(notices[1]).toMatch(/lam='1e999' is outside \[0\.5, 120\]/);
  });

  it('replaces what is not a number by the default', () => {
    const { params, notices } = parse('#v=1&a=NaN&r=Infinity&eps=0x10&seed=&dur=1,5');
    expect(params).toEqual(defaults);
    expect(notices).toHaveLength(5);
    expect(notices[0]).toMatch(/a='NaN' is not a number; using the default 0.15/);
  });

  it('refuses an unknown gesture and quotes it inertly', () => {
    const { params, notices } = parse('#v=1&g=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    expect(params.gesture).toBe('clap');
    expect(notices[0]).toContain("g='<img src=x onerror=alert…'");
  });

  it('scales attack and release down when they exceed the clip together', () => {
    const { params, notices } = parse('#v=1&a=0.8&r=0.6');
    expect(params.attack + params.release).toBeLessThanOrEqual(1);
    expect(params.attack / params.release).toBeCloseTo(0.8 / 0.6, 3);
    expect(notices[0]).toMatch(/exceeds 1/);
  });

  it('says the final value when a clamped attack is then scaled by the a + r rule', () => {
    const { params, notices } = parse('#v=1&a=2&r=0.2');
    expect(params).toMatchObject({ attack: 0.8333, release: 0.1667 });
    expect(notices[0]).toBe("a='2' is outside [0, 1]; clamped to 0.8333");
    expect(notices[1]).toMatch(/exceeds 1; scaled to a=0\.8333, r=0\.1667/);
  });

  it('reports a key given more than once and uses the first', () => {
    const { params, notices } = parse('#v=1&g=wave&g=salute&a=0.3&a=0.4&a=0.5');
    expect(params).toMatchObject({ gesture: 'wave', attack: 0.3 });
    expect(notices).toContain("'g' appears 2 times in the link; using the first, 'wave'");
    expect(notices).toContain("'a' appears 3 times in the link; using the first, '0.3'");
  });

  it('clamps an A-pose beyond its limit to one the core accepts (issue 9)', () => {
    for (const hash of [
      '#v=1&apose=5',
      '#v=1&apose=1.5708',
      '#v=1&apose=1.57079',
      '#v=1&apose=1.5707963267948966',
    ]) {
      const { params } = parse(hash);
      expect(params.apose, hash).toBe(1.5708);
      expect(params.apose, hash).toBeLessThanOrEqual(kb.limits.apose.max);
      expect(() =>
        kb.createPreview({ gesture: 'clap', apose: params.apose }).dispose(),
      ).not.toThrow();
    }
  });

  it('clamps the time to the duration', () => {
    const { time, notices } = parse('#v=1&g=salute&t=99');
    expect(time).toBe(2);
    expect(notices[0]).toMatch(/t='99' is outside \[0, 2\]/);
    expect(parse('#v=1&t=abc').time).toBeNull();
  });

  it('notes a missing or unknown version but reads the valid part', () => {
    const missing = parse('#a=0.3');
    expect(missing.params.attack).toBe(0.3);
    expect(missing.notices[0]).toMatch(/no version/);
    const future = parse('#v=7&a=0.3');
    expect(future.params.attack).toBe(0.3);
    expect(future.notices[0]).toMatch(/v='7' is not supported/);
  });

  it('opens the defaults for a hash that is far too long', () => {
    const { params, notices } = parse(`#v=1&a=0.3&x=${'y'.repeat(MAX_HASH_LENGTH)}`);
    expect(params).toEqual(defaults);
    expect(notices[0]).toMatch(/too long/);
  });

  it('survives arbitrary strings with valid params and inert notices', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (hash) => {
        const { params, notices } = parse(hash);
        expectValid(params);
        for (const notice of notices) expect(typeof notice).toBe('string');
      }),
      { numRuns: 500 },
    );
  });

  it('survives hostile values under every known key', () => {
    const hostile = fc.oneof(
      fc.constantFrom('NaN', '-Infinity', '1e400', '-1e400', '', ' ', '<script>x</script>', '0x1f'),
      fc.double().map(String),
      fc.string({ maxLength: 30 }),
    );
    const keys = ['g', 'v', 't', ...Object.values(NUMERIC_PARAMS).map((spec) => spec.key)];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...keys), hostile), {
          maxLength: 12,
        }),
        (kv) => {
          const hash = kv.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
          const { params, time } = parse(hash);
          expectValid(params);
          if (time !== null) {
            expect(time).toBeGreaterThanOrEqual(0);
            expect(time).toBeLessThanOrEqual(params.duration);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('quoteForNotice', () => {
  it('shortens and neutralizes control characters', () => {
    expect(quoteForNotice('a\nb')).toBe("'a?b'");
    expect(quoteForNotice('x'.repeat(40))).toBe(`'${'x'.repeat(24)}…'`);
  });
});

describe('serializeShareHash', () => {
  it('writes the version, every parameter and the optional time', () => {
    expect(serializeShareHash(defaults)).toBe(
      'v=1&g=clap&a=0.15&r=0.2&eps=0.0005&lam=18&dur=2.4&jit=0&seed=1&apose=1.18',
    );
    expect(serializeShareHash(defaults, 1.5)).toMatch(/&t=1\.5$/);
  });

  it('round-trips canonical params and times exactly', () => {
    const anyParams = fc.record({
      gesture: fc.constantFrom(...gestureNames),
      ...Object.fromEntries(
        Object.entries(NUMERIC_PARAMS).map(([name, spec]) => [
          name,
          fc.double({ min: spec.min, max: spec.max, noNaN: true }),
        ]),
      ),
    });
    fc.assert(
      fc.property(anyParams, fc.double({ min: 0, max: 1, noNaN: true }), (raw, fraction) => {
        const params = canonicalParams(raw);
        const time = canonicalTime(fraction * params.duration, params.duration);
        const back = parse(`#${serializeShareHash(params, time)}`);
        expect(back.notices).toEqual([]);
        expect(back.params).toEqual(params);
        expect(back.time).toBe(time);
      }),
      { numRuns: 500 },
    );
  });
});
