// Dragging a keyframe on the timeline: the time the pointer gives is kept
// between the neighbouring keyframes, a step of the 1e-4 grid inside them,
// so a drag never reorders keyframes nor lands on one.
import { describe, expect, it } from 'vitest';
import {
  clampBetweenNeighbours,
  clipTime,
  gestureTime,
} from '../../../web/viewer/editor/keyframe-markers.js';

describe('clampBetweenNeighbours', () => {
  const times = [0, 0.4, 1.2];

  it('leaves a time between the neighbours as it is', () => {
    expect(clampBetweenNeighbours(times, 1, 0.7)).toBe(0.7);
    expect(clampBetweenNeighbours(times, 1, 0.0001)).toBe(0.0001);
  });

  it('stops a keyframe a grid step short of the next one and of the one before', () => {
    expect(clampBetweenNeighbours(times, 1, 2.5)).toBe(1.1999);
    expect(clampBetweenNeighbours(times, 1, 1.2)).toBe(1.1999);
    expect(clampBetweenNeighbours(times, 1, -1)).toBe(0.0001);
    expect(clampBetweenNeighbours(times, 1, 0)).toBe(0.0001);
    expect(clampBetweenNeighbours(times, 0, 3)).toBe(0.3999);
    expect(clampBetweenNeighbours(times, 2, 0.1)).toBe(0.4001);
  });

  it('the first and last keyframes are free on their open side', () => {
    expect(clampBetweenNeighbours(times, 2, 2.9)).toBe(2.9);
    expect(clampBetweenNeighbours([0.5, 1], 0, 0.2)).toBe(0.2);
    expect(clampBetweenNeighbours([0.7], 0, 0.2)).toBe(0.2);
  });

  it('neighbours closer than the grid keep the keyframe where it is', () => {
    expect(clampBetweenNeighbours([0.10001, 0.10002, 0.10003], 1, 0.5)).toBe(0.10002);
  });

  it('with gesture times of a hold-fraction gesture, the order holds whatever the pointer', () => {
    const file = { timeUnit: 'hold' };
    const p = { attack: 0.15, release: 0.2, duration: 3 };
    const keys = [0, 0.25, 0.5, 1];
    for (let t = 0; t <= 3; t += 0.05) {
      const time = clampBetweenNeighbours(keys, 2, gestureTime(file, t, p));
      expect(time).toBeGreaterThan(0.25);
      expect(time).toBeLessThan(1);
      expect(clipTime(file, time, p)).toBeGreaterThan(clipTime(file, 0.25, p));
    }
  });
});
