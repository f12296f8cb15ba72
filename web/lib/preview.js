// A gesture preview: the core's pipeline (target track → jitter → deadband
// filter → envelope blend from idle) for one gesture and one set of tuning
// values. The pose at time t is a pure function of t and the options.
import { ENUM_NAMES, enumCodes } from './abi.js';
import { handMarkersWorld } from './body-api.js';
import { checkFilterOptions } from './filter-api.js';
import { getGesture, parseGesture } from './gestures.js';
import { OPEN_HANDS, handsAt } from './hand-shapes.js';
import { createOwnedBlock, disposedError } from './memory.js';
import { createRootTrack } from './root-track.js';
import { JOINT_COUNT, JOINT_NAMES } from './skeleton-names.js';
import {
  checkNumber,
  checkOneOf,
  checkOptions,
  checkRatios,
  checkTunable,
  describe,
  readNumbers,
} from './validate.js';

export const SHAPES = ENUM_NAMES.shape;
export const ORDERS = ENUM_NAMES.order;

const DEG = Math.PI / 180;
const POSE = 4 * JOINT_COUNT; // checked against KB_POSE_FLOATS at load

function resolveGesture(gesture) {
  if (typeof gesture === 'string') return getGesture(gesture);
  if (gesture && typeof gesture === 'object') {
    return Object.isFrozen(gesture) && gesture.joints
      ? gesture
      : parseGesture(gesture, 'custom gesture');
  }
  throw new TypeError(
    `gesture must be a gesture name or a gesture object, got ${describe(gesture)}`,
  );
}

// Times as the core stores them (float32) must still increase.
function checkIncreasing(name, times, label) {
  for (let i = 1; i < times.length; i++) {
    if (!(times[i] > times[i - 1])) {
      throw new RangeError(
        `${name} must increase (as float32 seconds), got ${times[i - 1]} then ${times[i]} at ${label(i)}`,
      );
    }
  }
}

const TRACK_KEYS = ['times', 'rotations', 'root', 'mask', 'loop', 'period'];

// A ready-made track (e.g. a retargeted clip): times in seconds and whole
// poses; every joint is driven unless a mask says otherwise. Each input is
// read once into a typed array, then checked.
function checkTrack(track) {
  checkOptions('track', track, TRACK_KEYS);
  const { times: rawTimes, rotations: rawRotations, loop = false, period = 0 } = track;
  const { mask: rawMask, root: rawRoot } = track;
  const keys = rawTimes && typeof rawTimes.length === 'number' ? rawTimes.length : 0;
  if (keys < 1) {
    throw new TypeError(
      `track.times must be a non-empty array of seconds, got ${describe(rawTimes)}`,
    );
  }
  const times = readNumbers('track.times', rawTimes, keys, new Float32Array(keys));
  checkIncreasing('track.times', times, (i) => `key ${i}`);
  const rotations = readNumbers(
    'track.rotations',
    rawRotations,
    keys * POSE,
    new Float32Array(keys * POSE),
  );
  if (loop) {
    checkNumber('track.period', period, {
      min: times[keys - 1] - times[0],
      minOpen: true,
      float32: true,
    });
  }
  const mask =
    rawMask === undefined
      ? undefined
      : readNumbers('track.mask', rawMask, JOINT_COUNT, new Uint8Array(JOINT_COUNT));
  const root =
    rawRoot === undefined || rawRoot === null
      ? null
      : readNumbers('track.root', rawRoot, 3 * keys, new Float32Array(3 * keys));
  return {
    times,
    rotations,
    loop: !!loop,
    period: loop ? Math.fround(period) : 0,
    mask,
    root,
    duration: times[keys - 1],
  };
}

// The options createPreview knows (a misspelt one is refused by name).
const PREVIEW_OPTIONS = Object.freeze([
  'gesture',
  'track',
  'blend',
  'attack',
  'release',
  'epsilon',
  'lambda',
  'dtMax',
  'follower',
  'duration',
  'fps',
  'jitter',
  'seed',
  'apose',
  'height',
  'shape',
  'order',
]);
const BLENDS = Object.freeze(['idle', 'none']);
// Giving any of these asks for the envelope and the filter on a track.
const SHAPING = ['attack', 'release', 'epsilon', 'lambda', 'dtMax', 'follower'];
// A track played as captured: no envelope (E = 1 from the first frame to the
// last, no forced idle at either end), no deadband, no smoothing (a pure
// gate jumps to each target), so every frame is the track's own pose.
const AS_CAPTURED = Object.freeze({ attack: 0, release: 0, epsilon: 0, lambda: Infinity });

