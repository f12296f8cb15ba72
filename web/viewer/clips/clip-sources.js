// Where the preview's target track comes from, given the viewer's params:
// a gesture of the library, the clap solved by IK (params.ik), or a clip
// imported from a BVH file (a "gesture" named `bvh: <file>`). Every source
// goes through the same kb.createPreview, so the envelope, the filter and
// the sliders work on all of them. No DOM, no three.js.
import { createClapSolver } from './clap-ik.js';

export const IMPORTED_PREFIX = 'bvh: ';
// Imported clips kept for the picker; the oldest goes first.
export const MAX_IMPORTED_CLIPS = 8;
// The gesture the IK switch applies to.
export const IK_GESTURE = 'clap';
const MAX_NAME = 64;

export const LINK_NOTE =
  'A share link cannot carry an imported clip: the link keeps the tuning and opens the default gesture.';

/**
 * @param {object} kb  the loaded library
 * @param {{ fps: number }} options  the preview's frame rate
 */
export function createClipSources(kb, { fps }) {
  const imported = new Map(); // name → { track, duration, fileName, frames, fps }
  const clapSolver = createClapSolver(kb, IK_GESTURE);
  // the body the clap is solved for: the shown character's height and hands
  let body = { height: kb.defaults.height ?? 1.75, hands: null };

  const isImported = (name) => imported.has(name);
  const ikApplies = (params) => params.ik === true && params.gesture === IK_GESTURE;

  return {
    isImported,
    ikApplies,
    importedNames: () => [...imported.keys()],

    // The shown character's body for the IK clap: its height (m) and its
    // hands' corrections (null: kblend's own hands).
    setBody({ height, hands = null }) {
      body = { height, hands };
    },
    get body() {
      return body;
    },

    // Keep an import; returns its gesture name. A file imported again
    // replaces its earlier clip.
    add(fileName, result) {
      const short = fileName.length > MAX_NAME ? `${fileName.slice(0, MAX_NAME)}…` : fileName;
      const name = `${IMPORTED_PREFIX}${short}`;
      imported.delete(name);
      if (imported.size >= MAX_IMPORTED_CLIPS) imported.delete(imported.keys().next().value);
      imported.set(name, {
        track: result.track,
        duration: result.duration,
        frames: result.frames,
        fps: result.fps,
        fileName,
      });
      return name;
    },

    remove(name) {
      imported.delete(name);
    },

    // The clip's own length (an imported clip's, or the library gesture's).
    durationOf(name) {
      return imported.has(name) ? imported.get(name).duration : kb.getGesture(name).duration;
    },

    // Options for kb.createPreview from the viewer's params.
    previewOptions(params) {
      const { gesture, ik, ...tuning } = params;
      const base = { ...tuning, fps };
      if (isImported(gesture)) return { ...base, track: imported.get(gesture).track };
      if (ikApplies(params)) return { ...base, track: clapSolver.solve(params.apose, body).track };
      return { ...base, gesture };
    },

    // The IK solve's figures when the IK switch is in use, else null.
    solveSummary(params) {
      return ikApplies(params) ? clapSolver.solve(params.apose, body).summary : null;
    },

    // The params a share link can carry: an imported clip is replaced by
    // the default gesture (and its length); the tuning stays.
    shareable(params, defaults) {
      if (!isImported(params.gesture)) return params;
      return { ...params, gesture: defaults.gesture, duration: defaults.duration };
    },
  };
}
