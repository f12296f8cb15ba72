// "Solve with IK" for the clap: the core's solver moves the arms of each
// keyframe of the clap until its rules hold, and the solved keyframes are
// played at the gesture's own times, looped as the gesture loops, through
// the same envelope and filter as any gesture. No DOM, no three.js.
//
// The clap has two kinds of keyframe (docs/design.md §5, web/gestures/clap.json):
// open ones, where the hands are held apart and the clap rules judge them
// (wrists 0.17 m apart, palms opposed, thumbs up), and contact ones, where
// the palms touch. An open keyframe is solved with kb.solveClap's defaults;
// a contact keyframe with the separation a palm-to-palm contact measures on
// this rig (twice the palm's depth, 0.024 × the body height), so the solved
// rig still claps instead of holding one pose.
//
// The solve is at the shown character's body: its height (the core's
// skeleton at that size, as the clap check measures it) and its hands'
// axes (characters/character-hands.js): each keyframe's wrists are turned
// onto the model's hand axes before the solve and back after it, so the
// model's own palms face each other and its thumbs point up.
import { classifyClapKeyframes } from '../readouts/clap-phase.js';
import { turnWrists } from './turn-wrists.js';

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
// one solve. `solved` is the core's answer (its report checks the model's
// hands); `pose` the pose played, the wrists turned back to kblend's.
function solveKeyframes(kb, gesture, apose, { height, hands }) {
  const kinds = classifyClapKeyframes(kb, gesture, apose);
  const solves = [];
  return gesture.keyframes.map((keyframe, k) => {
    const start = turnWrists(kb.keyframePose(keyframe, apose), hands);
    const kind = kinds[k] === 'contact' ? 'contact' : 'open';
    const earlier = solves.find((s) => s.kind === kind && samePose(s.start, start));
    if (earlier) return earlier;
    const options = { height };
    if (kind === 'contact') options.separation = CONTACT_SEPARATION * height;
    const began = performance.now();
    const solved = kb.solveClap(start, options);
    const pose = turnWrists(solved.pose, hands, { inverse: true });
    const solve = { kind, start, solved, pose, ms: performance.now() - began };
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

const MAX_CACHED = 16; // A-pose angles × bodies kept

/**
 * The clap's IK track, solved once per A-pose angle and body and cached (a
 * solve takes about half a millisecond, a rebuild of the preview happens
 * on every slider move).
 * @param {object} kb  the loaded library
 * @param {string} [gestureName]  the gesture whose keyframes are solved
 */
export function createClapSolver(kb, gestureName = 'clap') {
  const cache = new Map(); // apose and body → solved target
  let last = null;

  /**
   * @param {number} apose  the idle pose's A-pose angle (rad)
   * @param {{ height?: number, hands?: { left: number[], right: number[] } | null }} [body]
   *   the character's height (m; default kblend's) and its hands'
   *   corrections (null: kblend's hand axes)
   */
  function solve(apose, { height = kb.defaults.height, hands = null } = {}) {
    const key = JSON.stringify([apose, height, hands]);
    if (cache.has(key)) return (last = cache.get(key));
    const gesture = kb.getGesture(gestureName);
    const solves = solveKeyframes(kb, gesture, apose, { height, hands });
    const joints = kb.skeleton.names.length;
    const rotations = new Float32Array(solves.length * 4 * joints);
    solves.forEach((s, k) => rotations.set(s.pose, k * 4 * joints));
    const target = Object.freeze({
      track: {
        times: Float32Array.from(gesture.keyframes, (key) => key.time),
        rotations,
        loop: !!gesture.loop,
        period: gesture.loop ? gesture.period : 0,
        mask: movedJoints(kb, rotations, solves.length, kb.idlePose(apose)),
      },
      // the first open keyframe's solved pose, as played
      pose: solves.find((s) => s.kind === 'open').pose,
      height,
      summary: summarize(solves),
    });
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value);
    cache.set(key, target);
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
