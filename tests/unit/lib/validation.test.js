// Argument checks the fuzzing found missing: every bad argument is a
// TypeError or RangeError naming the parameter, the value and what is
// allowed, and each input is read once.
import { describe, expect, it } from 'vitest';
import { kb } from '../support.js';

const Q = [0, 0, 0, 1];

describe('float32 range', () => {
  it('finite numbers beyond float32 are refused by name before the core sees them', () => {
    expect(() => kb.slerp(Q, Q, 1e39)).toThrow(/u must be within the float32 range.*got 1e\+39/);
    expect(() => kb.slerp([1e39, 0, 0, 1], Q, 0.5)).toThrow(
      /a\[0\] must be within the float32 range/,
    );
    expect(() => kb.envelopeRatios({ duration: 1e39 })).toThrow(RangeError);
    expect(() => kb.envelopeRatios({ duration: 1e39 })).toThrow(/^duration must be/);
    expect(() => kb.forwardKinematics(kb.idlePose(), [0, 1e39, 0])).toThrow(
      /rootTranslation\[1\] must be within the float32 range/,
    );
    expect(() => kb.createFilter({ dtMax: 1e39 })).toThrow(/^dtMax must be/);
  });
});

describe('kinds of value', () => {
  it('BigInt is a TypeError naming the element', () => {
    expect(() => kb.slerp([0n, 0, 0, 1], Q, 0.5)).toThrow(TypeError);
    expect(() => kb.slerp([0n, 0, 0, 1], Q, 0.5)).toThrow(/a\[0\] must be a number, got a bigint/);
    expect(() => kb.geodesicAngle(new BigInt64Array(4), Q)).toThrow(TypeError);
    expect(() => kb.envelope(1n)).toThrow(/p must be a number, got a bigint/);
  });

  it('evaluateInto needs a typed array of 88 floats', () => {
    const preview = kb.createPreview();
    expect(() => preview.evaluateInto(0, [])).toThrow(TypeError);
    expect(() => preview.evaluateInto(0, [])).toThrow(/out must be a Float32Array or Float64Array/);
    expect(() => preview.evaluateInto(0, new Float32Array(10))).toThrow(
      /out must have length ≥ 88, got length 10/,
    );
    expect(() => preview.evaluateInto(0, new Float32Array(88), [0, 0, 0])).toThrow(
      /rootOut must be/,
    );
  });

  it('null options are a TypeError naming them', () => {
    expect(() => kb.envelopeRatios(null)).toThrow(/options must be an object, got null/);
    expect(() => kb.envelopeRatios()).toThrow(TypeError);
    expect(() => kb.validateClap(kb.idlePose(), null)).toThrow(
      /options must be an object, got null/,
    );
    expect(() => kb.forwardKinematics(kb.idlePose(), undefined, null)).toThrow(TypeError);
  });

  it('applyStep checks the pose, the root and the step', () => {
    const pose = kb.idlePose();
    const delta = new Float64Array(kb.abi.KB_IK_DOF);
    expect(() => kb.applyStep(new Float32Array(88), null, delta)).toThrow(
      /pose: joint 0 has a zero quaternion/,
    );
    expect(() => kb.applyStep(pose.slice(0, 80), null, delta)).toThrow(/pose must have length 88/);
    expect(() => kb.applyStep(pose, [0, NaN, 0], delta)).toThrow(/pose root\[1\] must be finite/);
    expect(() => kb.applyStep(pose, null, delta.slice(1))).toThrow(/delta must have length 69/);
    const moved = kb.applyStep(pose, [1, 2, 3], delta);
    expect(Array.from(moved.root)).toEqual([1, 2, 3]);
  });

  it('statusText takes a status code only', () => {
    expect(kb.statusText(kb.abi.KB_ERR_NULL)).toMatch(/NULL|null/);
    expect(() => kb.statusText('x')).toThrow(TypeError);
    expect(() => kb.statusText(-1)).toThrow(RangeError);
  });
});

describe('each input is read once', () => {
  // An array whose elements count their reads and change after the first.
  function shifty(values) {
    const reads = new Array(values.length).fill(0);
    const proxy = new Proxy(values.slice(), {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) {
          const i = Number(key);
          reads[i]++;
          return reads[i] === 1 ? target[i] : 1e30; // a liar after the check
        }
        return Reflect.get(target, key);
      },
    });
    Object.setPrototypeOf(proxy, Array.prototype);
    return { proxy, reads };
  }

  it('slerp, FK and filter steps read every element once', () => {
    const a = shifty([0, 0, 0, 1]);
    expect(Array.isArray(a.proxy)).toBe(true);
    expect(kb.slerp(a.proxy, [0, 1, 0, 0], 0)).toEqual(Float32Array.of(0, 0, 0, 1));
    expect(a.reads).toEqual([1, 1, 1, 1]);
    const pose = shifty(Array.from(kb.idlePose()));
    const fk = kb.forwardKinematics(pose.proxy);
    expect(fk.positions).toEqual(kb.forwardKinematics(kb.idlePose()).positions);
    expect(pose.reads.every((n) => n === 1)).toBe(true);
    const filter = kb.createFilter();
    const q = shifty([0, 0, 0, 1]);
    expect(filter.step(q.proxy, 1 / 30)).toEqual(Float32Array.of(0, 0, 0, 1));
    expect(q.reads).toEqual([1, 1, 1, 1]);
  });

  it('a track is read once into typed arrays', () => {
    const times = shifty([0, 1]);
    const rotations = new Float32Array(176);
    for (let j = 0; j < 44; j++) rotations[4 * j + 3] = 1;
    const preview = kb.createPreview({ track: { times: times.proxy, rotations } });
    expect(times.reads).toEqual([1, 1]);
    expect(preview.duration).toBe(1);
  });
});

describe('retargetClip pairs', () => {
  it('a sparse pairs array is refused, so no pair of an earlier call is used', () => {
    const positions = Float64Array.from(kb.bindPositions());
    kb.retargetClip({
      positions,
      pairs: [
        { joint: 'left_elbow', origin: 'left_shoulder' },
        { joint: 'left_wrist', origin: 'left_elbow' },
      ],
    });
    const sparse = [, { joint: 'left_wrist', origin: 'left_elbow' }]; // eslint-disable-line no-sparse-arrays
    expect(() => kb.retargetClip({ positions, pairs: sparse })).toThrow(TypeError);
    expect(() => kb.retargetClip({ positions, pairs: sparse })).toThrow(/pairs\[0\] is missing/);
    expect(() => kb.retargetClip({ positions, pairs: [null] })).toThrow(
      /pairs\[0\] must be an object/,
    );
  });
});
