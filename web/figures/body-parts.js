// The body's tubes: trunk (pelvis to crown, neck and head included, so the
// neck joins both without a seam), arms (ending in the palm), legs and
// shoes, with their colours and skin weights. Limbs start inside the trunk
// and are weighted to the trunk's bones there, so a moving limb never opens
// a gap where it meets the body.
import { DEFAULT_HEIGHT } from 'kblend';
import * as THREE from 'three';
import {
  ARM_END_CM,
  ARM_EXPONENT,
  ARM_ROWS,
  COLORS,
  LEG_END_CM,
  LEG_ROWS,
  SEAMS,
  SHOE_HEEL_CM,
  SHOE_ROWS,
  SHOE_TOE_CM,
  TRUNK_BOTTOM_CM,
  TRUNK_ROWS,
  TRUNK_TOP_CM,
  FACE,
  fraction,
} from './body-profile.js';
import { denserNear, interpolateRows, outlineSamples, ring } from './loft.js';
import { addWeight, chainWeights, mixWeights, rise, single } from './skin-weights.js';

const X = [1, 0, 0];
const Y = [0, 1, 0];
const Z = [0, 0, 1];
export const paint = Object.fromEntries(
  Object.entries(COLORS).map(([name, hex]) => [name, new THREE.Color(hex)]),
);

// Rows in cm (first column a key, then sizes) → metres at height H; columns
// from `sizes` on (an exponent) are kept as they are.
const scaleRows = (rows, H, sizes = Infinity) =>
  rows.map((row) => row.map((v, c) => (c < sizes ? fraction(v) * H : v)));

// A closed, rounded end: the section shrinks like an ellipse's outline.
const dome = (t) => Math.sqrt(Math.max(0, 1 - t * t));

// Adds one lofted tube. section(key) → { centre, e1, e2, radii, n };
// vertex(point, key, centre) → { color, weights }. The ends close at poles.
export function loftPart(builder, name, { keys, section, vertex, around }) {
  const rings = [];
  const pole = (key) => {
    const { centre } = section(key);
    const { color, weights } = vertex(centre, key, centre);
    return builder.addVertex(centre, color, weights);
  };
  const start = pole(keys[0]);
  for (const key of keys.slice(1, -1)) {
    const { centre, e1, e2, radii, n } = section(key);
    const points = ring(centre, e1, e2, radii, n, around);
    rings.push(
      points.map((p) => {
        const { color, weights } = vertex(p, key, centre);
        return builder.addVertex(p, color, weights);
      }),
    );
  }
  const end = pole(keys[keys.length - 1]);
  builder.addTube(name, rings, start, end);
}

// A section table read at key, closing in domes from its first row toward
// `from` and from its last row toward `to` (both beyond the table).
function tableSection(rows, from, to) {
  const first = rows[0][0];
  const last = rows[rows.length - 1][0];
  return (key) => {
    const values = interpolateRows(rows, key);
    const before = (key - first) / (from - first);
    const after = (key - last) / (to - last);
    const scale = before > 0 ? dome(before) : after > 0 ? dome(after) : 1;
    return { values, scale };
  };
}

export function trunkSection(H) {
  const rows = scaleRows(TRUNK_ROWS, H, 5);
  const read = tableSection(rows, fraction(TRUNK_BOTTOM_CM) * H, fraction(TRUNK_TOP_CM) * H);
  return (y) => {
    const { values, scale } = read(y);
    const [halfWidth, front, back, centreZ, n] = values;
    const radii = [halfWidth, halfWidth, front, back].map((r) => r * scale);
    return { centre: [0, y, centreZ], e1: X, e2: Z, radii, n };
  };
}

// The head's surface point straight ahead at (x, y): where the face sits.
export function faceSurfaceZ(H, x, y) {
  const { centre, radii, n } = trunkSection(H)(y);
  const across = Math.min(Math.abs(x) / radii[0], 1);
  return centre[2] + radii[2] * (1 - across ** n) ** (1 / n);
}

function hairline(H, point) {
  const { front, side, back } = FACE.hairline;
  const dz = point[2] / (Math.hypot(point[0], point[2]) || 1);
  const f = Math.max(dz, 0);
  const b = Math.max(-dz, 0);
  return fraction(front * f + back * b + side * (1 - f - b)) * H;
}

