// Inverse kinematics over the WASM core (SPEC §7): frame-vector and
// retargeting tasks solved by Levenberg–Marquardt, the clap solved by IK,
// and clips retargeted from another skeleton's joint positions.
import { ENUM_NAMES, abiGroup, enumCodes } from './abi.js';
import { createBoundedCache } from './bounded-cache.js';
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from './skeleton-names.js';
import {
  checkArrayLike,
  checkNumber,
  checkOneOf,
  checkOptions,
  checkPose,
  describe,
  readNumbers,
} from './validate.js';

const POSE = 4 * JOINT_COUNT;
const SOURCE_STRIDE = 3 * JOINT_COUNT;
const WORKSPACE_CACHE = 4; // heights whose solver workspace is kept
// retargetClip's documented maximum: 892 bytes a frame (source in double,
// rotations and root in float), 44.6 MB of the 64 MB heap at 50,000 frames.
export const MAX_RETARGET_FRAMES = 50000;

const HUBER_MODES = ENUM_NAMES.huber;
// Named points of the hand a task can use as a link or origin.
const MARKERS = ENUM_NAMES.marker;

// The keys a solveIK request and a retargetClip request may hold.
const SOLVE_IK_KEYS = [
  ...['tasks', 'start', 'root', 'reference', 'referenceRoot', 'referenceWeight'],
  ...['previous', 'previousRoot', 'previousWeight', 'options', 'height', 'mask', 'dofMask'],
];
const RETARGET_KEYS = [
  ...['positions', 'driven', 'pairs', 'height', 'mask', 'dofMask', 'options'],
  ...['targetScale', 'weightPosition', 'weightDirection', 'directionRows'],
  ...['referenceWeight', 'previousWeight', 'maxIterations'],
];

export const RETARGET_DEFAULTS = Object.freeze({
  targetScale: 1,
  weightPosition: 1,
  weightDirection: 1,
  directionRows: 3,
  referenceWeight: 0.01,
  previousWeight: 0.05,
  maxIterations: 20,
});

// A joint given by name or index.
function jointIndex(name, value, { allowWorld = false } = {}) {
  if (typeof value === 'number' && Number.isInteger(value)) {
    if ((allowWorld && value === -1) || (value >= 0 && value < JOINT_COUNT)) return value;
    throw new RangeError(
      `${name} must be a joint index in [${allowWorld ? -1 : 0}, ${JOINT_COUNT - 1}] or a joint name, got ${value}`,
    );
  }
  if (typeof value === 'string') {
    const index = JOINT_NAMES.indexOf(value);
    if (index >= 0) return index;
    throw new RangeError(
      `${name} must be a joint name (${JOINT_NAMES.join(', ')}), got ${describe(value)}`,
    );
  }
  throw new TypeError(`${name} must be a joint name or index, got ${describe(value)}`);
}

// The core's numbers the solver's flat entries need, by name.
function ikLayout(core) {
  const n = (name) => core.n(name);
  const stopCodes = enumCodes(core.abi, 'ikStop');
  const stops = [];
  for (const [name, code] of Object.entries(stopCodes)) stops[code] = name;
  const optionSlot = (key) =>
    n(`KB_IK_OPTION_${key.replace(/[A-Z]/g, (m) => '_' + m).toUpperCase()}`);
  // the solver's defaults (kb_ik_default_options) by option name
  const ikDefaults = abiGroup(core.abi, 'default.ik.');
  return {
    ikDefaults,
    dof: n('KB_IK_DOF'),
    poseDoubles: n('KB_IK_POSE_DOUBLES'),
    maxPairs: n('KB_IK_MAX_PAIRS'),
    maxTasks: n('KB_IK_MAX_TASKS'),
    maxRows: n('KB_IK_MAX_ROWS'),
    resultDoubles: n('KB_IK_RESULT_DOUBLES'),
    optionDoubles: n('KB_IK_OPTIONS_DOUBLES'),
    optionSlots: Object.fromEntries(Object.keys(ikDefaults).map((key) => [key, optionSlot(key)])),
    clapDoubles: n('KB_CLAP_OPTIONS_DOUBLES'),
    clapSlots: {
      separation: n('KB_CLAP_OPTION_SEPARATION'),
      chestForward: n('KB_CLAP_OPTION_CHEST_FORWARD'),
      chestDrop: n('KB_CLAP_OPTION_CHEST_DROP'),
      chestWeight: n('KB_CLAP_OPTION_CHEST_WEIGHT'),
      referenceWeight: n('KB_CLAP_OPTION_REFERENCE_WEIGHT'),
    },
    retargetResultDoubles: n('KB_RETARGET_RESULT_DOUBLES'),
    frameVector: n('KB_IK_TASK_FRAME_VECTOR'),
    retarget: n('KB_IK_TASK_RETARGET'),
    fvHeader: n('KB_IK_FV_HEADER'),
    fvPair: n('KB_IK_FV_PAIR'),
    rtHeader: n('KB_IK_RT_HEADER'),
    rtPair: n('KB_IK_RT_PAIR'),
    huber: enumCodes(core.abi, 'huber'),
    marker: enumCodes(core.abi, 'marker'),
    stops,
    result: (key) => n(`KB_IK_RESULT_${key}`),
  };
}

