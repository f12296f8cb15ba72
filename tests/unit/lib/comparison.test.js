// The comparison of blending methods: each baseline shows the defect it
// stands for, kblend's figures are zero where docs/design.md §4 says exact, and the
// series have the shape a plot needs.
import { describe, expect, it } from 'vitest';
import { COMPARISON_METHODS } from '../../../web/lib/kblend.js';
import { kb, rotationAngle } from '../support.js';

const bitsEqual = (a, b) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
const KEYS = COMPARISON_METHODS.map((m) => m.key);
const APOSE = kb.defaults.apose;

function jointQuat(pose, j) {
  return Array.from(pose.subarray(4 * j, 4 * j + 4));
}

describe('comparison figures', () => {
  it.each(['clap', 'wave'])(
    '%s: the naive baseline jumps by the A-pose angle at t = 0',
    (gesture) => {
      const f = kb.compareMethods({ gesture });
      expect(Object.keys(f)).toEqual(KEYS);
      expect(Math.abs(f.naiveEuler.jumpAtStart - APOSE)).toBeLessThan(0.01);
      expect(f.kblend.jumpAtStart).toBe(0);
      expect(f.seed.jumpAtStart).toBe(0);
      expect(f.kliShape.jumpAtStart).toBe(0);
      // it is the A-pose angle, whatever that is set to
      const lower = kb.compareMethods({ gesture, apose: 0.9 });
      expect(Math.abs(lower.naiveEuler.jumpAtStart - 0.9)).toBeLessThan(0.01);
      expect(lower.kblend.jumpAtStart).toBe(0);
    },
  );

  it.each(['clap', 'wave', 'salute'])(
    "%s: the seed's order misses the rest pose at the end",
    (gesture) => {
      const f = kb.compareMethods({ gesture });
      expect(f.seed.endError).toBeGreaterThan(0.01);
      expect(f.kblend.endError).toBe(0);
      expect(f.kliShape.endError).toBe(0);
    },
  );

  it('names each method and gives finite, sensible figures', () => {
    const f = kb.compareMethods({ gesture: 'wave', jitter: 0.01 });
    for (const m of COMPARISON_METHODS) {
      const fig = f[m.key];
      expect(fig.method).toBe(m.name);
      expect(fig.peakSpeed).toBeGreaterThan(0);
      expect(Number.isFinite(fig.peakSpeed)).toBe(true);
      expect(fig.updatedPerFrame).toBeGreaterThan(0);
      expect(fig.updatedPerFrame).toBeLessThanOrEqual(22);
    }
    // the KLI shape eases out: it leaves idle at its fastest
    expect(f.kliShape.peakSpeed).toBeGreaterThan(f.kblend.peakSpeed);
  });

  it('sets order and shape per method whatever the options say', () => {
    const f = kb.compareMethods({ gesture: 'salute', order: 'seed', shape: 'kli' });
    expect(f.kblend.endError).toBe(0);
    expect(f.seed.endError).toBeGreaterThan(0.01);
    const plain = kb.compareMethods({ gesture: 'salute' });
    expect(f).toEqual(plain);
  });
});

describe('KLI envelope shape in the preview', () => {
  it.each(kb.gestureNames)('%s starts and ends exactly idle with jitter on', (name) => {
    const preview = kb.createPreview({ gesture: name, shape: 'kli', jitter: 0.02, seed: 5 });
    const idle = kb.idlePose();
    expect(bitsEqual(preview.evaluate(0), idle)).toBe(true);
    expect(bitsEqual(preview.evaluate(preview.duration), idle)).toBe(true);
    preview.dispose();
  });

  // One held target, a fine frame grid: the attack follows the closed form
  // with the K that leaves ε at the attack's end, and the release mirrors it.
  const lift = {
    name: 'lift',
    description: 'Left arm forward.',
    duration: 8,
    loop: false,
    timeUnit: 'hold',
    keyframes: [{ time: 0, rotations: { left_shoulder: [0, -90, 0] } }],
  };
  const options = { gesture: lift, shape: 'kli', fps: 240, attack: 0.4, release: 0.3 };
  const J = kb.skeleton.names.indexOf('left_shoulder');
  const epsilon = kb.defaults.epsilon;

  // Remaining rotation angle of the flow after `elapsed` of `span` seconds.
  function remaining(angle0, span, elapsed) {
    const tan0 = Math.tan(angle0 / 4);
    const rate = Math.log(tan0 / Math.tan(epsilon / 4)) / span;
    return 4 * Math.atan(tan0 * Math.exp(-rate * elapsed));
  }

  it('reaches the filtered target within ε at the end of the attack', () => {
    const preview = kb.createPreview(options);
    const attackEnd = 0.4 * 8 * 240; // frame 768
    const target = jointQuat(preview.frame(1000), J); // mid-hold: E = 1, pose = filtered target
    const idle = jointQuat(kb.idlePose(), J);
    const angle0 = rotationAngle(idle, target);
    expect(angle0).toBeGreaterThan(1);
    const at = (k) => rotationAngle(jointQuat(preview.frame(k), J), target);
    expect(at(attackEnd)).toBeLessThanOrEqual(epsilon);
    // the last frame before it is within ε to the grid's resolution
    expect(at(attackEnd - 1)).toBeLessThan(1.05 * epsilon);
    for (const k of [1, 10, 100, 400, attackEnd - 1]) {
      const t = k / 240;
      expect(Math.abs(at(k) - remaining(angle0, 3.2, t))).toBeLessThan(3e-5);
    }
    preview.dispose();
  });

  it('mirrors the attack in the release: ease-out into idle, within ε before the end', () => {
    const preview = kb.createPreview(options);
    const target = jointQuat(preview.frame(1000), J);
    const idle = jointQuat(kb.idlePose(), J);
    const angle0 = rotationAngle(idle, target);
    const last = preview.frameCount - 1;
    const releaseStart = 0.7 * 8;
    const fromIdle = (k) => rotationAngle(jointQuat(preview.frame(k), J), idle);
    expect(fromIdle(last - 1)).toBeLessThan(1.05 * epsilon);
    for (const k of [1345, 1400, 1600, last - 1]) {
      const elapsed = k / 240 - releaseStart;
      expect(Math.abs(fromIdle(k) - remaining(angle0, 2.4, elapsed))).toBeLessThan(3e-5);
    }
    preview.dispose();
  });
});