// 'none' for a track given no shaping option, 'idle' otherwise; an
// explicit 'none' beside a shaping option is a contradiction.
function resolveBlend(given) {
  const shaping = SHAPING.filter((key) => given[key] !== undefined);
  const blend = given.blend ?? (given.track !== undefined && !shaping.length ? 'none' : 'idle');
  checkOneOf('blend', blend, BLENDS);
  if (blend === 'none' && shaping.length) {
    throw new RangeError(
      `blend 'none' plays the track as captured and takes no ${shaping.join(', ')}; use blend: 'idle' to shape it`,
    );
  }
  return blend;
}

function resolveOptions(options, defaults, limits) {
  const given = checkOptions('createPreview options', options, PREVIEW_OPTIONS);
  const blend = resolveBlend(given);
  const o = { ...defaults, ...given, ...(blend === 'none' ? AS_CAPTURED : {}), blend };
  delete o.duration; // the gesture's or the track's unless given
  if (given.duration !== undefined) o.duration = given.duration;
  delete o.fps; // a track's own rate unless given
  if (given.fps !== undefined) o.fps = given.fps;
  if (given.track !== undefined) delete o.gesture;
  checkRatios(limits, o.attack, o.release);
  checkFilterOptions(limits, o);
  for (const key of ['jitter', 'seed', 'apose', 'height']) {
    checkTunable(limits, key, o[key]);
  }
  if (o.fps !== undefined) checkTunable(limits, 'fps', o.fps);
  checkOneOf('shape', o.shape, SHAPES);
  checkOneOf('order', o.order, ORDERS);
  return o;
}

// A frame grid for a track: its keys' rate (a capture's keys are evenly
// spaced), or the smallest multiple of it reaching the default rate for
// sparse keys (2 keys a second play on a 30 fps grid), so every key falls on
// a frame; within the core's fps limits. One key: the default.
function trackFps(track, limits, fallback) {
  const keys = track.times.length;
  const span = track.times[keys - 1] - track.times[0];
  if (keys < 2 || !(span > 0)) return fallback;
  const rate = (keys - 1) / span;
  const fps = rate * Math.max(1, Math.ceil(fallback / rate - 1e-6));
  return Math.min(limits.fps.max, Math.max(limits.fps.min, fps));
}

