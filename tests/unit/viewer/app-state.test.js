// The viewer's app state: the one path by which params change. A value is
// taken whole or refused whole; a refusal keeps the previous state working.
import { describe, expect, it } from 'vitest';
import { createClipSources } from '../../../web/viewer/clips/clip-sources.js';
import { createAppState, ratioNote } from '../../../web/viewer/state/app-state.js';
import { NUMERIC_PARAMS, TUNING_DEFAULTS, canonicalParams } from '../../../web/link/params.js';
import { kb } from './library.js';

function makeState() {
  const sources = createClipSources(kb, { fps: 30 });
  const defaults = canonicalParams({
    ...TUNING_DEFAULTS,
    gesture: 'clap',
    duration: sources.durationOf('clap'),
  });
  return createAppState({ kb, sources, defaults });
}

describe('createAppState', () => {
  it('takes a change whole: params, a new preview, one notification', () => {
    const state = makeState();
    const seen = [];
    state.onChange((change) => seen.push(change));
    const first = state.preview;
    const change = state.setParams({ attack: 0.4, gesture: 'wave' });
    expect(change.ok).toBe(true);
    expect(state.params).toMatchObject({ attack: 0.4, gesture: 'wave' });
    expect(state.params.duration).toBe(kb.getGesture('wave').duration);
    expect(state.preview).not.toBe(first);
    expect(() => first.evaluate(0)).toThrow(); // the old preview was disposed
    expect(seen).toHaveLength(1);
    expect(seen[0].previous.gesture).toBe('clap');
  });

  it('refuses a bad change whole and keeps the previous state working', () => {
    const state = makeState();
    state.setParams({ lambda: 9 });
    const before = { params: state.params, preview: state.preview };
    let notified = 0;
    state.onChange(() => notified++);
    for (const partial of [
      { gesture: 'no such gesture' },
      { attack: Number.NaN },
      { epsilon: 'small' },
      { shape: '<b>x</b>' },
      { ik: 'yes' },
    ]) {
      const change = state.setParams(partial);
      expect(change.ok, JSON.stringify(partial)).toBe(false);
      expect(change.error.length).toBeGreaterThan(0);
      expect(state.params).toBe(before.params);
      expect(state.preview).toBe(before.preview);
    }
    expect(state.setParams({ gesture: 'no such gesture' }).error).toMatch(/no such gesture/);
    expect(notified).toBe(0);
    expect(state.preview.evaluate(0.5)).toHaveLength(88);
  });

  it('accepts every numeric param at and beyond each limit (the core takes what the viewer makes)', () => {
    const state = makeState();
    for (const [name, spec] of Object.entries(NUMERIC_PARAMS)) {
      for (const value of [spec.min, spec.max, spec.min - 1, spec.max * 10 + 1, 1e300, -1e300]) {
        const change = state.setParams({ [name]: value });
        expect(change.ok, `${name}=${value}: ${change.error}`).toBe(true);
        expect(state.params[name]).toBeGreaterThanOrEqual(spec.min);
        expect(state.params[name]).toBeLessThanOrEqual(spec.max);
      }
      state.reset();
    }
  });

  it('the A-pose at the slider’s own maximum (90°) and from #apose=5 opens (issue 9)', () => {
    const state = makeState();
    for (const apose of [Math.PI / 2, 1.5708, 1.57079, 5]) {
      const change = state.setParams({ apose });
      expect(change.ok, change.error).toBe(true);
      expect(state.params.apose).toBe(1.5708);
      expect(state.params.apose).toBeLessThanOrEqual(kb.limits.apose.max);
    }
  });

  it('the attack/release rule gives way on the other slider, with a note', () => {
    const state = makeState();
    const change = state.setParams({ attack: 0.9 }, { moved: 'attack' });
    expect(state.params).toMatchObject({ attack: 0.9, release: 0.1 });
    expect(change.ratioNote).toBe('release lowered to 0.1 so that attack + release ≤ 1');
    state.setParams({ release: 0.7 }, { moved: 'release' });
    expect(state.params).toMatchObject({ attack: 0.3, release: 0.7 });
    // without a moved slider (a link, the test hook) both shrink
    state.setParams({ attack: 0.8, release: 0.8 });
    expect(state.params).toMatchObject({ attack: 0.5, release: 0.5 });
  });

  it('reset goes back to the defaults through the same path', () => {
    const state = makeState();
    state.setParams({ attack: 0.33, gesture: 'shrug', jitter: 0.1 });
    expect(state.reset().ok).toBe(true);
    expect(state.params).toEqual(state.defaults);
  });

  it('words the step warnings', () => {
    expect(ratioNote({ attack: 0, release: 0.2, adjusted: false }, 'attack')).toBe(
      'attack 0 is a step: the gesture starts at once',
    );
    expect(ratioNote({ attack: 0.2, release: 0.2, adjusted: false }, 'release')).toBe('');
  });
});
