// kb.exportBvh: a preview or a clip as BVH text of kblend's own skeleton.
// Offsets come from kb.bindPositions (so the rest pose is our T-pose and
// a joint's BVH rotation is its kblend local rotation); every joint has
// the channels "Xrotation Yrotation Zrotation" (R = Rx·Ry·Rz, three.js's
// 'XYZ' Euler order, degrees), the root "Xposition Yposition Zposition"
// before them (pelvis bind offset + root translation). Units: centimetres
// by default (what most mocap tools expect), or metres.
import { BVH_LIMITS } from './parse.js';
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from '../skeleton-names.js';
import { checkArrayLike, checkNumber, checkOneOf, checkOptions, describe } from '../validate.js';

const DEG = 180 / Math.PI;
const POSE = 4 * JOINT_COUNT;
const UNITS = { cm: 100, m: 1 };
const MAX_FRAMES = 1e6;
const EXPORT_OPTIONS = ['fps', 'height', 'units'];

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

function hierarchy(bind, height, unit) {
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
    const end = END_SITES[JOINT_NAMES[j]];
    if (end) {
      const e = end.map((v) => v * height * unit);
      lines.push(
        `${pad}  End Site`,
        `${pad}  {`,
        `${pad}    OFFSET ${e.map(number).join(' ')}`,
        `${pad}  }`,
      );
    }
    lines.push(`${pad}}`);
  };
  write(0, 0);
  return lines;
}

// Frames of a preview: its own frame grid (every frame, the last included:
// the count comes from the preview, not from duration × fps, which float32
// rounding can leave one short), or a resampling at another fps.
function previewFrames(source, fps) {
  const own = fps === undefined || fps === source.fps;
  const rate = checkNumber('fps', fps ?? source.fps, { min: 1, max: 1000 });
  const count = own
    ? source.frameCount
    : Math.floor(Math.fround(source.duration) * rate + 1e-3) + 1;
  checkNumber('frames (duration × fps)', count, { max: MAX_FRAMES });
  const poses = new Float32Array(count * POSE);
  const roots = new Float32Array(count * 3);
  for (let k = 0; k < count; k++) {
    const t = own ? source.frameTime(k) : Math.min(k / rate, source.duration);
    poses.set(source.evaluate(t), k * POSE);
    if (typeof source.root === 'function') roots.set(source.root(t), 3 * k);
  }
  return { poses, roots, frameTime: 1 / rate, count };
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
function framesOf(source, fps) {
  if (source && typeof source.evaluate === 'function') return previewFrames(source, fps);
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
  return { poses, roots, frameTime, count };
}

export function exportBvh(kb, source, options = {}) {
  const {
    fps,
    height = kb.defaults.height,
    units = 'cm',
  } = checkOptions('exportBvh options', options, EXPORT_OPTIONS);
  checkNumber('height', height, { min: 0.5, max: 3 });
  checkOneOf('units', units, Object.keys(UNITS));
  const unit = UNITS[units];
  const bind = kb.bindPositions(height);
  const { poses, roots, frameTime, count } = framesOf(source, fps);
  checkWritable(poses, roots, count, units);
  const lines = hierarchy(bind, height, unit);
  lines.push('MOTION', `Frames: ${count}`, `Frame Time: ${frameTime.toFixed(8)}`);
  for (let k = 0; k < count; k++) {
    const values = [0, 1, 2].map((i) => roots[3 * k + i] * unit);
    for (const j of FILE_ORDER) {
      const at = k * POSE + 4 * j;
      values.push(
        ...eulerXYZ([poses[at], poses[at + 1], poses[at + 2], poses[at + 3]]).map((r) => r * DEG),
      );
    }
    lines.push(values.map(number).join(' '));
  }
  return lines.join('\n') + '\n';
}
