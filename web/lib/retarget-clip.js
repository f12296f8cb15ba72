// A clip retargeted from another skeleton's joint positions onto kblend's:
// one retargeting task solved frame by frame by the core
// (kb_retarget_clip), warm-started, with rest and smoothness regularizers.
import { loadTasks, checkPairs } from './ik-tasks.js';
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from './skeleton-names.js';
import { checkNumber, checkOneOf, checkOptions, describe } from './validate.js';

const POSE = 4 * JOINT_COUNT;
const SOURCE_STRIDE = 3 * JOINT_COUNT;
// retargetClip's documented maximum: 892 bytes a frame (source in double,
// rotations and root in float), 44.6 MB of the 64 MB heap at 50,000 frames.
const MAX_RETARGET_FRAMES = 50000;

// The keys a retargetClip request may hold.
const RETARGET_KEYS = [
  ...['positions', 'driven', 'pairs', 'height', 'mask', 'dofMask', 'options'],
  ...['targetScale', 'weightPosition', 'weightDirection', 'directionRows'],
  ...['referenceWeight', 'previousWeight', 'maxIterations'],
];

const RETARGET_DEFAULTS = Object.freeze({
  targetScale: 1,
  weightPosition: 1,
  weightDirection: 1,
  directionRows: 3,
  referenceWeight: 0.01,
  previousWeight: 0.05,
  maxIterations: 20,
});

// 22 flags, one per joint: which joints a clip drives.
function checkDriven(driven) {
  const ok = Array.isArray(driven) || (ArrayBuffer.isView(driven) && !(driven instanceof DataView));
  if (!ok || driven.length !== JOINT_COUNT) {
    throw new TypeError(
      `driven must be ${JOINT_COUNT} booleans (one per joint), got ${describe(driven)}`,
    );
  }
}

// Segments from each driven joint to its nearest driven ancestor; the
// pelvis (when driven) is tied to the world origin, which places the root.
export function defaultRetargetPairs(driven) {
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

// The request with its defaults, checked; frames counted from positions.
function checkRequest(request, maxPairs) {
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
  checkPairs('retargetClip', pairs, maxPairs);
  return { r, positions, frames, pairs };
}

// One retargeting task in the task-list encoding; its targets are the
// source frames, which the core fills in frame by frame.
function retargetTask(r, pairs) {
  return {
    type: 'retarget',
    pairs: pairs.map((pair, i) => ({ ...checkOptions(`pairs[${i}]`, pair ?? null) })),
    targets: new Float64Array(SOURCE_STRIDE),
    targetScale: r.targetScale,
    weightPosition: r.weightPosition,
    weightDirection: r.weightDirection,
    directionRows: r.directionRows,
  };
}

// The source positions into the heap as doubles, each checked finite.
function writeSource(core, ptr, positions) {
  const source = core.doubles(ptr, positions.length);
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
}

/**
 * retargetClip over the solver's workspace `ws` (ik-workspace.js).
 * positions: frames × 66 source positions in our joint order (rows of
 * joints the source lacks are ignored); driven: 22 booleans, which joints
 * have a source. Returns frames × 88 local rotations and frames × 3 root
 * translations in metres.
 */
export function createRetargetClip(core, ws) {
  const L = ws.layout;
  return function retargetClip(request) {
    const { r, positions, frames, pairs } = checkRequest(request, L.maxPairs);
    const workspace = ws.workspaceFor(r.height);
    loadTasks(ws.taskContext, [retargetTask(r, pairs)], workspace);
    const maskPtr = ws.writeMask({ mask: r.mask, dofMask: r.dofMask });
    const optionsPtr = ws.writeOptions({
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
    const localPtr = block + sourceBytes;
    const rootPtr = localPtr + frames * POSE * 4;
    try {
      writeSource(core, block, positions);
      const status = core.fn._kb_retarget_clip_flat(
        workspace,
        block,
        frames,
        maskPtr,
        r.referenceWeight,
        r.previousWeight,
        optionsPtr,
        localPtr,
        rootPtr,
        ws.resultBuf,
      );
      core.check(status, 'retargetClip');
      // total iterations, mean final cost, frames that reached the cap
      const result = core.doubles(ws.resultBuf, L.retargetResultDoubles);
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
  };
}
