// A phase looped on its own: the clock wraps within the phase's span at
// the phase's speed, and the spans follow the tuning.
import { describe, expect, it } from 'vitest';
import { phaseRange } from '../../../web/viewer/timeline/phase-loop.js';
import { createPlayback } from '../../../web/viewer/timeline/playback.js';

describe('phase loop', () => {
  const tuning = { attack: 0.2, release: 0.3, duration: 3 };
  it('spans of the attack, the hold and the release', () => {
    expect(phaseRange('attack', tuning)).toEqual({ start: 0, end: 0.6000000000000001 });
    expect(phaseRange('hold', tuning)).toEqual({
      start: 0.6000000000000001,
      end: 2.0999999999999996,
    });
    expect(phaseRange('release', tuning).end).toBe(3);
  });

  it('the clock wraps within the range at the range speed', () => {
    const playback = createPlayback({ duration: 3, fps: 30, speed: 2 });
    playback.setRange({ start: 1, end: 1.5, speed: 0.25 });
    expect(playback.time).toBe(1); // moved into the range
    playback.play();
    let advanced = 0;
    for (let i = 0; i < 100; i++) {
      const before = playback.time;
      playback.advance(0.05);
      advanced += playback.time >= before ? playback.time - before : playback.time - before + 0.5;
      expect(playback.time).toBeGreaterThanOrEqual(1);
      expect(playback.time).toBeLessThan(1.5);
    }
    expect(advanced).toBeCloseTo(100 * 0.05 * 0.25, 9); // 0.25×, not the playback speed 2×
    playback.setRange(null);
    playback.advance(0.05);
    expect(playback.time).toBeCloseTo((advanced % 0.5) + 1 + 0.1, 9);
  });

  it('refuses a range that is empty or a speed out of range', () => {
    const playback = createPlayback({ duration: 3, fps: 30 });
    expect(() => playback.setRange({ start: 1, end: 1, speed: 1 })).toThrow(RangeError);
    expect(() => playback.setRange({ start: 0, end: 1, speed: 0 })).toThrow(/speed must be/);
  });
});
