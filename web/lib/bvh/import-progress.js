// How far kb.importBvh is, as one fraction in [0, 1] for options.onProgress:
// each phase owns a slice of it, sized by what that phase costs on a long
// capture (5,000 frames of a 31-joint file: parsing about a tenth of the
// time, the file's own forward kinematics a twelfth, the retarget by the
// core's solver the most, grounding the rest). The callback sees 0 first,
// then strictly rising values, then 1; a phase reports within its slice,
// and the callback's second argument names it ('parse', 'motion',
// 'retarget', 'ground'; 'done' with the 1).
// The retarget is one call into the core, which reports nothing while it
// runs, so its slice is reached at once when it returns.
import { describe } from '../validate.js';

export const IMPORT_PHASES = Object.freeze({
  parse: [0, 0.1],
  motion: [0.1, 0.18],
  retarget: [0.18, 0.95],
  ground: [0.95, 0.99], // 1 is left for the clip returned
});
// finer steps than this are not worth a message to the page
const MIN_STEP = 0.002;

export function checkProgress(onProgress) {
  if (onProgress === undefined || onProgress === null) return null;
  if (typeof onProgress !== 'function')
    throw new TypeError(
      `onProgress must be a function (fraction) or null, got ${describe(onProgress)}`,
    );
  return onProgress;
}

/**
 * @param {((fraction: number, phase: string) => void) | null} onProgress
 * @returns {{ at(phase: string, fraction: number): void, done(): void }}
 */
export function createImportProgress(onProgress) {
  let last = -1;
  const report = (value, phase, force = false) => {
    if (!onProgress || value <= last || (!force && value - last < MIN_STEP)) return;
    last = value;
    onProgress(value, phase);
  };
  report(0, 'parse', true);
  return {
    // `fraction` of the named phase is done
    at(phase, fraction) {
      const [from, to] = IMPORT_PHASES[phase];
      report(from + (to - from) * Math.min(1, Math.max(0, fraction)), phase);
    },
    done: () => report(1, 'done', true),
  };
}
