// The gesture library: JSON gesture files, their validation, and lookup by
// name. No three.js, no DOM: the files are static JSON imports, so the same
// code runs in Node, Vitest and the Vite bundle.
//
// Gesture file format (one file per gesture, web/gestures/<name>.json):
//
//   {
//     "version": 2,                   optional: 1 (no hand shapes) or 2 (the default 1)
//     "name": "wave",                 required; equals the file name without .json
//     "description": "Right hand …",   optional short string (≤ 200 characters)
//     "duration": 3.0,                 required; default clip length, seconds, > 0, ≤ 600
//     "loop": true,                    optional, default false
//     "period": 0.8,                   seconds, > 0, ≤ 600; required with loop, not allowed without
//     "timeUnit": "seconds",           optional: "seconds" (default) or "hold"
//     "keyframes": [                   at least one, at most 1000
//       { "time": 0.0, "rotations": { "right_shoulder": [0, 30, 20], "right_elbow": [-92, 94, 0] } },
//       { "time": 1.0, "rotations": { … }, "hands": { "right": { "shape": "point", "curl": 1 } } },
//       …
//     ]
//   }
//
// - rotations: the local rotation of each named joint relative to the T-pose
//   bind, as XYZ Euler angles in degrees (three.js order, R = Rx·Ry·Rz), each
//   finite and in [-360, 360]. Names are the 22 joints of skeleton-names.js.
//   A joint absent from a keyframe sits at its idle rotation at that keyframe.
// - time: finite, ≥ 0 and strictly increasing. With timeUnit "hold" times are
//   fractions in [0, 1] of the hold segment between attack and release (not
//   allowed with loop). With loop every time is < period and the track
//   repeats with that period.
// - hands (version 2 only): per side, a shape of HAND_SHAPES (hand-shapes.js)
//   and a curl in [0, 1] (default 1); a side left out, or a keyframe with no
//   "hands", is open. A parsed gesture is in the current format: version 2,
//   every keyframe with both hands.
// - Unknown keys (top level or in a keyframe) are errors, so typos do not
//   pass silently.
//
// Errors are TypeError (wrong kind of value) or RangeError (wrong value);
// the message names the file, the keyframe (counted from 0), the joint and
// the value, and what is allowed.
import { checkHands } from './hand-shapes.js';
import { scanJson } from './json-keys.js';
import { JOINT_NAMES } from './skeleton-names.js';

import akimbo from '../gestures/akimbo.json' with { type: 'json' };
import clap from '../gestures/clap.json' with { type: 'json' };
import crossedArms from '../gestures/crossed_arms.json' with { type: 'json' };
import point from '../gestures/point.json' with { type: 'json' };
import salute from '../gestures/salute.json' with { type: 'json' };
import shrug from '../gestures/shrug.json' with { type: 'json' };
import thumbsUp from '../gestures/thumbs_up.json' with { type: 'json' };
import wave from '../gestures/wave.json' with { type: 'json' };

export const GESTURE_LIMITS = Object.freeze({
  maxAngle: 360, // degrees, either sign
  maxSeconds: 600, // duration, period and keyframe times
  minPeriod: 0.001, // seconds: a loop shorter than a millisecond is noise
  maxKeyframes: 1000,
  maxDescription: 200,
  maxName: 64,
});

// The gesture file format's versions: 1 without hand shapes, 2 with them.
export const GESTURE_FORMAT_VERSION = 2;
const VERSIONS = [1, 2];

const TOP_LEVEL_KEYS = [
  'version',
  'name',
  'description',
  'duration',
  'loop',
  'period',
  'timeUnit',
  'keyframes',
];
const KEYFRAME_KEYS = ['time', 'rotations', 'hands'];
const TIME_UNITS = ['seconds', 'hold'];
const AXES = ['x', 'y', 'z'];

// A value as it should appear in a message: short, and never the raw text
// of a huge or hostile input.
function show(value) {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value == null)
    return String(value);
  if (Array.isArray(value)) {
    if (value.length > 6) return `an array of length ${value.length}`;
    return `[${value.map((v) => (Array.isArray(v) || (v && typeof v === 'object') ? '…' : show(v))).join(', ')}]`;
  }
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const isPlainObject = (value) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

