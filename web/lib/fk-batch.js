// kb.forwardKinematicsBatch: forward kinematics of many poses in one call.
// The library checks only the inputs' types and lengths and reads each
// input once, into the heap as float32; the core checks and normalizes
// every pose in one pass and names the pose it refuses. Results go into
// the caller's buffers (options.out) or new arrays.
import { checkOptions, describe, isNumberArray } from './validate.js';

const isFloat32Array = (value) => value instanceof Float32Array;

// A whole number of poses: the pose count.
function poseCount(localRotations, POSE) {
  const length = isNumberArray(localRotations) ? localRotations.length : 0;
  if (length === 0 || length % POSE !== 0) {
    throw new RangeError(
      `localRotations must hold a whole number of poses (a non-empty multiple of ${POSE} numbers), got ${describe(localRotations)}`,
    );
  }
  return length / POSE;
}

function checkLength(name, value, length) {
  if (!isNumberArray(value)) {
    throw new TypeError(`${name} must be an array of ${length} numbers, got ${describe(value)}`);
  }
  if (value.length !== length) {
    throw new RangeError(`${name} must have length ${length}, got length ${value.length}`);
  }
}

// options.out: { positions: Float32Array(66·count), rotations: Float32Array(88·count) }.
function checkOut(out, count, POSE, POSITIONS) {
  const given = checkOptions('options.out', out, ['positions', 'rotations']);
  for (const [key, length] of [
    ['positions', POSITIONS * count],
    ['rotations', POSE * count],
  ]) {
    const buffer = given[key];
    if (!isFloat32Array(buffer) || buffer.length !== length) {
      throw new TypeError(
        `options.out.${key} must be a Float32Array of ${length} floats, got ${describe(buffer)}`,
      );
    }
  }
  return given;
}

// One read of each element: typed arrays in one set(), plain arrays
// element by element (a non-number is refused here, not converted).
function copyIn(name, value, into) {
  if (!Array.isArray(value)) {
    into.set(value);
    return;
  }
  for (let i = 0; i < into.length; i++) {
    const v = value[i];
    if (typeof v !== 'number') {
      throw new TypeError(`${name}[${i}] must be a number, got ${describe(v)}`);
    }
    into[i] = v;
  }
}

// The core's refusal of pose k, with the joint (or root) at fault.
function refusal(core, status, k, local, roots, POSE) {
  const text = core.statusText(status);
  const pose = local.subarray(POSE * k, POSE * (k + 1));
  for (let j = 0; j < POSE / 4; j++) {
    const q = Array.from(pose.subarray(4 * j, 4 * j + 4));
    if (!q.every(Number.isFinite) || q.every((v) => v === 0)) {
      return new RangeError(
        `localRotations: pose ${k}, joint ${j} is [${q.join(', ')}] (as float32): ${text}; every joint needs a finite nonzero [x, y, z, w]`,
      );
    }
  }
  const root = roots ? Array.from(roots.subarray(3 * k, 3 * k + 3)) : [0, 0, 0];
  const what = root.every(Number.isFinite) ? 'world positions overflow from root' : 'root';
  return new RangeError(
    `rootTranslations: pose ${k}, ${what} [${root.join(', ')}] (as float32): ${text}`,
  );
}

export function createFkBatch(core, skeletonFor) {
  const fn = core.fn;
  const POSE = core.n('KB_POSE_FLOATS');
  const POSITIONS = 3 * core.n('KB_JOINT_COUNT');

  // localRotations: count·POSE numbers; rootTranslations (optional)
  // count·3; options { height, out }. Each call takes its block and gives
  // it back.
  return function forwardKinematicsBatch(localRotations, rootTranslations, options) {
    const { height, out } = checkOptions('options', options, ['height', 'out']);
    const skeleton = skeletonFor(height);
    const count = poseCount(localRotations, POSE);
    const hasRoot = rootTranslations !== undefined && rootTranslations !== null;
    if (hasRoot) checkLength('rootTranslations', rootTranslations, 3 * count);
    const target = out === undefined ? null : checkOut(out, count, POSE, POSITIONS);
    const floats = count * (POSE + 3 + POSITIONS + POSE) + 1;
    const block = core.alloc(4 * floats, `forward kinematics of ${count} poses`);
    try {
      const local = core.floats(block, POSE * count);
      const roots = hasRoot ? core.floats(local.byteOffset + local.byteLength, 3 * count) : null;
      const positionsPtr = block + 4 * (POSE + 3) * count;
      const rotationsPtr = positionsPtr + 4 * POSITIONS * count;
      const failedPtr = rotationsPtr + 4 * POSE * count;
      copyIn('localRotations', localRotations, local);
      if (hasRoot) copyIn('rootTranslations', rootTranslations, roots);
      const status = fn._kb_forward_kinematics_batch(
        skeleton,
        block,
        count,
        hasRoot ? roots.byteOffset : 0,
        positionsPtr,
        rotationsPtr,
        failedPtr,
      );
      if (status !== core.OK) {
        const k = core.i32[failedPtr >> 2];
        if (k < 0) core.check(status, 'forwardKinematicsBatch');
        throw refusal(core, status, k, local, roots, POSE);
      }
      const positions = core.floats(positionsPtr, POSITIONS * count);
      const rotations = core.floats(rotationsPtr, POSE * count);
      if (!target) return { positions: positions.slice(), rotations: rotations.slice() };
      target.positions.set(positions);
      target.rotations.set(rotations);
      return target;
    } finally {
      core.free(block);
    }
  };
}