describe('comparison series', () => {
  it('have one entry per frame step, for every method', () => {
    const options = { gesture: 'clap' };
    const preview = kb.createPreview(options);
    const steps = preview.frameCount - 1;
    const speed = kb.angularSpeed(options, 'left_wrist');
    expect(speed.joint).toBe('left_wrist');
    expect(speed.times).toHaveLength(steps);
    expect(Object.keys(speed.speeds)).toEqual(KEYS);
    for (const key of KEYS) expect(speed.speeds[key]).toHaveLength(steps);
    // speeds sit at the midpoints of the frame steps
    expect(speed.times[0]).toBeCloseTo(preview.frameTime(1) / 2, 6);
    expect(speed.times[steps - 1]).toBeCloseTo(
      (preview.frameTime(steps - 1) + preview.duration) / 2,
      6,
    );
    const hold = kb.holdRatio(options);
    expect(hold.times).toHaveLength(steps);
    expect(hold.ratio).toHaveLength(steps);
    expect(hold.times[steps - 1]).toBeCloseTo(preview.duration, 6);
    for (const r of hold.ratio) {
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThanOrEqual(1);
    }
    preview.dispose();
  });

  it('peak speed is the largest of the per-joint speed series', () => {
    const options = { gesture: 'wave', jitter: 0.01 };
    const f = kb.compareMethods(options);
    const worst = Object.fromEntries(KEYS.map((k) => [k, 0]));
    for (const name of kb.skeleton.names) {
      const { speeds } = kb.angularSpeed(options, name);
      for (const k of KEYS) worst[k] = Math.max(worst[k], ...speeds[k]);
    }
    for (const k of KEYS) expect(worst[k]).toBeCloseTo(f[k].peakSpeed, 4);
  });

  it('measures the speed of the joint asked for, by name or index', () => {
    const options = { gesture: 'wave' };
    const byName = kb.angularSpeed(options, 'right_elbow');
    const byIndex = kb.angularSpeed(options, kb.skeleton.names.indexOf('right_elbow'));
    expect(byIndex).toEqual(byName);
    // the wave moves the right arm only
    expect(Math.max(...byName.speeds.kblend)).toBeGreaterThan(1);
    expect(Math.max(...kb.angularSpeed(options, 'left_elbow').speeds.kblend)).toBe(0);
  });

  it('hold ratio: 1 where nothing moves, lower with jitter and a tiny ε', () => {
    const idle = kb.idlePose();
    const still = { times: [0, 1], rotations: Float32Array.from([...idle, ...idle]) };
    const quiet = kb.holdRatio({ track: still, duration: 2, blend: 'idle' });
    expect(quiet.ratio.every((r) => r === 1)).toBe(true);
    expect(
      kb.compareMethods({ track: still, duration: 2, blend: 'idle' }).kblend.updatedPerFrame,
    ).toBe(0);
    const mean = (a) => a.reduce((s, v) => s + v, 0) / a.length;
    const calm = mean(kb.holdRatio({ gesture: 'point' }).ratio);
    const noisy = mean(kb.holdRatio({ gesture: 'point', jitter: 0.05, epsilon: 1e-5 }).ratio);
    expect(calm).toBeGreaterThan(0.5);
    expect(noisy).toBeLessThan(calm - 0.3);
  });

  it('gives the same numbers in one call as in three', () => {
    const options = { gesture: 'shrug', jitter: 0.01, seed: 3 };
    const all = kb.comparison(options, 'left_shoulder');
    expect(all.figures).toEqual(kb.compareMethods(options));
    expect(all.speed).toEqual(kb.angularSpeed(options, 'left_shoulder'));
    expect(all.hold).toEqual(kb.holdRatio(options));
  });

  it('rejects bad arguments with the parameter, the value and what is allowed', () => {
    expect(() => kb.angularSpeed({}, 'nose')).toThrow(RangeError);
    expect(() => kb.angularSpeed({}, 'nose')).toThrow(/joint must be a joint name .*got "nose"/);
    expect(() => kb.angularSpeed({}, 22)).toThrow(/joint must be an integer ≥ 0 and ≤ 21, got 22/);
    expect(() => kb.angularSpeed({}, {})).toThrow(TypeError);
    expect(() => kb.comparison({}, 1.5)).toThrow(/joint must be an integer/);
    expect(() => kb.compareMethods(null)).toThrow(/options must be an object, got null/);
    expect(() => kb.holdRatio('clap')).toThrow(TypeError);
    expect(() => kb.compareMethods({ gesture: 'clap', attack: 0.9 })).toThrow(
      /attack \+ release must be ≤ 1/,
    );
    expect(() => kb.compareMethods({ gesture: 'moonwalk' })).toThrow(/moonwalk/);
  });
});
