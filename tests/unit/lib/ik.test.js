// The solver through the WASM build: task Jacobians against central finite
// differences in every mode, Levenberg–Marquardt behaviour, masks, the
// clap solved by IK, and argument errors.
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';

const kb = await loadKBlend();
const IK_DOF = kb.abi.KB_IK_DOF;
const POSE = 88;

// xorshift in [−1, 1]: the same cases on every run.
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return (s / 4294967295) * 2 - 1;
  };
}

// A double-precision pose turned from the bind by up to `spread` rad per axis.
function randomPose(rand, spread) {
  const bind = new Float64Array(POSE);
  for (let j = 0; j < 22; j++) bind[4 * j + 3] = 1;
  const delta = Array.from({ length: IK_DOF }, () => spread * rand());
  return kb.applyStep(bind, [0, 0, 0], delta);
}

// Central differences of a task's residual rows over every DoF.
function numericJacobian(task, pose, root, rows, h = 1e-6) {
  const out = new Float64Array(rows * IK_DOF);
  const delta = new Float64Array(IK_DOF);
  for (let c = 0; c < IK_DOF; c++) {
    delta.fill(0);
    delta[c] = h;
    const plus = kb.applyStep(pose, root, delta);
    delta[c] = -h;
    const minus = kb.applyStep(pose, root, delta);
    const rp = kb.taskRows(task, plus).residual;
    const rm = kb.taskRows(task, minus).residual;
    for (let r = 0; r < rows; r++) out[r * IK_DOF + c] = (rp[r] - rm[r]) / (2 * h);
  }
  return out;
}

function relativeError(a, b) {
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < a.length; i++) {
    diff = Math.max(diff, Math.abs(a[i] - b[i]));
    scale = Math.max(scale, Math.abs(b[i]));
  }
  return scale > 0 ? diff / scale : diff;
}

function worstJacobianError(task, seed) {
  const rand = random(seed);
  let worst = 0;
  for (let trial = 0; trial < 2; trial++) {
    const { pose } = randomPose(rand, 0.7);
    const root = [0.1 * rand(), 0.1 * rand(), 0.1 * rand()];
    const { rows, jacobian } = kb.taskRows(task, { pose, root });
    worst = Math.max(worst, relativeError(jacobian, numericJacobian(task, pose, root, rows)));
  }
  return worst;
}

const framePairs = [
  { origin: 'left_wrist', link: 'right_wrist', target: [-0.17, 0.02, 0.01] },
  { origin: 'spine3', link: 'left_palm', target: [0.1, -0.05, 0.3], scale: 1.3, weight: 0.7 },
  {
    origin: null,
    link: { joint: 'head', offset: [0, 0.1, 0] },
    target: [0, 0.05, 1.2],
    scale: 0.9,
    weight: 2,
  },
  { origin: 'left_wrist', link: 'left_thumb', target: [-1, 0.2, 0.1], weight: 0.5 },
];

function retargetTask(directionRows) {
  const rand = random(99);
  const { pose } = randomPose(rand, 0.5);
  const { positions } = kb.forwardKinematics(Float32Array.from(pose));
  const targets = Array.from(positions, (v) => 0.6 * v);
  const pairs = kb.skeleton.parents.map((p, j) => ({
    joint: j,
    origin: p,
    weight: j % 3 ? 1 : 0.5,
  }));
  return {
    type: 'retarget',
    pairs,
    targets,
    targetScale: 1 / 0.6,
    weightPosition: 0.5,
    weightDirection: 2,
    directionRows,
  };
}

