// A custom gesture as the reference: baked into a track with the tuning of
// the moment, it plays back as kblend played it (to float rounding, root
// included), and kb.fitEnvelope on it recovers that tuning, the way it does
// on a capture kblend wrote.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kb } from './library.js';
import { createClipSources } from '../../../web/viewer/clips/clip-sources.js';
import { withCustomGestures } from '../../../web/viewer/editor/custom-gestures.js';
import { bakeReference } from '../../../web/viewer/reference/baked-reference.js';
import { TUNING_DEFAULTS, canonicalParams } from '../../../web/link/params.js';

const saluteFile = JSON.parse(
  readFileSync(new URL('../../../web/gestures/salute.json', import.meta.url), 'utf8'),
);
const sources = withCustomGestures(createClipSources(kb, { fps: 30 }), kb);
const name = sources.addCustom(kb.parseGesture({ ...saluteFile, name: 'my salute' }, 'file'));
// the viewer's params for it, as the panel holds them
const TUNING = canonicalParams({
  ...TUNING_DEFAULTS,
  gesture: name,
  attack: 0.25,
  release: 0.3,
  duration: 2.6,
});

function framesOf(preview) {
  const frames = [];
  for (let k = 0; k < preview.frameCount; k++) frames.push(Array.from(preview.frame(k)));
  return frames;
}

describe('a gesture baked as a reference', () => {
  it('plays back as kblend plays the gesture with that tuning, frame by frame', () => {
    const options = sources.previewOptions(TUNING);
    const track = bakeReference(kb, options);
    const played = kb.createPreview(options);
    const baked = kb.createPreview({ track });
    expect(baked.frameCount).toBe(played.frameCount);
    expect(baked.duration).toBeCloseTo(played.duration, 6);
    for (let k = 0; k < played.frameCount; k++) {
      expect(track.times[k]).toBeCloseTo(played.frameTime(k), 6);
    }
    // the same poses, to float rounding (the track played as captured
    // renormalises each stored rotation)
    const baked32 = framesOf(baked).flat();
    const worst = framesOf(played)
      .flat()
      .reduce((w, v, i) => Math.max(w, Math.abs(v - baked32[i])), 0);
    expect(worst).toBeLessThan(1e-6);
    expect(track.root).toBeUndefined(); // a gesture stands in place
    played.dispose();
    baked.dispose();
  });

  it('keeps the root of a clip that travels', () => {
    const keys = 31;
    const times = Array.from({ length: keys }, (_, k) => k / 30);
    const rotations = new Float32Array(keys * 88);
    for (let k = 0; k < keys * 22; k++) rotations[4 * k + 3] = 1;
    const root = times.flatMap((t) => [0.5 * t, 0.9, -0.2 * t]);
    const options = { track: { times, rotations, root }, attack: 0.2, release: 0.2 };
    const track = bakeReference(kb, options);
    const played = kb.createPreview(options);
    for (let k = 0; k < played.frameCount; k++) {
      const at = Array.from(played.root(played.frameTime(k)));
      expect(Array.from(track.root.subarray(3 * k, 3 * k + 3))).toEqual(
        at.map((v) => Math.fround(v)),
      );
    }
    played.dispose();
  });

  it('fits back to the tuning it was baked with', () => {
    const fit = kb.fitEnvelope(bakeReference(kb, sources.previewOptions(TUNING)));
    expect(Math.abs(fit.attack - TUNING.attack)).toBeLessThan(0.01);
    expect(Math.abs(fit.release - TUNING.release)).toBeLessThan(0.01);
    expect(Math.abs(fit.duration - TUNING.duration)).toBeLessThan(0.01);
    expect(fit.shape).toBe(TUNING.shape);
    expect(fit.residual.mean).toBeLessThan(1e-3);
  });
});
