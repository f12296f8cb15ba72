// A gesture preview: the core's pipeline (target track → jitter → deadband
// filter → envelope blend from idle) for one gesture and one set of tuning
// values. The pose at time t is a pure function of t and the options.
import { DEFAULT_APOSE } from './body-api.js';
import { DEFAULT_ATTACK, DEFAULT_RELEASE } from './envelope-api.js';
import { FILTER_DEFAULTS, FOLLOWERS, checkFilterOptions } from './filter-api.js';
import { getGesture, parseGesture } from './gestures.js';
import { createOwnedBlock } from './memory.js';
import { JOINT_COUNT, JOINT_NAMES } from './skeleton-names.js';
import {
  checkArrayLike,
  checkNumber,
  checkOneOf,
  checkOptions,
  checkRatios,
  describe,
} from './validate.js';

export const SHAPES = ['smoothstep', 'kli'];
export const ORDERS = ['kblend', 'seed', 'naive-euler'];
export const MAX_SEED = 16777215; // exact in the float32 parameter block

export const PREVIEW_DEFAULTS = Object.freeze({
  gesture: 'clap',
  attack: DEFAULT_ATTACK,
  release: DEFAULT_RELEASE,
  ...FILTER_DEFAULTS,
  fps: 30,
  jitter: 0,
  seed: 1,
  apose: DEFAULT_APOSE,
  shape: 'smoothstep',
  order: 'kblend',
});

const DEG = Math.PI / 180;
const POSE = 4 * JOINT_COUNT;

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

// A ready-made track (e.g. a retargeted clip): times in seconds and whole
// poses; every joint is driven unless a mask says otherwise.
function checkTrack(track) {
  checkOptions('track', track);
  const { times, rotations, loop = false, period = 0, mask } = track;
  if (!times || typeof times.length !== 'number' || times.length < 1) {
    throw new TypeError(`track.times must be a non-empty array of seconds, got ${describe(times)}`);
  }
  checkArrayLike('track.times', times, times.length);
  for (let i = 1; i < times.length; i++) {
    if (!(times[i] > times[i - 1])) {
      throw new RangeError(
        `track.times must increase, got ${times[i - 1]} then ${times[i]} at key ${i}`,
      );
    }
  }
  checkArrayLike('track.rotations', rotations, times.length * POSE);
  if (loop)
    checkNumber('track.period', period, { min: times[times.length - 1] - times[0], minOpen: true });
  if (mask !== undefined) checkArrayLike('track.mask', mask, JOINT_COUNT);
  return {
    times,
    rotations,
    loop: !!loop,
    period: loop ? period : 0,
    mask,
    duration: times[times.length - 1],
  };
}

function resolveOptions(options) {
  const o = { ...PREVIEW_DEFAULTS, ...checkOptions('options', options) };
  if (options?.track !== undefined) delete o.gesture;
  checkRatios(o.attack, o.release);
  checkFilterOptions({
    epsilon: o.epsilon,
    lambda: o.lambda,
    dtMax: o.dtMax,
    follower: o.follower,
  });
  checkNumber('fps', o.fps, { min: 1, max: 240 });
  checkNumber('jitter', o.jitter, { min: 0, max: 0.5 });
  checkNumber('seed', o.seed, { min: 0, max: MAX_SEED, integer: true });
  checkNumber('apose', o.apose, { min: 0, max: Math.PI / 2 });
  checkOneOf('shape', o.shape, SHAPES);
  checkOneOf('order', o.order, ORDERS);
  return o;
}

export function createPreviewApi(core, rotationApi, bodyApi) {
  const fn = core.fn;

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
      rotations.set(idle, k * POSE);
      for (const [name, degrees] of Object.entries(key.rotations)) {
        const j = JOINT_NAMES.indexOf(name);
        const q = rotationApi.quatFromEuler(degrees.map((d) => d * DEG));
        rotations.set(q, k * POSE + 4 * j);
        mask[j] = 1;
      }
    });
    return {
      times,
      rotations,
      mask,
      loop: gesture.loop,
      period: gesture.loop ? gesture.period : 0,
    };
  }

  function createPreview(options = {}) {
    const o = resolveOptions(options);
    let gesture = null;
    let track;
    if (options.track !== undefined) {
      track = checkTrack(options.track);
      o.duration ??= Math.max(track.duration, 1 / o.fps);
    } else {
      gesture = resolveGesture(o.gesture);
      o.duration ??= gesture.duration;
    }
    checkNumber('duration', o.duration, { min: 0.1, max: 600 });
    if (gesture) track = gestureTrack(gesture, o);
    return new Preview(core, fn, o, gesture, track);
  }

  return { createPreview };
}

