// Share links with a custom gesture: the hash's `cg=` part (docs/design.md §8b) is
// taken out and decoded here, the rest goes to the viewer's link opener as
// any link does. A blob that is refused for any reason (too long, bad
// base64url, wrong version, a deflate bomb, bad JSON, bad values) opens the
// defaults with a notice saying why; nothing from it is run or shown as HTML.
import {
  BLOB_KEY,
  MAX_BLOB_CHARS,
  decodeGestureBlob,
  encodeGestureBlob,
} from '../../link/gesture-blob.js';
import { splitCustomGesture } from '../../link/split-custom-gesture.js';

export { splitCustomGesture };

/**
 * @param {object} options
 * @param {object} options.linkOpener  createLinkOpener's result
 * @param {object} options.state  the app state
 * @param {object} options.sources  withCustomGestures' result
 * @param {object} options.notice  createNotice's result
 * @param {Function} options.parseGestureJson  the library's
 * @returns {{ open(hash, { atLoad }): { time: number | null }, notices: string[] }}
 */
export function createCustomLinkOpener({ linkOpener, state, sources, notice, parseGestureJson }) {
  let notices = [];

  function refuse(reason) {
    notices = [`the link's custom gesture was refused (${reason}); opened the defaults`];
    state.reset();
    notice.show('The link was repaired:', notices);
    return { time: null };
  }

  function open(hash, how) {
    const { rest, blobs } = splitCustomGesture(hash);
    if (blobs.length === 0) {
      const opened = linkOpener.open(rest, how);
      notices = linkOpener.notices;
      return opened;
    }
    if (blobs.length > 1) return refuse(`${BLOB_KEY} appears ${blobs.length} times`);
    let gesture;
    try {
      // the value is percent-decoded only if it needs it (a valid blob never does)
      gesture = decodeGestureBlob(blobs[0], parseGestureJson);
    } catch (error) {
      return refuse(error.message.slice(0, 300));
    }
    sources.addCustom(gesture);
    const opened = linkOpener.open(rest, how);
    notices = linkOpener.notices;
    return opened;
  }

  return {
    open,
    get notices() {
      return notices;
    },
  };
}

// The extra hash part for the shown params: `cg=…` for a custom gesture
// that fits a link, '' otherwise; `tooLong` says when it did not fit.
export function createBlobCache(sources) {
  const cache = new WeakMap(); // gesture → blob
  return function blobFor(params) {
    const gesture = sources.customGesture?.(params.gesture);
    if (!gesture) return { extra: '', tooLong: false, length: 0 };
    if (!cache.has(gesture)) cache.set(gesture, encodeGestureBlob(gesture));
    const blob = cache.get(gesture);
    if (blob.length > MAX_BLOB_CHARS) return { extra: '', tooLong: true, length: blob.length };
    return { extra: `${BLOB_KEY}=${blob}`, tooLong: false, length: blob.length };
  };
}

// What the page says when a custom gesture is too large for a link.
export function tooLongNote(length) {
  return (
    `This custom gesture takes ${length} characters, more than the ${MAX_BLOB_CHARS} a link may carry: ` +
    `the link keeps the tuning and opens the default gesture. ` +
    `Send the gesture as a file instead (export ▸ save gesture JSON), and load it with "load gesture JSON…".`
  );
}
