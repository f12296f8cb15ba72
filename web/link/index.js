// The share link's pure parts (no DOM), for any layer that reads a link:
// the viewer and the <kblend-preview> element (kblend/element). Here, in
// web/link/: the parser (share-link.js), the custom-gesture part's split
// and blob (split-custom-gesture.js, gesture-blob.js), the gesture file
// form (gesture-file.js), and the parameters' ranges and defaults
// (params.js, choice-params.js, ik-switch.js, with the sweep names they
// use). The blob (cg=) is loaded only for a link that has one (it needs
// fflate).
export { parseShareHash } from './share-link.js';
export { splitCustomGesture } from './split-custom-gesture.js';
export {
  NUMERIC_PARAMS,
  TUNING_DEFAULTS,
  canonicalParams,
  midHoldTime,
  useLibrary,
} from './params.js';
export { CHOICE_PARAMS } from './choice-params.js';
