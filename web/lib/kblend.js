// kblend's JS library: loadKBlend() → the API object over the WASM core.
// Runs in Node ≥ 20 and in browsers; knows no three.js and no DOM.
import { createBodyApi } from './body-api.js';
import { createComparisonApi } from './comparison.js';
import { loadCore } from './core.js';
import { createEnvelopeApi, fitAttackRelease } from './envelope-api.js';
import { createFilterApi } from './filter-api.js';
import { gestureNames, getGesture, parseGesture, parseGestureJson } from './gestures.js';
import { createIkApi } from './ik.js';
import { createKliApi } from './kli-api.js';
import { PREVIEW_DEFAULTS, createPreviewApi } from './preview.js';
import { createRotationApi } from './rotation-api.js';
import { createScratch } from './scratch.js';

export { COMPARISON_METHODS, jointAngle } from './comparison.js';
export { FOLLOWERS } from './filter-api.js';
export { HOPF_AXIS, PAPER_EXAMPLE, hopf, hopfPath, paperStopTime } from './hopf.js';
export { ORDERS, SHAPES } from './preview.js';
export { multiplyQuat, rotateVector } from './quaternion-math.js';
export { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from './skeleton-names.js';

export {
  PREVIEW_DEFAULTS,
  fitAttackRelease,
  gestureNames,
  getGesture,
  parseGesture,
  parseGestureJson,
};

// options.wasmBinary: the module's bytes, when the caller has them already.
export async function loadKBlend(options = {}) {
  const core = await loadCore(options);
  const scratch = createScratch(core);
  const rotation = createRotationApi(core, scratch);
  const body = createBodyApi(core, scratch);
  const kb = {
    ...rotation,
    ...createEnvelopeApi(core, scratch),
    ...createFilterApi(core),
    ...createKliApi(core, scratch),
    ...body.api,
    ...createPreviewApi(core, rotation, body.api),
    fitAttackRelease,
    gestureNames,
    getGesture,
    parseGesture,
    parseGestureJson,
    defaults: PREVIEW_DEFAULTS,
    statusText: (status) => core.statusText(status),
    // The heap's size and the largest block it can still give, bytes.
    heap: () => ({ size: core.heapBytes, largestFree: core.largestFreeBlock() }),
  };
  Object.assign(kb, createIkApi(core, kb));
  Object.assign(kb, createComparisonApi(kb));
  return kb;
}
