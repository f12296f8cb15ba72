// A crowd: N gesture previews evaluated by one call into the core. Poses,
// changed-joint masks and (on request) world matrices are views of the
// core's heap, filled in place by evaluate(t); nothing is validated or
// copied per member on the frame path.
import { createOwnedBlock } from './memory.js';
import { JOINT_COUNT } from './skeleton-names.js';
import { checkArrayLike, checkNumber, checkOptions, checkTunable, describe } from './validate.js';

const MAX_CROWD = 10000;
const POSE = 4 * JOINT_COUNT;
const MATRICES = 16 * JOINT_COUNT;

// members: an array of preview options, or { count, options }.
function memberOptionList(members) {
  if (Array.isArray(members)) {
    if (members.length < 1 || members.length > MAX_CROWD) {
      throw new RangeError(
        `members must hold 1 to ${MAX_CROWD} preview options, got ${members.length}`,
      );
    }
    return members;
  }
  if (members && typeof members === 'object') {
    const { count, options = {} } = checkOptions('members', members, ['count', 'options']);
    checkNumber('members.count', count, { min: 1, max: MAX_CROWD, integer: true });
    return Array.from({ length: count }, () => options);
  }
  throw new TypeError(
    `members must be an array of preview options or { count, options }, got ${describe(members)}`,
  );
}

// The library's errors say which member they are about; anything else a
// member's own code threw (a getter throwing 42 or null) is passed on as
// it is, not rebuilt from a constructor it may not have.
function withMember(error, i) {
  const Kind = [TypeError, RangeError, Error].find((k) => error?.constructor === k);
  return Kind ? new Kind(`members[${i}]: ${error.message}`, { cause: error }) : error;
}

function createMembers(createPreview, list) {
  const previews = [];
  try {
    list.forEach((options, i) => {
      try {
        previews.push(createPreview(options));
      } catch (error) {
        throw withMember(error, i);
      }
    });
  } catch (error) {
    for (const preview of previews) preview.dispose();
    throw error;
  }
  return previews;
}

const CROWD_OPTIONS = ['members', 'matrices', 'matrixLayout', 'height', 'roots', 'referencePath'];

// 'member': joint j of member i at 16·(22·i + j); 'joint': at 16·(count·j + i).
const LAYOUTS = ['member', 'joint'];

function checkLayout(matrices, matrixLayout) {
  if (typeof matrices !== 'boolean') {
    throw new TypeError(`matrices must be true or false, got ${describe(matrices)}`);
  }
  if (!LAYOUTS.includes(matrixLayout)) {
    throw new RangeError(
      `matrixLayout must be one of ${LAYOUTS.map((l) => `'${l}'`).join(', ')}, got ${describe(matrixLayout)}`,
    );
  }
  if (matrixLayout === 'joint' && !matrices) {
    throw new RangeError(`matrixLayout 'joint' needs matrices: true, got matrices: false`);
  }
}

export function createCrowdApi(core, { createPreview, defaults, bindPositions }) {
  const fn = core.fn;
  const maskOffset = fn._kb_preview_changed_mask_offset_flat();

  const fkStateBytes = core.n('sizeof.crowd_fk_state');

  // The block: skeleton, member pointers, poses, roots, matrices, the FK
  // states (joint-major layout), masks and the joints moved.
  function layout(count, matrices, jointMajor, owner) {
    const skeletonBytes = (core.n('sizeof.skeleton') + 15) & ~15;
    const floats = count * (POSE + 3 + (matrices ? MATRICES : 0));
    const fkBytes = jointMajor ? fkStateBytes * count : 0;
    const bytes = skeletonBytes + 4 * count + 4 * floats + fkBytes + JOINT_COUNT * (count + 1);
    const block = createOwnedBlock(core, bytes, owner);
    let at = block.ptr + skeletonBytes;
    const take = (n) => ((at += n), at - n);
    return {
      block,
      skeleton: block.ptr,
      members: take(4 * count),
      poses: take(4 * POSE * count),
      roots: take(4 * 3 * count),
      matrices: matrices ? take(4 * MATRICES * count) : 0,
      fkStates: take(fkBytes),
      fkBytes,
      masks: take(JOINT_COUNT * count),
      moved: take(JOINT_COUNT),
    };
  }

  function createCrowd(options) {
    const {
      members,
      matrices = false,
      matrixLayout = 'member',
      height = defaults.height,
      roots,
      referencePath = false,
    } = checkOptions('createCrowd options', options, CROWD_OPTIONS);
    const list = memberOptionList(members);
    checkLayout(matrices, matrixLayout);
    if (typeof referencePath !== 'boolean') {
      throw new TypeError(`referencePath must be true or false, got ${describe(referencePath)}`);
    }
    checkTunable(core.limits, 'height', height);
    // read once: the values checked are the values used
    const rootCopy =
      roots === undefined ? undefined : checkArrayLike('roots', roots, 3 * list.length);
    return new Crowd(core, fn, layout, createMembers(createPreview, list), {
      matrices,
      matrixLayout,
      height,
      bind: bindPositions(height),
      roots: rootCopy,
      referencePath,
      maskOffset,
    });
  }

  return { createCrowd };
}

