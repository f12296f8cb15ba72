// The gesture library: every file parses, every kind of broken file is
// rejected with the file, the joint and the value in the message, and each
// gesture reads as itself once forward kinematics places the hands.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GESTURE_LIMITS,
  gestureNames,
  getGesture,
  parseGesture,
  parseGestureJson,
} from '../../../web/lib/gestures.js';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { JOINT_NAMES, JOINT_PARENTS } from '../../../web/lib/skeleton-names.js';

const GESTURE_DIR = new URL('../../../web/gestures/', import.meta.url);
const EXPECTED_NAMES = [
  'akimbo',
  'clap',
  'crossed_arms',
  'point',
  'salute',
  'shrug',
  'thumbs_up',
  'wave',
];
const DEG = Math.PI / 180;
const J = Object.fromEntries(JOINT_NAMES.map((name, j) => [name, j]));

const readGestureFile = (file) => JSON.parse(readFileSync(new URL(file, GESTURE_DIR), 'utf8'));

function isDeepFrozen(value) {
  if (value === null || typeof value !== 'object') return true;
  return Object.isFrozen(value) && Object.values(value).every(isDeepFrozen);
}

describe('gesture library', () => {
  it('lists the eight gestures, sorted', () => {
    expect(gestureNames).toEqual(EXPECTED_NAMES);
    expect(Object.isFrozen(gestureNames)).toBe(true);
  });

  it('holds every file of the gesture folder, parsed to the same thing', () => {
    const files = readdirSync(GESTURE_DIR).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.slice(0, -5)).sort()).toEqual(EXPECTED_NAMES);
    for (const file of files) {
      const parsed = parseGesture(readGestureFile(file), file);
      expect(parsed).toEqual(getGesture(parsed.name));
    }
  });

  it.each(EXPECTED_NAMES)('%s is a frozen, normalized gesture', (name) => {
    const g = getGesture(name);
    expect(g.name).toBe(name);
    expect(isDeepFrozen(g)).toBe(true);
    expect(g.description.length).toBeGreaterThan(10);
    expect(g.keyframes.length).toBeGreaterThan(0);
    expect(g.joints.length).toBeGreaterThan(0);
    // joints: every name used, in skeleton order
    const used = new Set(g.keyframes.flatMap((k) => Object.keys(k.rotations)));
    expect(g.joints).toEqual(JOINT_NAMES.filter((n) => used.has(n)));
  });

  it('marks clap and wave as loops and the rest as one-shots', () => {
    for (const name of EXPECTED_NAMES) {
      const g = getGesture(name);
      expect(g.loop).toBe(name === 'clap' || name === 'wave');
      if (g.loop) {
        expect(g.period).toBeGreaterThan(0);
        expect(g.keyframes.at(-1).time).toBeLessThan(g.period);
        expect(g.keyframes.length).toBeGreaterThan(1);
      } else {
        expect(g.period).toBe(0);
      }
    }
  });

  it('rejects an unknown name with the list of names, and a non-string name', () => {
    expect(() => getGesture('handshake')).toThrow(RangeError);
    expect(() => getGesture('handshake')).toThrow(
      /"handshake".*allowed: akimbo, clap, crossed_arms/,
    );
    expect(() => getGesture(3)).toThrow(TypeError);
  });

  it('fills the defaults and copies its input', () => {
    const angles = [10, 20, 30];
    const data = {
      name: 'nod',
      duration: 2,
      keyframes: [{ time: 0.5, rotations: { head: angles } }],
    };
    const g = parseGesture(data, 'nod.json');
    const open = { shape: 'open', curl: 1 };
    expect(g).toEqual({
      version: 2,
      name: 'nod',
      description: '',
      duration: 2,
      loop: false,
      period: 0,
      timeUnit: 'seconds',
      keyframes: [
        { time: 0.5, rotations: { head: [10, 20, 30] }, hands: { left: open, right: open } },
      ],
      joints: ['head'],
    });
    angles[0] = 99;
    expect(g.keyframes[0].rotations.head[0]).toBe(10);
  });

  it('skips the name check for a label that is not a file name', () => {
    const data = {
      name: 'my nod',
      duration: 2,
      keyframes: [{ time: 0, rotations: {} }],
    };
    expect(parseGesture(data, 'custom gesture').name).toBe('my nod');
    expect(() => parseGesture({ ...data, duration: -1 }, 'custom gesture')).toThrow(
      /^custom gesture: "duration"/,
    );
  });
});

// ------------------------------------------------------------------ broken files

const base = () => structuredClone(readGestureFile('wave.json'));
const FILE = 'gesture file "wave.json"';