// Builds the error messages of one file: every one starts with the file.
function reporter(file) {
  const label = file.endsWith('.json') ? `gesture file "${file}"` : file;
  return {
    type: (what) => new TypeError(`${label}: ${what}`),
    range: (what) => new RangeError(`${label}: ${what}`),
  };
}

function checkKeys(object, allowed, where, err) {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      throw err.range(`${where}unknown key ${show(key)} (allowed: ${allowed.join(', ')})`);
    }
  }
}

function checkSeconds(value, what, err) {
  if (typeof value !== 'number') {
    throw err.type(`${what} must be a number of seconds, got ${show(value)}`);
  }
  if (!(Number.isFinite(value) && value > 0 && value <= GESTURE_LIMITS.maxSeconds)) {
    throw err.range(
      `${what} must be a finite number of seconds > 0 and ≤ ${GESTURE_LIMITS.maxSeconds}, got ${show(value)}`,
    );
  }
  return value;
}

function checkName(data, file, err) {
  const { name } = data;
  if (typeof name !== 'string') throw err.type(`"name" must be a string, got ${show(name)}`);
  if (name.length === 0 || name.length > GESTURE_LIMITS.maxName) {
    throw err.range(
      `"name" must be 1 to ${GESTURE_LIMITS.maxName} characters long, got ${show(name)}`,
    );
  }
  // The library finds a gesture by its file name, so the two must agree.
  if (file.endsWith('.json')) {
    const base = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
    if (name !== base)
      throw err.range(`"name" must match the file name ${show(base)}, got ${show(name)}`);
  }
  return name;
}

function checkDescription(description, err) {
  if (description === undefined) return '';
  if (typeof description !== 'string') {
    throw err.type(`"description" must be a string, got ${show(description)}`);
  }
  if (description.length > GESTURE_LIMITS.maxDescription) {
    throw err.range(
      `"description" must be at most ${GESTURE_LIMITS.maxDescription} characters, got ${description.length}`,
    );
  }
  return description;
}

function checkTiming(data, err) {
  const loop = data.loop ?? false;
  if (typeof loop !== 'boolean')
    throw err.type(`"loop" must be true or false, got ${show(data.loop)}`);
  const timeUnit = data.timeUnit ?? 'seconds';
  if (!TIME_UNITS.includes(timeUnit)) {
    const make = typeof timeUnit === 'string' ? err.range : err.type;
    throw make(
      `"timeUnit" must be one of ${TIME_UNITS.map(show).join(', ')}, got ${show(data.timeUnit)}`,
    );
  }
  if (loop && timeUnit === 'hold') {
    throw err.range(
      `"timeUnit" "hold" is not allowed with "loop": true (a loop repeats in seconds), got "hold"`,
    );
  }
  if (!loop && data.period !== undefined) {
    throw err.range(`"period" is only allowed with "loop": true, got period ${show(data.period)}`);
  }
  if (loop && data.period === undefined) {
    throw err.type(`"loop": true needs "period" (seconds, > 0), got undefined`);
  }
  const period = loop ? checkSeconds(data.period, '"period"', err) : 0;
  if (loop && period < GESTURE_LIMITS.minPeriod) {
    throw err.range(
      `"period" must be at least ${GESTURE_LIMITS.minPeriod} s, got ${show(data.period)}`,
    );
  }
  return { loop, period, timeUnit };
}

