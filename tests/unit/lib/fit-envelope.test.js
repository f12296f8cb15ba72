// kb.fitEnvelope: tracks kblend itself made with known tuning (attack 0.22,
// release 0.31, 2.7 s) plus 2e-3 rad of noise on every joint and frame
// give those numbers back; a capture that does not start at rest says so
// and still fits the release it has; bad input is refused by name.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JOINT_NAMES, loadKBlend, multiplyQuat } from '../../../web/lib/kblend.js';

const kb = await loadKBlend();
const TRUTH = { attack: 0.22, release: 0.31, duration: 2.7 };
const NOISE = 2e-3;

// A small seeded generator (LCG) and normal deviates from it.
function random(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 0.5) / 2 ** 32;
}
function normal(next) {
  return Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
}

// Every frame of a preview, each joint turned by NOISE rad about a random axis.
function generatedTrack(options, seed = 7) {
  const preview = kb.createPreview({ ...TRUTH, ...options });
  const next = random(seed);
  const frames = preview.frameCount;
  const times = new Float64Array(frames);
  const rotations = new Float64Array(frames * 88);
  for (let k = 0; k < frames; k++) {
    times[k] = preview.frameTime(k);
    const pose = preview.frame(k);
    for (let j = 0; j < 22; j++) {
      const axis = [normal(next), normal(next), normal(next)];
      const s = Math.sin(NOISE / 2) / Math.hypot(...axis);
      const turn = [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(NOISE / 2)];
      rotations.set(
        multiplyQuat(pose.subarray(4 * j, 4 * j + 4), turn, [0, 0, 0, 0]),
        88 * k + 4 * j,
      );
    }
  }
  preview.dispose();
  return { times, rotations };
}

function expectRecovered(fit) {
  expect(Math.abs(fit.attack - TRUTH.attack)).toBeLessThan(0.02);
  expect(Math.abs(fit.release - TRUTH.release)).toBeLessThan(0.02);
  expect(Math.abs(fit.duration - TRUTH.duration)).toBeLessThan(0.05);
  expect(fit.residual.mean).toBeLessThan(5e-3);
  expect(fit.notes.some((n) => /not (start|end) near rest/.test(n))).toBe(false);
}

describe('fitEnvelope on tracks kblend made', () => {
  it('salute (a steady hold): the ratios, the duration and one held pose', () => {
    const fit = kb.fitEnvelope(generatedTrack({ gesture: 'salute' }));
    expectRecovered(fit);
    expect(fit.shape).toBe('smoothstep');
    expect(fit.gesture.keyframes).toHaveLength(1);
    const held = kb.keyframePose(fit.gesture.keyframes[0]);
    const truth = kb.keyframePose(kb.getGesture('salute').keyframes[0]);
    const j = JOINT_NAMES.indexOf('right_elbow');
    expect(
      kb.geodesicAngle(held.subarray(4 * j, 4 * j + 4), truth.subarray(4 * j, 4 * j + 4)),
    ).toBeLessThan(1e-3);
    expect(Object.keys(fit.residual.perJoint)).toEqual([...JOINT_NAMES]);
    expect(fit.residual.worst).toBeGreaterThanOrEqual(fit.residual.mean);
  });

  it('wave (a hold that moves): the ratios, the duration, and a moving target', () => {
    const fit = kb.fitEnvelope(generatedTrack({ gesture: 'wave' }));
    expectRecovered(fit);
    expect(fit.gesture.keyframes.length).toBeGreaterThan(10);
    expect(fit.notes.some((n) => n.startsWith('the hold moves'))).toBe(true);
    // the gesture plays as a custom gesture of the preview
    expect(() => kb.parseGesture(fit.gesture, 'fitted')).not.toThrow();
  });

  it('the kli shape is told from smoothstep', () => {
    const fit = kb.fitEnvelope(generatedTrack({ gesture: 'salute', shape: 'kli' }));
    expectRecovered(fit);
    expect(fit.shape).toBe('kli');
  });
});

describe('fitEnvelope on a capture that does not start at rest', () => {
  it('notes it, sets attack to 0 and still fits the release and the end', () => {
    const whole = generatedTrack({ gesture: 'salute' });
    const from = 30; // 1 s in: past the attack (0.594 s), in the hold
    const track = {
      times: whole.times.slice(from).map((t) => t - whole.times[from]),
      rotations: whole.rotations.slice(88 * from),
    };
    const fit = kb.fitEnvelope(track);
    expect(fit.notes.some((n) => /does not start near rest/.test(n))).toBe(true);
    expect(fit.notes.some((n) => /does not end near rest/.test(n))).toBe(false);
    expect(fit.attack).toBe(0);
    expect(fit.start).toBe(0);
    const end = TRUTH.duration - whole.times[from];
    expect(Math.abs(fit.duration - end)).toBeLessThan(0.05);
    expect(Math.abs(fit.release * fit.duration - TRUTH.release * TRUTH.duration)).toBeLessThan(
      0.05,
    );
    expect(fit.residual.mean).toBeLessThan(5e-3);
  });
});

describe('fitEnvelope on the CMU-style fixtures', () => {
  const read = (file) =>
    readFileSync(new URL(`../../fixtures/bvh/${file}`, import.meta.url), 'utf8');
  it.each(['greeting_cmu_cm.bvh', 'cmu_walk_cm_120fps.bvh'])(
    '%s: notes and finite figures',
    (file) => {
      const fit = kb.fitEnvelope(kb.importBvh(read(file)).track);
      // both clips move from their first frame to their last
      expect(fit.notes.some((n) => /does not start near rest/.test(n))).toBe(true);
      expect(Number.isFinite(fit.residual.mean) && fit.residual.mean < 0.05).toBe(true);
    },
  );
});

describe('fitEnvelope refuses bad input by name', () => {
  const track = generatedTrack({ gesture: 'salute' });
  it('a misspelt option', () => {
    expect(() => kb.fitEnvelope(track, { shap: 'kli' })).toThrow(
      /unknown option 'shap' — did you mean 'shape'\?/,
    );
  });
  it('a bad shape, too few frames, times that do not increase, a track at rest', () => {
    expect(() => kb.fitEnvelope(track, { shape: 'linear' })).toThrow(RangeError);
    expect(() =>
      kb.fitEnvelope({ times: [0, 1], rotations: track.rotations.slice(0, 176) }),
    ).toThrow(/at least 8 frames/);
    const times = Array.from(track.times);
    times[5] = times[4];
    expect(() => kb.fitEnvelope({ ...track, times })).toThrow(/track.times must increase/);
    const idle = kb.idlePose();
    const still = new Float64Array(track.rotations.length).map((_, i) => idle[i % 88]);
    expect(() => kb.fitEnvelope({ times: track.times, rotations: still })).toThrow(
      /no joint moves/,
    );
  });
});