function trunkColor(H, point) {
  const y = point[1];
  const at = (cm) => fraction(cm) * H;
  if (y < at(SEAMS.beltLow)) return paint.trousers;
  if (y < at(SEAMS.beltHigh)) return paint.belt;
  if (y < at(SEAMS.neckline)) return paint.shirt;
  if (y > at(150) && y > hairline(H, point)) return paint.hair;
  return paint.skin;
}

// Trunk weights: along the spine by height; the jaw and skull to the head
// (the jaw line slopes down toward the chin); the shoulders' tops toward
// the collars and upper arms; the hips' sides toward the thighs.
function trunkWeights(ctx, point) {
  const { bone, joint } = ctx;
  const [x, y, z] = point;
  const H = ctx.height;
  const ax = Math.abs(x);
  const side = x >= 0 ? 'left' : 'right';
  const spine = chainWeights(
    y,
    ['pelvis', 'spine1', 'spine2', 'spine3', 'neck'].map(bone),
    ['spine1', 'spine2', 'spine3', 'neck'].map((n) => joint(n)[1]),
    [0.08, 0.08, 0.08, 0.05].map((w) => w * (H / DEFAULT_HEIGHT)),
  );
  const jaw = y + 0.55 * Math.max(0, z + 0.01 * H) - joint('head')[1];
  let weights = mixWeights(spine, single(bone('head')), rise(jaw, -0.022 * H, 0.008 * H));
  const collar = rise(ax, 0.03 * H, 0.075 * H) * rise(y, 0.76 * H, 0.8 * H);
  const shoulder = rise(ax, 0.075 * H, 0.12 * H) * rise(y, 0.785 * H, 0.815 * H) * 0.6;
  const girdle = addWeight(
    addWeight(new Map(), bone(`${side}_collar`), 1 - shoulder),
    bone(`${side}_shoulder`),
    shoulder,
  );
  weights = mixWeights(weights, girdle, collar);
  const hip = rise(ax, 0.02 * H, 0.07 * H) * rise(y, 0.55 * H, 0.5 * H) * 0.7;
  return mixWeights(weights, single(bone(`${side}_hip`)), hip);
}

export function addTrunk(ctx) {
  const H = ctx.height;
  const section = trunkSection(H);
  const bottom = fraction(TRUNK_BOTTOM_CM) * H;
  const top = fraction(TRUNK_TOP_CM) * H;
  const seams = [SEAMS.beltLow, SEAMS.beltHigh, SEAMS.neckline].map((cm) => fraction(cm) * H);
  const spacing = denserNear([ctx.joint('neck')[1], ctx.joint('head')[1]], 0.02 * H, 0.03 * H, 0.5);
  const keys = outlineSamples(bottom, top, (y) => Math.max(...section(y).radii), spacing, seams);
  loftPart(ctx.builder, 'trunk', {
    keys,
    section,
    around: 26,
    vertex: (p) => ({ color: trunkColor(H, p), weights: trunkWeights(ctx, p) }),
  });
}

// One arm, shoulder to knuckles; past the wrist it is the palm, coloured on
// its palm side (−Y at the bind). Where the arm starts, inside the chest
// and at the shoulder's top, it takes the trunk's own weights, so the two
// surfaces move together there instead of one folding out of the other.
export function addArm(ctx, side) {
  const { bone, joint } = ctx;
  const H = ctx.height;
  const shoulder = joint(`${side}_shoulder`);
  const elbow = joint(`${side}_elbow`);
  const wrist = joint(`${side}_wrist`);
  const along = new THREE.Vector3(...wrist).sub(new THREE.Vector3(...shoulder)).normalize();
  const rows = scaleRows(ARM_ROWS, H);
  const from = rows[0][0] - 0.015 * H;
  const to = fraction(ARM_END_CM) * H;
  const read = tableSection(rows, from, to);
  const section = (s) => {
    const { values, scale } = read(s);
    const [top, bottom, front, back, drop] = values;
    const centre = [0, 1, 2].map((c) => shoulder[c] + along.getComponent(c) * s);
    centre[1] -= drop;
    return {
      centre,
      e1: Y,
      e2: Z,
      radii: [top, bottom, front, back].map((r) => r * scale),
      n: ARM_EXPONENT,
    };
  };
  const sElbow = distance(shoulder, elbow);
  const sWrist = distance(shoulder, wrist);
  const chain = ['collar', 'shoulder', 'elbow', 'wrist'].map((n) => bone(`${side}_${n}`));
  const widths = [0.08, 0.09, 0.035].map((w) => w * H);
  const at = (cm) => fraction(cm) * H;
  const color = (p, s, centre) => {
    if (s < at(SEAMS.sleeve)) return paint.shirt;
    if (s < at(SEAMS.cuff)) return paint.skin;
    const radial = (p[1] - centre[1]) / (Math.hypot(p[1] - centre[1], p[2] - centre[2]) || 1);
    return radial < -0.35 ? paint.glovePalm : paint.gloveBack;
  };
  const keys = outlineSamples(
    from,
    to,
    (s) => Math.max(...section(s).radii),
    denserNear([0, sElbow, sWrist], 0.024 * H, 0.045 * H, 0.3),
    [SEAMS.sleeve, SEAMS.cuff].map(at),
  );
  loftPart(ctx.builder, `${side}_arm`, {
    keys,
    section,
    around: 14,
    vertex: (p, s, centre) => ({
      color: color(p, s, centre),
      weights: mixWeights(
        trunkWeights(ctx, p),
        chainWeights(armpitKey(p, s, centre, H), chain, [0, sElbow, sWrist], widths),
        rise(s, -0.035 * H, 0),
      ),
    }),
  });
}