// [what, mutate(data) → data, error class, substrings the message must hold]
const BROKEN = [
  [
    'unknown joint',
    (d) => ((d.keyframes[1].rotations.left_elbo = [0, 0, 0]), d),
    RangeError,
    ['keyframe 1', 'joint "left_elbo"', 'is not a kblend joint', 'allowed: pelvis, left_hip'],
  ],
  [
    'NaN angle',
    (d) => ((d.keyframes[0].rotations.right_elbow[1] = NaN), d),
    RangeError,
    ['keyframe 0', 'joint "right_elbow"', 'angle y', 'got NaN', '[-360, 360]'],
  ],
  [
    'infinite angle',
    (d) => ((d.keyframes[0].rotations.right_elbow[2] = -Infinity), d),
    RangeError,
    ['joint "right_elbow"', 'angle z', 'got -Infinity'],
  ],
  [
    'string angle',
    (d) => ((d.keyframes[1].rotations.right_shoulder[0] = '30'), d),
    TypeError,
    ['keyframe 1', 'joint "right_shoulder"', 'angle x', 'got "30"'],
  ],
  [
    'angle out of range',
    (d) => ((d.keyframes[0].rotations.right_wrist[0] = 400), d),
    RangeError,
    ['joint "right_wrist"', 'angle x', 'got 400', '[-360, 360]'],
  ],
  [
    'two angles',
    (d) => ((d.keyframes[0].rotations.right_elbow = [0, 90]), d),
    RangeError,
    ['joint "right_elbow"', 'must hold 3 angles', 'got 2 values [0, 90]'],
  ],
  [
    'four angles',
    (d) => ((d.keyframes[0].rotations.right_elbow = [0, 90, 0, 1]), d),
    RangeError,
    ['joint "right_elbow"', 'got 4 values [0, 90, 0, 1]'],
  ],
  [
    'angles not an array',
    (d) => ((d.keyframes[0].rotations.right_elbow = 90), d),
    TypeError,
    ['joint "right_elbow"', 'array of 3 angles', 'got 90'],
  ],
  [
    'angles as an object',
    (d) => ((d.keyframes[0].rotations.head = { x: 1 }), d),
    TypeError,
    ['joint "head"', 'got an object'],
  ],
  [
    'rotations not an object',
    (d) => ((d.keyframes[0].rotations = [1, 2, 3]), d),
    TypeError,
    ['keyframe 0 "rotations"', 'got [1, 2, 3]'],
  ],
  [
    'string time',
    (d) => ((d.keyframes[1].time = '0.4'), d),
    TypeError,
    ['keyframe 1 "time"', 'got "0.4"'],
  ],
  [
    'NaN time',
    (d) => ((d.keyframes[1].time = NaN), d),
    RangeError,
    ['keyframe 1 "time"', 'got NaN'],
  ],
  [
    'negative time',
    (d) => ((d.keyframes[0].time = -0.1), d),
    RangeError,
    ['keyframe 0 "time"', '≥ 0', 'got -0.1'],
  ],
  [
    'decreasing times',
    (d) => ((d.keyframes[0].time = 0.5), d),
    RangeError,
    ['keyframe 1 "time"', 'greater than the time before it (0.5)', 'got 0.4'],
  ],
  [
    'repeated time',
    (d) => ((d.keyframes[1].time = 0), d),
    RangeError,
    ['keyframe 1 "time"', 'greater than the time before it (0)', 'got 0'],
  ],
  [
    'missing time',
    (d) => (delete d.keyframes[1].time, d),
    TypeError,
    ['keyframe 1 "time"', 'got undefined'],
  ],
  [
    'loop without period',
    (d) => (delete d.period, d),
    TypeError,
    ['"loop": true needs "period"', 'got undefined'],
  ],
  ['zero period', (d) => ((d.period = 0), d), RangeError, ['"period"', '> 0', 'got 0']],
  [
    'time at the period',
    (d) => ((d.keyframes[1].time = 0.8), d),
    RangeError,
    ['keyframe 1 "time"', '< the loop period 0.8', 'got 0.8'],
  ],
  [
    'time past the period',
    (d) => ((d.period = 0.3), d),
    RangeError,
    ['keyframe 1 "time"', '< the loop period 0.3', 'got 0.4'],
  ],
  [
    'hold unit with loop',
    (d) => ((d.timeUnit = 'hold'), d),
    RangeError,
    ['"timeUnit" "hold"', '"loop": true'],
  ],
  [
    'period without loop',
    (d) => ((d.loop = false), d),
    RangeError,
    ['"period" is only allowed with "loop": true', 'got period 0.8'],
  ],
  [
    'hold time past 1',
    (d) => (delete d.loop, delete d.period, (d.timeUnit = 'hold'), (d.keyframes[1].time = 1.5), d),
    RangeError,
    ['keyframe 1 "time"', '[0, 1]', 'got 1.5'],
  ],
  [
    'unknown time unit',
    (d) => ((d.timeUnit = 'frames'), d),
    RangeError,
    ['"timeUnit"', '"seconds", "hold"', 'got "frames"'],
  ],
  [
    'loop not a boolean',
    (d) => ((d.loop = 'yes'), d),
    TypeError,
    ['"loop" must be true or false', 'got "yes"'],
  ],
  [
    'unknown top-level key',
    (d) => ((d.peroid = 0.8), d),
    RangeError,
    [
      'unknown key "peroid"',
      'allowed: version, name, description, duration, loop, period, timeUnit, keyframes',
    ],
  ],
  [
    'unknown keyframe key',
    (d) => ((d.keyframes[1].rotation = {}), d),
    RangeError,
    ['keyframe 1: unknown key "rotation"', 'allowed: time, rotations'],
  ],
  [
    'name mismatch',
    (d) => ((d.name = 'waves'), d),
    RangeError,
    ['"name" must match the file name "wave"', 'got "waves"'],
  ],
  [
    'missing name',
    (d) => (delete d.name, d),
    TypeError,
    ['"name" must be a string', 'got undefined'],
  ],
  [
    'description not a string',
    (d) => ((d.description = 7), d),
    TypeError,
    ['"description"', 'got 7'],
  ],
  [
    'description too long',
    (d) => ((d.description = 'x'.repeat(500)), d),
    RangeError,
    ['"description"', 'got 500'],
  ],
  [
    'zero duration',
    (d) => ((d.duration = 0), d),
    RangeError,
    ['"duration"', '> 0 and ≤ 600', 'got 0'],
  ],
  ['duration too long', (d) => ((d.duration = 601), d), RangeError, ['"duration"', 'got 601']],
  ['string duration', (d) => ((d.duration = '3'), d), TypeError, ['"duration"', 'got "3"']],
  ['missing duration', (d) => (delete d.duration, d), TypeError, ['"duration"', 'got undefined']],
  [
    'empty keyframes',
    (d) => ((d.keyframes = []), d),
    RangeError,
    ['"keyframes" must hold 1 to 1000', 'got 0'],
  ],
  [
    'keyframes not an array',
    (d) => ((d.keyframes = { time: 0 }), d),
    TypeError,
    ['"keyframes" must be an array'],
  ],
  [
    'keyframe not an object',
    (d) => ((d.keyframes[1] = 0.4), d),
    TypeError,
    ['keyframe 1 must be an object', 'got 0.4'],
  ],
  ['null', () => null, TypeError, ['must hold a JSON object', 'got null']],
  ['an array', () => [1, 2], TypeError, ['must hold a JSON object', 'got [1, 2]']],
  ['a string', () => 'wave', TypeError, ['must hold a JSON object', 'got "wave"']],
  ['a number', () => 3, TypeError, ['must hold a JSON object', 'got 3']],
];

