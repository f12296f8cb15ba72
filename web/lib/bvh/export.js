// kb.exportBvh: a preview or a clip as BVH text of kblend's own skeleton.
// Offsets come from kb.bindPositions (so the rest pose is our T-pose and
// a joint's BVH rotation is its kblend local rotation); every joint has
// the channels "Xrotation Yrotation Zrotation" (R = Rx·Ry·Rz, three.js's
// 'XYZ' Euler order, degrees), the root "Xposition Yposition Zposition"
// before them (pelvis bind offset + root translation). Units: centimetres
// by default (what most mocap tools expect), or metres. With `hands` (a
// preview only), each wrist gets three finger joints, <side>_thumb,
// <side>_index and <side>_fingers (middle to little finger as one), whose
// rotations bend them as the frame's hand shape (docs/design.md §8, "Hand
// shapes"): a BVH reader sees a fist, a pointing finger or a raised thumb.
import { BVH_LIMITS } from './parse.js';
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from '../skeleton-names.js';
import { checkArrayLike, checkNumber, checkOneOf, checkOptions, describe } from '../validate.js';

const DEG = 180 / Math.PI;
const POSE = 4 * JOINT_COUNT;
const UNITS = { cm: 100, m: 1 };
const MAX_FRAMES = 1e6;
const EXPORT_OPTIONS = ['fps', 'height', 'units', 'hands'];

// The finger joints under each wrist: offset from the wrist and End Site
// (fractions of height, the left hand's: +X along the hand, the thumb on +Z,
// the palm facing −Y; mirrored in X for the right), and the bend of each
// at curl 1 per hand shape: [index, fingers, thumb] degrees. A finger bends
// toward the palm about the wrist frame's Z, the thumb across the palm
// about X; the bend is the shape's times the curl.
const FINGER_JOINTS = [
  { name: 'thumb', offset: [0.015, -0.005, 0.018], end: [0.02, 0, 0.028] },
  { name: 'index', offset: [0.055, 0, 0.012], end: [0.053, 0, 0] },
  { name: 'fingers', offset: [0.055, 0, -0.008], end: [0.05, 0, 0] },
];
const FINGER_BENDS = {
  open: { index: 0, fingers: 0, thumb: 0 },
  relaxed: { index: 35, fingers: 45, thumb: 15 },
  fist: { index: 95, fingers: 95, thumb: 55 },
  point: { index: 0, fingers: 95, thumb: 55 },
  thumbUp: { index: 95, fingers: 95, thumb: -10 },
};

// A finger joint's XYZ Euler degrees for a hand.
function fingerAngles(finger, side, { shape, curl }) {
  const bend = FINGER_BENDS[shape][finger] * curl;
  if (finger === 'thumb') return [bend, 0, 0];
  return [0, 0, side === 'left' ? -bend : bend];
}

// XYZ Euler (R = Rx·Ry·Rz) of a unit quaternion, radians, as three.js's
// Euler.setFromRotationMatrix(…, 'XYZ') computes it.
export function eulerXYZ(q) {
  const [x, y, z, w] = q;
  const n = Math.hypot(x, y, z, w);
  const [a, b, c, d] = [x / n, y / n, z / n, w / n];
  const m11 = 1 - 2 * (b * b + c * c);
  const m12 = 2 * (a * b - c * d);
  const m13 = 2 * (a * c + b * d);
  const m22 = 1 - 2 * (a * a + c * c);
  const m23 = 2 * (b * c - a * d);
  const m32 = 2 * (b * c + a * d);
  const m33 = 1 - 2 * (a * a + b * b);
  const ry = Math.asin(Math.min(1, Math.max(-1, m13)));
  if (Math.abs(m13) < 0.9999999) return [Math.atan2(-m23, m33), ry, Math.atan2(-m12, m11)];
  return [Math.atan2(m32, m22), ry, 0];
}

// End Sites close the leaf joints: the top of the head, the finger tips,
// the toe tips (fractions of height, as our bind proportions).
const END_SITES = {
  head: [0, 0.11, 0],
  left_wrist: [0.108, 0, 0],
  right_wrist: [-0.108, 0, 0],
  left_foot: [0, -0.013, 0.061],
  right_foot: [0, -0.013, 0.061],
};

const number = (v) => (Math.abs(v) < 5e-7 ? '0.000000' : v.toFixed(6));

const CHILDREN = JOINT_PARENTS.map((_, j) => JOINT_PARENTS.flatMap((p, c) => (p === j ? [c] : [])));