export function createPreviewApi(core, rotationApi, bodyApi, body, defaults) {
  const fn = core.fn;
  const limits = core.limits;
  if (core.n('KB_POSE_FLOATS') !== POSE) throw new Error('kblend: the core has another skeleton');
  const codes = {
    shape: enumCodes(core.abi, 'shape'),
    order: enumCodes(core.abi, 'order'),
    follower: enumCodes(core.abi, 'follower'),
  };
  // The parameter block, slots by name (KB_FLAT_*).
  const slots = {
    attack: core.n('KB_FLAT_ATTACK'),
    release: core.n('KB_FLAT_RELEASE'),
    duration: core.n('KB_FLAT_DURATION'),
    fps: core.n('KB_FLAT_FPS'),
    jitter: core.n('KB_FLAT_JITTER'),
    seed: core.n('KB_FLAT_SEED'),
    apose: core.n('KB_FLAT_APOSE'),
    shape: core.n('KB_FLAT_SHAPE'),
    order: core.n('KB_FLAT_ORDER'),
    epsilon: core.n('KB_FLAT_EPSILON'),
    lambda: core.n('KB_FLAT_LAMBDA'),
    dtMax: core.n('KB_FLAT_DT_MAX'),
    follower: core.n('KB_FLAT_FOLLOWER'),
  };
  const paramCount = core.n('KB_PREVIEW_FLAT_COUNT');
  function encodeParams(o) {
    const params = new Float32Array(paramCount);
    for (const [key, slot] of Object.entries(slots)) {
      params[slot] = codes[key] ? codes[key][o[key]] : o[key];
    }
    return params;
  }
  const env = { core, fn, body, encodeParams };

  // A gesture keyframe ({ rotations: { joint: [x, y, z] degrees } }) as a
  // whole pose: the named joints from their Euler angles, every other joint
  // at idle. Also returns the mask of the joints it names.
  function keyframeInto(keyframe, idle, out, at, mask) {
    checkOptions('keyframe', keyframe ?? null);
    const rotations = checkOptions('keyframe.rotations', keyframe.rotations ?? null);
    out.set(idle, at);
    for (const name of Object.keys(rotations)) {
      const j = JOINT_NAMES.indexOf(name);
      if (j < 0) {
        throw new RangeError(
          `keyframe.rotations: ${describe(name)} is not a joint name (allowed: ${JOINT_NAMES.join(', ')})`,
        );
      }
      const degrees = readNumbers(`keyframe.rotations.${name}`, rotations[name], 3);
      const q = rotationApi.quatFromEuler(degrees.map((d) => d * DEG));
      out.set(q, at + 4 * j);
      if (mask) mask[j] = 1;
    }
  }

  function keyframePose(keyframe, apose = defaults.apose) {
    const pose = new Float32Array(POSE);
    keyframeInto(keyframe, bodyApi.idlePose(apose), pose, 0, null);
    return pose;
  }

  // Gesture keyframes (Euler degrees, seconds or hold fractions) to whole
  // poses at seconds; joints a keyframe leaves out sit at idle there.
  function gestureTrack(gesture, { attack, release, duration, apose }) {
    const idle = bodyApi.idlePose(apose);
    const hold = Math.max(1 - attack - release, 1e-3);
    const toSeconds = (time) =>
      gesture.timeUnit === 'hold' ? duration * (attack + time * hold) : time;
    const times = new Float32Array(gesture.keyframes.length);
    const rotations = new Float32Array(gesture.keyframes.length * POSE);
    const mask = new Uint8Array(JOINT_COUNT);
    gesture.keyframes.forEach((key, k) => {
      times[k] = toSeconds(key.time);
      keyframeInto(key, idle, rotations, k * POSE, mask);
    });
    checkIncreasing(`gesture "${gesture.name}" keyframe times`, times, (k) => `keyframe ${k}`);
    return {
      times,
      rotations,
      mask,
      root: null,
      loop: gesture.loop,
      period: gesture.loop ? gesture.period : 0,
    };
  }

  function createPreview(options = {}) {
    const o = resolveOptions(options, defaults, limits);
    let gesture = null;
    let track;
    if (o.track !== undefined) {
      track = checkTrack(o.track);
      o.fps ??= trackFps(track, limits, defaults.fps);
      o.duration ??= Math.max(track.duration, 1 / o.fps);
    } else {
      gesture = resolveGesture(o.gesture);
      o.fps ??= defaults.fps;
      o.duration ??= gesture.duration;
    }
    checkTunable(limits, 'duration', o.duration);
    if (gesture) track = gestureTrack(gesture, o);
    return new Preview(env, o, gesture, track, bodyApi.handMarkers(o.height));
  }

  return { createPreview, keyframePose };
}

// The preview's block in the heap: struct, skeleton, then float buffers.
function layout(core, paramCount, keys, owner) {
  const align = (n) => (n + 15) & ~15;
  const structBytes = align(core.n('sizeof.preview'));
  const skeletonBytes = align(core.n('sizeof.skeleton'));
  const reportFloats = core.n('KB_CLAP_REPORT_FLOATS');
  const positions = 3 * JOINT_COUNT;
  const floats =
    paramCount + keys + keys * POSE + POSE + 8 + 1 + 3 + positions + POSE + reportFloats + 1;
  const block = createOwnedBlock(
    core,
    structBytes + skeletonBytes + 4 * floats,
    owner,
    `a preview of ${keys} keys`,
  );
  const skeleton = block.ptr + structBytes;
  let at = skeleton + skeletonBytes;
  const take = (n) => {
    const ptr = at;
    at += 4 * n;
    return ptr;
  };
  return {
    block,
    skeleton,
    params: take(paramCount),
    times: take(keys),
    rotations: take(keys * POSE),
    out: take(POSE),
    mask: take(8), // 22 bytes of mask, padded
    changed: take(1),
    root: take(3),
    positions: take(positions),
    worldRotations: take(POSE),
    report: take(reportFloats),
    scalar: take(1),
  };
}