describe('task Jacobians through WASM match central differences (1e-5 relative)', () => {
  const modes = {
    plain: {},
    'Huber per component': { huber: 'component', huberDelta: 0.05 },
    'Huber on the norm': { huber: 'norm', huberDelta: 0.05 },
    'direction only': { directionOnly: true },
    'soft gate': { gate: { start: 0.8, full: 0.2 } },
  };
  for (const [name, options] of Object.entries(modes)) {
    it(`frame vector, ${name}`, () => {
      const error = worstJacobianError({ type: 'frameVector', pairs: framePairs, ...options }, 7);
      expect(error).toBeLessThan(1e-5);
    });
  }
  it('frame vector, origin −1 with Huber and the gate', () => {
    const task = {
      type: 'frameVector',
      pairs: [{ link: 'right_palm', target: [0.4, 1.1, 0.2] }],
      huber: 'component',
      huberDelta: 0.01,
      gate: { start: 2, full: 0.5 },
    };
    expect(worstJacobianError(task, 11)).toBeLessThan(1e-5);
  });
  it('retargeting, seed direction row and the 3-row option', () => {
    expect(worstJacobianError(retargetTask(1), 13)).toBeLessThan(1e-5);
    expect(worstJacobianError(retargetTask(3), 17)).toBeLessThan(1e-5);
  });
  it('a mask zeroes the frozen columns', () => {
    const task = { type: 'frameVector', pairs: framePairs };
    const { jacobian, rows } = kb.taskRows(task, { mask: ['left_elbow', 'root'] });
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < IK_DOF; c++) {
        const active = c < 3 || (c >= 3 + 3 * 18 && c < 6 + 3 * 18);
        if (!active) expect(jacobian[r * IK_DOF + c]).toBe(0);
      }
    }
  });
});

function palmPosition(pose, root) {
  const { positions, rotations } = kb.forwardKinematics(pose, root);
  // left palm centre: offset (0.4·hand, −0.012H, 0) in the left wrist frame
  const [x, y, z, w] = rotations.slice(4 * 20, 4 * 20 + 4);
  const v = [0.4 * 0.108 * 1.75, -0.012 * 1.75, 0];
  const tx = 2 * (y * v[2] - z * v[1]);
  const ty = 2 * (z * v[0] - x * v[2]);
  const tz = 2 * (x * v[1] - y * v[0]);
  const moved = [
    v[0] + w * tx + (y * tz - z * ty),
    v[1] + w * ty + (z * tx - x * tz),
    v[2] + w * tz + (x * ty - y * tx),
  ];
  return [0, 1, 2].map((i) => positions[3 * 20 + i] + moved[i]);
}