// The angles are read once, into the gesture's own array, and that copy is
// checked: an array that answers differently on a second read (a proxy, a
// getter) cannot slip past the check.
function checkAngles(given, where, err) {
  if (!Array.isArray(given)) {
    throw err.type(
      `${where} must be an array of 3 angles in degrees [x, y, z], got ${show(given)}`,
    );
  }
  const length = given.length;
  if (length !== 3) {
    throw err.range(
      `${where} must hold 3 angles in degrees [x, y, z], got ${length} values ${show(given)}`,
    );
  }
  const value = [given[0], given[1], given[2]];
  const max = GESTURE_LIMITS.maxAngle;
  value.forEach((angle, i) => {
    const what = `${where} angle ${AXES[i]} must be a finite number of degrees in [-${max}, ${max}]`;
    if (typeof angle !== 'number') throw err.type(`${what}, got ${show(angle)}`);
    if (!(Number.isFinite(angle) && Math.abs(angle) <= max))
      throw err.range(`${what}, got ${show(angle)}`);
  });
  return Object.freeze(value);
}

function checkRotations(rotations, where, err) {
  if (!isPlainObject(rotations)) {
    throw err.type(
      `${where} "rotations" must be an object of joint name → [x, y, z] degrees, got ${show(rotations)}`,
    );
  }
  const out = {};
  for (const [joint, angles] of Object.entries(rotations)) {
    if (!JOINT_NAMES.includes(joint)) {
      throw err.range(
        `${where}, joint ${show(joint)} is not a kblend joint (allowed: ${JOINT_NAMES.join(', ')})`,
      );
    }
    out[joint] = checkAngles(angles, `${where}, joint "${joint}"`, err);
  }
  return Object.freeze(out);
}

function checkTime(time, where, previous, { loop, period, timeUnit }, err) {
  if (typeof time !== 'number')
    throw err.type(`${where} "time" must be a number, got ${show(time)}`);
  if (!Number.isFinite(time) || time < 0) {
    throw err.range(`${where} "time" must be a finite number ≥ 0, got ${show(time)}`);
  }
  if (timeUnit === 'hold' && time > 1) {
    throw err.range(
      `${where} "time" must be a fraction of the hold in [0, 1] (timeUnit "hold"), got ${show(time)}`,
    );
  }
  if (timeUnit === 'seconds' && time > GESTURE_LIMITS.maxSeconds) {
    throw err.range(
      `${where} "time" must be at most ${GESTURE_LIMITS.maxSeconds} s, got ${show(time)}`,
    );
  }
  if (loop && time >= period) {
    throw err.range(`${where} "time" must be < the loop period ${period}, got ${show(time)}`);
  }
  if (previous !== undefined && !(time > previous)) {
    throw err.range(
      `${where} "time" must be greater than the time before it (${previous}), got ${show(time)}`,
    );
  }
  // The core keeps times as float32: two times that round to the same
  // float would be one keyframe there.
  if (previous !== undefined && !(Math.fround(time) > Math.fround(previous))) {
    throw err.range(
      `${where} "time" ${show(time)} is the same float32 time as the keyframe before it (${previous}); keyframes need distinct times`,
    );
  }
  return time;
}

function checkVersion(version, err) {
  if (version === undefined) return 1;
  if (!VERSIONS.includes(version)) {
    const make = typeof version === 'number' ? err.range : err.type;
    throw make(`"version" must be one of ${VERSIONS.join(', ')}, got ${show(version)}`);
  }
  return version;
}

function checkKeyframeHands(key, where, version, err) {
  if (key.hands !== undefined && version < 2) {
    throw err.range(
      `${where} "hands" needs "version": 2 (the format with hand shapes), got version ${version}`,
    );
  }
  return checkHands(key.hands, where, { err, show });
}

function checkKeyframes(keyframes, timing, version, err) {
  if (!Array.isArray(keyframes))
    throw err.type(`"keyframes" must be an array, got ${show(keyframes)}`);
  if (keyframes.length < 1 || keyframes.length > GESTURE_LIMITS.maxKeyframes) {
    throw err.range(
      `"keyframes" must hold 1 to ${GESTURE_LIMITS.maxKeyframes} keyframes, got ${keyframes.length}`,
    );
  }
  let previous;
  return Object.freeze(
    keyframes.map((key, k) => {
      const where = `keyframe ${k}`;
      if (!isPlainObject(key)) {
        throw err.type(`${where} must be an object { time, rotations, hands? }, got ${show(key)}`);
      }
      checkKeys(key, KEYFRAME_KEYS, `${where}: `, err);
      const time = checkTime(key.time, where, previous, timing, err);
      previous = time;
      return Object.freeze({
        time,
        rotations: checkRotations(key.rotations, where, err),
        hands: checkKeyframeHands(key, where, version, err),
      });
    }),
  );
}