// Joints in the file's order (depth first from the pelvis): the order of
// the hierarchy and of each frame line's values.
const FILE_ORDER = (function order(j) {
  return [j, ...CHILDREN[j].flatMap(order)];
})(0);

// An End Site's lines.
const endSite = (pad, offset) => [
  `${pad}End Site`,
  `${pad}{`,
  `${pad}  OFFSET ${offset.map(number).join(' ')}`,
  `${pad}}`,
];

// The finger joints of a wrist, at depth.
function fingerLines(side, depth, height, unit) {
  const pad = '  '.repeat(depth);
  const mirror = side === 'left' ? 1 : -1;
  const scaled = (v) => [v[0] * mirror, v[1], v[2]].map((c) => c * height * unit);
  return FINGER_JOINTS.flatMap(({ name, offset, end }) => [
    `${pad}JOINT ${side}_${name}`,
    `${pad}{`,
    `${pad}  OFFSET ${scaled(offset).map(number).join(' ')}`,
    `${pad}  CHANNELS 3 Xrotation Yrotation Zrotation`,
    ...endSite(`${pad}  `, scaled(end)),
    `${pad}}`,
  ]);
}

const WRISTS = { left_wrist: 'left', right_wrist: 'right' };

function hierarchy(bind, height, unit, withHands) {
  const lines = ['HIERARCHY'];
  const children = CHILDREN;
  const write = (j, depth) => {
    const pad = '  '.repeat(depth);
    const p = JOINT_PARENTS[j];
    const offset = [0, 1, 2].map((k) => (bind[3 * j + k] - (p < 0 ? 0 : bind[3 * p + k])) * unit);
    lines.push(`${pad}${p < 0 ? 'ROOT' : 'JOINT'} ${JOINT_NAMES[j]}`, `${pad}{`);
    lines.push(`${pad}  OFFSET ${offset.map(number).join(' ')}`);
    const position = p < 0 ? 'Xposition Yposition Zposition ' : '';
    lines.push(`${pad}  CHANNELS ${p < 0 ? 6 : 3} ${position}Xrotation Yrotation Zrotation`);
    for (const c of children[j]) write(c, depth + 1);
    const wrist = WRISTS[JOINT_NAMES[j]];
    const end = END_SITES[JOINT_NAMES[j]];
    if (wrist && withHands) lines.push(...fingerLines(wrist, depth + 1, height, unit));
    else if (end)
      lines.push(
        ...endSite(
          `${pad}  `,
          end.map((v) => v * height * unit),
        ),
      );
    lines.push(`${pad}}`);
  };
  write(0, 0);
  return lines;
}

// Frames of a preview: its own frame grid (every frame, the last included:
// the count comes from the preview, not from duration × fps, which float32
// rounding can leave one short), or a resampling at another fps.
function previewFrames(source, fps, withHands) {
  const own = fps === undefined || fps === source.fps;
  const rate = checkNumber('fps', fps ?? source.fps, { min: 1, max: 1000 });
  const count = own
    ? source.frameCount
    : Math.floor(Math.fround(source.duration) * rate + 1e-3) + 1;
  checkNumber('frames (duration × fps)', count, { max: MAX_FRAMES });
  const poses = new Float32Array(count * POSE);
  const roots = new Float32Array(count * 3);
  const hands = withHands ? [] : null;
  for (let k = 0; k < count; k++) {
    const t = own ? source.frameTime(k) : Math.min(k / rate, source.duration);
    poses.set(source.evaluate(t), k * POSE);
    if (typeof source.root === 'function') roots.set(source.root(t), 3 * k);
    hands?.push(source.evaluateFrame(t).hands);
  }
  return { poses, roots, frameTime: 1 / rate, count, hands };
}

// Float32 key times sit on the grid t0 + k·frameTime to within their own
// rounding (a few units in the last place of t, which at 32 s exceeds a
// fixed fraction of a 120 fps step) and a small fraction of the step.
function checkEvenlySpaced(times, frameTime) {
  for (let k = 1; k < times.length; k++) {
    const grid = times[0] + k * frameTime;
    const slack = 0.01 * frameTime + 4 * 2 ** -23 * Math.abs(grid);
    if (!(Math.abs(times[k] - grid) <= slack)) {
      throw new RangeError(
        `track.times must be evenly spaced for BVH: key ${k} is at ${times[k]} s, the grid of frame time ${frameTime} s puts it at ${grid} s`,
      );
    }
  }
}