describe('solveIK', () => {
  const arm = ['left_shoulder', 'left_elbow', 'left_wrist'];
  const bind = () => {
    const pose = new Float32Array(POSE);
    for (let j = 0; j < 22; j++) pose[4 * j + 3] = 1;
    return pose;
  };

  it('reaches a reachable target to 1e-6 m', () => {
    const known = kb.applyStep(
      bind(),
      [0, 0, 0],
      Object.assign(new Array(IK_DOF).fill(0), { 52: -0.6, 53: -0.4, 58: -0.9 }),
    );
    const target = palmPosition(Float32Array.from(known.pose));
    const result = kb.solveIK({
      tasks: [{ type: 'frameVector', pairs: [{ link: 'left_palm', target }] }],
      start: bind(),
      mask: arm,
      options: { costTolerance: 1e-11 },
    });
    expect(result.reached).toBe(true);
    expect(result.converged).toBe(true);
    expect(result.iterations).toBeLessThan(20);
    const got = palmPosition(result.pose, result.root);
    for (let i = 0; i < 3; i++) expect(Math.abs(got[i] - target[i])).toBeLessThan(1e-6);
  });

  it('gives the least-squares answer for an unreachable target and says so', () => {
    const result = kb.solveIK({
      tasks: [{ type: 'frameVector', pairs: [{ link: 'left_palm', target: [0.7, 1.8, 3] }] }],
      start: bind(),
      mask: arm,
      options: { maxIterations: 500, decreaseTolerance: 0 },
    });
    expect(result.converged).toBe(true);
    expect(result.reached).toBe(false);
    expect(['gradient', 'step', 'lambda']).toContain(result.stop);
    expect(result.gradient).toBeLessThan(1e-4);
    expect(result.status).toBe('ok');
  });

  it('keeps frozen joints bit for bit and reports the iteration cap', () => {
    const start = kb.idlePose();
    const result = kb.solveIK({
      tasks: [{ type: 'frameVector', pairs: [{ link: 'left_palm', target: [0.1, 1.3, 0.4] }] }],
      start,
      mask: ['left_elbow', 'spine2'],
      options: { maxIterations: 2 },
    });
    expect(result.converged).toBe(false);
    expect(result.stop).toBe('iterations');
    expect(result.status).toMatch(/did not converge/);
    expect(result.cost).toBeLessThan(result.initialCost);
    for (let j = 0; j < 22; j++) {
      if (j === 18 || j === 6) continue;
      expect(Array.from(result.pose.slice(4 * j, 4 * j + 4))).toEqual(
        Array.from(start.slice(4 * j, 4 * j + 4)),
      );
    }
    expect(Array.from(result.root)).toEqual([0, 0, 0]);
  });

  it('halves λ on an accepted step and stops at λ max when nothing is accepted', () => {
    const tasks = [
      { type: 'frameVector', pairs: [{ link: 'left_palm', target: [0.4, 1.2, 0.3] }] },
    ];
    const one = kb.solveIK({ tasks, start: bind(), mask: arm, options: { maxIterations: 1 } });
    expect(one.accepted).toBe(1);
    expect(one.lambda).toBeCloseTo(0.5e-3, 15);
    const stuck = kb.solveIK({
      tasks,
      start: bind(),
      mask: arm,
      options: { acceptRatio: 10, lambdaMax: 1.024 },
    });
    expect(stuck.stop).toBe('lambda');
    expect(stuck.accepted).toBe(0);
    expect(stuck.rejected).toBe(11);
    expect(stuck.cost).toBe(stuck.initialCost);
  });

  it('a reference row pulls the pose onto the reference', () => {
    const reference = kb.idlePose();
    const result = kb.solveIK({
      tasks: [{ type: 'frameVector', pairs: [{ link: 'head', target: [0, 1.56, 0], weight: 0 }] }],
      start: bind(),
      reference,
      referenceWeight: 1,
    });
    expect(result.reached).toBe(true);
    expect(kb.geodesicAngle(result.pose.slice(64, 68), reference.slice(64, 68))).toBeLessThan(1e-3);
  });

  it('rejects bad requests with messages that name the value', () => {
    const pairs = [{ link: 'left_palm', target: [0, 1, 0] }];
    expect(() => kb.solveIK({ tasks: [] })).toThrow(TypeError);
    expect(() => kb.solveIK({ tasks: [{ type: 'nope', pairs }] })).toThrow(
      /tasks\[0\]\.type must be one of/,
    );
    expect(() =>
      kb.solveIK({
        tasks: [{ type: 'frameVector', pairs: [{ link: 'left_hnad', target: [0, 1, 0] }] }],
      }),
    ).toThrow(/left_hnad/);
    expect(() =>
      kb.solveIK({
        tasks: [{ type: 'frameVector', pairs: [{ link: 'head', target: [0, NaN, 0] }] }],
      }),
    ).toThrow(RangeError);
    expect(() =>
      kb.solveIK({ tasks: [{ type: 'frameVector', pairs, huber: 'norm', huberDelta: 0 }] }),
    ).toThrow(/huberDelta must be/);
    expect(() =>
      kb.solveIK({ tasks: [{ type: 'frameVector', pairs, gate: { start: 0.1, full: 0.5 } }] }),
    ).toThrow(/gate.start must exceed gate.full/);
    expect(() => kb.solveIK({ tasks: [{ type: 'frameVector', pairs }], mask: ['elbow'] })).toThrow(
      /mask\[0\]/,
    );
    expect(() =>
      kb.solveIK({ tasks: [{ type: 'frameVector', pairs }], options: { maxIterations: 0 } }),
    ).toThrow(/maxIterations/);
    expect(() =>
      kb.solveIK({ tasks: [{ type: 'frameVector', pairs }], start: new Float32Array(3) }),
    ).toThrow(/start must have length 88/);
  });
});

