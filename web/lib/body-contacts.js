// Body contacts: a capsule model of the body and the pairs of body parts
// that pass into each other in a pose (docs/design.md §8 `kb.bodyContacts`). The
// seed's "bilateral forearm collision" concern, made general: any two parts
// that do not share a joint, each a union of capsules (a segment swept by a
// sphere), interpenetrate by r_a + r_b − (distance between the segments).
//
// Sizes are fractions of the body height H, like the skeleton's (docs/design.md §3,
// the Drillis & Contini table in c_src/skeleton.c), and written in the
// frame of the T-pose bind (Y up, facing +Z, the left is +X); each capsule
// moves rigidly with one bone. Where the table gives a breadth, the
// capsules span it; girths and depths, which it does not give, follow the
// body the viewer draws (web/viewer/rig.js, tuned on the same bind):
// - pelvis: across the hips at their widest (0.535H, just above the hip
//   joints), outer edge at ±0.096H ≈ the hip width 0.191H/2, radius 0.06H
//   (the pelvis is ≈ 0.21 m deep at 1.75 m); and across the tops of the hip
//   bones (the iliac crests, 0.577H), outer edge ±0.088H, radius 0.05H, so
//   the waist has no notch between the pelvis and the abdomen;
// - torso: four capsules across the body, one on spine1 (abdomen, radius
//   0.055H), one on spine2 (waist, 0.057H), two on spine3 (chest, 0.066H),
//   the chest's outer edge at ±0.1H, inside the shoulder width 0.259H/2 by
//   the upper arm's radius, its top at 0.856H (the shoulders are at 0.818H,
//   the chin at 0.870H);
// - head: chin (0.870H) to crown (1.0H), radius 0.05H; neck 0.026H;
// - upper arm 0.025H from joint to joint; forearm 0.02H over the 55 % by
//   the elbow and 0.013H over the rest (the wrist is about half as deep as
//   the forearm by the elbow, and a clap brings the wrists that close);
// - hand: wrist to fingertips (hand length 0.108H), radius 0.012H, the depth
//   of the core's palm-centre marker below the wrist axis, so two palms that
//   touch put their hand axes 0.024H apart (the hand's width, ≈ 0.047H, is
//   not modelled);
// - thigh 0.036H, shank 0.028H from joint to joint, foot 0.02H from behind
//   the ankle to the toes (foot length 0.152H).
import { createBoundedCache } from './bounded-cache.js';
import { rotateVector } from './quaternion-math.js';
import { JOINT_NAMES } from './skeleton-names.js';
import { checkArrayLike, checkNumber, checkOptions, checkPose, checkTunable } from './validate.js';

const SIDES = [
  ['left', 1],
  ['right', -1],
];
const HIP_X = 0.191 / 4; // the hip joints' x in the bind (c_src/skeleton.c)

// A capsule on `bone` from a to b (bind frame, fractions of H), radius r.
const capsule = (bone, a, b, radius) => ({ bone, a, b, radius });
const across = (bone, y, z, half, radius) => capsule(bone, [-half, y, z], [half, y, z], radius);

