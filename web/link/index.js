// The share link's pure parts (no DOM), for any layer that reads a link:
// the viewer and the <kblend-preview> element (kblend/element). The
// parser (share-link.js), the custom-gesture part's split and blob
// (split-custom-gesture.js, gesture-blob.js) and the gesture file form
// (gesture-file.js) live here, in web/link/. The parameters' ranges and
// defaults (params.js, choice-params.js, ik-switch.js, with the sweep
// names they use) are still the viewer's state modules, read here by path;
// they are to move here too once the viewer's state is settled. The blob
// (cg=) is in ./gesture-blob.js, loaded only for a link that has one (it
// needs fflate).
export {
  parseShareHash,
  serializeShareHash,
  quoteForNotice,
  MAX_HASH_LENGTH,
} from './share-link.js';
export { splitCustomGesture } from './split-custom-gesture.js';
export {
  NUMERIC_PARAMS,
  TUNING_DEFAULTS,
  canonicalParams,
  midHoldTime,
  useLibrary,
} from '../viewer/state/params.js';
export { CHOICE_PARAMS } from '../viewer/state/choice-params.js';
