// Root motion in previews: track.root (one translation per key) sampled on
// the frame grid like the poses, preview.root(t) and evaluateInto's rootOut.
import { describe, expect, it } from 'vitest';
import { kb } from '../support.js';

const IDENTITY = () => {
  const pose = new Float32Array(88);
  for (let j = 0; j < 22; j++) pose[4 * j + 3] = 1;
  return pose;
};

function track(keys, rootAt, extra = {}) {
  const times = Float32Array.from({ length: keys }, (_, k) => k * 0.5);
  const rotations = new Float32Array(keys * 88);
  for (let k = 0; k < keys; k++) rotations.set(IDENTITY(), 88 * k);
  const root = new Float32Array(3 * keys);
  times.forEach((t, k) => root.set(rootAt(t), 3 * k));
  return { times, rotations, root, ...extra };
}

describe('root motion', () => {
  it('a linear root track gives the same line at every time, frames and between', () => {
    const line = (t) => [0.2 * t, 0.01, -0.5 * t];
    const preview = kb.createPreview({ track: track(7, line) });
    expect(preview.hasRoot).toBe(true);
    for (const t of [0, 0.01, 0.5, 0.777, 1.234, 2.9, 3]) {
      const root = preview.root(t);
      line(t).forEach((v, i) => expect(root[i]).toBeCloseTo(v, 5));
    }
    expect(preview.root(-5)).toEqual(preview.root(0));
    expect(preview.root(99)).toEqual(preview.root(3));
  });

  it('between two frames the root is the linear blend of the two frames, as the poses are', () => {
    const bumpy = (t) => [Math.sin(3 * t), t * t, 0];
    const preview = kb.createPreview({ track: track(5, bumpy), fps: 10 });
    const t0 = preview.frameTime(7);
    const t1 = preview.frameTime(8);
    const r0 = preview.root(t0);
    const r1 = preview.root(t1);
    // frames take the track at their own time (linear between keys)
    const k = Math.floor(t0 / 0.5);
    const u = (t0 - 0.5 * k) / 0.5;
    bumpy(0.5 * k).forEach((v, i) =>
      expect(r0[i]).toBeCloseTo(v + u * (bumpy(0.5 * (k + 1))[i] - v), 5),
    );
    const mid = preview.root((t0 + t1) / 2);
    mid.forEach((v, i) => expect(v).toBeCloseTo((r0[i] + r1[i]) / 2, 5));
  });

  it('a looping track wraps its root from the last key back to the first', () => {
    const preview = kb.createPreview({
      track: track(2, (t) => [t, 0, 0], { loop: true, period: 1 }),
      duration: 3,
    });
    // keys at 0 (x = 0) and 0.5 (x = 0.5); the wrap segment 0.5 → 1 goes back to 0
    expect(preview.root(0.75)[0]).toBeCloseTo(0.25, 5);
    expect(preview.root(1.25)[0]).toBeCloseTo(0.25, 5);
  });

  it('evaluateInto(t, out, rootOut) writes the pose and the root; evaluateFrame has it too', () => {
    const preview = kb.createPreview({ track: track(4, (t) => [t, 2 * t, 3 * t]) });
    const out = new Float32Array(88);
    const rootOut = new Float64Array(3);
    expect(preview.evaluateInto(1.1, out, rootOut)).toBe(out);
    expect(Array.from(rootOut)).toEqual(preview.root(1.1));
    const frame = preview.evaluateFrame(1.1, { fk: true });
    expect(Array.from(frame.root)).toEqual(preview.root(1.1).map(Math.fround));
    // FK of the frame is moved by the root
    const fk = kb.forwardKinematics(frame.pose, frame.root);
    expect(frame.positions).toEqual(fk.positions);
  });

  it('without root motion: [0, 0, 0], and rootOut is zeroed', () => {
    const preview = kb.createPreview({ gesture: 'wave' });
    expect(preview.hasRoot).toBe(false);
    expect(preview.root(1)).toEqual([0, 0, 0]);
    const rootOut = Float32Array.of(5, 5, 5);
    preview.evaluateInto(1, new Float32Array(88), rootOut);
    expect(Array.from(rootOut)).toEqual([0, 0, 0]);
  });

  it('refuses a root of the wrong length or with bad values, naming it', () => {
    const good = track(3, () => [0, 0, 0]);
    expect(() => kb.createPreview({ track: { ...good, root: new Float32Array(8) } })).toThrow(
      /track.root must have length 9, got length 8/,
    );
    const bad = Float32Array.from(good.root);
    expect(() =>
      kb.createPreview({ track: { ...good, root: [0, 0, 0, 0, NaN, 0, 0, 0, 0] } }),
    ).toThrow(/track.root\[4\] must be finite/);
    expect(() => kb.createPreview({ track: { ...good, root: 'far' } })).toThrow(TypeError);
    expect(bad.length).toBe(9);
  });
});
