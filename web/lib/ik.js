// Inverse kinematics over the WASM core (docs/design.md §7): frame-vector and
// retargeting tasks solved by Levenberg–Marquardt, the clap solved by IK,
// and clips retargeted from another skeleton's joint positions. The layout
// of the core's numbers is ik-layout.js, the task encoding ik-tasks.js, the
// heap side ik-workspace.js, clip retargeting retarget-clip.js.
import { ikLayout } from './ik-layout.js';
import { loadTasks } from './ik-tasks.js';
import { createIkWorkspace } from './ik-workspace.js';
import { createRetargetClip, defaultRetargetPairs } from './retarget-clip.js';
import { JOINT_COUNT } from './skeleton-names.js';
import { checkNumber, checkOptions, checkPose, readNumbers } from './validate.js';

const POSE = 4 * JOINT_COUNT;

// The keys a solveIK request may hold.
const SOLVE_IK_KEYS = [
  ...['tasks', 'start', 'root', 'reference', 'referenceRoot', 'referenceWeight'],
  ...['previous', 'previousRoot', 'previousWeight', 'options', 'height', 'mask', 'dofMask'],
];

// The clap solve's defaults, from the core (kb_clap_solve_default_options
// fills the struct whose fields are the KB_CLAP_OPTION_* slots).
function readClapDefaults(core, ws) {
  const L = ws.layout;
  core.check(core.fn._kb_clap_solve_default_options(ws.optionsBuf), 'clap defaults');
  const view = core.doubles(ws.optionsBuf, L.clapDoubles);
  return Object.freeze(
    Object.fromEntries(Object.entries(L.clapSlots).map(([key, slot]) => [key, view[slot]])),
  );
}

function createSolveIK(core, base, ws) {
  return function solveIK(request) {
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
    const workspace = ws.workspaceFor(height);
    loadTasks(ws.taskContext, tasks, workspace);
    ws.writePose(ws.poseBuf, 'start', start, root);
    const referencePtr =
      reference === undefined
        ? 0
        : ws.writePose(ws.referenceBuf, 'reference', reference, referenceRoot);
    const previousPtr =
      previous === undefined ? 0 : ws.writePose(ws.previousBuf, 'previous', previous, previousRoot);
    checkNumber('referenceWeight', referenceWeight, { min: 0 });
    checkNumber('previousWeight', previousWeight, { min: 0 });
    const maskPtr = ws.writeMask(request);
    const optionsPtr = ws.writeOptions(options);
    const status = core.fn._kb_ik_solve_flat(
      workspace,
      ws.poseBuf,
      maskPtr,
      referencePtr,
      referenceWeight,
      previousPtr,
      previousWeight,
      optionsPtr,
      ws.resultBuf,
    );
    core.check(status, 'solveIK'); // the iteration cap is OK with converged false
    return { ...ws.readPose(), ...ws.readResult(status) };
  };
}

// Residual and Jacobian rows of one task at a pose (rows × KB_IK_DOF,
// row-major), as the solver sees them: for checks and plots.
function createTaskRows(core, base, ws) {
  const L = ws.layout;
  return function taskRows(task, options) {
    const {
      pose = base.idlePose(),
      root,
      mask,
      dofMask,
      height,
    } = checkOptions('options', options, ['pose', 'root', 'mask', 'dofMask', 'height']);
    const workspace = ws.workspaceFor(height);
    loadTasks(ws.taskContext, [task], workspace);
    ws.writePose(ws.poseBuf, 'pose', pose, root);
    const maskPtr = ws.writeMask({ mask, dofMask });
    const status = core.fn._kb_ik_task_evaluate_flat(
      workspace,
      0,
      ws.poseBuf,
      maskPtr,
      ws.residualBuf,
      ws.jacobianBuf,
      L.maxRows,
      ws.rowsBuf,
    );
    core.check(status, 'taskRows');
    const rows = core.i32[ws.rowsBuf >> 2];
    return {
      rows,
      residual: Float64Array.from(core.doubles(ws.residualBuf, rows)),
      jacobian: Float64Array.from(core.doubles(ws.jacobianBuf, rows * L.dof)),
    };
  };
}

function createSolveClap(core, base, ws, clapDefaults) {
  const L = ws.layout;
  return function solveClap(localRotations, options = {}) {
    checkPose('localRotations', localRotations, JOINT_COUNT, core.floats(ws.floatPose, POSE));
    const o = {
      ...clapDefaults,
      ...checkOptions('options', options, [...Object.keys(clapDefaults), 'height']),
    };
    checkNumber('options.separation', o.separation, { min: 0, minOpen: true, max: 1 });
    checkNumber('options.chestForward', o.chestForward, { min: 0, max: 1 });
    checkNumber('options.chestDrop', o.chestDrop, { min: -1, max: 1 });
    checkNumber('options.chestWeight', o.chestWeight, { min: 0 });
    checkNumber('options.referenceWeight', o.referenceWeight, { min: 0 });
    const workspace = ws.workspaceFor(o.height);
    const view = core.doubles(ws.optionsBuf, L.clapDoubles);
    for (const [key, slot] of Object.entries(L.clapSlots)) view[slot] = o[key];
    const status = core.fn._kb_clap_solve_flat(
      workspace,
      ws.floatPose,
      ws.optionsBuf,
      ws.floatOut,
      ws.resultBuf,
    );
    core.check(status, 'solveClap');
    const pose = core.floats(ws.floatOut, POSE).slice();
    const result = ws.readResult(status);
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
  };
}

// The pose moved by δ (KB_IK_DOF values) in the solver's DoF layout, in
// double precision by the core: root += δ[0..2], R_j ← R_j·exp([δ_j]).
// pose: 88 rotations, root: 3 (nullable). For finite differences.
function createApplyStep(core, ws) {
  const L = ws.layout;
  return function applyStep(pose, root, delta) {
    ws.writePose(ws.poseBuf, 'pose', pose, root);
    readNumbers('delta', delta, L.dof, core.doubles(ws.stepBuf, L.dof));
    core.check(core.fn._kb_ik_apply_step(ws.poseBuf, ws.stepBuf, ws.referenceBuf), 'applyStep');
    const out = core.doubles(ws.referenceBuf, L.poseDoubles);
    if (!out.every(Number.isFinite)) {
      throw new RangeError('delta is too large: the moved pose is not finite');
    }
    return {
      pose: Float64Array.from(out.subarray(3)),
      root: Float64Array.from(out.subarray(0, 3)),
    };
  };
}

export function createIkApi(core, base) {
  const layout = ikLayout(core);
  const ws = createIkWorkspace(core, base, layout);
  const clapDefaults = readClapDefaults(core, ws);
  return {
    solveIK: createSolveIK(core, base, ws),
    solveClap: createSolveClap(core, base, ws, clapDefaults),
    retargetClip: createRetargetClip(core, ws),
    taskRows: createTaskRows(core, base, ws),
    applyStep: createApplyStep(core, ws),
    defaultRetargetPairs,
    ikDefaults: layout.ikDefaults,
    clapDefaults,
  };
}
