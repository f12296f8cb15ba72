// "Solve with IK" for the clap: the core's solver moves the arms of each
// keyframe of the clap until its rules hold, and the solved keyframes are
// played at the gesture's own times, looped as the gesture loops, through
// the same envelope and filter as any gesture. No DOM, no three.js.
//
// The clap has two kinds of keyframe (SPEC §5, web/gestures/clap.json):
// open ones, where the hands are held apart and the clap rules judge them
// (wrists 0.17 m apart, palms opposed, thumbs up), and contact ones, where
// the palms touch. An open keyframe is solved with kb.solveClap's defaults;
// a contact keyframe with the separation a palm-to-palm contact measures on
// this rig (twice the palm's depth, 0.024 × the body height), so the solved
// rig still claps instead of holding one pose.
import { classifyClapKeyframes } from '../readouts/clap-phase.js';

// Wrist separation of palms that touch, as a fraction of the body height.
export const CONTACT_SEPARATION = 0.024;

// Joints whose rotation differs from idle in any keyframe: the ones the
// track drives.
function movedJoints(kb, rotations, keys, idle) {
  const joints = kb.skeleton.names.length;
  const mask = new Uint8Array(joints);
  for (let k = 0; k < keys; k++) {
    for (let j = 0; j < joints; j++) {
      const at = 4 * (k * joints + j);
      const angle = kb.geodesicAngle(
        rotations.subarray(at, at + 4),
        idle.subarray(4 * j, 4 * j + 4),
      );
      if (angle > 0) mask[j] = 1;
    }
  }
  return mask;
}

const samePose = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// Solve every keyframe by its kind; equal keyframes (a held phase) share
// one solve.
function solveKeyframes(kb, gesture, apose, height) {
  const kinds = classifyClapKeyframes(kb, gesture, apose);
  const solves = [];
  return gesture.keyframes.map((keyframe, k) => {
    const start = kb.keyframePose(keyframe, apose);
    const kind = kinds[k] === 'contact' ? 'contact' : 'open';
    const earlier = solves.find((s) => s.kind === kind && samePose(s.start, start));
    if (earlier) return earlier;
    const options = kind === 'contact' ? { separation: CONTACT_SEPARATION * height } : {};
    const began = performance.now();
    const solved = kb.solveClap(start, options);
    const solve = { kind, start, solved, ms: performance.now() - began };
    solves.push(solve);
    return solve;
  });
}

// The figures of all solves: the open ones must pass the clap rules, the
// contact ones reach their separation with the palms opposed.
function summarize(solves) {
  const distinct = [...new Set(solves)];
  const open = distinct.filter((s) => s.kind === 'open');
  return Object.freeze({
    iterations: Math.max(...distinct.map((s) => s.solved.iterations)),
    cost: Math.max(...distinct.map((s) => s.solved.cost)),
    converged: distinct.every((s) => s.solved.converged),
    ok: open.length > 0 && open.every((s) => s.solved.ok),
    ms: distinct.reduce((sum, s) => sum + s.ms, 0),
    solves: distinct.map((s) =>
      Object.freeze({
        kind: s.kind,
        iterations: s.solved.iterations,
        separation: s.solved.report.separation,
        palmDot: s.solved.report.palmDot,
        ok: s.solved.ok,
      }),
    ),
  });
}

/**
 * The clap's IK track, solved once per A-pose angle and cached (a solve
 * takes about half a millisecond, a rebuild of the preview happens on every
 * slider move).
 * @param {object} kb  the loaded library
 * @param {string} [gestureName]  the gesture whose keyframes are solved
 * @param {{ height?: number }} [options]  the body height of the solve (m)
 */
export function createClapSolver(kb, gestureName = 'clap', { height = 1.75 } = {}) {
  const cache = new Map(); // apose → solved target
  let last = null;

  function solve(apose) {
    if (cache.has(apose)) return (last = cache.get(apose));
    const gesture = kb.getGesture(gestureName);
    const solves = solveKeyframes(kb, gesture, apose, height);
    const joints = kb.skeleton.names.length;
    const rotations = new Float32Array(solves.length * 4 * joints);
    solves.forEach((s, k) => rotations.set(s.solved.pose, k * 4 * joints));
    const target = Object.freeze({
      track: {
        times: Float32Array.from(gesture.keyframes, (key) => key.time),
        rotations,
        loop: !!gesture.loop,
        period: gesture.loop ? gesture.period : 0,
        mask: movedJoints(kb, rotations, solves.length, kb.idlePose(apose)),
      },
      // the first open keyframe's solved pose
      pose: solves.find((s) => s.kind === 'open').solved.pose,
      summary: summarize(solves),
    });
    cache.set(apose, target);
    last = target;
    return target;
  }

  return {
    solve,
    // The latest solve's figures (null before the first).
    get summary() {
      return last?.summary ?? null;
    },
  };
}