describe('broken gesture files', () => {
  it.each(BROKEN)(
    '%s: throws with the file, the place and the value',
    (what, mutate, ErrorClass, parts) => {
      const data = mutate(base());
      let error;
      try {
        parseGesture(data, 'wave.json');
      } catch (e) {
        error = e;
      }
      expect(error, what).toBeInstanceOf(ErrorClass);
      expect(error.message.startsWith(`${FILE}: `), error.message).toBe(true);
      for (const part of parts) expect(error.message).toContain(part);
    },
  );

  it('names the file even when given as a path', () => {
    const data = base();
    data.keyframes[0].rotations.right_elbow[0] = 720;
    expect(() => parseGesture(data, 'gestures/wave.json')).toThrow(
      /^gesture file "gestures\/wave\.json": keyframe 0, joint "right_elbow" angle x .* got 720$/,
    );
  });

  it('rejects a joint name that is an Object.prototype key', () => {
    const data = JSON.parse(
      '{"name":"wave","duration":1,"keyframes":[{"time":0,"rotations":{"__proto__":[0,0,0]}}]}',
    );
    expect(() => parseGesture(data, 'wave.json')).toThrow(
      /joint "__proto__" is not a kblend joint/,
    );
  });

  it('accepts every finite angle in [-360, 360] unchanged, and names every angle outside', () => {
    const max = GESTURE_LIMITS.maxAngle;
    const angle = fc.double({ min: -max, max, noNaN: true });
    const joint = fc.constantFrom(...JOINT_NAMES);
    fc.assert(
      fc.property(joint, fc.tuple(angle, angle, angle), (name, angles) => {
        const g = parseGesture(
          {
            name: 'a',
            duration: 1,
            keyframes: [{ time: 0, rotations: { [name]: angles } }],
          },
          'a.json',
        );
        expect(g.keyframes[0].rotations[name]).toEqual(angles);
      }),
    );
    const outside = fc.oneof(
      fc.double({ min: max, noDefaultInfinity: true }),
      fc.double({ max: -max }),
    );
    fc.assert(
      fc.property(
        joint,
        outside.filter((v) => Math.abs(v) > max),
        fc.integer({ min: 0, max: 2 }),
        (name, bad, axis) => {
          const angles = [0, 0, 0];
          angles[axis] = bad;
          const data = {
            name: 'a',
            duration: 1,
            keyframes: [{ time: 0, rotations: { [name]: angles } }],
          };
          expect(() => parseGesture(data, 'a.json')).toThrow(
            `joint "${name}" angle ${'xyz'[axis]}`,
          );
          expect(() => parseGesture(data, 'a.json')).toThrow(`got ${bad}`);
        },
      ),
    );
  });
});

