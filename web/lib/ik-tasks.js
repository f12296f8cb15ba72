// The solver's task list: frame-vector and retargeting tasks checked and
// encoded as the flat doubles kb_ik_set_tasks_flat reads (its layout is in
// kblend_wasm.h), then handed to a workspace.
import { ENUM_NAMES } from './abi.js';
import { jointIndex } from './ik-layout.js';
import { JOINT_COUNT, JOINT_NAMES } from './skeleton-names.js';
import { checkArrayLike, checkNumber, checkOneOf, checkOptions, describe } from './validate.js';

const SOURCE_STRIDE = 3 * JOINT_COUNT;
const HUBER_MODES = ENUM_NAMES.huber;
// Named points of the hand a task can use as a link or origin.
const MARKERS = ENUM_NAMES.marker;

// An array of 1 … maxPairs pairs, each present (a sparse array's holes
// would otherwise leave the previous call's pairs in the buffer).
export function checkPairs(name, pairs, maxPairs) {
  if (!Array.isArray(pairs) || pairs.length === 0 || pairs.length > maxPairs) {
    throw new RangeError(
      `${name}.pairs must be an array of 1 to ${maxPairs} pairs, got ${describe(pairs)}`,
    );
  }
  for (let i = 0; i < pairs.length; i++) {
    if (!(i in pairs)) {
      throw new TypeError(`${name}.pairs[${i}] is missing (a sparse array); every pair is needed`);
    }
  }
  return pairs;
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

// A point fixed to the body: a joint (name or index), a hand marker name,
// or { joint, offset: [x, y, z] } (offset in the joint's frame, m), as
// [joint, x, y, z].
function resolvePoint(ctx, name, value, workspace, allowWorld) {
  const { core, layout, markerBuf } = ctx;
  if (value === null || value === undefined) {
    if (allowWorld) return [-1, 0, 0, 0];
    throw new TypeError(
      `${name} must be a joint, a marker or { joint, offset }, got ${describe(value)}`,
    );
  }
  if (typeof value === 'string' && MARKERS.includes(value)) {
    core.check(core.fn._kb_ik_marker_flat(workspace, layout.marker[value], markerBuf), 'marker');
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

// The soft gate's start and full lengths (0, 0 when off).
function readGate(name, gate) {
  if (gate === undefined || gate === null || gate === false) return [0, 0];
  checkOptions(`${name}.gate`, gate);
  const start = checkNumber(`${name}.gate.start`, gate.start, { min: 0 });
  const full = checkNumber(`${name}.gate.full`, gate.full, { min: 0 });
  if (!(start > full)) {
    throw new RangeError(
      `${name}.gate.start must exceed gate.full, got start ${start}, full ${full}`,
    );
  }
  return [start, full];
}

function encodeFrameVector(ctx, task, index, out, workspace) {
  const { layout } = ctx;
  const name = `tasks[${index}]`;
  const pairs = checkPairs(name, task.pairs, layout.maxPairs);
  const huber = checkOneOf(`${name}.huber`, task.huber ?? 'off', HUBER_MODES);
  const huberDelta = task.huberDelta ?? 1;
  if (huber !== 'off') checkNumber(`${name}.huberDelta`, huberDelta, { min: 0, minOpen: true });
  const [gateStart, gateFull] = readGate(name, task.gate);
  const start = out.length;
  out.push(layout.frameVector, pairs.length, task.directionOnly ? 1 : 0);
  out.push(layout.huber[huber], huberDelta);
  out.push(gateStart > gateFull ? 1 : 0, gateStart, gateFull);
  pairs.forEach((pair, i) => {
    const p = `${name}.pairs[${i}]`;
    checkOptions(p, pair);
    out.push(...resolvePoint(ctx, `${p}.origin`, pair.origin, workspace, true));
    out.push(...resolvePoint(ctx, `${p}.link`, pair.link, workspace, false));
    out.push(...checkArrayLike(`${p}.target`, pair.target, 3));
    out.push(checkNumber(`${p}.scale`, pair.scale ?? 1));
    out.push(checkNumber(`${p}.weight`, pair.weight ?? 1, { min: 0 }));
  });
  checkEncoded(out.length - start, layout.fvHeader + pairs.length * layout.fvPair, 'frame-vector');
}

function encodeRetarget(ctx, task, index, out) {
  const { layout } = ctx;
  const name = `tasks[${index}]`;
  const pairs = checkPairs(name, task.pairs, layout.maxPairs);
  const targets = checkArrayLike(`${name}.targets`, task.targets, SOURCE_STRIDE);
  const rows = task.directionRows ?? 1;
  checkOneOf(`${name}.directionRows`, rows, [1, 3]);
  const start = out.length;
  out.push(layout.retarget, pairs.length);
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
  checkEncoded(out.length - start, layout.rtHeader + pairs.length * layout.rtPair, 'retargeting');
}

/**
 * Encodes a task list into the heap and hands it to the workspace.
 * ctx: { core, layout (ikLayout), tasksBuf, markerBuf }.
 */
export function loadTasks(ctx, tasks, workspace) {
  const { core, layout, tasksBuf } = ctx;
  if (!Array.isArray(tasks) || tasks.length === 0) {
    throw new TypeError(`tasks must be a non-empty array of task objects, got ${describe(tasks)}`);
  }
  const kinds = { frameVector: 0, retarget: 0 };
  const out = [tasks.length];
  for (let index = 0; index < tasks.length; index++) {
    const task = checkOptions(`tasks[${index}]`, tasks[index] ?? null);
    const type = checkOneOf(`tasks[${index}].type`, task.type, ['frameVector', 'retarget']);
    if (++kinds[type] > layout.maxTasks)
      throw new RangeError(`tasks: at most ${layout.maxTasks} ${type} tasks, got more`);
    if (type === 'frameVector') encodeFrameVector(ctx, task, index, out, workspace);
    else encodeRetarget(ctx, task, index, out);
  }
  core.doubles(tasksBuf, out.length).set(out);
  core.check(core.fn._kb_ik_set_tasks_flat(workspace, tasksBuf, out.length), 'IK tasks');
}