export function createIkApi(core, base) {
  const fn = core.fn;
  const L = ikLayout(core);
  const IK_DOF = L.dof;
  const MAX_PAIRS = L.maxPairs;
  const MAX_TASKS = L.maxTasks;
  const MAX_ROWS = L.maxRows;
  const POSE_DOUBLES = L.poseDoubles;
  const RESULT_DOUBLES = L.resultDoubles;
  const workspaces = createBoundedCache(
    WORKSPACE_CACHE,
    (height) => {
      const ptr = core.alloc(core.n('sizeof.ik_workspace'), 'an IK workspace');
      const status = fn._kb_ik_workspace_init(ptr, height);
      if (status !== core.OK) core.free(ptr);
      core.check(status, 'IK workspace');
      return ptr;
    },
    (ptr) => core.free(ptr),
  );
  // Buffers in the heap, allocated once: tasks, poses, rows, mask, result.
  const taskCapacity =
    1 + MAX_TASKS * (L.fvHeader + MAX_PAIRS * L.fvPair + L.rtHeader + MAX_PAIRS * L.rtPair);
  const tasksBuf = core.alloc(taskCapacity * 8);
  const poseBuf = core.alloc(POSE_DOUBLES * 8);
  const referenceBuf = core.alloc(POSE_DOUBLES * 8);
  const previousBuf = core.alloc(POSE_DOUBLES * 8);
  const optionsBuf = core.alloc(Math.max(L.optionDoubles, L.clapDoubles) * 8);
  const resultBuf = core.alloc(Math.max(RESULT_DOUBLES, L.retargetResultDoubles) * 8);
  const residualBuf = core.alloc(MAX_ROWS * 8);
  const jacobianBuf = core.alloc(MAX_ROWS * IK_DOF * 8);
  const maskBuf = core.alloc(IK_DOF);
  const rowsBuf = core.alloc(4);
  const floatPose = core.alloc(POSE * 4);
  const floatOut = core.alloc(POSE * 4);
  const markerBuf = core.alloc(4 * 8);
  const stepBuf = core.alloc(IK_DOF * 8);

  // The clap solve's defaults, from the core (kb_clap_solve_default_options
  // fills the struct whose fields are the KB_CLAP_OPTION_* slots).
  core.check(fn._kb_clap_solve_default_options(optionsBuf), 'clap defaults');
  const clapView = core.doubles(optionsBuf, L.clapDoubles);
  const CLAP_DEFAULTS = Object.freeze(
    Object.fromEntries(Object.entries(L.clapSlots).map(([key, slot]) => [key, clapView[slot]])),
  );
  const CLAP_KEYS = [...Object.keys(CLAP_DEFAULTS), 'height'];

  function workspaceFor(height = base.defaults.height) {
    return workspaces.get(base.checkHeight(height));
  }

  // A point fixed to the body: a joint (name or index), a hand marker name,
  // or { joint, offset: [x, y, z] } (offset in the joint's frame, m).
  function resolvePoint(name, value, workspace, allowWorld) {
    if (value === null || value === undefined) {
      if (allowWorld) return [-1, 0, 0, 0];
      throw new TypeError(
        `${name} must be a joint, a marker or { joint, offset }, got ${describe(value)}`,
      );
    }
    if (typeof value === 'string' && MARKERS.includes(value)) {
      core.check(fn._kb_ik_marker_flat(workspace, L.marker[value], markerBuf), 'marker');
      return Array.from(core.doubles(markerBuf, 4));
    }
    if (typeof value === 'object' && !Array.isArray(value)) {
      const joint = jointIndex(`${name}.joint`, value.joint, { allowWorld });
      const offset =
        value.offset === undefined ? [0, 0, 0] : checkArrayLike(`${name}.offset`, value.offset, 3);
      return [joint, offset[0], offset[1], offset[2]];
    }
    if (typeof value === 'string' && !JOINT_NAMES.includes(value)) {
      throw new RangeError(
        `${name} must be a joint name (${JOINT_NAMES.join(', ')}) or a marker (${MARKERS.join(', ')}), got ${describe(value)}`,
      );
    }
    return [jointIndex(name, value, { allowWorld }), 0, 0, 0];
  }

  function encodeFrameVector(task, at, out, workspace) {
    const name = `tasks[${at.index}]`;
    const pairs = checkPairs(name, task.pairs, MAX_PAIRS);
    const huber = checkOneOf(`${name}.huber`, task.huber ?? 'off', HUBER_MODES);
    const huberDelta = task.huberDelta ?? 1;
    if (huber !== 'off') checkNumber(`${name}.huberDelta`, huberDelta, { min: 0, minOpen: true });
    let gateStart = 0;
    let gateFull = 0;
    if (task.gate !== undefined && task.gate !== null && task.gate !== false) {
      checkOptions(`${name}.gate`, task.gate);
      gateStart = checkNumber(`${name}.gate.start`, task.gate.start, { min: 0 });
      gateFull = checkNumber(`${name}.gate.full`, task.gate.full, { min: 0 });
      if (!(gateStart > gateFull)) {
        throw new RangeError(
          `${name}.gate.start must exceed gate.full, got start ${gateStart}, full ${gateFull}`,
        );
      }
    }
    const start = out.length;
    out.push(L.frameVector, pairs.length, task.directionOnly ? 1 : 0, L.huber[huber], huberDelta);
    out.push(gateStart > gateFull ? 1 : 0, gateStart, gateFull);
    pairs.forEach((pair, i) => {
      const p = `${name}.pairs[${i}]`;
      checkOptions(p, pair);
      out.push(...resolvePoint(`${p}.origin`, pair.origin, workspace, true));
      out.push(...resolvePoint(`${p}.link`, pair.link, workspace, false));
      out.push(...checkArrayLike(`${p}.target`, pair.target, 3));
      out.push(checkNumber(`${p}.scale`, pair.scale ?? 1));
      out.push(checkNumber(`${p}.weight`, pair.weight ?? 1, { min: 0 }));
    });
    checkEncoded(out.length - start, L.fvHeader + pairs.length * L.fvPair, 'frame-vector');
  }

  // An encoding of another length than the core's header and pair sizes
  // is a library defect, not a user's error.
  function checkEncoded(length, expected, kind) {
    if (length !== expected) {
      throw new Error(
        `kblend: ${kind} task encoded as ${length} doubles, the core reads ${expected}`,
      );
    }
  }

  function encodeRetarget(task, at, out) {
    const name = `tasks[${at.index}]`;
    const pairs = checkPairs(name, task.pairs, MAX_PAIRS);
    const targets = checkArrayLike(`${name}.targets`, task.targets, SOURCE_STRIDE);
    const rows = task.directionRows ?? 1;
    checkOneOf(`${name}.directionRows`, rows, [1, 3]);
    const start = out.length;
    out.push(L.retarget, pairs.length);
    out.push(checkNumber(`${name}.targetScale`, task.targetScale ?? 1, { min: 0, minOpen: true }));
    out.push(checkNumber(`${name}.weightPosition`, task.weightPosition ?? 1, { min: 0 }));
    out.push(checkNumber(`${name}.weightDirection`, task.weightDirection ?? 1, { min: 0 }));
    out.push(rows, ...targets);
    pairs.forEach((pair, i) => {
      const p = `${name}.pairs[${i}]`;
      checkOptions(p, pair);
      const joint = jointIndex(`${p}.joint`, pair.joint);
      const origin =
        pair.origin === null || pair.origin === undefined
          ? -1
          : jointIndex(`${p}.origin`, pair.origin, { allowWorld: true });
      if (origin === joint)
        throw new RangeError(
          `${p}.origin must differ from its joint, got ${JOINT_NAMES[joint]} twice`,
        );
      out.push(joint, origin, checkNumber(`${p}.weight`, pair.weight ?? 1, { min: 0 }));
    });
    checkEncoded(out.length - start, L.rtHeader + pairs.length * L.rtPair, 'retargeting');
  }

  // Encodes a task list into the heap and hands it to the workspace.
  function loadTasks(tasks, workspace) {
    if (!Array.isArray(tasks) || tasks.length === 0) {
      throw new TypeError(
        `tasks must be a non-empty array of task objects, got ${describe(tasks)}`,
      );
    }
    const kinds = { frameVector: 0, retarget: 0 };
    const out = [tasks.length];
    for (let index = 0; index < tasks.length; index++) {
      const task = checkOptions(`tasks[${index}]`, tasks[index] ?? null);
      const type = checkOneOf(`tasks[${index}].type`, task.type, ['frameVector', 'retarget']);
      if (++kinds[type] > MAX_TASKS)
        throw new RangeError(`tasks: at most ${MAX_TASKS} ${type} tasks, got more`);
      if (type === 'frameVector') encodeFrameVector(task, { index }, out, workspace);
      else encodeRetarget(task, { index }, out);
    }
    core.doubles(tasksBuf, out.length).set(out);
    core.check(fn._kb_ik_set_tasks_flat(workspace, tasksBuf, out.length), 'IK tasks');
  }

  // mask: joint names/indices that may move ('root' for the translation);
  // dofMask: KB_IK_DOF entries 0/1 in the DoF layout. Neither: all move.
  function writeMask({ mask, dofMask }) {
    if (mask !== undefined && dofMask !== undefined) {
      throw new TypeError('give mask (joints) or dofMask (degrees of freedom), not both');
    }
    const view = core.u8.subarray(maskBuf, maskBuf + IK_DOF);
    if (dofMask !== undefined) {
      checkArrayLike('dofMask', dofMask, IK_DOF);
      for (let i = 0; i < IK_DOF; i++) view[i] = dofMask[i] ? 1 : 0;
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
    const view = core.doubles(ptr, POSE_DOUBLES);
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
    const r = core.doubles(resultBuf, RESULT_DOUBLES);
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

  function solveIK(request) {
    const {
      tasks,
      start = base.idlePose(),
      root,
      reference,
      referenceRoot,
      referenceWeight = 0,
      previous,
      previousRoot,
      previousWeight = 0,
      options,
      height,
    } = checkOptions('solveIK request', request, SOLVE_IK_KEYS);
    const workspace = workspaceFor(height);
    loadTasks(tasks, workspace);
    writePose(poseBuf, 'start', start, root);
    const referencePtr =
      reference === undefined ? 0 : writePose(referenceBuf, 'reference', reference, referenceRoot);
    const previousPtr =
      previous === undefined ? 0 : writePose(previousBuf, 'previous', previous, previousRoot);
    checkNumber('referenceWeight', referenceWeight, { min: 0 });
    checkNumber('previousWeight', previousWeight, { min: 0 });
    const maskPtr = writeMask(request);
    const optionsPtr = writeOptions(options);
    const status = fn._kb_ik_solve_flat(
      workspace,
      poseBuf,
      maskPtr,
      referencePtr,
      referenceWeight,
      previousPtr,
      previousWeight,
      optionsPtr,
      resultBuf,
    );
    core.check(status, 'solveIK'); // the iteration cap is OK with converged false
    const pose = core.doubles(poseBuf, POSE_DOUBLES);
    return {
      pose: Float32Array.from(pose.subarray(3)),
      root: Float64Array.from(pose.subarray(0, 3)),
      ...readResult(status),
    };
  }

  // Residual and Jacobian rows of one task at a pose (rows × KB_IK_DOF,
  // row-major), as the solver sees them: for checks and plots.
  function taskRows(task, options) {
    const {
      pose = base.idlePose(),
      root,
      mask,
      dofMask,
      height,
    } = checkOptions('options', options, ['pose', 'root', 'mask', 'dofMask', 'height']);
    const workspace = workspaceFor(height);
    loadTasks([task], workspace);
    writePose(poseBuf, 'pose', pose, root);
    const maskPtr = writeMask({ mask, dofMask });
    const status = fn._kb_ik_task_evaluate_flat(
      workspace,
      0,
      poseBuf,
      maskPtr,
      residualBuf,
      jacobianBuf,
      MAX_ROWS,
      rowsBuf,
    );
    core.check(status, 'taskRows');
    const rows = core.i32[rowsBuf >> 2];
    return {
      rows,
      residual: Float64Array.from(core.doubles(residualBuf, rows)),
      jacobian: Float64Array.from(core.doubles(jacobianBuf, rows * IK_DOF)),
    };
  }

  function solveClap(localRotations, options = {}) {
    checkPose('localRotations', localRotations, JOINT_COUNT, core.floats(floatPose, POSE));
    const o = { ...CLAP_DEFAULTS, ...checkOptions('options', options, CLAP_KEYS) };
    checkNumber('options.separation', o.separation, { min: 0, minOpen: true, max: 1 });
    checkNumber('options.chestForward', o.chestForward, { min: 0, max: 1 });
    checkNumber('options.chestDrop', o.chestDrop, { min: -1, max: 1 });
    checkNumber('options.chestWeight', o.chestWeight, { min: 0 });
    checkNumber('options.referenceWeight', o.referenceWeight, { min: 0 });
    const workspace = workspaceFor(o.height);
    const view = core.doubles(optionsBuf, L.clapDoubles);
    for (const [key, slot] of Object.entries(L.clapSlots)) view[slot] = o[key];
    const status = fn._kb_clap_solve_flat(workspace, floatPose, optionsBuf, floatOut, resultBuf);
    core.check(status, 'solveClap');
    const pose = core.floats(floatOut, POSE).slice();
    const result = readResult(status);
    const report = base.validateClap(pose, { height: o.height });
    return {
      pose,
      report,
      iterations: result.iterations,
      cost: result.cost,
      converged: result.converged,
      ok: report.ok,
      result,
    };
  }

  // Segments from each driven joint to its nearest driven ancestor; the
  // pelvis (when driven) is tied to the world origin, which places the root.
  function defaultRetargetPairs(driven) {
    checkDriven(driven);
    const pairs = [];
    for (let j = 0; j < JOINT_COUNT; j++) {
      if (!driven[j]) continue;
      let origin = JOINT_PARENTS[j];
      while (origin >= 0 && !driven[origin]) origin = JOINT_PARENTS[origin];
      if (origin >= 0 || j === 0) pairs.push({ joint: j, origin });
    }
    return pairs;
  }

  // positions: frames × 66 source positions in our joint order (rows of
  // joints the source lacks are ignored); driven: 22 booleans, which
  // joints have a source. Returns frames × 88 local rotations and frames ×
  // 3 root translations in metres.
  function retargetClip(request) {
    const r = {
      ...RETARGET_DEFAULTS,
      ...checkOptions('retargetClip request', request, RETARGET_KEYS),
    };
    const { positions, driven = new Array(JOINT_COUNT).fill(true) } = r;
    checkDriven(driven);
    const hasLength = positions && typeof positions.length === 'number';
    if (!hasLength || positions.length === 0 || positions.length % SOURCE_STRIDE !== 0) {
      throw new TypeError(
        `positions must be frames × ${SOURCE_STRIDE} numbers (22 joints × xyz per frame), got ${describe(positions)}`,
      );
    }
    const frames = positions.length / SOURCE_STRIDE;
    checkNumber('frames', frames, { min: 1, max: MAX_RETARGET_FRAMES, integer: true });
    checkNumber('targetScale', r.targetScale, { min: 0, minOpen: true });
    checkNumber('weightPosition', r.weightPosition, { min: 0 });
    checkNumber('weightDirection', r.weightDirection, { min: 0 });
    checkOneOf('directionRows', r.directionRows, [1, 3]);
    checkNumber('referenceWeight', r.referenceWeight, { min: 0 });
    checkNumber('previousWeight', r.previousWeight, { min: 0 });
    const pairs = r.pairs ?? defaultRetargetPairs(driven);
    checkPairs('retargetClip', pairs, MAX_PAIRS);
    const workspace = workspaceFor(r.height);
    // one retargeting task in the task-list encoding; its targets are the
    // source frames, which the core fills in frame by frame
    const task = {
      type: 'retarget',
      pairs: pairs.map((pair, i) => ({ ...checkOptions(`pairs[${i}]`, pair ?? null) })),
      targets: new Float64Array(SOURCE_STRIDE),
      targetScale: r.targetScale,
      weightPosition: r.weightPosition,
      weightDirection: r.weightDirection,
      directionRows: r.directionRows,
    };
    loadTasks([task], workspace);
    const maskPtr = writeMask({ mask: r.mask, dofMask: r.dofMask });
    const optionsPtr = writeOptions({
      ...r.options,
      maxIterations: r.options?.maxIterations ?? r.maxIterations,
    });
    // One block for the clip: source, rotations, root; nothing is taken
    // unless all of it fits, and it is given back on every path.
    const sourceBytes = positions.length * 8;
    const block = core.alloc(
      sourceBytes + frames * (POSE + 3) * 4,
      `a retargeted clip of ${frames} frames`,
    );
    const sourcePtr = block;
    const localPtr = block + sourceBytes;
    const rootPtr = localPtr + frames * POSE * 4;
    try {
      const source = core.doubles(sourcePtr, positions.length);
      for (let i = 0; i < source.length; i++) {
        const v = positions[i];
        if (typeof v !== 'number' || !Number.isFinite(v)) {
          const frame = Math.floor(i / SOURCE_STRIDE);
          const joint = JOINT_NAMES[Math.floor((i % SOURCE_STRIDE) / 3)];
          const Kind = typeof v === 'number' ? RangeError : TypeError;
          throw new Kind(
            `positions must be finite numbers: frame ${frame}, joint ${joint} has ${describe(v)}`,
          );
        }
        source[i] = v;
      }
      const status = fn._kb_retarget_clip_flat(
        workspace,
        sourcePtr,
        frames,
        maskPtr,
        r.referenceWeight,
        r.previousWeight,
        optionsPtr,
        localPtr,
        rootPtr,
        resultBuf,
      );
      core.check(status, 'retargetClip');
      // total iterations, mean final cost, frames that reached the cap
      const result = core.doubles(resultBuf, L.retargetResultDoubles);
      return {
        frames,
        rotations: core.floats(localPtr, frames * POSE).slice(),
        root: core.floats(rootPtr, frames * 3).slice(),
        iterations: result[0],
        meanCost: result[1],
        unconverged: result[2],
      };
    } finally {
      core.free(block);
    }
  }

  // The pose moved by δ (KB_IK_DOF values) in the solver's DoF layout, in
  // double precision by the core: root += δ[0..2], R_j ← R_j·exp([δ_j]).
  // pose: 88 rotations, root: 3 (nullable). For finite differences.
  function applyStep(pose, root, delta) {
    writePose(poseBuf, 'pose', pose, root);
    readNumbers('delta', delta, IK_DOF, core.doubles(stepBuf, IK_DOF));
    core.check(fn._kb_ik_apply_step(poseBuf, stepBuf, referenceBuf), 'applyStep');
    const out = core.doubles(referenceBuf, POSE_DOUBLES);
    if (!out.every(Number.isFinite)) {
      throw new RangeError('delta is too large: the moved pose is not finite');
    }
    return {
      pose: Float64Array.from(out.subarray(3)),
      root: Float64Array.from(out.subarray(0, 3)),
    };
  }

  return {
    solveIK,
    solveClap,
    retargetClip,
    taskRows,
    applyStep,
    defaultRetargetPairs,
    ikDefaults: L.ikDefaults,
    clapDefaults: CLAP_DEFAULTS,
  };
}

// 22 flags, one per joint: which joints a clip drives.
function checkDriven(driven) {
  const ok = Array.isArray(driven) || (ArrayBuffer.isView(driven) && !(driven instanceof DataView));
  if (!ok || driven.length !== JOINT_COUNT) {
    throw new TypeError(
      `driven must be ${JOINT_COUNT} booleans (one per joint), got ${describe(driven)}`,
    );
  }
}

// An array of 1 … MAX_PAIRS pairs, each present (a sparse array's holes
// would otherwise leave the previous call's pairs in the buffer).
function checkPairs(name, pairs, MAX_PAIRS) {
  if (!Array.isArray(pairs) || pairs.length === 0 || pairs.length > MAX_PAIRS) {
    throw new RangeError(
      `${name}.pairs must be an array of 1 to ${MAX_PAIRS} pairs, got ${describe(pairs)}`,
    );
  }
  for (let i = 0; i < pairs.length; i++) {
    if (!(i in pairs)) {
      throw new TypeError(`${name}.pairs[${i}] is missing (a sparse array); every pair is needed`);
    }
  }
  return pairs;
}