class Crowd {
  #core;
  #fn;
  #mem;
  #live = true;

  constructor(core, fn, layout, previews, options) {
    const { matrices, matrixLayout, height, bind, roots, referencePath, maskOffset } = options;
    const count = previews.length;
    let mem;
    try {
      mem = layout(count, matrices, matrixLayout === 'joint', this);
    } catch (error) {
      for (const preview of previews) preview.dispose();
      throw error;
    }
    this.#core = core;
    this.#fn = fn;
    this.#mem = mem;
    core.check(fn._kb_skeleton_init(mem.skeleton, height), 'createCrowd');
    const pointers = new Int32Array(core.i32.buffer, mem.members, count);
    previews.forEach((preview, i) => {
      pointers[i] = preview.changedMask.byteOffset - maskOffset;
      if (referencePath) core.check(fn._kb_preview_set_full_path(pointers[i], 1), 'createCrowd');
    });
    this.count = count;
    this.members = Object.freeze(previews);
    this.poses = core.floats(mem.poses, POSE * count);
    this.changedMask = core.u8.subarray(mem.masks, mem.masks + JOINT_COUNT * count);
    // Each member's root position (m), read at every evaluate when matrices
    // are on; write into it to move members.
    this.roots = core.floats(mem.roots, 3 * count).fill(0);
    this.poses.fill(0);
    this.changedMask.fill(0);
    if (roots !== undefined) this.roots.set(roots);
    this.worldMatrices = matrices ? core.floats(mem.matrices, MATRICES * count) : null;
    // Where joint j of member i is in worldMatrices (see LAYOUTS); with
    // 'joint', FK runs only for joints whose rotation (or an ancestor's, or
    // the root) changed, and movedJoints marks the joints recomputed for
    // some member at the last evaluate.
    this.matrixLayout = matrices ? matrixLayout : null;
    this.movedJoints =
      matrixLayout === 'joint' ? core.u8.subarray(mem.moved, mem.moved + JOINT_COUNT) : null;
    this.movedJoints?.fill(1);
    // no FK state yet: NaN roots make the first evaluate compute every matrix
    core.floats(mem.fkStates, mem.fkBytes / 4).fill(NaN);
    this.height = height;
    // The T-pose bind's world positions at this height (66 floats, m).
    this.bind = bind;
  }

  // Every member at time t (seconds, clamped to each member's clip): fills
  // poses, changedMask and worldMatrices; returns poses.
  evaluate(t) {
    if (!this.#live) throw new Error('kblend: this crowd was disposed');
    checkNumber('t', t, { allowInfinity: true });
    const m = this.#mem;
    if (this.movedJoints) return this.#evaluateJointMajor(t);
    const status = this.#fn._kb_crowd_evaluate_flat(
      m.members,
      this.count,
      t,
      m.poses,
      m.masks,
      m.skeleton,
      m.roots,
      m.matrices,
    );
    this.#core.check(status, 'crowd evaluate');
    return this.poses;
  }

  #evaluateJointMajor(t) {
    const m = this.#mem;
    const status = this.#fn._kb_crowd_evaluate_joint_major_flat(
      m.members,
      this.count,
      t,
      m.poses,
      m.masks,
      m.skeleton,
      m.roots,
      m.matrices,
      m.moved,
      m.fkStates,
    );
    this.#core.check(status, 'crowd evaluate');
    return this.poses;
  }

  dispose() {
    if (!this.#live) return;
    this.#live = false;
    for (const preview of this.members) preview.dispose();
    this.#mem.block.free();
    this.poses = new Float32Array(0);
    this.changedMask = new Uint8Array(0);
    this.roots = new Float32Array(0);
    if (this.worldMatrices) this.worldMatrices = new Float32Array(0);
    if (this.movedJoints) this.movedJoints = new Uint8Array(0);
  }
}