class Preview {
  constructor(core, fn, options, gesture, track) {
    const keys = track.times.length;
    const structBytes = (fn._kb_sizeof_preview() + 15) & ~15;
    const bytes = structBytes + 4 * (16 + keys + keys * POSE + POSE + 8 + 1);
    this.block = createOwnedBlock(core, bytes, this);
    let at = this.block.ptr + structBytes;
    const take = (n) => {
      const ptr = at;
      at += 4 * n;
      return ptr;
    };
    const paramsPtr = take(16);
    const timesPtr = take(keys);
    const rotationsPtr = take(keys * POSE);
    this.outPtr = take(POSE);
    const maskPtr = take(8); // 22 bytes of mask, padded
    this.changedPtr = take(1);
    this.out = core.floats(this.outPtr, POSE);
    core.floats(timesPtr, keys).set(track.times);
    core.floats(rotationsPtr, keys * POSE).set(track.rotations);
    core.u8.fill(1, maskPtr, maskPtr + JOINT_COUNT);
    if (track.mask) core.u8.set(track.mask, maskPtr);
    const params = [
      options.attack,
      options.release,
      options.duration,
      options.fps,
      options.jitter,
      options.seed,
      options.apose,
      SHAPES.indexOf(options.shape),
      ORDERS.indexOf(options.order),
      options.epsilon,
      options.lambda,
      options.dtMax,
      FOLLOWERS.indexOf(options.follower),
    ];
    core.floats(paramsPtr, params.length).set(params);
    const status = fn._kb_preview_init_flat(
      this.block.ptr,
      paramsPtr,
      timesPtr,
      rotationsPtr,
      keys,
      track.loop ? 1 : 0,
      track.period,
      maskPtr,
    );
    if (status !== 0) {
      this.block.free();
      throw new RangeError(
        `createPreview: the gesture track was rejected: ${core.statusText(status)}`,
      );
    }
    this.core = core;
    this.fn = fn;
    this.options = Object.freeze({ ...options, gesture: gesture ? gesture.name : 'track' });
    this.gesture = gesture;
    this.duration = options.duration;
    this.fps = options.fps;
    this.frameCount = fn._kb_preview_frame_count(this.block.ptr);
    this.changed = 0;
    // 1 where a joint differs from the output last returned (a view: the
    // core updates it at every evaluate / frame; the heap never grows).
    this.changedMask = core.u8.subarray(
      fn._kb_preview_changed_mask(this.block.ptr),
      fn._kb_preview_changed_mask(this.block.ptr) + JOINT_COUNT,
    );
  }

  #live() {
    if (!this.block.live) throw new Error('kblend: this preview was disposed');
  }

  // Local rotations at time t (clamped to [0, duration]) into out.
  evaluateInto(t, out) {
    this.#live();
    checkNumber('t', t, { allowInfinity: true });
    this.core.check(
      this.fn._kb_preview_evaluate(this.block.ptr, t, this.outPtr, this.changedPtr),
      'evaluate',
    );
    this.changed = this.core.i32[this.changedPtr >> 2];
    out.set(this.out);
    return out;
  }

  evaluate(t) {
    return this.evaluateInto(t, new Float32Array(POSE));
  }

  // The pose of frame k (0 … frameCount − 1) of the clip's grid.
  frame(k) {
    this.#live();
    checkNumber('k', k, { min: 0, max: this.frameCount - 1, integer: true });
    this.core.check(
      this.fn._kb_preview_frame(this.block.ptr, k, this.outPtr, this.changedPtr),
      'frame',
    );
    this.changed = this.core.i32[this.changedPtr >> 2];
    return this.out.slice();
  }

  frameTime(k) {
    checkNumber('k', k, { min: 0, max: this.frameCount - 1, integer: true });
    return this.fn._kb_preview_frame_time(this.block.ptr, k);
  }

  dispose() {
    this.block.free();
  }
}
