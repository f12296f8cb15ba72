// The body: skeleton, idle pose, forward kinematics, the clap check, the
// hand markers in the world.
import { createBoundedCache } from './bounded-cache.js';
import { rotateVector } from './quaternion-math.js';
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from './skeleton-names.js';
import { checkNumber, checkOptions, checkPose, describe, readNumbers } from './validate.js';

export const DEFAULT_HEIGHT = 1.75;
export const DEFAULT_APOSE = 1.18;
const SKELETON_CACHE = 8; // heights kept at once

// Hand axes in a wrist's local frame at the bind (SPEC §3): the palm
// normal points −Y, the thumb +Z.
const PALM_NORMAL = Object.freeze([0, -1, 0]);
const THUMB = Object.freeze([0, 0, 1]);

export function checkHeight(height) {
  return checkNumber('height', height, { min: 0.5, max: 3 });
}

export function checkApose(apose) {
  return checkNumber('apose', apose, { min: 0, max: Math.PI / 2 });
}

// The clap report of the core's 11-float layout as an object.
export function readClapReport(v) {
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

// Palm centre, palm normal, thumb tip and thumb direction of both hands in
// the world, from FK output and the core's markers.
export function handMarkersWorld(positions, rotations, markers) {
  const hand = (palm, thumb) => {
    const j = palm.joint;
    const q = [rotations[4 * j], rotations[4 * j + 1], rotations[4 * j + 2], rotations[4 * j + 3]];
    const at = (offset) => {
      const r = rotateVector(q, offset);
      return [positions[3 * j] + r[0], positions[3 * j + 1] + r[1], positions[3 * j + 2] + r[2]];
    };
    return {
      palmCentre: at(palm.offset),
      palmNormal: rotateVector(q, PALM_NORMAL),
      thumbTip: at(thumb.offset),
      thumbDirection: rotateVector(q, THUMB),
    };
  };
  return {
    left: hand(markers.leftPalm, markers.leftThumb),
    right: hand(markers.rightPalm, markers.rightThumb),
  };
}

export function createBodyApi(core, scratch) {
  const fn = core.fn;
  const { pose, positions, rotations, root, report } = scratch;
  const skeletons = createBoundedCache(
    SKELETON_CACHE,
    (height) => {
      const ptr = core.alloc(fn._kb_sizeof_skeleton(), 'a skeleton');
      core.check(fn._kb_skeleton_init(ptr, height), 'skeleton');
      return ptr;
    },
    (ptr) => core.free(ptr),
  );
  const markerCache = new Map();

  function skeletonFor(height = DEFAULT_HEIGHT) {
    return skeletons.get(checkHeight(height));
  }

  function idlePose(apose = DEFAULT_APOSE) {
    checkApose(apose);
    core.check(fn._kb_idle_pose(apose, pose.ptr), 'idlePose');
    return pose.view.slice();
  }

  function heightOf(options) {
    return checkOptions('options', options).height ?? DEFAULT_HEIGHT;
  }

  function forwardKinematics(localRotations, rootTranslation, options) {
    const height = heightOf(options);
    checkPose('localRotations', localRotations, JOINT_COUNT, pose.view);
    let rootPtr = 0;
    if (rootTranslation !== undefined && rootTranslation !== null) {
      readNumbers('rootTranslation', rootTranslation, 3, root.view);
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
  // rootTranslations (optional) count·3. Each call takes its block and
  // gives it back.
  function forwardKinematicsBatch(localRotations, rootTranslations, options) {
    const height = heightOf(options);
    const isArrayLike =
      Array.isArray(localRotations) ||
      (ArrayBuffer.isView(localRotations) && !(localRotations instanceof DataView));
    const length = isArrayLike ? localRotations.length : 0;
    if (!isArrayLike || length % 88 !== 0 || length === 0) {
      throw new RangeError(
        `localRotations must hold a whole number of poses (a non-empty multiple of 88 numbers), got ${describe(localRotations)}`,
      );
    }
    const count = length / 88;
    const skeleton = skeletonFor(height);
    const block = core.alloc(
      4 * count * (88 + 3 + 66 + 88),
      `forward kinematics of ${count} poses`,
    );
    try {
      const localPtr = block;
      const rootPtr = localPtr + 4 * 88 * count;
      const positionsPtr = rootPtr + 4 * 3 * count;
      const rotationsPtr = positionsPtr + 4 * 66 * count;
      checkPose(
        'localRotations',
        localRotations,
        JOINT_COUNT * count,
        core.floats(localPtr, 88 * count),
      );
      const hasRoot = rootTranslations !== undefined && rootTranslations !== null;
      if (hasRoot)
        readNumbers(
          'rootTranslations',
          rootTranslations,
          3 * count,
          core.floats(rootPtr, 3 * count),
        );
      const status = fn._kb_forward_kinematics_batch(
        skeleton,
        localPtr,
        count,
        hasRoot ? rootPtr : 0,
        positionsPtr,
        rotationsPtr,
      );
      core.check(status, 'forwardKinematicsBatch');
      return {
        positions: core.floats(positionsPtr, 66 * count).slice(),
        rotations: core.floats(rotationsPtr, 88 * count).slice(),
      };
    } finally {
      core.free(block);
    }
  }

  // World positions of the T-pose bind (identity rotations).
  function bindPositions(height = DEFAULT_HEIGHT) {
    const identity = new Float32Array(4 * JOINT_COUNT);
    for (let j = 0; j < JOINT_COUNT; j++) identity[4 * j + 3] = 1;
    return forwardKinematics(identity, undefined, { height }).positions;
  }

  function validateClap(localRotations, options) {
    const height = heightOf(options);
    checkPose('localRotations', localRotations, JOINT_COUNT, pose.view);
    core.check(fn._kb_clap_check_flat(skeletonFor(height), pose.ptr, report.ptr), 'validateClap');
    return readClapReport(report.view);
  }

  // The hand markers of the core (palm centres, thumb tips): points fixed
  // in a wrist's frame, { joint, offset: [x, y, z] } (m), for a body height.
  function handMarkers(height = DEFAULT_HEIGHT) {
    checkHeight(height);
    const cached = markerCache.get(height);
    if (cached) return cached;
    const ptr = skeletonFor(height);
    const marker = (which) => {
      core.check(fn._kb_hand_marker_flat(ptr, which, report.ptr), 'handMarkers');
      const v = report.view;
      return Object.freeze({ joint: v[0], offset: Object.freeze([v[1], v[2], v[3]]) });
    };
    const markers = Object.freeze({
      leftPalm: marker(0),
      rightPalm: marker(1),
      leftThumb: marker(2),
      rightThumb: marker(3),
    });
    if (markerCache.size < SKELETON_CACHE) markerCache.set(height, markers);
    return markers;
  }

  const skeleton = Object.freeze({ names: JOINT_NAMES, parents: JOINT_PARENTS });
  return {
    api: {
      skeleton,
      idlePose,
      forwardKinematics,
      forwardKinematicsBatch,
      bindPositions,
      validateClap,
      handMarkers,
    },
    skeletonFor,
  };
}
