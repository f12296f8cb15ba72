// The geodesic deadband filter as a stateful object over n joints.
import { createOwnedBlock, disposedError } from './memory.js';
import { checkNumber, checkOneOf, checkOptions, checkPose } from './validate.js';

export const FOLLOWERS = Object.freeze(['exp', 'kli']);
export const FILTER_DEFAULTS = Object.freeze({
  epsilon: 0.0005,
  lambda: 18,
  dtMax: 1 / 30,
  follower: 'exp',
});
const FLOATS_PER_JOINT = 9; // KB_FILTER_FLOATS_PER_JOINT
export const MAX_FILTER_JOINTS = 100000;

export function checkFilterOptions(options) {
  const o = { ...FILTER_DEFAULTS, ...checkOptions('options', options) };
  checkNumber('epsilon', o.epsilon, { min: 0, max: Math.PI });
  checkNumber('lambda', o.lambda, { min: 0, minOpen: true, allowInfinity: true, float32: true });
  checkNumber('dtMax', o.dtMax, { min: 0, minOpen: true, float32: true });
  checkOneOf('follower', o.follower, FOLLOWERS);
  return o;
}

export function createFilterApi(core) {
  const fn = core.fn;

  function createFilter(options = {}) {
    const { joints = 1, ...rest } = checkOptions('options', options);
    checkNumber('joints', joints, { min: 1, max: MAX_FILTER_JOINTS, integer: true });
    const o = checkFilterOptions(rest);
    const structBytes = (fn._kb_sizeof_filter() + 7) & ~7;
    const filter = {};
    // struct, state (FLOATS_PER_JOINT a joint), io (4 a joint), changed
    const stateBytes = joints * FLOATS_PER_JOINT * 4;
    const bytes = structBytes + stateBytes + joints * 16 + 8;
    const block = createOwnedBlock(core, bytes, filter, `a filter of ${joints} joints`);
    const statePtr = block.ptr + structBytes;
    const ioPtr = statePtr + stateBytes;
    const changedPtr = ioPtr + joints * 16;
    const io = core.floats(ioPtr, 4 * joints);
    const followerCode = FOLLOWERS.indexOf(o.follower);
    const status = fn._kb_filter_init_flat(
      block.ptr,
      o.epsilon,
      o.lambda,
      o.dtMax,
      followerCode,
      statePtr,
      joints,
    );
    if (status !== 0) block.free();
    core.check(status, 'createFilter');
    let changed = 0;
    const live = () => {
      if (!block.live) throw disposedError('filter');
    };

    Object.assign(filter, {
      options: Object.freeze({ ...o, joints }),
      // One sample of every joint's target; returns the filtered rotations.
      step(q, dt) {
        live();
        checkNumber('dt', dt, { allowInfinity: true });
        checkPose('q', q, joints, io);
        core.check(fn._kb_filter_step(block.ptr, ioPtr, dt, ioPtr, changedPtr), 'filter step');
        changed = core.i32[changedPtr >> 2];
        return io.slice();
      },
      reset() {
        live();
        fn._kb_filter_reset(block.ptr);
        changed = 0;
      },
      dispose: () => block.free(),
    });
    // Joints that moved at the last step (0 when all were held).
    Object.defineProperty(filter, 'changed', {
      get: () => {
        live();
        return changed;
      },
      enumerable: true,
    });
    return filter;
  }

  return { createFilter };
}
