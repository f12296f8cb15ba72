// The body: skeleton, idle pose, forward kinematics, the clap check.
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from './skeleton-names.js';
import { checkArrayLike, checkNumber, checkPose, describe } from './validate.js';

export const DEFAULT_HEIGHT = 1.75;
export const DEFAULT_APOSE = 1.18;

export function createBodyApi(core, scratch) {
  const fn = core.fn;
  const { pose, positions, rotations, root, report } = scratch;
  const skeletons = new Map(); // height → skeleton struct, made once each

  function skeletonFor(height = DEFAULT_HEIGHT) {
    checkNumber('height', height, { min: 0.5, max: 3 });
    let ptr = skeletons.get(height);
    if (!ptr) {
      ptr = core.alloc(fn._kb_sizeof_skeleton());
      core.check(fn._kb_skeleton_init(ptr, height), 'skeleton');
      skeletons.set(height, ptr);
    }
    return ptr;
  }

  function idlePose(apose = DEFAULT_APOSE) {
    checkNumber('apose', apose, { min: 0, max: Math.PI / 2 });
    core.check(fn._kb_idle_pose(apose, pose.ptr), 'idlePose');
    return pose.view.slice();
  }

  function forwardKinematics(localRotations, rootTranslation, { height } = {}) {
    checkPose('localRotations', localRotations, JOINT_COUNT);
    pose.view.set(localRotations);
    let rootPtr = 0;
    if (rootTranslation !== undefined) {
      checkArrayLike('rootTranslation', rootTranslation, 3);
      root.view.set(rootTranslation);
      rootPtr = root.ptr;
    }
    const status = fn._kb_forward_kinematics(
      skeletonFor(height),
      pose.ptr,
      rootPtr,
      0,
      positions.ptr,
      rotations.ptr,
    );
    core.check(status, 'forwardKinematics');
    return { positions: positions.view.slice(), rotations: rotations.view.slice() };
  }

  // Many poses in one call: localRotations holds count·88 numbers,
  // rootTranslations (optional) count·3. The heap block grows to the
  // largest batch seen and is kept.
  let batchBlock = { ptr: 0, floats: 0 };
  function forwardKinematicsBatch(localRotations, rootTranslations, { height } = {}) {
    const isArrayLike = Array.isArray(localRotations) || ArrayBuffer.isView(localRotations);
    if (!isArrayLike || localRotations.length % 88 !== 0 || localRotations.length === 0) {
      throw new RangeError(
        `localRotations must hold a whole number of poses (a non-empty multiple of 88 numbers), got ${describe(localRotations)}`,
      );
    }
    const count = localRotations.length / 88;
    checkPose('localRotations', localRotations, JOINT_COUNT * count);
    if (rootTranslations !== undefined) {
      checkArrayLike('rootTranslations', rootTranslations, 3 * count);
    }
    const floats = count * (88 + 3 + 66 + 88);
    if (batchBlock.floats < floats) {
      core.free(batchBlock.ptr);
      batchBlock = { ptr: core.alloc(4 * floats), floats };
    }
    const localPtr = batchBlock.ptr;
    const rootPtr = localPtr + 4 * 88 * count;
    const positionsPtr = rootPtr + 4 * 3 * count;
    const rotationsPtr = positionsPtr + 4 * 66 * count;
    core.floats(localPtr, 88 * count).set(localRotations);
    if (rootTranslations !== undefined) core.floats(rootPtr, 3 * count).set(rootTranslations);
    const status = fn._kb_forward_kinematics_batch(
      skeletonFor(height),
      localPtr,
      count,
      rootTranslations === undefined ? 0 : rootPtr,
      positionsPtr,
      rotationsPtr,
    );
    core.check(status, 'forwardKinematicsBatch');
    return {
      positions: core.floats(positionsPtr, 66 * count).slice(),
      rotations: core.floats(rotationsPtr, 88 * count).slice(),
    };
  }

  // World positions of the T-pose bind (identity rotations).
  function bindPositions(height = DEFAULT_HEIGHT) {
    const identity = new Float32Array(4 * JOINT_COUNT);
    for (let j = 0; j < JOINT_COUNT; j++) identity[4 * j + 3] = 1;
    return forwardKinematics(identity, undefined, { height }).positions;
  }

  function validateClap(localRotations, { height } = {}) {
    checkPose('localRotations', localRotations, JOINT_COUNT);
    pose.view.set(localRotations);
    core.check(fn._kb_clap_check_flat(skeletonFor(height), pose.ptr, report.ptr), 'validateClap');
    const v = report.view;
    const rules = {
      separation: v[5] === 1,
      palms: v[6] === 1,
      thumbLeft: v[7] === 1,
      thumbRight: v[8] === 1,
      ordered: v[9] === 1,
    };
    return {
      separation: v[0],
      palmDot: v[1],
      thumbLeft: v[2],
      thumbRight: v[3],
      order: v[4],
      ordered: rules.ordered,
      ok: v[10] === 1,
      rules,
    };
  }

  // The hand markers of the core (palm centres, thumb tips): points fixed
  // in a wrist's frame, { joint, offset: [x, y, z] } (m), for a body height.
  function handMarkers(height) {
    const ptr = skeletonFor(height);
    const marker = (which) => {
      core.check(fn._kb_hand_marker_flat(ptr, which, report.ptr), 'handMarkers');
      const v = report.view;
      return Object.freeze({ joint: v[0], offset: Object.freeze([v[1], v[2], v[3]]) });
    };
    return Object.freeze({
      leftPalm: marker(0),
      rightPalm: marker(1),
      leftThumb: marker(2),
      rightThumb: marker(3),
    });
  }

  const skeleton = Object.freeze({ names: JOINT_NAMES, parents: JOINT_PARENTS });
  return {
    skeleton,
    skeletonFor,
    idlePose,
    forwardKinematics,
    forwardKinematicsBatch,
    bindPositions,
    validateClap,
    handMarkers,
  };
}
