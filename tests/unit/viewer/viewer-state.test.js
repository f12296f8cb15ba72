// The viewer's pure state modules: parameter canonicalization, the
// attack/release rule, the playback clock and the hand-shape table.
import { describe, expect, it } from 'vitest';
import './library.js';
import fc from 'fast-check';
import {
  NUMERIC_PARAMS,
  canonicalParams,
  canonicalTime,
  canonicalValue,
  enforceAttackRelease,
  midHoldTime,
} from '../../../web/link/params.js';
import { createPlayback } from '../../../web/viewer/timeline/playback.js';

describe('canonicalValue', () => {
  it('clamps to the range and keeps the precision', () => {
    expect(canonicalValue('attack', -1)).toBe(0);
    expect(canonicalValue('attack', 0.123456)).toBe(0.1235);
    expect(canonicalValue('epsilon', 0.000123456)).toBe(0.000123);
    expect(canonicalValue('epsilon', 1)).toBe(0.1);
    expect(canonicalValue('seed', 7.6)).toBe(8);
  });

  it('refuses what is not a finite number and unknown names', () => {
    expect(() => canonicalValue('attack', NaN)).toThrow(/attack must be a finite number, got NaN/);
    expect(() => canonicalValue('attack', '0.2')).toThrow(RangeError);
    expect(() => canonicalValue('speed', 1)).toThrow(/unknown parameter 'speed'/);
  });

  it('is idempotent and stays in range for any finite input', () => {
    for (const [name, spec] of Object.entries(NUMERIC_PARAMS)) {
      fc.assert(
        fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
          const value = canonicalValue(name, x);
          expect(value).toBeGreaterThanOrEqual(spec.min);
          expect(value).toBeLessThanOrEqual(spec.max);
          expect(canonicalValue(name, value)).toBe(value);
        }),
        { numRuns: 200 },
      );
    }
  });
});

describe('enforceAttackRelease', () => {
  it('leaves a valid pair alone', () => {
    expect(enforceAttackRelease(0.3, 0.7, 'attack')).toEqual({
      attack: 0.3,
      release: 0.7,
      adjusted: false,
    });
  });

  it('lowers the one not moved', () => {
    expect(enforceAttackRelease(0.9, 0.2, 'attack')).toEqual({
      attack: 0.9,
      release: 0.1,
      adjusted: true,
    });
    expect(enforceAttackRelease(0.9, 0.2, 'release')).toEqual({
      attack: 0.8,
      release: 0.2,
      adjusted: true,
    });
  });

  it('scales both in proportion when neither was moved, never above 1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, r) => {
          const pair = enforceAttackRelease(
            canonicalValue('attack', a),
            canonicalValue('release', r),
          );
          expect(pair.attack + pair.release).toBeLessThanOrEqual(1);
          expect(pair.attack).toBeGreaterThanOrEqual(0);
          expect(pair.release).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('canonicalParams, canonicalTime, midHoldTime', () => {
  it('makes a whole parameter set valid', () => {
    const p = canonicalParams({
      gesture: 'wave',
      attack: 0.7,
      release: 0.7,
      epsilon: 1e-9,
      lambda: 1e6,
      duration: 0,
      jitter: -1,
      seed: 1e9,
      apose: 3,
    });
    expect(p).toEqual({
      gesture: 'wave',
      attack: 0.5,
      release: 0.5,
      epsilon: 1e-5,
      lambda: 120,
      duration: 0.5,
      jitter: 0,
      seed: 99999,
      apose: 1.5708,
    });
  });

  it('rounds time to 0.1 ms within the clip', () => {
    expect(canonicalTime(1.23456, 2)).toBe(1.2346);
    expect(canonicalTime(-1, 2)).toBe(0);
    expect(canonicalTime(5, 2)).toBe(2);
  });

  it('finds the middle of the hold', () => {
    expect(midHoldTime({ attack: 0.2, release: 0.2, duration: 4 })).toBeCloseTo(2, 12);
    expect(midHoldTime({ attack: 0.1, release: 0.3, duration: 2 })).toBeCloseTo(0.8, 12);
  });
});

describe('playback clock', () => {
  it('advances only while playing, scaled by speed', () => {
    const clock = createPlayback({ duration: 2, fps: 30 });
    expect(clock.advance(0.05)).toBe(false);
    clock.play();
    clock.speed = 0.5;
    clock.advance(0.05);
    expect(clock.time).toBeCloseTo(0.025, 12);
  });

  it('follows slow frames in full and caps only a long gap between frames', () => {
    const clock = createPlayback({ duration: 10, fps: 30 });
    clock.play();
    clock.advance(0.4); // a 2.5 fps frame: skipped ahead, not slowed
    expect(clock.time).toBeCloseTo(0.4, 12);
    clock.advance(5); // a hidden tab
    expect(clock.time).toBeCloseTo(1.4, 12);
  });

  it('loops, or stops at the end', () => {
    const looping = createPlayback({ duration: 1, fps: 30 });
    looping.seek(0.95);
    looping.play();
    looping.advance(0.1);
    expect(looping.time).toBeCloseTo(0.05, 10);
    expect(looping.playing).toBe(true);

    const once = createPlayback({ duration: 1, fps: 30, loop: false });
    once.seek(0.95);
    once.play();
    once.advance(0.1);
    expect(once.time).toBe(1);
    expect(once.playing).toBe(false);
    once.play(); // from the end: starts over
    expect(once.time).toBe(0);
  });

  it('steps whole frames of the grid and pauses', () => {
    const clock = createPlayback({ duration: 1, fps: 30 });
    clock.play();
    clock.seek(0.51);
    clock.step(1);
    expect(clock.playing).toBe(false);
    expect(clock.time).toBeCloseTo(16 / 30, 12);
    clock.step(-100);
    expect(clock.time).toBe(0);
    clock.end();
    expect(clock.time).toBe(1);
    clock.home();
    expect(clock.time).toBe(0);
  });

  it('keeps the time when the clip changes, clamped to the new length', () => {
    const clock = createPlayback({ duration: 3, fps: 30 });
    clock.seek(2.5);
    clock.setClip(2, 30);
    expect(clock.time).toBe(2);
  });

  it('refuses a bad speed or time with the value in the message', () => {
    const clock = createPlayback({ duration: 1, fps: 30 });
    expect(() => {
      clock.speed = 0;
    }).toThrow(/speed must be in \[0.1, 2\], got 0/);
    expect(() => clock.seek(NaN)).toThrow(/time must be a finite number, got NaN/);
  });

  it('tells listeners about changes', () => {
    const clock = createPlayback({ duration: 1, fps: 30 });
    const seen = [];
    const off = clock.onChange((state) => seen.push(state.time));
    clock.seek(0.5);
    off();
    clock.seek(0.6);
    expect(seen).toEqual([0.5]);
  });
});
