// The solver's side of the heap: one workspace per body height (a bounded
// cache), the buffers every solve reuses (allocated once), and the writers
// and readers of poses, masks, options and results in the core's layout.
import { createBoundedCache } from './bounded-cache.js';
import { jointIndex } from './ik-layout.js';
import { JOINT_COUNT } from './skeleton-names.js';
import {
  checkArrayLike,
  checkNumber,
  checkOptions,
  checkPose,
  describe,
  readNumbers,
} from './validate.js';

const POSE = 4 * JOINT_COUNT;
const WORKSPACE_CACHE = 4; // heights whose solver workspace is kept

// Buffers in the heap, allocated once: tasks, poses, rows, mask, result.
function allocateBuffers(core, L) {
  const taskCapacity =
    1 + L.maxTasks * (L.fvHeader + L.maxPairs * L.fvPair + L.rtHeader + L.maxPairs * L.rtPair);
  return {
    tasksBuf: core.alloc(taskCapacity * 8),
    poseBuf: core.alloc(L.poseDoubles * 8),
    referenceBuf: core.alloc(L.poseDoubles * 8),
    previousBuf: core.alloc(L.poseDoubles * 8),
    optionsBuf: core.alloc(Math.max(L.optionDoubles, L.clapDoubles) * 8),
    resultBuf: core.alloc(Math.max(L.resultDoubles, L.retargetResultDoubles) * 8),
    residualBuf: core.alloc(L.maxRows * 8),
    jacobianBuf: core.alloc(L.maxRows * L.dof * 8),
    maskBuf: core.alloc(L.dof),
    rowsBuf: core.alloc(4),
    floatPose: core.alloc(POSE * 4),
    floatOut: core.alloc(POSE * 4),
    markerBuf: core.alloc(4 * 8),
    stepBuf: core.alloc(L.dof * 8),
  };
}

/**
 * The solver's workspaces and buffers over `core`, with `layout` from
 * ikLayout; `base` gives the default height and its check.
 */
export function createIkWorkspace(core, base, layout) {
  const L = layout;
  const buffers = allocateBuffers(core, L);
  const { poseBuf, optionsBuf, resultBuf, maskBuf } = buffers;
  const workspaces = createBoundedCache(
    WORKSPACE_CACHE,
    (height) => {
      const ptr = core.alloc(core.n('sizeof.ik_workspace'), 'an IK workspace');
      const status = core.fn._kb_ik_workspace_init(ptr, height);
      if (status !== core.OK) core.free(ptr);
      core.check(status, 'IK workspace');
      return ptr;
    },
    (ptr) => core.free(ptr),
  );

  function workspaceFor(height = base.defaults.height) {
    return workspaces.get(base.checkHeight(height));
  }

  // mask: joint names/indices that may move ('root' for the translation);
  // dofMask: KB_IK_DOF entries 0/1 in the DoF layout. Neither: all move.
  function writeMask({ mask, dofMask }) {
    if (mask !== undefined && dofMask !== undefined) {
      throw new TypeError('give mask (joints) or dofMask (degrees of freedom), not both');
    }
    const view = core.u8.subarray(maskBuf, maskBuf + L.dof);
    if (dofMask !== undefined) {
      checkArrayLike('dofMask', dofMask, L.dof);
      for (let i = 0; i < L.dof; i++) view[i] = dofMask[i] ? 1 : 0;
      return maskBuf;
    }
    if (mask === undefined) return 0;
    if (!Array.isArray(mask))
      throw new TypeError(`mask must be an array of joint names or indices, got ${describe(mask)}`);
    view.fill(0);
    mask.forEach((entry, i) => {
      const joint = entry === 'root' ? -1 : jointIndex(`mask[${i}]`, entry);
      const first = joint < 0 ? 0 : 3 + 3 * joint;
      view.fill(1, first, first + 3);
    });
    return maskBuf;
  }

  function writePose(ptr, name, rotations, root) {
    const view = core.doubles(ptr, L.poseDoubles);
    checkPose(name, rotations, JOINT_COUNT, view.subarray(3));
    if (root === undefined || root === null) view.fill(0, 0, 3);
    else readNumbers(`${name} root`, root, 3, view.subarray(0, 3));
    return ptr;
  }

  function writeOptions(options = {}) {
    const o = { ...L.ikDefaults, ...checkOptions('options', options, Object.keys(L.ikDefaults)) };
    checkNumber('options.maxIterations', o.maxIterations, { min: 1, max: 1e6, integer: true });
    for (const key of Object.keys(L.optionSlots)) {
      if (key !== 'maxIterations') checkNumber(`options.${key}`, o[key], { min: 0 });
    }
    if (!(o.lambdaMin > 0 && o.lambdaMin <= o.lambda0 && o.lambda0 <= o.lambdaMax)) {
      throw new RangeError(
        `options need 0 < lambdaMin ≤ lambda0 ≤ lambdaMax, got ${o.lambdaMin}, ${o.lambda0}, ${o.lambdaMax}`,
      );
    }
    const view = core.doubles(optionsBuf, L.optionDoubles);
    for (const [key, slot] of Object.entries(L.optionSlots)) view[slot] = o[key];
    return optionsBuf;
  }

  function readResult(status) {
    const r = core.doubles(resultBuf, L.resultDoubles);
    const at = (key) => r[L.result(key)];
    return {
      iterations: at('ITERATIONS'),
      accepted: at('ACCEPTED'),
      rejected: at('REJECTED'),
      initialCost: at('INITIAL_COST'),
      cost: at('COST'),
      lambda: at('LAMBDA'),
      gradient: at('GRADIENT'),
      stop: L.stops[at('STOP')],
      converged: at('CONVERGED') === 1,
      reached: at('REACHED') === 1,
      // a text for the result: the core's status, or the cap (which the
      // core reports as OK with converged = 0)
      status:
        at('CONVERGED') === 1
          ? core.statusText(status)
          : 'did not converge: stopped at the iteration cap',
    };
  }

  // The pose as the solver returns it in poseBuf: rotations and root.
  function readPose() {
    const pose = core.doubles(poseBuf, L.poseDoubles);
    return {
      pose: Float32Array.from(pose.subarray(3)),
      root: Float64Array.from(pose.subarray(0, 3)),
    };
  }

  // The context the task encoder needs (ik-tasks.js loadTasks).
  const taskContext = { core, layout: L, tasksBuf: buffers.tasksBuf, markerBuf: buffers.markerBuf };

  return {
    ...buffers,
    layout: L,
    taskContext,
    workspaceFor,
    writeMask,
    writePose,
    writeOptions,
    readResult,
    readPose,
  };
}