// ------------------------------------------------------------------ kinematics

// Small vector and quaternion helpers ([x, y, z, w], Hamilton product),
// independent of the WASM core.
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a, s) => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm = (a) => Math.hypot(a[0], a[1], a[2]);
const dist = (a, b) => norm(sub(a, b));
const unit = (a) => scale(a, 1 / norm(a));

function quatMul(a, b) {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

function quatRotate(q, v) {
  const p = quatMul(quatMul(q, [v[0], v[1], v[2], 0]), [-q[0], -q[1], -q[2], q[3]]);
  return [p[0], p[1], p[2]];
}

// XYZ Euler (radians) as three.js means it: R = Rx·Ry·Rz.
function quatFromEulerXYZ([x, y, z]) {
  const [c1, c2, c3] = [Math.cos(x / 2), Math.cos(y / 2), Math.cos(z / 2)];
  const [s1, s2, s3] = [Math.sin(x / 2), Math.sin(y / 2), Math.sin(z / 2)];
  return [
    s1 * c2 * c3 + c1 * s2 * s3,
    c1 * s2 * c3 - s1 * c2 * s3,
    c1 * c2 * s3 + s1 * s2 * c3,
    c1 * c2 * c3 - s1 * s2 * s3,
  ];
}

const PALM_LOCAL = [0, -1, 0];
const THUMB_LOCAL = [0, 0, 1];
const HAND_LOCAL = { left: [1, 0, 0], right: [-1, 0, 0] };
const HEIGHT = 1.75;
const HAND_LENGTH = 0.108 * HEIGHT; // docs/design.md §3 segment table

let kb;
let bind; // world positions of the T-pose bind, by joint index
let idle; // the idle pose (local rotations)

beforeAll(async () => {
  kb = await loadKBlend();
  const p = kb.bindPositions();
  bind = JOINT_NAMES.map((_, j) => [p[3 * j], p[3 * j + 1], p[3 * j + 2]]);
  idle = kb.idlePose();
});

// The local pose of a keyframe: idle, with the named joints replaced.
function keyframePose(keyframe, fromEuler = (e) => kb.quatFromEuler(e)) {
  const pose = Float32Array.from(idle);
  for (const [name, degrees] of Object.entries(keyframe.rotations)) {
    pose.set(fromEuler(degrees.map((d) => d * DEG)), 4 * J[name]);
  }
  return pose;
}

// World pose through the library's forward kinematics, with lookups.
function world(pose) {
  const { positions, rotations } = kb.forwardKinematics(pose);
  const at = (name) => Array.from(positions.subarray(3 * J[name], 3 * J[name] + 3));
  const rot = (name) => Array.from(rotations.subarray(4 * J[name], 4 * J[name] + 4));
  const hand = (side) => {
    const q = rot(`${side}_wrist`);
    const wrist = at(`${side}_wrist`);
    const direction = quatRotate(q, HAND_LOCAL[side]);
    return {
      wrist,
      elbow: at(`${side}_elbow`),
      shoulder: at(`${side}_shoulder`),
      palm: quatRotate(q, PALM_LOCAL),
      thumb: quatRotate(q, THUMB_LOCAL),
      direction,
      tip: add(wrist, scale(direction, HAND_LENGTH)),
    };
  };
  return { at, left: hand('left'), right: hand('right') };
}

const keyWorld = (name, k = 0) => world(keyframePose(getGesture(name).keyframes[k]));

// Body landmarks of the bind (the trunk does not move in any gesture).
const Y = {
  hip: () => bind[J.left_hip][1],
  pelvis: () => bind[J.pelvis][1],
  chest: () => bind[J.spine3][1],
  waist: () => bind[J.spine2][1],
  shoulder: () => bind[J.left_shoulder][1],
  head: () => bind[J.head][1],
};

// A wrist inside the trunk's volume would put the hand through the body.
function insideTorso(p) {
  return Math.abs(p[0]) < 0.12 && Math.abs(p[2]) < 0.1 && p[1] > Y.hip() && p[1] < Y.shoulder();
}

describe('the bind skeleton the gestures were authored on', () => {
  it('matches the docs/design.md §3 proportions along the arms', () => {
    // shoulder height 0.818H, shoulder width 0.259H, upper arm 0.186H, forearm 0.146H
    const H = HEIGHT;
    for (const [side, s] of [
      ['left', 1],
      ['right', -1],
    ]) {
      expect(bind[J[`${side}_shoulder`]][0]).toBeCloseTo((s * 0.259 * H) / 2, 5);
      expect(bind[J[`${side}_shoulder`]][1]).toBeCloseTo(0.818 * H, 5);
      expect(dist(bind[J[`${side}_elbow`]], bind[J[`${side}_shoulder`]])).toBeCloseTo(0.186 * H, 5);
      expect(dist(bind[J[`${side}_wrist`]], bind[J[`${side}_elbow`]])).toBeCloseTo(0.146 * H, 5);
    }
  });
});

describe('gestures read right under forward kinematics', () => {
  it.each(EXPECTED_NAMES)('%s: no wrist inside the torso, each hand on its own side', (name) => {
    getGesture(name).keyframes.forEach((keyframe, k) => {
      const w = world(keyframePose(keyframe));
      for (const side of ['left', 'right']) {
        expect(
          insideTorso(w[side].wrist),
          `${name} keyframe ${k} ${side} wrist ${w[side].wrist}`,
        ).toBe(false);
      }
      if (name !== 'crossed_arms') {
        expect(w.left.wrist[0], `${name} keyframe ${k}`).toBeGreaterThan(0);
        expect(w.right.wrist[0], `${name} keyframe ${k}`).toBeLessThan(0);
      }
    });
  });

  it.each(EXPECTED_NAMES)(
    '%s: the core accepts it as a preview and starts and ends at idle',
    (name) => {
      const preview = kb.createPreview({ gesture: name });
      const start = preview.evaluate(0);
      const end = preview.evaluate(getGesture(name).duration);
      for (let i = 0; i < idle.length; i++) {
        expect(start[i]).toBe(idle[i]);
        expect(end[i]).toBe(idle[i]);
      }
      preview.dispose();
    },
  );

  it.each(EXPECTED_NAMES)('%s: no wrist or elbow passes through the torso on the way', (name) => {
    // The blend from idle is a per-joint SLERP, so the path between the
    // keyframes is checked too, on the preview's own output.
    const preview = kb.createPreview({ gesture: name });
    const { duration } = getGesture(name);
    for (let t = 0; t <= duration; t += 1 / 15) {
      const { at } = world(preview.evaluate(t));
      for (const joint of ['left_wrist', 'right_wrist', 'left_elbow', 'right_elbow']) {
        expect(insideTorso(at(joint)), `${name} ${joint} at t = ${t.toFixed(2)} s`).toBe(false);
      }
    }
    preview.dispose();
  });

  describe('clap', () => {
    // Each keyframe is either open (the seed's clap constraints hold) or
    // closed (the hands meet); the loop starts open.
    const phases = () =>
      getGesture('clap').keyframes.map((keyframe) => {
        const pose = keyframePose(keyframe);
        const report = kb.validateClap(pose);
        return { report, w: world(pose), open: report.separation > 0.1 };
      });

    it('has open and closed keyframes and starts open', () => {
      const all = phases();
      expect(all[0].open).toBe(true);
      expect(all.some((p) => p.open)).toBe(true);
      expect(all.some((p) => !p.open)).toBe(true);
    });

    it('open phase: passes the clap check, hands in front of the chest at chest height', () => {
      for (const { report, w } of phases().filter((p) => p.open)) {
        expect(report.rules).toEqual({
          separation: true,
          palms: true,
          thumbLeft: true,
          thumbRight: true,
          ordered: true,
        });
        expect(report.ok).toBe(true);
        expect(report.separation).toBeGreaterThan(0.14);
        expect(report.separation).toBeLessThan(0.2);
        expect(report.palmDot).toBeLessThan(-0.95);
        for (const side of ['left', 'right']) {
          expect(w[side].wrist[2]).toBeGreaterThan(bind[J.spine3][2] + 0.1);
          expect(w[side].wrist[1]).toBeGreaterThan(Y.waist());
          expect(w[side].wrist[1]).toBeLessThan(Y.shoulder());
          expect(w[side].direction[2]).toBeGreaterThan(0.9); // fingers forward
        }
        expect(w.left.palm[0]).toBeLessThan(-0.95); // left palm faces −X
        expect(w.right.palm[0]).toBeGreaterThan(0.95);
      }
    });

    it('closed phase: the hands meet, palms together, thumbs up, not crossed', () => {
      for (const { report, w } of phases().filter((p) => !p.open)) {
        expect(report.separation).toBeGreaterThan(0.03);
        expect(report.separation).toBeLessThan(0.07);
        expect(report.rules).toEqual({
          separation: false,
          palms: true,
          thumbLeft: true,
          thumbRight: true,
          ordered: true,
        });
        for (const side of ['left', 'right']) {
          expect(w[side].wrist[2]).toBeGreaterThan(bind[J.spine3][2] + 0.1);
          expect(w[side].wrist[1]).toBeGreaterThan(Y.waist());
          expect(w[side].wrist[1]).toBeLessThan(Y.shoulder());
        }
      }
    });

    it('the preview shows the hands coming together and parting, loop after loop', () => {
      const g = getGesture('clap');
      const preview = kb.createPreview({ gesture: 'clap' });
      const separations = [];
      // sample the hold (between the default attack and release)
      for (let t = 0.3 * g.duration; t <= 0.75 * g.duration; t += 1 / 60) {
        const w = world(preview.evaluate(t));
        separations.push(dist(w.left.wrist, w.right.wrist));
      }
      preview.dispose();
      expect(Math.min(...separations)).toBeLessThan(0.07);
      expect(Math.max(...separations)).toBeGreaterThan(0.15);
      // at least two separate meetings within the hold
      let meetings = 0;
      for (let i = 1; i < separations.length; i++) {
        if (separations[i] < 0.1 && separations[i - 1] >= 0.1) meetings++;
      }
      expect(meetings).toBeGreaterThanOrEqual(2);
    });
  });

  describe('wave', () => {
    it('right forearm up beside the head, palm forward, waving about a still elbow', () => {
      const g = getGesture('wave');
      const worlds = g.keyframes.map((k) => world(keyframePose(k)));
      for (const w of worlds) {
        expect(w.right.wrist[1]).toBeGreaterThan(Y.shoulder() + 0.1);
        expect(w.right.tip[1]).toBeGreaterThan(Y.head() + 0.1); // the hand up at head height
        expect(w.right.wrist[0]).toBeLessThan(-0.3);
        expect(w.right.wrist[0]).toBeGreaterThan(-0.65);
        expect(w.right.wrist[1] - w.right.elbow[1]).toBeGreaterThan(0.2); // forearm up
        expect(w.right.palm[2]).toBeGreaterThan(0.9);
        expect(w.left.wrist).toEqual(worlds[0].left.wrist); // the left arm stays at idle
      }
      expect(dist(worlds[0].right.elbow, worlds[1].right.elbow)).toBeLessThan(1e-3);
      expect(Math.abs(worlds[0].right.wrist[0] - worlds[1].right.wrist[0])).toBeGreaterThan(0.1);
    });
  });

  describe('salute', () => {
    it('right hand raised to the right brow, palm down, elbow out', () => {
      const w = keyWorld('salute');
      const head = bind[J.head];
      const rightBrow = add(head, [-0.035, 0.1, 0.09]);
      expect(w.right.wrist[1]).toBeGreaterThan(Y.shoulder() + 0.1);
      expect(dist(w.right.wrist, head)).toBeLessThan(0.3);
      expect(dist(w.right.tip, rightBrow)).toBeLessThan(0.06);
      expect(w.right.palm[1]).toBeLessThan(-0.7);
      expect(w.right.elbow[0]).toBeLessThan(bind[J.right_shoulder][0] - 0.15);
    });
  });

  describe('akimbo', () => {
    it('hands on the hips at the sides, fingers down, palms on the body, elbows out', () => {
      const w = keyWorld('akimbo');
      for (const [side, s] of [
        ['left', 1],
        ['right', -1],
      ]) {
        const { wrist, elbow, palm, direction } = w[side];
        // the heel of the palm at the top of the hip bone, beside the body
        expect(wrist[1]).toBeGreaterThan(Y.pelvis() + 0.08);
        expect(wrist[1]).toBeLessThan(bind[J.spine1][1] + 0.05);
        expect(s * wrist[0]).toBeGreaterThan(0.15);
        expect(s * wrist[0]).toBeLessThan(0.22);
        expect(wrist[2]).toBeGreaterThan(-0.08);
        expect(wrist[2]).toBeLessThan(0.03);
        // the fingers run down the side of the hip, not into its front
        expect(direction[1]).toBeLessThan(-0.7);
        expect(s * direction[0]).toBeGreaterThan(-0.3);
        expect(s * palm[0]).toBeLessThan(-0.9);
        // elbows out to the sides, a little behind the shoulders
        expect(s * elbow[0]).toBeGreaterThan(s * bind[J[`${side}_shoulder`]][0] + 0.15);
        expect(elbow[2]).toBeLessThan(0);
      }
    });
  });

  describe('crossed arms', () => {
    it('forearms folded in front of the chest, wrists crossed, forearms not through each other', () => {
      const w = keyWorld('crossed_arms');
      expect(w.left.wrist[0]).toBeLessThan(0);
      expect(w.right.wrist[0]).toBeGreaterThan(0);
      for (const side of ['left', 'right']) {
        const { wrist, elbow } = w[side];
        expect(wrist[2]).toBeGreaterThan(bind[J.spine3][2] + 0.1);
        expect(elbow[2]).toBeGreaterThan(0.1);
        expect(wrist[1]).toBeGreaterThan(Y.waist() - 0.05);
        expect(wrist[1]).toBeLessThan(Y.shoulder());
      }
      // the right forearm lies on the left one: their axes are about two
      // forearm radii apart (0.035 m by the elbow, 0.023 m by the wrist)
      let closest = Infinity;
      for (let i = 0; i <= 40; i++) {
        const a = add(w.left.elbow, scale(sub(w.left.wrist, w.left.elbow), i / 40));
        for (let k = 0; k <= 40; k++) {
          const b = add(w.right.elbow, scale(sub(w.right.wrist, w.right.elbow), k / 40));
          closest = Math.min(closest, dist(a, b));
        }
      }
      expect(closest).toBeGreaterThan(0.046);
      expect(closest).toBeLessThan(0.075);
      // in front of it, and low on the chest, on the belly
      expect(w.right.wrist[2]).toBeGreaterThan(w.left.wrist[2] + 0.02);
      expect(w.left.wrist[1]).toBeLessThan(Y.chest() - 0.1);
    });
  });

  describe('shrug', () => {
    it('shoulders up, forearms out, palms up; it builds over the hold', () => {
      const g = getGesture('shrug');
      expect(g.timeUnit).toBe('hold');
      const [first, last] = [keyWorld('shrug', 0), keyWorld('shrug', g.keyframes.length - 1)];
      for (const [side, s] of [
        ['left', 1],
        ['right', -1],
      ]) {
        const shoulder = `${side}_shoulder`;
        expect(first.at(shoulder)[1]).toBeGreaterThan(bind[J[shoulder]][1] + 0.015);
        expect(last.at(shoulder)[1]).toBeGreaterThan(first.at(shoulder)[1] + 0.015);
        for (const w of [first, last]) {
          const { wrist, elbow, palm } = w[side];
          expect(palm[1]).toBeGreaterThan(0.9);
          expect(s * (wrist[0] - elbow[0])).toBeGreaterThan(0.05); // forearm turned out
          expect(wrist[2] - elbow[2]).toBeGreaterThan(0.15); // and forward
          expect(Math.abs(wrist[1] - elbow[1])).toBeLessThan(0.08); // about level
        }
      }
    });
  });

  describe('point', () => {
    it('right arm straight forward at shoulder height', () => {
      const w = keyWorld('point');
      const shoulder = bind[J.right_shoulder];
      const reach = dist(bind[J.right_wrist], shoulder);
      expect(w.right.wrist[2]).toBeGreaterThan(0.95 * reach);
      expect(Math.abs(w.right.wrist[1] - shoulder[1])).toBeLessThan(0.05);
      expect(Math.abs(w.right.wrist[0] - shoulder[0])).toBeLessThan(0.05);
      expect(dist(w.right.wrist, shoulder)).toBeGreaterThan(0.98 * reach);
      expect(w.right.direction[2]).toBeGreaterThan(0.95);
    });
  });

  describe('thumbs up', () => {
    it('right forearm forward, the thumb (hand +Z) pointing up', () => {
      const w = keyWorld('thumbs_up');
      expect(w.right.thumb[1]).toBeGreaterThan(0.95);
      const forearm = unit(sub(w.right.wrist, w.right.elbow));
      expect(forearm[2]).toBeGreaterThan(0.9);
      expect(w.right.wrist[2]).toBeGreaterThan(0.2);
      expect(w.right.wrist[1]).toBeGreaterThan(Y.waist());
      expect(w.right.wrist[1]).toBeLessThan(Y.shoulder());
    });
  });
});

// Where each wrist ends up, per gesture and keyframe (metres, the character
// faces +Z, its left is +X), checked both through the WASM core and with the
// plain-JS forward kinematics below, so a change in either the files or the
// core shows up as a moved hand.
const WRISTS = {
  clap: [
    { left: [0.089, 1.201, 0.3], right: [-0.089, 1.201, 0.3] },
    { left: [0.089, 1.201, 0.3], right: [-0.089, 1.201, 0.3] },
    { left: [0.021, 1.196, 0.301], right: [-0.021, 1.196, 0.301] },
    { left: [0.021, 1.196, 0.301], right: [-0.021, 1.196, 0.301] },
  ],
  wave: [
    { left: [0.448, 0.894, 0], right: [-0.557, 1.566, 0.18] },
    { left: [0.448, 0.894, 0], right: [-0.406, 1.559, 0.18] },
  ],
  salute: [{ left: [0.448, 0.894, 0], right: [-0.201, 1.582, 0.137] }],
  akimbo: [{ left: [0.19, 1.072, -0.07], right: [-0.19, 1.072, -0.07] }],
  crossed_arms: [{ left: [-0.05, 1.127, 0.138], right: [0.05, 1.182, 0.161] }],
  shrug: [
    { left: [0.385, 1.137, 0.198], right: [-0.385, 1.137, 0.198] },
    { left: [0.42, 1.184, 0.198], right: [-0.42, 1.184, 0.198] },
  ],
  point: [{ left: [0.448, 0.894, 0], right: [-0.204, 1.431, 0.58] }],
  thumbs_up: [{ left: [0.448, 0.894, 0], right: [-0.239, 1.199, 0.301] }],
};

// Forward kinematics in plain JS over the bind offsets: world = parent ⊗ local.
function plainWrists(keyframe) {
  const local = keyframePose(keyframe, quatFromEulerXYZ);
  const rotations = [];
  const positions = [];
  JOINT_NAMES.forEach((_, j) => {
    const parent = JOINT_PARENTS[j];
    const q = Array.from(local.subarray(4 * j, 4 * j + 4));
    if (parent < 0) {
      rotations[j] = q;
      positions[j] = bind[j];
      return;
    }
    rotations[j] = quatMul(rotations[parent], q);
    positions[j] = add(
      positions[parent],
      quatRotate(rotations[parent], sub(bind[j], bind[parent])),
    );
  });
  return { left: positions[J.left_wrist], right: positions[J.right_wrist] };
}

describe('wrist sanity list', () => {
  it('covers every gesture and keyframe', () => {
    expect(Object.keys(WRISTS).sort()).toEqual(EXPECTED_NAMES);
    for (const name of EXPECTED_NAMES)
      expect(WRISTS[name].length).toBe(getGesture(name).keyframes.length);
  });

  it.each(EXPECTED_NAMES)(
    '%s: each wrist where the list says, through the core and in plain JS',
    (name) => {
      getGesture(name).keyframes.forEach((keyframe, k) => {
        const expected = WRISTS[name][k];
        const core = world(keyframePose(keyframe));
        const plain = plainWrists(keyframe);
        for (const side of ['left', 'right']) {
          const where = `${name} keyframe ${k} ${side} wrist`;
          expect(
            dist(core[side].wrist, expected[side]),
            `${where} (core) at ${core[side].wrist}`,
          ).toBeLessThan(0.005);
          expect(
            dist(plain[side], expected[side]),
            `${where} (plain JS) at ${plain[side]}`,
          ).toBeLessThan(0.005);
        }
      });
    },
  );
});

describe('hostile gesture files', () => {
  const base = () => readGestureFile('wave.json');
  const parse = (data) => () => parseGesture(data, 'gestures/wave.json');

  it('refuses keyframe times beyond the longest clip, naming file, keyframe and value', () => {
    const data = base();
    data.loop = false;
    delete data.period;
    data.keyframes[1].time = 1e308;
    data.keyframes.length = 2;
    expect(parse(data)).toThrow(RangeError);
    expect(parse(data)).toThrow(
      /gesture file "gestures\/wave.json": keyframe 1 "time" must be at most 600 s, got 1e\+308/,
    );
  });

  it('refuses two times that are the same float32 time', () => {
    const data = base();
    data.loop = false;
    delete data.period;
    data.keyframes = [
      { time: 1, rotations: {} },
      { time: 1 + 1e-9, rotations: {} },
    ];
    expect(parse(data)).toThrow(
      /keyframe 1 "time" 1.000000001 is the same float32 time as the keyframe before it \(1\)/,
    );
  });

  it('refuses a loop period shorter than a millisecond', () => {
    const data = base();
    data.period = 1e-300;
    data.keyframes = [{ time: 0, rotations: {} }];
    expect(parse(data)).toThrow(/"period" must be at least 0.001 s, got 1e-300/);
  });

  it('refuses a key given twice (parseGestureJson), naming file, keyframe and key', () => {
    const text = readFileSync(new URL('wave.json', GESTURE_DIR), 'utf8');
    expect(parseGestureJson(text, 'wave.json').name).toBe('wave');
    const twiceTop = text.replace('{', '{"duration": 99, ');
    expect(() => parseGestureJson(twiceTop, 'wave.json')).toThrow(
      /gesture file "wave.json": key "duration" is given twice/,
    );
    const data = JSON.parse(text);
    const keyText = JSON.stringify({ ...data, keyframes: [] }).replace(
      '"keyframes":[]',
      `"keyframes":[${JSON.stringify(data.keyframes[0])},{"time":9,"time":0.1,"rotations":{}}]`,
    );
    expect(() => parseGestureJson(keyText, 'wave.json')).toThrow(
      /keyframe 1: key "time" is given twice/,
    );
    const jointText = keyText.replace(
      '"rotations":{}}]',
      '"rotations":{"head":[0,0,0],"head":[1,1,1]}}]',
    );
    expect(() => parseGestureJson(jointText.replace('"time":9,', ''), 'wave.json')).toThrow(
      /keyframe 1 "rotations": key "head" is given twice/,
    );
    expect(() => parseGestureJson('{"name": "a" ', 'a.json')).toThrow(/is not valid JSON/);
    expect(() => parseGestureJson(42)).toThrow(TypeError);
  });

  it('a string holding quotes, braces and commas is not mistaken for keys', () => {
    const data = readGestureFile('wave.json');
    data.description = 'a "quoted", {braced} [thing], "name": x';
    expect(parseGestureJson(JSON.stringify(data), 'wave.json').description).toBe(data.description);
  });
});

describe('gesture file limits and the core', () => {
  it('the longest duration, period and time a file may give is the core duration limit', async () => {
    const kb = await loadKBlend();
    expect(GESTURE_LIMITS.maxSeconds).toBe(kb.limits.duration.max);
  });
});
