// kblend's T-pose bind positions as fractions of the body height, the
// core's own table (c_src/skeleton.c, bind_positions; a unit test holds
// the two together): what a rig's rest segments are compared with when
// its rest is read from its bones (rig-rest.js).
import { JOINT_NAMES } from 'kblend';

const SHOULDER_HEIGHT = 0.818;
const HIP_HEIGHT = 0.53;
const KNEE_HEIGHT = 0.285;
const ANKLE_HEIGHT = 0.039;
const CHIN_HEIGHT = 0.87;
const SHOULDER_WIDTH = 0.259;
const HIP_WIDTH = 0.191;
const UPPER_ARM = 0.186;
const FOREARM = 0.146;
const FOOT_LENGTH = 0.152;

function bindFractions() {
  const hipX = HIP_WIDTH / 4;
  const shoulderX = SHOULDER_WIDTH / 2;
  const trunk = SHOULDER_HEIGHT - HIP_HEIGHT;
  const left = {
    left_hip: [hipX, HIP_HEIGHT, 0],
    left_knee: [hipX, KNEE_HEIGHT, 0],
    left_ankle: [hipX, ANKLE_HEIGHT, 0],
    left_foot: [hipX, ANKLE_HEIGHT / 3, FOOT_LENGTH * 0.6],
    left_collar: [shoulderX * 0.3, SHOULDER_HEIGHT - 0.01, 0],
    left_shoulder: [shoulderX, SHOULDER_HEIGHT, 0],
    left_elbow: [shoulderX + UPPER_ARM, SHOULDER_HEIGHT, 0],
    left_wrist: [shoulderX + UPPER_ARM + FOREARM, SHOULDER_HEIGHT, 0],
  };
  const table = {
    pelvis: [0, HIP_HEIGHT + 0.01, 0],
    spine1: [0, HIP_HEIGHT + 0.2 * trunk, 0],
    spine2: [0, HIP_HEIGHT + 0.45 * trunk, 0],
    spine3: [0, HIP_HEIGHT + 0.7 * trunk, 0],
    neck: [0, SHOULDER_HEIGHT + 0.02, 0],
    head: [0, CHIN_HEIGHT + 0.02, 0],
    ...left,
  };
  for (const [name, [x, y, z]] of Object.entries(left))
    table[name.replace('left_', 'right_')] = [-x, y, z];
  return Float64Array.from(JOINT_NAMES.flatMap((name) => table[name]));
}

/** 66 numbers: joint j's bind position at height 1 m is [3j, 3j + 1, 3j + 2]. */
export const BIND_FRACTIONS = bindFractions();

// The core's default body height (m) and idle A-pose angle (rad),
// KB_DEFAULT_HEIGHT and KB_DEFAULT_APOSE of c_src/kblend.h: the adapter's
// functions take no kblend instance to read kb.defaults from, so the two
// figures are kept here once for all of web/three/, and a unit test
// (tests/unit/three/core-constants.test.js) holds them equal to kb.defaults.
/** kblend's default body height (m). */
export const DEFAULT_HEIGHT = 1.75;
/** kblend's idle A-pose angle (rad): upper arms lowered this far about Z. */
export const IDLE_APOSE = 1.18;

/** The pelvis's bind height at kblend's default body height (m). */
export const KBLEND_HIP_HEIGHT = BIND_FRACTIONS[1] * DEFAULT_HEIGHT;

/** Unit direction of the bind from joint a to joint b. */
export function bindDirection(a, b) {
  const d = [0, 1, 2].map((i) => BIND_FRACTIONS[3 * b + i] - BIND_FRACTIONS[3 * a + i]);
  const n = Math.hypot(d[0], d[1], d[2]);
  return d.map((v) => v / n);
}
