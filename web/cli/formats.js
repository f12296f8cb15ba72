// The output formats of `kblend convert`, each from the same motion
// ({ name, fps, frameTime, frames, rotations (frames·88, xyzw), root
// (frames·3, m) }): npz and json with the joint positions of kblend's FK
// (m, at the default height), bvh as kblend's own skeleton.
import { JOINT_NAMES } from 'kblend';
import { encodeNpz } from './npz.js';

const JOINTS = JOINT_NAMES.length;
const FK_CHUNK = 4096; // poses per forward kinematics call

// frames × 22 × 3 world positions, m, in calls of FK_CHUNK poses.
export function positionsOf(kb, motion) {
  const positions = new Float32Array(motion.frames * JOINTS * 3);
  const rotations = new Float32Array(motion.frames * JOINTS * 4);
  for (let first = 0; first < motion.frames; first += FK_CHUNK) {
    const last = Math.min(motion.frames, first + FK_CHUNK);
    kb.forwardKinematicsBatch(
      motion.rotations.subarray(first * JOINTS * 4, last * JOINTS * 4),
      motion.root.subarray(first * 3, last * 3),
      {
        out: {
          positions: positions.subarray(first * JOINTS * 3, last * JOINTS * 3),
          rotations: rotations.subarray(first * JOINTS * 4, last * JOINTS * 4),
        },
      },
    );
  }
  return positions;
}

// A float32 as the shortest decimal that reads back as the same float32
// (9 significant digits always do; fewer often do).
function float32Text(v) {
  for (let digits = 6; digits < 9; digits++) {
    const text = v.toPrecision(digits);
    if (Math.fround(Number(text)) === v) return Number(text);
  }
  return Number(v.toPrecision(9));
}

// A flat float32 array as nested arrays of rows of `width` values, per frame.
function nest(values, frames, rows, width) {
  const out = new Array(frames);
  for (let f = 0; f < frames; f++) {
    out[f] = new Array(rows);
    for (let r = 0; r < rows; r++) {
      const at = (f * rows + r) * width;
      out[f][r] = Array.from(values.subarray(at, at + width), float32Text);
    }
  }
  return out;
}

function encodeJson(kb, motion) {
  const { frames } = motion;
  return JSON.stringify({
    name: motion.name,
    fps: motion.fps,
    frames,
    joints: JOINT_NAMES,
    rotations: nest(motion.rotations, frames, JOINTS, 4),
    root: nest(motion.root, frames, 1, 3).map((row) => row[0]),
    positions: nest(positionsOf(kb, motion), frames, JOINTS, 3),
  });
}

function encodeNpzMotion(kb, motion) {
  const { frames } = motion;
  return encodeNpz({
    rotations: { values: motion.rotations, shape: [frames, JOINTS, 4] },
    root: { values: motion.root, shape: [frames, 3] },
    positions: { values: positionsOf(kb, motion), shape: [frames, JOINTS, 3] },
    fps: { values: Float64Array.of(motion.fps), shape: [] },
  });
}

function encodeBvh(kb, motion) {
  const times = Float32Array.from({ length: motion.frames }, (_, k) => k * motion.frameTime);
  const track = { times, rotations: motion.rotations, root: motion.root };
  return kb.exportBvh({ track, frameTime: motion.frameTime });
}

export const ENCODERS = { npz: encodeNpzMotion, json: encodeJson, bvh: encodeBvh };
