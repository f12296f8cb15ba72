// "Solve with IK" for the clap: the core's solver moves the arms of the
// clap's open phase (its first keyframe, the pose the clap rules of SPEC §5
// describe: wrists 0.17 m apart, palms opposed, thumbs up) until the rules
// hold, and that solved pose becomes the clap's target, played through the
// same envelope and filter as any gesture. No DOM, no three.js.
//
// Why one pose and not every keyframe: the clap's closed phase brings the
// wrists closer than the rules allow (the hands meet), so solving it with
// the rules would land on a second, different arm pose, and the slerp
// between two such solutions leaves the rules in between. The solved open
// phase, held, passes them through the whole hold.

// Joints whose rotation differs from idle: the ones the track drives.
function movedJoints(kb, pose, idle) {
  const mask = new Uint8Array(kb.skeleton.names.length);
  for (let j = 0; j < mask.length; j++) {
    const angle = kb.geodesicAngle(
      pose.subarray(4 * j, 4 * j + 4),
      idle.subarray(4 * j, 4 * j + 4),
    );
    mask[j] = angle > 0 ? 1 : 0;
  }
  return mask;
}

/**
 * The clap's IK target, solved once per A-pose angle and cached (a solve
 * takes about half a millisecond, a rebuild of the preview happens on every
 * slider move).
 * @param {object} kb  the loaded library
 * @param {string} [gestureName]  the gesture whose first keyframe is solved
 */
export function createClapSolver(kb, gestureName = 'clap') {
  const cache = new Map(); // apose → solved target
  let last = null;

  function solve(apose) {
    if (cache.has(apose)) return (last = cache.get(apose));
    const gesture = kb.getGesture(gestureName);
    const start = kb.keyframePose(gesture.keyframes[0], apose);
    const began = performance.now();
    const solved = kb.solveClap(start);
    const ms = performance.now() - began;
    const idle = kb.idlePose(apose);
    const target = Object.freeze({
      // one keyframe at t = 0: the preview holds it through the clip
      track: {
        times: new Float32Array([0]),
        rotations: solved.pose,
        loop: false,
        mask: movedJoints(kb, solved.pose, idle),
      },
      pose: solved.pose,
      summary: Object.freeze({
        iterations: solved.iterations,
        cost: solved.cost,
        converged: solved.converged,
        ok: solved.ok,
        ms,
      }),
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
