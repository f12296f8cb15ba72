// How far kb.importBvh is, as one fraction in [0, 1] for options.onProgress:
// each phase owns a slice of it, sized by what that phase costs on a long
// capture (5,000 frames of a 29-joint file: parsing, the file's own
// forward kinematics and the rotation transfer about a third each,
// grounding the rest). The callback sees 0 first, then strictly rising
// values, then 1; a phase reports within its slice, and the callback's
// second argument names it ('parse', 'motion', 'retarget', 'ground';
// 'done' with the 1). Every phase reports as it goes (every 256 lines or
// frames; `refine: true` every 32 frames of its solve), so the bar rises
// smoothly; only a file retargeted by the solver alone (its rest could not
// be matched) steps across the retarget slice in one go, the core's
// kb.retargetClip being one call that reports nothing while it runs.
import { describe } from '../validate.js';

export const IMPORT_PHASES = Object.freeze({
  parse: [0, 0.35],
  motion: [0.35, 0.65],
  retarget: [0.65, 0.95],
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