function limbParts() {
  const parts = [];
  for (const [side, s] of SIDES) {
    const x = (v) => s * v;
    const joint = (name) => `${side}_${name}`;
    parts.push(
      {
        name: `${side}_upper_arm`,
        joints: [joint('shoulder'), joint('elbow')],
        capsules: [capsule(joint('shoulder'), [x(0.1295), 0.818, 0], [x(0.3155), 0.818, 0], 0.025)],
      },
      {
        name: `${side}_forearm`,
        joints: [joint('elbow'), joint('wrist')],
        // thick by the elbow, thinner toward the wrist
        capsules: [
          capsule(joint('elbow'), [x(0.3155), 0.818, 0], [x(0.396), 0.818, 0], 0.02),
          capsule(joint('elbow'), [x(0.396), 0.818, 0], [x(0.4615), 0.818, 0], 0.013),
        ],
      },
      {
        name: `${side}_hand`,
        joints: [joint('wrist')],
        capsules: [capsule(joint('wrist'), [x(0.4615), 0.818, 0], [x(0.5575), 0.818, 0], 0.012)],
      },
      {
        name: `${side}_thigh`,
        joints: [joint('hip'), joint('knee')],
        capsules: [capsule(joint('hip'), [x(HIP_X), 0.53, 0], [x(HIP_X), 0.285, 0], 0.036)],
      },
      {
        name: `${side}_shank`,
        joints: [joint('knee'), joint('ankle')],
        capsules: [capsule(joint('knee'), [x(HIP_X), 0.285, 0], [x(HIP_X), 0.039, 0], 0.028)],
      },
      {
        name: `${side}_foot`,
        joints: [joint('ankle'), joint('foot')],
        capsules: [
          capsule(joint('ankle'), [x(HIP_X), 0.025, -0.025], [x(HIP_X), 0.02, 0.12], 0.02),
        ],
      },
    );
  }
  return parts;
}

// The parts; two parts that share a joint are neighbours and never count.
export const BODY_PARTS = Object.freeze(
  [
    {
      name: 'pelvis',
      joints: ['pelvis', 'left_hip', 'right_hip', 'spine1'],
      // the hips, and the top of the hip bones (iliac crests) above them
      capsules: [across('pelvis', 0.535, 0, 0.036, 0.06), across('pelvis', 0.577, 0, 0.038, 0.05)],
    },
    {
      name: 'torso',
      joints: ['spine1', 'spine2', 'spine3', 'neck', 'left_collar', 'right_collar'],
      capsules: [
        across('spine1', 0.625, 0, 0.03, 0.055),
        across('spine2', 0.685, 0.003, 0.028, 0.057),
        across('spine3', 0.735, 0.006, 0.034, 0.066),
        across('spine3', 0.79, 0.006, 0.034, 0.066),
      ],
    },
    {
      name: 'neck',
      joints: ['neck', 'head'],
      capsules: [capsule('neck', [0, 0.838, 0], [0, 0.89, 0], 0.026)],
    },
    {
      name: 'head',
      joints: ['head'],
      capsules: [capsule('head', [0, 0.92, 0.01], [0, 0.95, 0.01], 0.05)],
    },
    ...limbParts(),
  ].map(deepFreeze),
);

