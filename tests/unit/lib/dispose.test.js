// After dispose(): every method throws a clear error, every view is empty,
// and nothing written through the old object reaches another one's heap.
import { describe, expect, it } from 'vitest';
import { kb } from '../support.js';

const DISPOSED = /was disposed/;

describe('disposed objects', () => {
  it('a preview: every method and getter throws', () => {
    const preview = kb.createPreview({ gesture: 'wave' });
    preview.evaluate(1);
    preview.dispose();
    preview.dispose(); // twice is harmless
    expect(() => preview.evaluate(1)).toThrow(DISPOSED);
    expect(() => preview.evaluateInto(1, new Float32Array(88))).toThrow(DISPOSED);
    expect(() => preview.evaluateFrame(1, { fk: true })).toThrow(DISPOSED);
    expect(() => preview.frame(0)).toThrow(DISPOSED);
    expect(() => preview.frameTime(0)).toThrow(DISPOSED);
    expect(() => preview.root(0)).toThrow(DISPOSED);
    expect(() => preview.changed).toThrow(DISPOSED);
  });

  it('a filter: step, reset and changed throw; reset never touches another filter', () => {
    const old = kb.createFilter({ joints: 1 });
    old.dispose();
    const live = kb.createFilter({ joints: 1 });
    const twin = kb.createFilter({ joints: 1 });
    const far = [0, Math.sin(0.5), 0, Math.cos(0.5)];
    for (const f of [live, twin]) {
      f.step([0, 0, 0, 1], 1 / 30);
      f.step(far, 1 / 30);
    }
    expect(() => old.reset()).toThrow(DISPOSED);
    expect(() => old.step([0, 0, 0, 1], 0.1)).toThrow(DISPOSED);
    expect(() => old.changed).toThrow(DISPOSED);
    // the live filter kept its state: it goes on as its twin does
    expect(live.step(far, 1 / 30)).toEqual(twin.step(far, 1 / 30));
  });

  it('a SLERP batch: views empty, methods throw, writes reach no new object', () => {
    const batch = kb.createBatch(64);
    batch.dispose();
    for (const view of ['a', 'b', 'u', 'out']) expect(batch[view].length).toBe(0);
    expect(() => batch.slerp()).toThrow(DISPOSED);
    expect(() => batch.slerpFast()).toThrow(DISPOSED);
    const preview = kb.createPreview({ gesture: 'clap' });
    const pose = preview.evaluate(1);
    batch.a.fill(7); // nothing to write to
    batch.out[3] = 9;
    expect(preview.evaluate(1)).toEqual(pose);
  });
});
