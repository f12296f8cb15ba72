import { describe, expect, it } from 'vitest';
import { rotateVector } from '../../../web/lib/quaternion-math.js';
import { kb } from '../support.js';

const bitsEqual = (a, b) => {
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length);
  const y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

const MEMBERS = [
  { gesture: 'wave' },
  { gesture: 'clap', jitter: 3e-4, seed: 4 },
  { gesture: 'shrug', shape: 'kli', follower: 'kli' },
  { gesture: 'point', jitter: 1e-2, attack: 0.3, duration: 2 },
  { gesture: 'wave', lambda: Infinity, apose: 0.9 },
];

// forward play, repeats, seeks back, jumps past the end
const TIMES = [...Array.from({ length: 100 }, (_, i) => i / 31), 1.5, 1.5, 0.2, 9, 0, 2.25, -1];

describe('kb.createCrowd', () => {
  it('evaluates every member bit for bit as the same preview alone', () => {
    const crowd = kb.createCrowd({ members: MEMBERS });
    const alone = MEMBERS.map((o) => kb.createPreview(o));
    expect(crowd.count).toBe(MEMBERS.length);
    expect(crowd.poses.length).toBe(88 * MEMBERS.length);
    expect(crowd.changedMask.length).toBe(22 * MEMBERS.length);
    expect(crowd.worldMatrices).toBe(null);
    let bad = 0;
    for (const t of TIMES) {
      const poses = crowd.evaluate(t);
      expect(poses).toBe(crowd.poses);
      alone.forEach((preview, i) => {
        const pose = preview.evaluate(t);
        if (!bitsEqual(pose, crowd.poses.subarray(88 * i, 88 * i + 88))) bad++;
        const mask = crowd.changedMask.subarray(22 * i, 22 * i + 22);
        if (!preview.changedMask.every((v, j) => v === mask[j])) bad++;
      });
    }
    expect(bad).toBe(0);
    crowd.dispose();
    for (const preview of alone) preview.dispose();
  });

  it('takes { count, options } and the reference path gives the same bits', () => {
    const options = { gesture: 'clap', jitter: 3e-4 };
    const crowd = kb.createCrowd({ members: { count: 4, options } });
    const reference = kb.createCrowd({ members: { count: 4, options }, referencePath: true });
    for (const t of TIMES) expect(bitsEqual(crowd.evaluate(t), reference.evaluate(t))).toBe(true);
    expect(bitsEqual(crowd.poses.subarray(0, 88), crowd.poses.subarray(264, 352))).toBe(true);
    crowd.dispose();
    reference.dispose();
  });

  it('fills world matrices from FK at each member root (column-major)', () => {
    const roots = [0, 0, 0, 1, 0, 2, -1.5, 0.1, 0];
    const crowd = kb.createCrowd({
      members: MEMBERS.slice(0, 3),
      matrices: true,
      height: 1.6,
      roots,
    });
    expect(crowd.worldMatrices.length).toBe(16 * 22 * 3);
    crowd.roots[6] = -2; // roots are live: moving a member after creation
    crowd.evaluate(1.2);
    let worst = 0;
    for (let i = 0; i < 3; i++) {
      const pose = crowd.poses.slice(88 * i, 88 * i + 88);
      const root = [...crowd.roots.subarray(3 * i, 3 * i + 3)];
      const { positions, rotations } = kb.forwardKinematics(pose, root, { height: 1.6 });
      for (let j = 0; j < 22; j++) {
        const e = crowd.worldMatrices.subarray(16 * (22 * i + j), 16 * (22 * i + j) + 16);
        const q = rotations.subarray(4 * j, 4 * j + 4);
        for (let c = 0; c < 3; c++) {
          const axis = [0, 0, 0];
          axis[c] = 1;
          const col = rotateVector(q, axis);
          for (let r = 0; r < 3; r++) worst = Math.max(worst, Math.abs(e[4 * c + r] - col[r]));
          worst = Math.max(
            worst,
            Math.abs(e[12 + c] - positions[3 * j + c]),
            Math.abs(e[4 * c + 3]),
          );
        }
        worst = Math.max(worst, Math.abs(e[15] - 1));
      }
    }
    expect(worst).toBeLessThan(2e-6);
    expect(crowd.worldMatrices[16 * 44 + 12]).toBeCloseTo(-2, 5); // member 2's pelvis x
    crowd.dispose();
  });

  it("lays the matrices out joint-major with matrixLayout 'joint', bit for bit, recomputing only what moved", () => {
    const roots = [0, 0, 0, 1, 0, 2, -1.5, 0.1, 0, 3, 0, -1, 0.5, 0, 0.5];
    const options = { members: MEMBERS, matrices: true, roots };
    const byMember = kb.createCrowd(options);
    const byJoint = kb.createCrowd({ ...options, matrixLayout: 'joint' });
    expect(byMember.matrixLayout).toBe('member');
    expect(byMember.movedJoints).toBe(null);
    expect(byJoint.matrixLayout).toBe('joint');
    expect(byJoint.movedJoints.length).toBe(22);
    expect(byJoint.bind).toEqual(kb.bindPositions(1.75));
    const n = MEMBERS.length;
    const parents = kb.skeleton.parents;
    const bits = (a, k) => new Uint32Array(a.buffer, a.byteOffset + 4 * k, 4).join();
    let bad = 0;
    let skipped = 0;
    TIMES.forEach((t, step) => {
      const previous = byJoint.poses.slice();
      const previousRoots = byJoint.roots.slice();
      if (step % 17 === 5) {
        // a member moved, in both crowds
        byMember.roots[3 * (step % n)] += 0.25;
        byJoint.roots[3 * (step % n)] += 0.25;
      }
      if (step % 23 === 7) byJoint.members[step % n].evaluate(0.77); // a member used on its own
      byMember.evaluate(t);
      byJoint.evaluate(t);
      if (!bitsEqual(byMember.poses, byJoint.poses)) bad++;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < 22; j++) {
          const a = byMember.worldMatrices.subarray(16 * (22 * i + j), 16 * (22 * i + j + 1));
          const b = byJoint.worldMatrices.subarray(16 * (n * j + i), 16 * (n * j + i + 1));
          if (!bitsEqual(a, b)) bad++;
        }
      // moved: a joint or an ancestor with other bits, or the member's root moved
      const expected = Array.from({ length: 22 }, (_, j) => {
        for (let i = 0; i < n; i++) {
          const rootMoved = [0, 1, 2].some(
            (c) => previousRoots[3 * i + c] !== byJoint.roots[3 * i + c],
          );
          for (let k = j; k >= 0; k = parents[k])
            if (rootMoved || bits(previous, 88 * i + 4 * k) !== bits(byJoint.poses, 88 * i + 4 * k))
              return 1;
        }
        return 0;
      });
      if (expected.some((v, j) => v !== byJoint.movedJoints[j])) bad++;
      skipped += expected.filter((v) => v === 0).length;
    });
    expect(bad).toBe(0);
    expect(skipped).toBeGreaterThan(100); // the skipping was exercised
    byJoint.evaluate(1.5);
    byJoint.evaluate(1.5); // the same frame again: nothing moved
    expect(byJoint.movedJoints.every((v) => v === 0)).toBe(true);
    byJoint.roots[1] = 0.5;
    byJoint.evaluate(1.5); // a root moved: every joint
    expect(byJoint.movedJoints.every((v) => v === 1)).toBe(true);
    byJoint.roots[1] = NaN;
    expect(() => byJoint.evaluate(1.5)).toThrow(/finite/);
    byMember.dispose();
    byJoint.dispose();
    expect(byJoint.movedJoints.length).toBe(0);
  });

  it('refuses bad options with the parameter named', () => {
    expect(() => kb.createCrowd()).toThrow(/^members must be an array .*got undefined/);
    expect(() => kb.createCrowd({ members: 'wave' })).toThrow(/members must be/);
    expect(() => kb.createCrowd({ members: [] })).toThrow(RangeError);
    expect(() => kb.createCrowd({ members: { count: 0 } })).toThrow(/members.count/);
    expect(() => kb.createCrowd({ members: { count: 1e6 } })).toThrow(/members.count/);
    expect(() => kb.createCrowd({ members: [{}], matrices: 1 })).toThrow(/matrices/);
    expect(() => kb.createCrowd({ members: [{}], roots: [0, 0] })).toThrow(/roots/);
    expect(() => kb.createCrowd({ members: [{}], matrices: true, matrixLayout: 'row' })).toThrow(
      /^matrixLayout must be one of 'member', 'joint', got "row"/,
    );
    expect(() => kb.createCrowd({ members: [{}], matrixLayout: 'joint' })).toThrow(
      /matrixLayout 'joint' needs matrices: true/,
    );
    expect(() => kb.createCrowd({ members: [{}], height: 9 })).toThrow(/height/);
    expect(() => kb.createCrowd({ members: [{}, { attack: 2 }] })).toThrow(/members\[1\]/);
    const crowd = kb.createCrowd({ members: [{}] });
    expect(() => crowd.evaluate(NaN)).toThrow(/t must be/);
    expect(() => crowd.evaluate('1')).toThrow(TypeError);
    crowd.dispose();
  });

  it('after dispose: evaluate throws and the views are empty', () => {
    const crowd = kb.createCrowd({ members: { count: 2 }, matrices: true });
    crowd.evaluate(0.5);
    crowd.dispose();
    expect(() => crowd.evaluate(0.5)).toThrow(/disposed/);
    expect(crowd.poses.length + crowd.changedMask.length + crowd.worldMatrices.length).toBe(0);
    crowd.dispose(); // twice is harmless
  });
});
