// kblend's JS library: loadKBlend() → the API object over the WASM core.
// Runs in Node ≥ 20 and in browsers; knows no three.js and no DOM.
import { createBodyApi } from './body-api.js';
import { createBvhApi } from './bvh/index.js';
import { createComparisonApi } from './comparison.js';
import { loadCore } from './core.js';
import { createCrowdApi } from './crowd.js';
import { createEnvelopeApi } from './envelope-api.js';
import { createFilterApi } from './filter-api.js';
import { gestureNames, getGesture, parseGesture } from './gestures.js';
import { createIkApi } from './ik.js';
import { createKliApi } from './kli-api.js';
import { PREVIEW_DEFAULTS, createPreviewApi } from './preview.js';
import { createRotationApi } from './rotation-api.js';
import { createScratch } from './scratch.js';

export { BVH_LIMITS, BvhImportError } from './bvh/index.js';
export { COMPARISON_METHODS } from './comparison.js';
export { HOPF_AXIS, PAPER_EXAMPLE, hopf, hopfPath, paperStopTime } from './hopf.js';

export { PREVIEW_DEFAULTS, gestureNames, getGesture, parseGesture };

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
    ...body,
    ...createPreviewApi(core, rotation, body),
    gestureNames,
    getGesture,
    parseGesture,
    defaults: PREVIEW_DEFAULTS,
    statusText: (status) => core.statusText(status),
    core,
  };
  Object.assign(kb, createIkApi(core, kb));
  Object.assign(kb, createComparisonApi(kb));
  Object.assign(kb, createCrowdApi(core, kb));
  Object.assign(kb, createBvhApi(kb));
  return kb;
}