// t for evaluate: any number but NaN (±Infinity clamp to the ends). The
// common case costs two tests; checkNumber words the errors.
const FRAME_OPTIONS = ['fk', 'clap', 'markers'];

const TIME_RULE = Object.freeze({ allowInfinity: true });
function checkTime(t) {
  if (typeof t !== 'number' || Number.isNaN(t)) checkNumber('t', t, TIME_RULE);
}

function checkOut(name, out, length) {
  const ok = out instanceof Float32Array || out instanceof Float64Array;
  if (!ok) {
    throw new TypeError(
      `${name} must be a Float32Array or Float64Array of length ≥ ${length}, got ${describe(out)}`,
    );
  }
  if (out.length < length) {
    throw new RangeError(`${name} must have length ≥ ${length}, got length ${out.length}`);
  }
}

class Preview {
  #core;
  #fn;
  #mem;
  #rootTrack;
  #markers;
  #hands; // (t, envelope) → the hand shapes shown
  #handAxes;
  #out;
  #readClapReport;
  #changed = 0;
  #changedMask;
  #changedCount; // Int32Array(1) view of the core's count for the last call

  constructor({ core, fn, body, encodeParams }, options, gesture, track, markers) {
    const keys = track.times.length;
    const params = encodeParams(options);
    const mem = layout(core, params.length, keys, this);
    this.#core = core;
    this.#fn = fn;
    this.#mem = mem;
    this.#markers = markers;
    this.#hands = gesture
      ? (t, e) => handsAt(gesture.keyframes, track.times, track, t, e)
      : () => OPEN_HANDS;
    this.#handAxes = body.handAxes;
    this.#readClapReport = body.readClapReport;
    core.floats(mem.times, keys).set(track.times);
    core.floats(mem.rotations, keys * POSE).set(track.rotations);
    core.u8.fill(1, mem.mask, mem.mask + JOINT_COUNT);
    if (track.mask) core.u8.set(track.mask, mem.mask);
    core.floats(mem.params, params.length).set(params);
    let status = fn._kb_skeleton_init(mem.skeleton, options.height);
    if (status === core.OK) {
      status = fn._kb_preview_init_flat(
        mem.block.ptr,
        mem.params,
        mem.times,
        mem.rotations,
        keys,
        track.loop ? 1 : 0,
        track.period,
        mem.mask,
      );
    }
    if (status !== core.OK) {
      mem.block.free();
      throw new RangeError(
        `createPreview: the core refused the preview: ${core.statusText(status)}`,
      );
    }
    this.#out = core.floats(mem.out, POSE);
    // 1 where a joint differs from the output last returned: a view of the
    // core's mask, updated at every evaluate and frame (the heap never grows).
    const maskPtr = fn._kb_preview_changed_mask(mem.block.ptr);
    this.#changedMask = core.u8.subarray(maskPtr, maskPtr + JOINT_COUNT);
    this.#changedCount = core.i32.subarray(mem.changed >> 2, (mem.changed >> 2) + 1);
    const frameCount = fn._kb_preview_frame_count(mem.block.ptr);
    const frameTime = (k) => fn._kb_preview_frame_time(mem.block.ptr, k);
    this.#rootTrack = createRootTrack(track, frameCount, frameTime, options);
    Object.defineProperties(this, {
      options: {
        value: Object.freeze({ ...options, gesture: gesture ? gesture.name : 'track' }),
      },
      gesture: { value: gesture },
      duration: { value: options.duration },
      fps: { value: options.fps },
      frameCount: { value: frameCount },
      hasRoot: { value: track.root !== null },
    });
  }

  #live() {
    if (!this.#mem.block.live) throw disposedError('preview');
  }

  // Joints whose rotation changed at the frame last evaluated.
  get changed() {
    this.#live();
    return this.#changed;
  }

  // A live Uint8Array(22) view; zero-length once disposed.
  get changedMask() {
    return this.#mem.block.live ? this.#changedMask : new Uint8Array(0);
  }