function wristsInFrontOfChest(pose) {
  const { positions } = kb.forwardKinematics(pose);
  const chest = positions.slice(3 * 9, 3 * 9 + 3);
  return [20, 21].every((j) => {
    const w = positions.slice(3 * j, 3 * j + 3);
    return w[2] - chest[2] > 0.2 && w[1] > positions[1] && w[1] < positions[3 * 16 + 1];
  });
}

describe('solveClap', () => {
  it('from idle: every clap rule passes, hands in front of the chest', () => {
    const idle = kb.idlePose();
    expect(kb.validateClap(idle).ok).toBe(false);
    const result = kb.solveClap(idle);
    expect(result.pose).toBeInstanceOf(Float32Array);
    expect(result.pose.length).toBe(88);
    expect(result.converged).toBe(true);
    expect(result.report).toEqual(kb.validateClap(result.pose));
    expect(Object.values(result.report.rules).every(Boolean)).toBe(true);
    expect(result.report.ok).toBe(true);
    expect(wristsInFrontOfChest(result.pose)).toBe(true);
    expect(result.iterations).toBeGreaterThan(0);
    expect(result.cost).toBeLessThan(0.01);
  });

  it("from the clap gesture's pose: every rule passes", () => {
    const preview = kb.createPreview({ gesture: 'clap' });
    const clapPose = preview.evaluate(2.0); // the closed phase, mid-clip
    const result = kb.solveClap(clapPose);
    expect(result.report.ok).toBe(true);
    expect(wristsInFrontOfChest(result.pose)).toBe(true);
    expect(result.converged).toBe(true);
    // only the arms move (collars, upper arms, elbows, wrists)
    const arms = new Set([13, 14, 16, 17, 18, 19, 20, 21]);
    for (let j = 0; j < 22; j++) {
      if (!arms.has(j))
        expect(Array.from(result.pose.slice(4 * j, 4 * j + 4))).toEqual(
          Array.from(clapPose.slice(4 * j, 4 * j + 4)),
        );
    }
  });

  it('a crossed-arms pose fails the no-crossing rule', () => {
    const preview = kb.createPreview({ gesture: 'crossed_arms' });
    const report = kb.validateClap(preview.evaluate(1.5));
    expect(report.rules.ordered).toBe(false);
    expect(report.order).toBeLessThan(0);
    expect(report.ok).toBe(false);
  });

  it('rejects bad input', () => {
    expect(() => kb.solveClap(new Float32Array(5))).toThrow(/localRotations must have length 88/);
    expect(() => kb.solveClap(kb.idlePose(), { separation: -1 })).toThrow(/options.separation/);
  });
});

describe('retargetClip', () => {
  it('follows source positions of our own skeleton at another scale', () => {
    const rand = random(5);
    const frames = 5;
    const positions = new Float64Array(frames * 66);
    const poses = [];
    for (let f = 0; f < frames; f++) {
      const { pose } = randomPose(rand, 0.3);
      poses.push(pose);
      const p = kb.forwardKinematics(Float32Array.from(pose)).positions;
      for (let i = 0; i < 66; i++) positions[f * 66 + i] = 100 * p[i]; // centimetres
    }
    const clip = kb.retargetClip({ positions, targetScale: 0.01 });
    expect(clip.frames).toBe(frames);
    expect(clip.rotations.length).toBe(frames * 88);
    const got = kb.forwardKinematics(
      clip.rotations.slice(4 * 88, 5 * 88),
      clip.root.slice(12, 15),
    ).positions;
    for (let i = 0; i < 66; i++)
      expect(Math.abs(got[i] - positions[4 * 66 + i] / 100)).toBeLessThan(5e-3);
  });

  it('rejects bad input', () => {
    expect(() => kb.retargetClip({ positions: new Float64Array(65) })).toThrow(
      /positions must be frames × 66/,
    );
    const nan = new Float64Array(66);
    nan[7] = NaN;
    expect(() => kb.retargetClip({ positions: nan })).toThrow(/frame 0, joint right_hip has NaN/);
    expect(() => kb.retargetClip({ positions: new Float64Array(66), targetScale: 0 })).toThrow(
      /targetScale/,
    );
  });
});