function deepFreeze(value) {
  if (value && typeof value === 'object') {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

export const BODY_PART_NAMES = Object.freeze(BODY_PARTS.map((part) => part.name));

// Pairs of parts that share no joint: the only ones that can interpenetrate.
const PART_PAIRS = (() => {
  const pairs = [];
  for (let i = 0; i < BODY_PARTS.length; i++) {
    for (let k = i + 1; k < BODY_PARTS.length; k++) {
      const shared = BODY_PARTS[i].joints.some((j) => BODY_PARTS[k].joints.includes(j));
      if (!shared) pairs.push([i, k]);
    }
  }
  return pairs;
})();

// Capsule tables kept at once, one per body height (~6 KB each): a caller
// sweeping the height makes a new one per call, so the oldest are dropped.
export const CAPSULE_CACHE_LIMIT = 8;

export function createBodyContactsApi(kb) {
  // height → capsules with offsets from their bone, m
  const cache = createBoundedCache(CAPSULE_CACHE_LIMIT, capsulesFor, () => {});

  function capsulesFor(height) {
    const bind = kb.bindPositions(height);
    const local = (bone, p) => {
      const j = JOINT_NAMES.indexOf(bone);
      return [0, 1, 2].map((c) => p[c] * height - bind[3 * j + c]);
    };
    return BODY_PARTS.map((part) =>
      part.capsules.map((c) => ({
        joint: JOINT_NAMES.indexOf(c.bone),
        a: local(c.bone, c.a),
        b: local(c.bone, c.b),
        radius: c.radius * height,
      })),
    );
  }
  const capsulesAt = (height) => cache.get(height);

  // World capsules of a pose, per part: [[{ a, b, radius }, ...], ...].
  function place(pose, options) {
    checkPose('pose', pose, JOINT_NAMES.length);
    const { height = kb.defaults.height, root } = checkOptions('options', options, [
      'height',
      'root',
    ]);
    checkTunable(kb.limits, 'height', height, 'options.height');
    if (root !== undefined) checkArrayLike('options.root', root, 3);
    const { positions, rotations } = kb.forwardKinematics(pose, root, { height });
    const toWorld = (joint, offset) => {
      const q = rotations.subarray(4 * joint, 4 * joint + 4);
      const p = rotateVector(q, offset);
      for (let c = 0; c < 3; c++) p[c] += positions[3 * joint + c];
      return p;
    };
    return capsulesAt(height).map((capsules) =>
      capsules.map((c) => ({
        a: toWorld(c.joint, c.a),
        b: toWorld(c.joint, c.b),
        radius: c.radius,
      })),
    );
  }

  // The capsules of a pose in the world, for drawing: one entry per capsule.
  function bodyCapsules(pose, options) {
    return place(pose, options).flatMap((capsules, i) =>
      capsules.map((c) => ({ part: BODY_PART_NAMES[i], ...c })),
    );
  }

  // Every pair of parts that interpenetrates, deepest first:
  // { a, b, depth (m), point (the middle of the deepest overlap) }.
  function bodyContacts(pose, options) {
    const placed = place(pose, options);
    const contacts = [];
    for (const [i, k] of PART_PAIRS) {
      const deepest = deepestOverlap(placed[i], placed[k]);
      if (deepest.depth > 0) {
        contacts.push({ a: BODY_PART_NAMES[i], b: BODY_PART_NAMES[k], ...deepest });
      }
    }
    return contacts.sort((x, y) => y.depth - x.depth);
  }

  return { bodyContacts, bodyCapsules };
}

function deepestOverlap(first, second) {
  let best = { depth: -Infinity, point: null };
  for (const c of first) {
    for (const d of second) {
      const { distance, p, q } = segmentDistance(c.a, c.b, d.a, d.b);
      const depth = c.radius + d.radius - distance;
      if (depth > best.depth) best = { depth, point: [0, 1, 2].map((k) => (p[k] + q[k]) / 2) };
    }
  }
  return best;
}

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const along = (a, d, t) => [a[0] + d[0] * t, a[1] + d[1] * t, a[2] + d[2] * t];
const clamp01 = (t) => Math.min(1, Math.max(0, t));

// Closest points of segments p0p1 and q0q1 and their distance (the
// clamped closest-point method for two segments, degenerate ones included).
export function segmentDistance(p0, p1, q0, q1) {
  const d1 = sub(p1, p0);
  const d2 = sub(q1, q0);
  const r = sub(p0, q0);
  const a = dot(d1, d1);
  const e = dot(d2, d2);
  const f = dot(d2, r);
  let s;
  let t;
  if (a < 1e-18 && e < 1e-18) {
    s = t = 0;
  } else if (a < 1e-18) {
    s = 0;
    t = clamp01(f / e);
  } else {
    const c = dot(d1, r);
    if (e < 1e-18) {
      t = 0;
      s = clamp01(-c / a);
    } else {
      const b = dot(d1, d2);
      const denom = a * e - b * b;
      s = denom > 1e-18 * a * e ? clamp01((b * f - c * e) / denom) : 0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = clamp01(-c / a);
      } else if (t > 1) {
        t = 1;
        s = clamp01((b - c) / a);
      }
    }
  }
  const p = along(p0, d1, s);
  const q = along(q0, d2, t);
  return { distance: Math.hypot(...sub(p, q)), p, q };
}
