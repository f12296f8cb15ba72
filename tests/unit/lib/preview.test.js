import { describe, expect, it } from 'vitest';
import { kb, maxJointAngle } from '../support.js';

const bitsEqual = (a, b) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

describe('gesture preview', () => {
  it.each(kb.gestureNames)('%s starts and ends exactly idle with jitter and filter on', (name) => {
    const preview = kb.createPreview({ gesture: name, jitter: 0.02, seed: 9 });
    const idle = kb.idlePose();
    expect(bitsEqual(preview.evaluate(0), idle)).toBe(true);
    expect(bitsEqual(preview.evaluate(preview.duration), idle)).toBe(true);
    expect(maxJointAngle(preview.evaluate(preview.duration / 2), idle)).toBeGreaterThan(0.2);
    preview.dispose();
  });

  it("shows the seed's order (filter after blend) missing the rest pose", () => {
    const seed = kb.createPreview({ gesture: 'salute', order: 'seed' });
    const miss = maxJointAngle(seed.evaluate(seed.duration), kb.idlePose());
    expect(miss).toBeGreaterThan(0.01);
    const ours = kb.createPreview({ gesture: 'salute' });
    expect(maxJointAngle(ours.evaluate(ours.duration), kb.idlePose())).toBe(0);
  });

  it('gives identical poses whatever was evaluated before', () => {
    const options = { gesture: 'wave', jitter: 0.01, seed: 4 };
    const a = kb.createPreview(options);
    for (const t of [2.9, 0.3, 1.7, 2.2]) a.evaluate(t);
    const b = kb.createPreview(options);
    for (const t of [1.234, 0.5, 2.75, 0])
      expect(bitsEqual(a.evaluate(t), b.evaluate(t))).toBe(true);
    // playing forward at display rate lands on the same pose as a seek
    for (let t = 0; t <= 2; t += 1 / 60) a.evaluate(t);
    const fresh = kb.createPreview(options);
    expect(bitsEqual(a.evaluate(2), fresh.evaluate(2))).toBe(true);
  });

  it('reports how many joints changed (the deadband saving)', () => {
    const preview = kb.createPreview({ gesture: 'point' });
    preview.frame(0);
    expect(preview.changed).toBe(22);
    preview.frame(preview.frameCount >> 1); // mid-hold: the held target changes nothing
    expect(preview.changed).toBeLessThan(22);
    const noisy = kb.createPreview({ gesture: 'point', jitter: 0.05, epsilon: 1e-5 });
    noisy.frame(noisy.frameCount >> 1);
    expect(noisy.changed).toBeGreaterThan(preview.changed);
  });

  it('depends on the tuning: attack changes the pose at a fixed time', () => {
    const fast = kb.createPreview({ gesture: 'point', attack: 0.1 }).evaluate(0.3);
    const slow = kb.createPreview({ gesture: 'point', attack: 0.4 }).evaluate(0.3);
    expect(maxJointAngle(fast, slow)).toBeGreaterThan(0.05);
  });

  it('accepts a gesture object and a ready-made track', () => {
    const gesture = {
      name: 'lift',
      description: 'Left arm forward.',
      duration: 2,
      loop: false,
      timeUnit: 'hold',
      keyframes: [{ time: 0, rotations: { left_shoulder: [0, -90, 0] } }],
    };
    const preview = kb.createPreview({ gesture });
    expect(maxJointAngle(preview.evaluate(1), kb.idlePose())).toBeGreaterThan(1);
    const pose = kb.idlePose();
    const track = { times: [0, 1], rotations: Float32Array.from([...pose, ...pose]) };
    const still = kb.createPreview({ track, duration: 1 });
    expect(bitsEqual(still.evaluate(0.5), pose)).toBe(true);
  });

  it('rejects bad options with the parameter, the value and what is allowed', () => {
    expect(() => kb.createPreview({ gesture: 'moonwalk' })).toThrow(/moonwalk/);
    expect(() => kb.createPreview({ gesture: 'clap', attack: 0.6, release: 0.5 })).toThrow(
      /attack \+ release must be ≤ 1/,
    );
    expect(() => kb.createPreview({ gesture: 'clap', epsilon: -0.1 })).toThrow(
      /epsilon must be .*got -0.1/,
    );
    expect(() => kb.createPreview({ gesture: 'clap', lambda: -1 })).toThrow(/lambda must be/);
    expect(() => kb.createPreview({ gesture: 'clap', duration: 0 })).toThrow(
      /duration must be .*got 0/,
    );
    expect(() => kb.createPreview({ gesture: 'clap', jitter: NaN })).toThrow(
      /jitter must be .*got NaN/,
    );
    expect(() => kb.createPreview({ gesture: 'clap', shape: 'cubic' })).toThrow(
      /shape must be one of/,
    );
    expect(() => kb.createPreview({ gesture: 42 })).toThrow(TypeError);
    const preview = kb.createPreview({ gesture: 'clap' });
    expect(() => preview.evaluate(NaN)).toThrow(/t must be .*got NaN/);
    expect(() => preview.frame(preview.frameCount)).toThrow(/k must be/);
  });
});
