// The core slerps only where motion is; through WASM its output must be bit
// for bit the reference path's (every joint through every batch), for every
// library gesture × jitter × shape × follower × frame. And changedMask must
// match a recomputed comparison of consecutive outputs, seeks included.
import { describe, expect, it } from 'vitest';
import { kb } from '../support.js';

const JITTERS = [0, 3e-4, 1e-2];
const SHAPES = ['smoothstep', 'kli'];
const FOLLOWERS = ['exp', 'kli'];

const bitsEqual = (a, b) => {
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

// The reference path, reached through the library: a crowd's members
// with referencePath slerp every joint at every stage.
function referencePreview(options) {
  const crowd = kb.createCrowd({ members: [options], referencePath: true });
  return { preview: crowd.members[0], dispose: () => crowd.dispose() };
}

function mismatches(options) {
  const fast = kb.createPreview(options);
  const reference = referencePreview(options);
  const full = reference.preview;
  let bad = 0;
  for (let k = 0; k < fast.frameCount; k++) {
    const a = fast.frame(k);
    const b = full.frame(k);
    if (!bitsEqual(a, b) || fast.changed !== full.changed) bad++;
    const t = (k + 0.5) / fast.fps;
    if (!bitsEqual(fast.evaluate(t), full.evaluate(t))) bad++;
  }
  fast.dispose();
  reference.dispose();
  return bad;
}

describe('preview: slerp only where motion is', () => {
  it.each(kb.gestureNames)('%s is bit-identical to the full path', (gesture) => {
    let bad = 0;
    for (const jitter of JITTERS)
      for (const shape of SHAPES)
        for (const follower of FOLLOWERS)
          bad += mismatches({ gesture, jitter, shape, follower, seed: 3 });
    expect(bad).toBe(0);
  });

  it('is bit-identical in the seed order and as a pure gate', () => {
    for (const gesture of ['wave', 'clap']) {
      expect(mismatches({ gesture, order: 'seed', jitter: 3e-4 })).toBe(0);
      expect(mismatches({ gesture, lambda: Infinity, jitter: 1e-2 })).toBe(0);
    }
  });
});

describe('preview.changedMask', () => {
  it('marks the joints that differ from the output last returned', () => {
    const preview = kb.createPreview({ gesture: 'clap', jitter: 3e-4, seed: 2 });
    expect(preview.changedMask).toBeInstanceOf(Uint8Array);
    expect(preview.changedMask.length).toBe(22);
    const d = preview.duration;
    const times = [];
    for (let t = 0; t <= d; t += 1 / 60) times.push(t); // playing forward
    times.push(d / 2, d / 2, 0, d, 0.1, d * 0.7, -5, 1e9, 1e9, d * 0.3); // seeks
    let shown = null;
    let sawHeld = false;
    let sawMoved = false;
    for (const [i, t] of times.entries()) {
      const last = preview.frameCount - 1;
      const k = Math.min(last, Math.max(0, Math.round((t / d) * last)));
      const out = i % 5 === 4 ? preview.frame(k) : preview.evaluate(t);
      for (let j = 0; j < 22; j++) {
        const differs =
          !shown || !bitsEqual(shown.subarray(4 * j, 4 * j + 4), out.subarray(4 * j, 4 * j + 4));
        expect(preview.changedMask[j], `call ${i} (t = ${t}), joint ${j}`).toBe(differs ? 1 : 0);
        if (shown && differs) sawMoved = true;
        if (!differs) sawHeld = true;
      }
      shown = out.slice();
    }
    expect(sawHeld && sawMoved).toBe(true);
    preview.dispose();
  });

  it('is all ones for the first output and all zeros for a repeat', () => {
    const preview = kb.createPreview({ gesture: 'wave' });
    preview.evaluate(1);
    expect([...preview.changedMask].every((v) => v === 1)).toBe(true);
    preview.evaluate(1);
    expect([...preview.changedMask].every((v) => v === 0)).toBe(true);
    preview.dispose();
  });
});