  // The frame path: one liveness test, two for t, one call, one read.
  #evaluate(t) {
    const mem = this.#mem;
    if (!mem.block.live) throw disposedError('preview');
    checkTime(t);
    const status = this.#fn._kb_preview_evaluate(mem.block.ptr, t, mem.out, mem.changed);
    if (status !== this.#core.OK) this.#core.check(status, 'evaluate');
    this.#changed = this.#changedCount[0];
  }

  // Local rotations at time t (clamped to [0, duration]) into out (88);
  // rootOut (3, optional) receives the root translation at t.
  evaluateInto(t, out, rootOut) {
    this.#live();
    checkOut('out', out, POSE);
    if (rootOut !== undefined) checkOut('rootOut', rootOut, 3);
    this.#evaluate(t);
    out.set(this.#out);
    if (rootOut !== undefined) this.#rootTrack.at(t, rootOut);
    return out;
  }

  evaluate(t) {
    return this.evaluateInto(t, new Float32Array(POSE));
  }

  // The root translation at time t, m ([0, 0, 0] without root motion).
  root(t) {
    this.#live();
    checkNumber('t', t, { allowInfinity: true });
    return Array.from(this.#rootTrack.at(t, new Float64Array(3)));
  }

  // Everything a displayed frame needs, from one evaluation and at most
  // one forward-kinematics pass: see kblend.d.ts (PreviewFrame).
  evaluateFrame(t, options) {
    const {
      fk = false,
      clap = false,
      markers = false,
    } = checkOptions('evaluateFrame options', options, FRAME_OPTIONS);
    this.#evaluate(t);
    const core = this.#core;
    const mem = this.#mem;
    const o = this.options;
    const root = this.#rootTrack.at(t, new Float32Array(3));
    const clamped = Math.min(Math.max(t, 0), this.duration);
    core.check(
      this.#fn._kb_envelope(clamped / this.duration, o.attack, o.release, mem.scalar),
      'envelope',
    );
    const envelope = core.floats(mem.scalar, 1)[0];
    const frame = {
      time: clamped,
      pose: this.#out.slice(),
      root,
      envelope,
      hands: this.#hands(clamped, envelope),
      changed: this.#changed,
    };
    if (!(fk || clap || markers)) return frame;
    core.floats(mem.root, 3).set(root);
    core.check(
      this.#fn._kb_forward_kinematics(
        mem.skeleton,
        mem.out,
        mem.root,
        0,
        mem.positions,
        mem.worldRotations,
      ),
      'forwardKinematics',
    );
    const positions = core.floats(mem.positions, 3 * JOINT_COUNT).slice();
    const rotations = core.floats(mem.worldRotations, POSE).slice();
    if (fk) Object.assign(frame, { positions, rotations });
    if (clap) frame.clap = this.#clapReport();
    if (markers)
      frame.markers = handMarkersWorld(positions, rotations, this.#markers, this.#handAxes);
    return frame;
  }

  // The clap report of the pose in mem.out, whose FK is in mem.positions.
  #clapReport() {
    const mem = this.#mem;
    const fn = this.#fn;
    const status = fn._kb_clap_check_world_flat(
      mem.skeleton,
      mem.positions,
      mem.worldRotations,
      mem.report,
    );
    this.#core.check(status, 'clap check');
    const report = this.#core.floats(mem.report, this.#core.n('KB_CLAP_REPORT_FLOATS'));
    return this.#readClapReport(report);
  }

  // The pose of frame k (0 … frameCount − 1) of the clip's grid.
  frame(k) {
    this.#live();
    checkNumber('k', k, { min: 0, max: this.frameCount - 1, integer: true });
    const mem = this.#mem;
    this.#core.check(this.#fn._kb_preview_frame(mem.block.ptr, k, mem.out, mem.changed), 'frame');
    this.#changed = this.#changedCount[0];
    return this.#out.slice();
  }

  frameTime(k) {
    this.#live();
    checkNumber('k', k, { min: 0, max: this.frameCount - 1, integer: true });
    return this.#fn._kb_preview_frame_time(this.#mem.block.ptr, k);
  }

  // Frees the preview's heap block; every method throws afterwards.
  dispose() {
    this.#mem.block.free();
  }
}
