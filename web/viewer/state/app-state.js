// The viewer's state: the params shown and the preview that computes them.
// `setParams` is the one way they change — the panel, a share link, reset,
// the keys and the test hook all call it — so a value is made canonical,
// checked by the library and either taken whole or refused whole: a refused
// change leaves the previous state running and says why. Nothing here
// throws on bad input after load, so no value can stop the viewer.
import { canonicalParams, canonicalValue, enforceAttackRelease } from '../../link/params.js';

// What the attack/release rule did, in words for the panel.
export function ratioNote(pair, moved) {
  const notes = [];
  if (pair.adjusted && moved) {
    const other = moved === 'attack' ? 'release' : 'attack';
    notes.push(`${other} lowered to ${pair[other]} so that attack + release ≤ 1`);
  }
  if (pair.attack === 0) notes.push('attack 0 is a step: the gesture starts at once');
  if (pair.release === 0) notes.push('release 0 is a step: the gesture ends at once');
  return notes.join('. ');
}

/**
 * @param {object} options
 * @param {object} options.kb  the loaded library
 * @param {object} options.sources  createClipSources' result (preview options, durations)
 * @param {object} options.defaults  complete canonical params
 */
export function createAppState({ kb, sources, defaults }) {
  let params = defaults;
  // the body the clap check measures: kblend's default, or the height of
  // the character shown (null: the library's default)
  let bodyHeight = null;
  const optionsOf = (p) => {
    const options = sources.previewOptions(p);
    return bodyHeight === null ? options : { ...options, height: bodyHeight };
  };
  let preview = kb.createPreview(optionsOf(defaults));
  const listeners = new Set();

  // The complete next params for a partial change; `moved` names the
  // attack or release slider the user moved (the other one gives way).
  function resolve(partial, moved) {
    const next = { ...params, ...partial };
    if (partial.gesture !== undefined && partial.duration === undefined) {
      next.duration = canonicalValue('duration', sources.durationOf(partial.gesture));
    }
    let note = '';
    if (moved === 'attack' || moved === 'release') {
      const a = canonicalValue('attack', next.attack);
      const r = canonicalValue('release', next.release);
      const pair = enforceAttackRelease(a, r, moved);
      Object.assign(next, { attack: pair.attack, release: pair.release });
      note = ratioNote(pair, moved);
    }
    return { next: canonicalParams(next), note };
  }

  /**
   * Change the state.
   * @param {object} partial  the params to change (any subset)
   * @param {{ moved?: string }} [how]  the slider moved, for the a + r rule
   * @returns {{ ok: boolean, params: object, error?: string, ratioNote?: string }}
   */
  function setParams(partial, { moved } = {}) {
    let created;
    let resolved;
    try {
      resolved = resolve(partial, moved);
      created = kb.createPreview(optionsOf(resolved.next));
    } catch (error) {
      return { ok: false, params, error: error.message };
    }
    preview.dispose();
    preview = created;
    const previous = params;
    params = resolved.next;
    const change = { ok: true, params, previous, ratioNote: resolved.note };
    listeners.forEach((listener) => listener(change));
    return change;
  }

  return {
    get params() {
      return params;
    },
    get preview() {
      return preview;
    },
    defaults,
    setParams,
    // reset: the defaults, through the same path
    reset: () => setParams(defaults),
    get bodyHeight() {
      return bodyHeight ?? preview.options.height;
    },
    // The body height (m) the preview and its clap check use, within
    // kb.limits; null returns to the library's default. Refused whole
    // (the previous height kept) when out of range.
    setBodyHeight(height) {
      const previous = bodyHeight;
      bodyHeight = height;
      const change = setParams({});
      if (!change.ok) bodyHeight = previous;
      return change;
    },
    // listener({ params, previous, ratioNote }) after every accepted change
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
