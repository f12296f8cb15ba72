// kb.importBvh's onProgress: 0 first, strictly rising fractions while a
// long capture is parsed, its motion computed, carried over and grounded,
// 1 last; the clip is the same as without it; a bad callback is refused
// and a failed import never reports 1.
import { describe, expect, it } from 'vitest';
import { IMPORT_PHASES } from '../../../web/lib/bvh/import-progress.js';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { longCapture } from '../../fixtures/bvh/long-capture.js';

const kb = await loadKBlend();
const FRAMES = 3000;
const text = longCapture(FRAMES);

const within = (values, [from, to]) => values.filter((v) => v > from && v < to);

describe('importBvh onProgress', () => {
  const fractions = [];
  const phases = [];
  const clip = kb.importBvh(text, {
    name: 'long',
    onProgress: (f, phase) => fractions.push(f) && phases.push(phase),
  });

  it('starts at 0, rises strictly, ends at 1', () => {
    expect(clip.frames).toBe(FRAMES);
    expect(fractions[0]).toBe(0);
    expect(fractions.at(-1)).toBe(1);
    for (let i = 1; i < fractions.length; i++) {
      expect(fractions[i], `step ${i}`).toBeGreaterThan(fractions[i - 1]);
    }
    expect(fractions.every((f) => f >= 0 && f <= 1)).toBe(true);
  });

  it('reports inside every phase: the parse, the motion, the transfer and the grounding', () => {
    // every 256 frame lines and frames: 11 steps each on 3,000 frames
    expect(clip.method).toBe('transfer');
    expect(within(fractions, IMPORT_PHASES.parse).length).toBeGreaterThanOrEqual(10);
    expect(within(fractions, IMPORT_PHASES.motion).length).toBeGreaterThanOrEqual(10);
    expect(within(fractions, IMPORT_PHASES.retarget).length).toBeGreaterThanOrEqual(10);
    // no step wider than a phase's twentieth: the bar rises smoothly
    for (let i = 1; i < fractions.length; i++) {
      expect(fractions[i] - fractions[i - 1], `step ${i}`).toBeLessThan(0.05);
    }
    expect(fractions).toContain(IMPORT_PHASES.retarget[1]);
    expect(within(fractions, IMPORT_PHASES.ground).length).toBeGreaterThanOrEqual(2);
    // each value with the phase it falls in
    expect([...new Set(phases)]).toEqual(['parse', 'motion', 'retarget', 'ground', 'done']);
    fractions.forEach((f, i) => {
      if (phases[i] === 'done') return expect(f).toBe(1);
      const [from, to] = IMPORT_PHASES[phases[i]];
      expect(f).toBeGreaterThanOrEqual(from);
      expect(f).toBeLessThanOrEqual(to);
    });
  });

  it('gives the same clip as an import without it', () => {
    const plain = kb.importBvh(text, { name: 'long' });
    expect(plain.rotations).toEqual(clip.rotations);
    expect(plain.root).toEqual(clip.root);
  });

  it('refuses a callback that is not a function, naming it', () => {
    expect(() => kb.importBvh(text, { onProgress: 0.5 })).toThrow(TypeError);
    expect(() => kb.importBvh(text, { onProgress: 'yes' })).toThrow(
      /onProgress must be a function \(fraction\) or null, got "yes"/,
    );
    expect(() => kb.importBvh(longCapture(2), { onProgress: null })).not.toThrow();
  });

  it('a failed import reports no 1', () => {
    const seen = [];
    const cut = text.slice(0, text.length - 40); // the last frame line cut short
    expect(() => kb.importBvh(cut, { onProgress: (f) => seen.push(f) })).toThrow(/frame 2999/);
    expect(seen[0]).toBe(0);
    expect(seen).not.toContain(1);
  });
});
