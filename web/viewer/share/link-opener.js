// Opening a share link, at load or pasted into the open page: parse it
// (every value checked, clamped or replaced, each repair a plain-text
// notice), then hand it to the app state. A link the library still refuses
// opens the defaults (at load) or leaves the page as it was (pasted), with
// the reason in the notice: a link can never stop the viewer.
import { parseShareHash } from '../../link/share-link.js';

/**
 * @param {object} options
 * @param {object} options.state  createAppState's result
 * @param {object} options.context  parseShareHash's context (gestureNames, defaults, durationOf)
 * @param {object} options.notice  createNotice's result
 * @returns {{ open(hash: string, { atLoad: boolean }): { time: number | null }, notices: string[] }}
 */
export function createLinkOpener({ state, context, notice }) {
  let notices = [];

  function open(hash, { atLoad }) {
    const opened = parseShareHash(hash, context);
    notices = [...opened.notices];
    const change = state.setParams(opened.params);
    if (!change.ok) {
      const fallback = atLoad ? 'opened the defaults' : 'kept what was shown';
      notices.push(`the link's values were refused (${change.error}); ${fallback}`);
      if (atLoad) state.reset();
    }
    if (notices.length > 0) notice.show('The link was repaired:', notices);
    else if (!atLoad) notice.hide();
    return { time: change.ok ? opened.time : null };
  }

  return {
    open,
    get notices() {
      return notices;
    },
  };
}
