// Custom gestures: gesture files loaded by the user, opened from a share
// link or authored in the editor, offered in the picker beside the library
// as "custom: <name>". This wraps the viewer's clip sources: a custom
// gesture plays through the same kb.createPreview (as a gesture object), so
// the envelope, the filter and every slider work on it. No DOM.

const CUSTOM_PREFIX = 'custom: ';
// Custom gestures kept for the picker; the oldest goes first.
const MAX_CUSTOM_GESTURES = 16;

/**
 * @param {object} sources  createClipSources' result
 * @param {object} kb  the loaded library
 * @returns {object} the same interface as sources, plus addCustom, customNames,
 *   customGesture, isCustom, customEntries, restoreCustoms
 */
export function withCustomGestures(sources, kb) {
  const custom = new Map(); // picker name → parsed gesture
  const isCustom = (name) => custom.has(name);
  // any library gesture: its options carry everything but the gesture
  const stand_in = kb.gestureNames[0];

  return {
    ...sources,
    isCustom,
    customNames: () => [...custom.keys()],
    customGesture: (name) => custom.get(name) ?? null,

    // Keep a parsed gesture; returns its picker name. A gesture of the same
    // name replaces the earlier one.
    addCustom(gesture) {
      const name = `${CUSTOM_PREFIX}${gesture.name}`;
      custom.delete(name);
      if (custom.size >= MAX_CUSTOM_GESTURES) custom.delete(custom.keys().next().value);
      custom.set(name, gesture);
      return name;
    },
    removeCustom(name) {
      custom.delete(name);
    },
    // The custom gestures as they are (for undo), and put back as they were.
    customEntries: () => [...custom.entries()],
    restoreCustoms(entries) {
      custom.clear();
      for (const [name, gesture] of entries) custom.set(name, gesture);
    },

    durationOf(name) {
      return isCustom(name) ? custom.get(name).duration : sources.durationOf(name);
    },
    previewOptions(params) {
      if (!isCustom(params.gesture)) return sources.previewOptions(params);
      const options = sources.previewOptions({ ...params, gesture: stand_in, ik: false });
      return { ...options, gesture: custom.get(params.gesture) };
    },
    solveSummary(params) {
      return isCustom(params.gesture) ? null : sources.solveSummary(params);
    },
  };
}
