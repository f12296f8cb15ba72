// Edits of a gesture file (the library's format), as pure functions: each
// takes a draft and returns a new one, never changing its input, so a draft
// can be kept in the undo history as it is. Times are the gesture's own
// (seconds, or hold fractions with timeUnit "hold"); angles are XYZ Euler
// degrees. The caller validates a new draft with kb.parseGesture.
import { eulerDegreesOf } from './euler.js';

const copy = (draft) => JSON.parse(JSON.stringify(draft));

function keyframeIndex(draft, time) {
  return draft.keyframes.findIndex((key) => key.time === time);
}

function checkAngles(angles) {
  if (!Array.isArray(angles) || angles.length !== 3 || !angles.every(Number.isFinite)) {
    throw new TypeError(
      `eulerDegXYZ must be 3 finite numbers of degrees [x, y, z], got ${JSON.stringify(angles)}`,
    );
  }
  return angles.map(Number);
}

// The keyframe at `time` of a copied draft, added in time order when there
// is none: keying no joint, with the hands of the keyframe before it (the
// first one's when it comes first), so adding a key does not change them.
function keyframeAt(next, time) {
  const found = next.keyframes.find((key) => key.time === time);
  if (found) return found;
  const before = next.keyframes.filter((key) => key.time < time).at(-1) ?? next.keyframes[0];
  const key = { time, rotations: {} };
  if (before?.hands) key.hands = JSON.parse(JSON.stringify(before.hands));
  next.keyframes.push(key);
  next.keyframes.sort((a, b) => a.time - b.time);
  return key;
}

// The joint's rotation at the keyframe at `time`.
export function setKey(draft, joint, time, angles) {
  const next = copy(draft);
  const value = checkAngles(angles);
  keyframeAt(next, time).rotations[joint] = value;
  return next;
}

// Several joints keyed at the keyframe at `time` at once (one edit).
export function setKeys(draft, time, rotations) {
  let next = draft;
  for (const [joint, angles] of Object.entries(rotations)) next = setKey(next, joint, time, angles);
  return next === draft ? copy(draft) : next;
}

// One hand's shape and curl ({ shape, curl }) at the keyframe at `time`.
// Hand shapes are the file format's version 2.
export function setHand(draft, time, side, hand) {
  const next = copy(draft);
  next.version = 2;
  const key = keyframeAt(next, time);
  key.hands = { ...key.hands, [side]: { shape: hand.shape, curl: hand.curl } };
  return next;
}

// A keyframe's hands as both sides' { shape, curl } (open where not given).
const handsOf = (key) =>
  ['left', 'right'].map((side) => ({ shape: 'open', curl: 1, ...key?.hands?.[side] }));
const sameHands = (a, b) => JSON.stringify(handsOf(a)) === JSON.stringify(handsOf(b));

// The joint's key at `time` removed; a keyframe left empty (no joint, and
// the hands of the keyframe before it) goes too, unless it is the
// gesture's only one.
export function removeKey(draft, joint, time) {
  const next = copy(draft);
  const k = keyframeIndex(next, time);
  if (k < 0 || !(joint in next.keyframes[k].rotations)) {
    throw new RangeError(`no key of joint "${joint}" at time ${time}`);
  }
  delete next.keyframes[k].rotations[joint];
  const left = next.keyframes[k];
  const held = sameHands(left, next.keyframes[k > 0 ? k - 1 : 1]);
  if (Object.keys(left.rotations).length === 0 && held && next.keyframes.length > 1) {
    next.keyframes.splice(k, 1);
  }
  return next;
}

export function removeKeyframe(draft, time) {
  const next = copy(draft);
  const k = keyframeIndex(next, time);
  if (k < 0) throw new RangeError(`no keyframe at time ${time}`);
  if (next.keyframes.length === 1) throw new RangeError('a gesture keeps at least one keyframe');
  next.keyframes.splice(k, 1);
  return next;
}

// A keyframe moved to another time (its place in the order follows).
export function moveKeyframe(draft, time, newTime) {
  const next = copy(draft);
  const k = keyframeIndex(next, time);
  if (k < 0) throw new RangeError(`no keyframe at time ${time}`);
  if (keyframeIndex(next, newTime) >= 0 && newTime !== time) {
    throw new RangeError(`there is a keyframe at time ${newTime} already`);
  }
  next.keyframes[k].time = newTime;
  next.keyframes.sort((a, b) => a.time - b.time);
  return next;
}

// Name, description, duration, loop and period, timeUnit.
export function setHeader(draft, changes) {
  const next = { ...copy(draft), ...changes };
  if (!next.loop) {
    delete next.loop;
    delete next.period;
  }
  return next;
}

/**
 * A new gesture holding a pose: one keyframe at time 0 with every joint
 * that is not at its idle rotation.
 * @param {Float32Array} pose  88 local rotations
 * @param {Float32Array} idle  the idle pose's 88 local rotations
 * @param {string[]} names  the joints in order
 * @param {{ name: string, duration: number }} header
 */
export function draftFromPose(pose, idle, names, { name, duration }) {
  const rotations = {};
  names.forEach((joint, j) => {
    const q = Array.from(pose.subarray(4 * j, 4 * j + 4));
    const r = Array.from(idle.subarray(4 * j, 4 * j + 4));
    const same = Math.abs(q[0] * r[0] + q[1] * r[1] + q[2] * r[2] + q[3] * r[3]) > 1 - 1e-12;
    if (!same) rotations[joint] = eulerDegreesOf(q);
  });
  return { name, duration, timeUnit: 'seconds', keyframes: [{ time: 0, rotations }] };
}
