// Keeps the URL hash in step with what the page shows (debounced
// history.replaceState, so tuning does not flood the history), and copies
// the link to the clipboard.
import { serializeShareHash } from '../../link/share-link.js';

const DEBOUNCE_MS = 250;

export function createLinkSync() {
  let timer = null;
  let pending = null;
  let lastWritten = location.hash.replace(/^#/, '');

  function flush() {
    clearTimeout(timer);
    timer = null;
    if (pending === null) return;
    const hash = pending;
    pending = null;
    // A link pasted since our last write has not been read yet: it wins,
    // and the page writes again once it has applied it (adopt()).
    if (location.hash.replace(/^#/, '') !== lastWritten) return;
    if (hash === lastWritten) return;
    lastWritten = hash;
    history.replaceState(history.state, '', `#${hash}`);
  }

  return {
    // Schedule the hash for these params (and the time, when paused);
    // `extra` is more of the hash (a custom gesture's cg=…), appended.
    write(params, time = null, extra = '') {
      pending = serializeShareHash(params, time) + (extra ? `&${extra}` : '');
      clearTimeout(timer);
      timer = setTimeout(flush, DEBOUNCE_MS);
    },
    flush,
    // True when the hash is not the one the page wrote (a pasted link).
    isForeign(hash) {
      return hash.replace(/^#/, '') !== lastWritten;
    },
    // The page has read this (pasted) hash: later writes replace it.
    adopt(hash) {
      lastWritten = hash.replace(/^#/, '');
    },
    url() {
      flush();
      return location.href;
    },
    // Resolves to true when the clipboard took the link.
    async copy() {
      const url = this.url();
      try {
        await navigator.clipboard.writeText(url);
        return true;
      } catch {
        return false;
      }
    },
  };
}