// data: the parsed JSON of a gesture file (or a gesture object built in
// code); file: the file name used in messages ("wave.json"; a label such as
// "custom gesture" skips the name check). Returns a frozen, normalized
// gesture: { version (2), name, description, duration, loop, period (0
// without loop), timeUnit, keyframes: [{ time, rotations: { joint: [x, y, z]
// degrees }, hands: { left, right: { shape, curl } } }], joints: the joint
// names used, in skeleton order }.
export function parseGesture(data, file = 'gesture') {
  if (typeof file !== 'string') throw new TypeError(`file must be a string, got ${show(file)}`);
  const err = reporter(file);
  if (!isPlainObject(data)) throw err.type(`must hold a JSON object, got ${show(data)}`);
  checkKeys(data, TOP_LEVEL_KEYS, '', err);
  const version = checkVersion(data.version, err);
  const name = checkName(data, file, err);
  const description = checkDescription(data.description, err);
  const duration = checkSeconds(data.duration, '"duration"', err);
  const timing = checkTiming(data, err);
  const keyframes = checkKeyframes(data.keyframes, timing, version, err);
  const used = new Set(keyframes.flatMap((key) => Object.keys(key.rotations)));
  const joints = Object.freeze(JOINT_NAMES.filter((joint) => used.has(joint)));
  return Object.freeze({
    version: GESTURE_FORMAT_VERSION,
    name,
    description,
    duration,
    ...timing,
    keyframes,
    joints,
  });
}

// A gesture file's text: JSON with no key given twice (JSON.parse would
// keep the last silently), then parseGesture.
export function parseGestureJson(text, file = 'gesture') {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${show(text)}`);
  if (typeof file !== 'string') throw new TypeError(`file must be a string, got ${show(file)}`);
  const err = reporter(file);
  // Scanned before JSON.parse: text nested past the limit is refused at
  // that level, before anything walks the whole of it.
  const { duplicate, tooDeep } = scanJson(text);
  if (tooDeep) {
    throw err.range(
      `nesting reaches depth ${tooDeep.depth} at character ${tooDeep.offset}; at most ${tooDeep.limit} levels are allowed`,
    );
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw err.type(`is not valid JSON: ${error.message}`);
  }
  if (duplicate) {
    const [top, index] = duplicate.path;
    const where =
      top === 'keyframes' && typeof index === 'number'
        ? `keyframe ${index}${duplicate.path.length > 2 ? ` ${duplicate.path.slice(2).map(show).join(' ')}` : ''}: `
        : duplicate.path.length > 0
          ? `${duplicate.path.map(show).join(' ')}: `
          : '';
    throw err.range(`${where}key ${show(duplicate.key)} is given twice (each key once)`);
  }
  return parseGesture(data, file);
}

const LIBRARY_FILES = {
  akimbo,
  clap,
  crossed_arms: crossedArms,
  point,
  salute,
  shrug,
  thumbs_up: thumbsUp,
  wave,
};

// Parsed once at load: a broken library file fails the import loudly, with
// the file's name, instead of failing later in the viewer.
const library = new Map(
  Object.entries(LIBRARY_FILES).map(([name, data]) => [name, parseGesture(data, `${name}.json`)]),
);

export const gestureNames = Object.freeze([...library.keys()].sort());

export function getGesture(name) {
  if (typeof name !== 'string') {
    throw new TypeError(`gesture name must be a string, got ${show(name)}`);
  }
  const gesture = library.get(name);
  if (!gesture) {
    throw new RangeError(
      `gesture name ${show(name)} is not in the library (allowed: ${gestureNames.join(', ')})`,
    );
  }
  return gesture;
}
