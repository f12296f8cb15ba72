// The share link's pure parts (no DOM, no viewer), for any layer that reads
// a link: the viewer and the <kblend-preview> element (kblend/element). The
// parser, its ranges and its custom-gesture blob live with the viewer's
// state and share folders; this module is the one door other layers use,
// so the element never reaches into viewer internals by path. The custom
// gesture's blob (cg=) is in ./custom-gesture.js, loaded only for a link
// that has one (it needs fflate, an optional peer of the package).
export {
  parseShareHash,
  serializeShareHash,
  quoteForNotice,
  MAX_HASH_LENGTH,
} from '../viewer/share/share-link.js';
export { splitCustomGesture } from '../viewer/share/split-custom-gesture.js';
export {
  NUMERIC_PARAMS,
  TUNING_DEFAULTS,
  canonicalParams,
  midHoldTime,
  useLibrary,
} from '../viewer/state/params.js';
export { CHOICE_PARAMS } from '../viewer/state/choice-params.js';
