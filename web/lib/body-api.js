// The body: skeleton, idle pose, forward kinematics, the clap check, the
// hand markers in the world.
import { abiVector } from './abi.js';
import { createBoundedCache } from './bounded-cache.js';
import { createFkBatch } from './fk-batch.js';
import { rotateVector } from './quaternion-math.js';
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from './skeleton-names.js';
import { checkOptions, checkPose, checkTunable, readNumbers } from './validate.js';

const SKELETON_CACHE = 8; // heights kept at once

// Reads a clap report (KB_CLAP_REPORT_FLOATS floats) into the object
// validateClap returns; slots by name from the core's table.
function clapReportReader(core) {
  const at = (name) => core.n(`KB_CLAP_SLOT_${name}`);
  const slot = {
    separation: at('SEPARATION'),
    palmDot: at('PALM_DOT'),
    thumbLeft: at('THUMB_LEFT'),
    thumbRight: at('THUMB_RIGHT'),
    order: at('ORDER'),
    separationOk: at('SEPARATION_OK'),
    palmsOk: at('PALMS_OK'),
    thumbLeftOk: at('THUMB_LEFT_OK'),
    thumbRightOk: at('THUMB_RIGHT_OK'),
    orderOk: at('ORDER_OK'),
    ok: at('OK'),
  };
  return (v) => {
    const rules = {
      separation: v[slot.separationOk] === 1,
      palms: v[slot.palmsOk] === 1,
      thumbLeft: v[slot.thumbLeftOk] === 1,
      thumbRight: v[slot.thumbRightOk] === 1,
      ordered: v[slot.orderOk] === 1,
    };
    return {
      separation: v[slot.separation],
      palmDot: v[slot.palmDot],
      thumbLeft: v[slot.thumbLeft],
      thumbRight: v[slot.thumbRight],
      order: v[slot.order],
      ordered: rules.ordered,
      ok: v[slot.ok] === 1,
      rules,
    };
  };
}

// The hand axes in a wrist's local frame at the bind, from the core's
// table (docs/design.md §3: the palm normal points −Y, the thumb +Z).
function readHandAxes(core) {
  return Object.freeze({
    palmNormal: abiVector(core.abi, 'hand.palmNormal'),
    thumb: abiVector(core.abi, 'hand.thumb'),
  });
}

// Palm centre, palm normal, thumb tip and thumb direction of both hands in
// the world, from FK output, the core's markers and its hand axes.
export function handMarkersWorld(positions, rotations, markers, axes) {
  const hand = (palm, thumb) => {
    const j = palm.joint;
    const q = [rotations[4 * j], rotations[4 * j + 1], rotations[4 * j + 2], rotations[4 * j + 3]];
    const at = (offset) => {
      const r = rotateVector(q, offset);
      return [positions[3 * j] + r[0], positions[3 * j + 1] + r[1], positions[3 * j + 2] + r[2]];
    };
    return {
      palmCentre: at(palm.offset),
      palmNormal: rotateVector(q, axes.palmNormal),
      thumbTip: at(thumb.offset),
      thumbDirection: rotateVector(q, axes.thumb),
    };
  };
  return {
    left: hand(markers.leftPalm, markers.leftThumb),
    right: hand(markers.rightPalm, markers.rightThumb),
  };
}

export function createBodyApi(core, scratch, defaults) {
  const fn = core.fn;
  const { pose, positions, rotations, root, report } = scratch;
  const readClapReport = clapReportReader(core);
  const POSE = core.n('KB_POSE_FLOATS');
  const POSITIONS = 3 * core.n('KB_JOINT_COUNT');
  const checkHeight = (height) => checkTunable(core.limits, 'height', height);
  const skeletons = createBoundedCache(
    SKELETON_CACHE,
    (height) => {
      const ptr = core.alloc(core.n('sizeof.skeleton'), 'a skeleton');
      core.check(fn._kb_skeleton_init(ptr, height), 'skeleton');
      return ptr;
    },
    (ptr) => core.free(ptr),
  );
  const markerCache = new Map();

  function skeletonFor(height = defaults.height) {
    return skeletons.get(checkHeight(height));
  }

  function idlePose(apose = defaults.apose) {
    checkTunable(core.limits, 'apose', apose);
    core.check(fn._kb_idle_pose(apose, pose.ptr), 'idlePose');
    return pose.view.slice();
  }

  // forwardKinematics and validateClap take { height } and nothing else.
  const HEIGHT_OPTION = ['height'];
  function heightOf(options) {
    return checkHeight(checkOptions('options', options, HEIGHT_OPTION).height ?? defaults.height);
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

  const forwardKinematicsBatch = createFkBatch(core, skeletonFor);

  // World positions of the T-pose bind (identity rotations).
  function bindPositions(height = defaults.height) {
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
  function handMarkers(height = defaults.height) {
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
      leftPalm: marker(core.n('KB_MARKER_LEFT_PALM')),
      rightPalm: marker(core.n('KB_MARKER_RIGHT_PALM')),
      leftThumb: marker(core.n('KB_MARKER_LEFT_THUMB')),
      rightThumb: marker(core.n('KB_MARKER_RIGHT_THUMB')),
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
    checkHeight,
    readClapReport,
    handAxes: readHandAxes(core),
  };
}
