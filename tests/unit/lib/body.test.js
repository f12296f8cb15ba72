import { describe, expect, it } from 'vitest';
import { kb } from '../support.js';

const joint = (name) => kb.skeleton.names.indexOf(name);
const position = (positions, name) =>
  Array.from(positions.subarray(3 * joint(name), 3 * joint(name) + 3));

// Arms straight forward, yawed inward by theta, wrists turned so the palms
// face each other with the thumbs up (the native clap test's pose).
function clapPose(theta) {
  const pose = kb.idlePose(0);
  const mul = (a, b) => [
    a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
  const conj = (q) => [-q[0], -q[1], -q[2], q[3]];
  const hands = { left: [-0.5, -0.5, -0.5, 0.5], right: [-0.5, 0.5, 0.5, 0.5] };
  for (const [side, sign] of [
    ['left', -1],
    ['right', 1],
  ]) {
    const yaw = [0, Math.sin((sign * theta) / 2), 0, Math.cos((sign * theta) / 2)];
    pose.set(mul(yaw, hands[side]), 4 * joint(`${side}_shoulder`));
    pose.set(mul(mul(conj(hands[side]), conj(yaw)), hands[side]), 4 * joint(`${side}_wrist`));
  }
  return pose;
}

describe('skeleton and forward kinematics', () => {
  it('has the 22 joints of docs/design.md §3 in order', () => {
    expect(kb.skeleton.names).toHaveLength(22);
    expect(kb.skeleton.names[16]).toBe('left_shoulder');
    expect(kb.skeleton.parents[16]).toBe(13);
    expect(kb.skeleton.parents[0]).toBe(-1);
  });

  it('builds the bind from the anthropometric table at any height', () => {
    const bind = kb.bindPositions();
    expect(position(bind, 'left_shoulder')[1]).toBeCloseTo(0.818 * 1.75, 5);
    expect(position(bind, 'left_wrist')[0]).toBeGreaterThan(0.5);
    expect(position(bind, 'right_wrist')[0]).toBeLessThan(-0.5);
    const tall = kb.bindPositions(2);
    expect(position(tall, 'head')[1] / position(bind, 'head')[1]).toBeCloseTo(2 / 1.75, 5);
  });

  it('puts the idle wrists below the shoulders, left at x > 0', () => {
    const { positions } = kb.forwardKinematics(kb.idlePose());
    for (const side of ['left', 'right']) {
      expect(position(positions, `${side}_wrist`)[1]).toBeLessThan(
        position(positions, `${side}_shoulder`)[1] - 0.4,
      );
    }
    expect(position(positions, 'left_wrist')[0]).toBeGreaterThan(0);
    const moved = kb.forwardKinematics(kb.idlePose(), [1, 0, -2]).positions;
    expect(position(moved, 'head')[0]).toBeCloseTo(1, 5);
  });
});

describe('clap check', () => {
  it('fails identity wrists (palms both down, thumbs forward)', () => {
    const report = kb.validateClap(kb.idlePose(0));
    expect(report.ok).toBe(false);
    expect(report.rules.palms).toBe(false);
    expect(report.palmDot).toBeCloseTo(1, 5);
    expect(report.thumbLeft).toBeCloseTo(0, 5);
  });

  it('passes a clap and catches crossing', () => {
    const bind = kb.bindPositions();
    const shoulderX = position(bind, 'left_shoulder')[0];
    const arm = position(bind, 'left_wrist')[0] - shoulderX;
    const theta = Math.asin((shoulderX - 0.085) / arm);
    const clap = kb.validateClap(clapPose(theta));
    expect(clap).toMatchObject({ ok: true, ordered: true });
    expect(clap.separation).toBeCloseTo(0.17, 3);
    const crossed = kb.validateClap(clapPose(theta + 0.25));
    expect(crossed.ordered).toBe(false);
    expect(crossed.order).toBeLessThan(0);
    expect(crossed.ok).toBe(false);
  });

  it('rejects broken poses', () => {
    expect(() => kb.validateClap(new Float32Array(88))).toThrow(/joint 0 has a zero quaternion/);
    expect(() => kb.forwardKinematics(new Float32Array(87))).toThrow(
      /localRotations must have length 88, got length 87/,
    );
    const nan = kb.idlePose();
    nan[5] = NaN;
    expect(() => kb.forwardKinematics(nan)).toThrow(/localRotations\[5\] must be finite, got NaN/);
    expect(() => kb.idlePose(3)).toThrow(/apose must be .*got 3/);
  });
});

describe('hand markers', () => {
  it('are the core palm centres and thumb tips, in the wrist frames, scaled by height', () => {
    const m = kb.handMarkers();
    expect(m.leftPalm.joint).toBe(joint('left_wrist'));
    expect(m.rightThumb.joint).toBe(joint('right_wrist'));
    expect(m.leftPalm.offset[0]).toBeGreaterThan(0); // along the left arm, +X
    expect(m.rightPalm.offset[0]).toBeLessThan(0);
    expect(m.leftPalm.offset[1]).toBeLessThan(0); // palm side, −Y
    expect(m.leftThumb.offset[2]).toBeGreaterThan(0); // thumb side, +Z
    const tall = kb.handMarkers(2);
    expect(tall.leftThumb.offset[2] / m.leftThumb.offset[2]).toBeCloseTo(2 / 1.75, 5);
  });
});

describe('forward kinematics of many poses', () => {
  it('matches one call per pose and rejects partial poses', () => {
    const poses = [kb.idlePose(0), kb.idlePose(0.6), kb.idlePose(1.2)];
    const flat = new Float32Array(poses.length * 88);
    poses.forEach((p, k) => flat.set(p, 88 * k));
    const roots = Float32Array.from([0, 0, 0, 1, 0, 0, 0, 0, 2]);
    const batch = kb.forwardKinematicsBatch(flat, roots);
    poses.forEach((p, k) => {
      const one = kb.forwardKinematics(p, roots.subarray(3 * k, 3 * k + 3));
      expect(batch.positions.subarray(66 * k, 66 * k + 66)).toEqual(one.positions);
      expect(batch.rotations.subarray(88 * k, 88 * k + 88)).toEqual(one.rotations);
    });
    expect(() => kb.forwardKinematicsBatch(new Float32Array(100))).toThrow(
      /localRotations must hold a whole number of poses/,
    );
    expect(() => kb.forwardKinematicsBatch(flat, [1, 2])).toThrow(
      /rootTranslations must have length 9, got length 2/,
    );
  });

  it('normalizes every pose in the core and names the pose it refuses', () => {
    const flat = new Float64Array(3 * 88);
    for (let k = 0; k < 3; k++) flat.set(kb.idlePose(0.5 * k), 88 * k);
    const unit = kb.forwardKinematicsBatch(flat);
    const doubled = kb.forwardKinematicsBatch(flat.map((v) => 2 * v));
    for (let i = 0; i < unit.rotations.length; i++) {
      expect(doubled.rotations[i]).toBeCloseTo(unit.rotations[i], 6);
    }
    for (let i = 0; i < unit.positions.length; i++) {
      expect(doubled.positions[i]).toBeCloseTo(unit.positions[i], 6);
    }
    const bad = flat.slice();
    bad[88 * 2 + 4 * 5 + 1] = NaN;
    expect(() => kb.forwardKinematicsBatch(bad)).toThrow(/localRotations: pose 2, joint 5 .*NaN/);
    bad[88 * 2 + 4 * 5 + 1] = 1e39; // finite in JS, not in float32
    expect(() => kb.forwardKinematicsBatch(bad)).toThrow(/pose 2, joint 5 .*Infinity/);
    bad.fill(0, 88 * 2 + 8, 88 * 2 + 12);
    bad[88 * 2 + 4 * 5 + 1] = 0;
    expect(() => kb.forwardKinematicsBatch(bad)).toThrow(/pose 2, joint 2 is \[0, 0, 0, 0\]/);
    const roots = new Float32Array(9);
    roots[4] = Infinity;
    expect(() => kb.forwardKinematicsBatch(flat, roots)).toThrow(
      /rootTranslations: pose 1, root \[0, Infinity, 0\]/,
    );
    const plain = Array.from(flat);
    plain[7] = '1';
    expect(() => kb.forwardKinematicsBatch(plain)).toThrow(
      /localRotations\[7\] must be a number, got/,
    );
    expect(() => kb.forwardKinematicsBatch(new BigInt64Array(88))).toThrow(RangeError);
  });

  it('fills caller buffers given as options.out and returns them', () => {
    const flat = new Float32Array(2 * 88);
    flat.set(kb.idlePose(0.3), 0);
    flat.set(kb.idlePose(0.9), 88);
    const out = { positions: new Float32Array(2 * 66), rotations: new Float32Array(2 * 88) };
    const result = kb.forwardKinematicsBatch(flat, [0, 0, 0, 1, 2, 3], { out });
    expect(result).toBe(out);
    expect(out).toEqual(kb.forwardKinematicsBatch(flat, [0, 0, 0, 1, 2, 3]));
    expect(() =>
      kb.forwardKinematicsBatch(flat, null, { out: { ...out, positions: new Float32Array(66) } }),
    ).toThrow(/options.out.positions must be a Float32Array of 132 floats/);
    expect(() => kb.forwardKinematicsBatch(flat, null, { out: [] })).toThrow(
      /options.out must be an object/,
    );
  });
});
