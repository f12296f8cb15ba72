// kblend's JS library: loadKBlend() → the API object over the WASM core.
// Runs in Node ≥ 20 and in browsers; knows no three.js and no DOM.
import { buildDefaults } from './abi.js';
import { createBodyApi } from './body-api.js';
import { createBvhApi } from './bvh/index.js';
import { createBodyContactsApi } from './body-contacts.js';
import { createComparisonApi } from './comparison.js';
import { loadCore } from './core.js';
import { createCrowdApi } from './crowd.js';
import { createEnvelopeApi } from './envelope-api.js';
import { createFilterApi } from './filter-api.js';
import { createFitEnvelopeApi } from './fit/fit-envelope.js';
import {
  GESTURE_FORMAT_VERSION,
  gestureNames,
  getGesture,
  parseGesture,
  parseGestureJson,
} from './gestures.js';
import { createIkApi } from './ik.js';
import { createKliApi } from './kli-api.js';
import { createPreviewApi } from './preview.js';
import { createRotationApi } from './rotation-api.js';
import { createScratch } from './scratch.js';
import { checkSkeleton } from './skeleton-names.js';
import { checkNumber, checkOptions } from './validate.js';

export { BVH_LIMITS, BvhImportError } from './bvh/index.js';
export { eulerXYZ } from './bvh/export.js';
export { mapJointNames } from './bvh/joint-names.js';
export { mapJoints } from './bvh/map-joints.js';
export { COMPARISON_METHODS, jointAngle } from './comparison.js';
export { FOLLOWERS } from './filter-api.js';
export { HAND_SHAPES, OPEN_HANDS } from './hand-shapes.js';
export { HOPF_AXIS, PAPER_EXAMPLE, hopf, hopfPath, paperStopTime } from './hopf.js';
export { ORDERS, SHAPES } from './preview.js';
export { multiplyQuat, multiplyQuatAt, rotateVector } from './quaternion-math.js';
export { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS, jointChain } from './skeleton-names.js';
// The core's body figures as data, for code that has no loaded library at
// hand (kblend/three): written from the core when it is built.
export { BIND_FRACTIONS, DEFAULT_HEIGHT, IDLE_POSE } from './wasm/kblend_body.js';
// The argument checks every layer built on the library uses (kblend/three
// too), so a bad option reads the same everywhere.
export { checkNumber, checkOptions } from './validate.js';

export { GESTURE_FORMAT_VERSION, gestureNames, getGesture, parseGesture, parseGestureJson };

// The gesture a preview plays when none is given.
const DEFAULT_GESTURE = 'clap';

// options.wasmBinary: the module's bytes, when the caller has them already.
export async function loadKBlend(options = {}) {
  const core = await loadCore(checkOptions('loadKBlend options', options, ['wasmBinary']));
  checkSkeleton(core);
  const defaults = buildDefaults(core.abi, DEFAULT_GESTURE);
  const scratch = createScratch(core);
  const rotation = createRotationApi(core, scratch);
  const body = createBodyApi(core, scratch, defaults);
  const kb = {
    ...rotation,
    ...createEnvelopeApi(core, scratch, defaults),
    ...createFilterApi(core, defaults),
    ...createKliApi(core, scratch, defaults),
    ...body.api,
    ...createPreviewApi(core, rotation, body.api, body, defaults),
    gestureNames,
    getGesture,
    parseGesture,
    parseGestureJson,
    defaults,
    limits: core.limits,
    abi: core.abi,
    statusText(status) {
      checkNumber('status', status, { min: 0, max: 2 ** 31 - 1, integer: true });
      return core.statusText(status);
    },
    // The heap's size and the largest block it can still give, bytes.
    heap: () => ({ size: core.heapBytes, largestFree: core.largestFreeBlock() }),
  };
  Object.assign(kb, createIkApi(core, { ...kb, checkHeight: body.checkHeight }));
  Object.assign(kb, createComparisonApi(kb));
  Object.assign(kb, createCrowdApi(core, kb));
  Object.assign(kb, createBvhApi(kb));
  Object.assign(kb, createBodyContactsApi(kb));
  Object.assign(kb, createFitEnvelopeApi(kb));
  return kb;
}