// Every rotation finite and nonzero, every root position within what
// importBvh reads back (BVH_LIMITS.maxOffset file units: 1 km in cm): a
// file never holds NaN or Infinity, and a zero quaternion has no rotation
// to normalise to, so both are refused rather than written.
function checkWritable(poses, roots, count, units) {
  for (let i = 0; i < count * JOINT_COUNT; i++) {
    const at = 4 * i;
    const n2 = poses[at] ** 2 + poses[at + 1] ** 2 + poses[at + 2] ** 2 + poses[at + 3] ** 2;
    if (!(n2 > 1e-24) || !Number.isFinite(n2)) {
      throw new RangeError(
        `track.rotations: frame ${Math.floor(i / JOINT_COUNT)}, joint ${JOINT_NAMES[i % JOINT_COUNT]} must be a nonzero quaternion of finite norm, got [${Array.from(poses.slice(at, at + 4)).join(', ')}]`,
      );
    }
  }
  const limit = BVH_LIMITS.maxOffset / UNITS[units];
  for (let i = 0; i < 3 * count; i++) {
    if (!(Math.abs(roots[i]) <= limit)) {
      throw new RangeError(
        `track.root: frame ${Math.floor(i / 3)} must be within ±${limit} m on each axis (a BVH in ${units} holds positions up to ${BVH_LIMITS.maxOffset}), got ${roots[i]}`,
      );
    }
  }
}

// Frames of a preview, or the keys of a clip / track (uniformly spaced):
// { poses, roots, frameTime, count }.
function framesOf(source, fps, withHands) {
  if (source && typeof source.evaluate === 'function') return previewFrames(source, fps, withHands);
  if (withHands)
    throw new TypeError('hands applies to a preview; a clip or track has no hand shapes');
  const track = source?.track ?? source;
  if (!track || typeof track !== 'object' || !track.times || !track.rotations) {
    throw new TypeError(
      `source must be a preview, a clip ({ track }) or a track ({ times, rotations, root? }), got ${describe(source)}`,
    );
  }
  if (fps !== undefined)
    throw new TypeError('fps applies to a preview; a clip keeps its own frames');
  const count = track.times?.length;
  checkNumber('track.times.length', count, { min: 1, max: MAX_FRAMES, integer: true });
  const times = checkArrayLike('track.times', track.times, count);
  const poses = checkArrayLike('track.rotations', track.rotations, count * POSE);
  const roots =
    track.root == null
      ? new Float32Array(count * 3)
      : checkArrayLike('track.root', track.root, count * 3);
  // a clip's own frame time (importBvh gives it) is exact; float32 key
  // times are not, so without it the first step gives the frame time
  const first = count > 1 ? times[1] - times[0] : 1 / 30;
  const own = source.frameTime > 0 ? source.frameTime : source.fps > 0 ? 1 / source.fps : first;
  const frameTime = checkNumber('the frame time', own, { min: 1e-3, max: 1 });
  checkEvenlySpaced(times, frameTime);
  return { poses, roots, frameTime, count, hands: null };
}

// The finger joints' values of one frame, in the file's order.
const fingerValues = (side, hands) =>
  FINGER_JOINTS.flatMap(({ name }) => fingerAngles(name, side, hands[side]));

export function exportBvh(kb, source, options = {}) {
  const {
    fps,
    height = kb.defaults.height,
    units = 'cm',
    hands: withHands = false,
  } = checkOptions('exportBvh options', options, EXPORT_OPTIONS);
  if (typeof withHands !== 'boolean') {
    throw new TypeError(`hands must be true or false, got ${describe(withHands)}`);
  }
  checkNumber('height', height, { min: 0.5, max: 3 });
  checkOneOf('units', units, Object.keys(UNITS));
  const unit = UNITS[units];
  const bind = kb.bindPositions(height);
  const { poses, roots, frameTime, count, hands } = framesOf(source, fps, withHands);
  checkWritable(poses, roots, count, units);
  const lines = hierarchy(bind, height, unit, withHands);
  lines.push('MOTION', `Frames: ${count}`, `Frame Time: ${frameTime.toFixed(8)}`);
  for (let k = 0; k < count; k++) {
    const values = [0, 1, 2].map((i) => roots[3 * k + i] * unit);
    for (const j of FILE_ORDER) {
      const at = k * POSE + 4 * j;
      values.push(
        ...eulerXYZ([poses[at], poses[at + 1], poses[at + 2], poses[at + 3]]).map((r) => r * DEG),
      );
      const wrist = WRISTS[JOINT_NAMES[j]];
      if (wrist && hands) values.push(...fingerValues(wrist, hands[k]));
    }
    lines.push(values.map(number).join(' '));
  }
  return lines.join('\n') + '\n';
}
