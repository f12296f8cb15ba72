// The geodesic deadband filter as a stateful object over n joints.
import { createOwnedBlock } from './memory.js';
import { checkArrayLike, checkNumber, checkOneOf, checkOptions } from './validate.js';

export const FOLLOWERS = Object.freeze(['exp', 'kli']);
export const FILTER_DEFAULTS = Object.freeze({
  epsilon: 0.0005,
  lambda: 18,
  dtMax: 1 / 30,
  follower: 'exp',
});

export function checkFilterOptions(options) {
  const o = { ...FILTER_DEFAULTS, ...checkOptions('options', options) };
  checkNumber('epsilon', o.epsilon, { min: 0, max: Math.PI });
  checkNumber('lambda', o.lambda, { min: 0, minOpen: true, allowInfinity: true });
  checkNumber('dtMax', o.dtMax, { min: 0, minOpen: true });
  checkOneOf('follower', o.follower, FOLLOWERS);
  return o;
}

export function createFilterApi(core) {
  const fn = core.fn;

  function createFilter(options = {}) {
    const { joints = 1, ...rest } = checkOptions('options', options);
    checkNumber('joints', joints, { min: 1, max: 100000, integer: true });
    const o = checkFilterOptions(rest);
    const structBytes = (fn._kb_sizeof_filter() + 7) & ~7;
    const filter = {};
    const block = createOwnedBlock(core, structBytes + joints * 52 + 8, filter);
    const statePtr = block.ptr + structBytes;
    const ioPtr = statePtr + joints * 36; // KB_FILTER_FLOATS_PER_JOINT = 9
    const changedPtr = ioPtr + joints * 16;
    const io = core.floats(ioPtr, 4 * joints);
    const followerCode = FOLLOWERS.indexOf(o.follower);
    core.check(
      fn._kb_filter_init_flat(
        block.ptr,
        o.epsilon,
        o.lambda,
        o.dtMax,
        followerCode,
        statePtr,
        joints,
      ),
      'createFilter',
    );
    let changed = 0;

    Object.assign(filter, {
      options: Object.freeze({ ...o, joints }),
      // One sample of every joint's target; returns the filtered rotations.
      step(q, dt) {
        if (!block.live) throw new Error('kblend: this filter was disposed');
        checkArrayLike('q', q, 4 * joints);
        checkNumber('dt', dt, { allowInfinity: true });
        for (let j = 0; j < joints; j++) {
          if (
            !(q[4 * j] ** 2 + q[4 * j + 1] ** 2 + q[4 * j + 2] ** 2 + q[4 * j + 3] ** 2 > 1e-24)
          ) {
            throw new RangeError(
              `q: joint ${j} is a zero quaternion; a nonzero [x, y, z, w] is needed`,
            );
          }
        }
        io.set(q);
        core.check(fn._kb_filter_step(block.ptr, ioPtr, dt, ioPtr, changedPtr), 'filter step');
        changed = core.i32[changedPtr >> 2];
        return io.slice();
      },
      reset() {
        fn._kb_filter_reset(block.ptr);
      },
      dispose: () => block.free(),
    });
    // Joints that moved at the last step (0 when all were held).
    Object.defineProperty(filter, 'changed', { get: () => changed, enumerable: true });
    return filter;
  }

  return { createFilter };
}
