// The geodesic deadband filter as a stateful object over n joints.
import { ENUM_NAMES, enumCodes } from './abi.js';
import { createOwnedBlock, disposedError } from './memory.js';
import { checkNumber, checkOneOf, checkOptions, checkPose, checkTunable } from './validate.js';

export const FOLLOWERS = ENUM_NAMES.follower;
const MAX_FILTER_JOINTS = 100000;
const FILTER_OPTIONS = ['joints', 'epsilon', 'lambda', 'dtMax', 'follower'];

// epsilon, lambda (or Infinity: a pure gate), dtMax, follower in their ranges.
export function checkFilterOptions(limits, o) {
  checkTunable(limits, 'epsilon', o.epsilon);
  if (o.lambda !== Infinity) checkTunable(limits, 'lambda', o.lambda);
  checkTunable(limits, 'dtMax', o.dtMax);
  checkOneOf('follower', o.follower, FOLLOWERS);
  return o;
}

export function createFilterApi(core, defaults) {
  const fn = core.fn;
  const followerCodes = enumCodes(core.abi, 'follower');
  const floatsPerJoint = core.n('KB_FILTER_FLOATS_PER_JOINT');
  const poseFloats = 4; // one quaternion a joint

  function createFilter(options = {}) {
    const { joints = 1, ...rest } = checkOptions('createFilter options', options, FILTER_OPTIONS);
    checkNumber('joints', joints, { min: 1, max: MAX_FILTER_JOINTS, integer: true });
    const o = checkFilterOptions(core.limits, {
      epsilon: defaults.epsilon,
      lambda: defaults.lambda,
      dtMax: defaults.dtMax,
      follower: defaults.follower,
      ...rest,
    });
    const structBytes = (core.n('sizeof.filter') + 7) & ~7;
    const filter = {};
    // struct, state (floatsPerJoint a joint), io (a quaternion a joint), changed
    const stateBytes = joints * floatsPerJoint * 4;
    const ioBytes = joints * poseFloats * 4;
    const block = createOwnedBlock(
      core,
      structBytes + stateBytes + ioBytes + 8,
      filter,
      `a filter of ${joints} joints`,
    );
    const statePtr = block.ptr + structBytes;
    const ioPtr = statePtr + stateBytes;
    const changedPtr = ioPtr + ioBytes;
    const io = core.floats(ioPtr, poseFloats * joints);
    const status = fn._kb_filter_init_flat(
      block.ptr,
      o.epsilon,
      o.lambda,
      o.dtMax,
      followerCodes[o.follower],
      statePtr,
      joints,
    );
    if (status !== core.OK) block.free();
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
        core.check(fn._kb_filter_reset(block.ptr), 'filter reset');
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
