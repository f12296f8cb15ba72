// Where the preview's target track comes from, given the viewer's params:
// a gesture of the library, the clap solved by IK (params.ik), or a clip
// imported from a BVH file (a "gesture" named `bvh: <file>`). Every source
// goes through the same kb.createPreview. An imported clip plays as
// captured (no envelope, no filter: the sliders leave it alone) unless
// "shape with the envelope" is on; then the envelope, the filter and the
// sliders work on it as on a gesture. No DOM, no three.js.
import { createClapSolver } from './clap-ik.js';

export const IMPORTED_PREFIX = 'bvh: ';
// Imported clips kept for the picker; the oldest goes first.
export const MAX_IMPORTED_CLIPS = 8;
// The gesture the IK switch applies to.
export const IK_GESTURE = 'clap';
const MAX_NAME = 64;
// Params of the view (comparison, sweep), not of the preview.
const VIEW_PARAMS = ['compare', 'joint', 'sweep', 'sweepSize'];
// What an imported clip played as captured still takes from the params:
// the idle pose of the joints it does not drive and the noise; its length
// only when the user changed it (the canonical duration keeps 3 decimals,
// which would cut the clip's last frame short).
const CAPTURED_PARAMS = ['apose', 'jitter', 'seed'];
const DURATION_ROUNDING = 5e-4;

// The params the preview takes: the viewer's own (the view's, the IK
// switch) left out.
export function previewTuning(params) {
  const tuning = { ...params };
  for (const key of [...VIEW_PARAMS, 'ik']) delete tuning[key];
  return tuning;
}

const pick = (object, keys) =>
  Object.fromEntries(
    keys.filter((key) => object[key] !== undefined).map((key) => [key, object[key]]),
  );

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
  let body = { height: kb.defaults.height, hands: null };
  // imported clips shaped with the envelope and filter (off: as captured)
  let shapeImports = false;

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

    // Imported clips: shaped with the envelope and the filter (true) or
    // played as captured (false, the default). A method, not a getter, so
    // a wrapper that spreads these sources still reads the current value.
    shapesImports: () => shapeImports,
    setShapeImports(on) {
      shapeImports = on === true;
    },

    // Options for kb.createPreview from the viewer's params.
    previewOptions(params) {
      const { gesture, ...tuning } = previewTuning(params);
      const base = { ...tuning, fps };
      if (isImported(gesture)) {
        const { track, duration } = imported.get(gesture);
        // as captured, the preview's frames are the clip's own (its fps)
        if (!shapeImports) {
          const own = !(Math.abs(tuning.duration - duration) > DURATION_ROUNDING);
          const length = own ? {} : { duration: tuning.duration };
          return { ...pick(tuning, CAPTURED_PARAMS), ...length, track };
        }
        return { ...base, track, blend: 'idle' };
      }
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