// The underside of the shoulder (the armpit) follows the upper arm from
// further in than its top does, so a lowered arm folds the armpit into the
// chest instead of pushing a fold out below the shoulder.
function armpitKey(p, s, centre, H) {
  const dy = p[1] - centre[1];
  const under = Math.max(0, -dy / (Math.hypot(dy, p[2] - centre[2]) || 1));
  return s + 0.03 * H * under * (1 - rise(s, 0.05 * H, 0.11 * H));
}

export function addLeg(ctx, side) {
  const { bone, joint } = ctx;
  const H = ctx.height;
  const hip = joint(`${side}_hip`);
  const outward = side === 'left' ? X : [-1, 0, 0];
  const rows = scaleRows(LEG_ROWS, H);
  const from = rows[0][0] + 0.01 * H;
  const to = fraction(LEG_END_CM) * H;
  const read = tableSection(rows, from, to);
  const section = (y) => {
    const { values, scale } = read(y);
    return {
      centre: [hip[0], y, hip[2]],
      e1: outward,
      e2: Z,
      radii: values.map((r) => r * scale),
      n: 2.2,
    };
  };
  const chain = ['pelvis', `${side}_hip`, `${side}_knee`, `${side}_ankle`].map(bone);
  const knots = [`${side}_hip`, `${side}_knee`, `${side}_ankle`].map((n) => -joint(n)[1]);
  const widths = [0.06, 0.08, 0.03].map((w) => w * H);
  const spacing = denserNear(
    knots.map((k) => -k),
    0.028 * H,
    0.04 * H,
    0.5,
  );
  const keys = outlineSamples(from, to, (y) => Math.max(...section(y).radii), spacing);
  loftPart(ctx.builder, `${side}_leg`, {
    keys,
    section,
    around: 14,
    vertex: (p, y) => ({ color: paint.trousers, weights: chainWeights(-y, chain, knots, widths) }),
  });
}

export function addShoe(ctx, side) {
  const { bone, joint } = ctx;
  const H = ctx.height;
  const ankle = joint(`${side}_ankle`);
  const toeJoint = joint(`${side}_foot`);
  const outward = side === 'left' ? X : [-1, 0, 0];
  const rows = scaleRows(SHOE_ROWS, H);
  const from = fraction(SHOE_HEEL_CM) * H;
  const to = fraction(SHOE_TOE_CM) * H;
  const read = tableSection(rows, from, to);
  const section = (z) => {
    const { values, scale } = read(z);
    const [halfWidth, topHeight] = values;
    const half = topHeight / 2;
    const radii = [halfWidth, halfWidth, half, half].map((r) => r * scale);
    return { centre: [ankle[0], half, ankle[2] + z], e1: outward, e2: Y, radii, n: 3 };
  };
  const chain = [`${side}_ankle`, `${side}_foot`].map(bone);
  const toeKnot = [toeJoint[2] - ankle[2]];
  const keys = outlineSamples(from, to, (z) => Math.max(...section(z).radii), 0.03 * H);
  loftPart(ctx.builder, `${side}_shoe`, {
    keys,
    section,
    around: 12,
    vertex: (p, z) => ({
      color: paint.shoes,
      weights: chainWeights(z, chain, toeKnot, [0.05 * H]),
    }),
  });
}

const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
