// importBvh's `refine: true`: the analytic transfer polished by the core's
// solver, frame by frame. Each frame's solve starts from the transfer's
// pose and stays near it (the reference rows), and near the frame before
// (the smoothness rows), so what the trajectory task adds is where
// positions matter beyond directions: feet on their marks when the file's
// proportions differ from ours.
const REFERENCE_WEIGHT = 0.01; // toward the transfer's pose, as retargetClip's toward the bind
const PREVIOUS_WEIGHT = 0.05; // retargetClip's default
const PROGRESS_FRAMES = 32;

/**
 * @param {object} kb  the API object (solveIK, defaultRetargetPairs)
 * @param {{ rotations: Float32Array, root: Float32Array }} clip  the transfer's
 * @param {{ sourcePositions: Float64Array, driven: boolean[], scale: number, height: number }} source
 * @param {((fraction: number) => void) | null} onFrames
 */
export function refineClip(kb, clip, { sourcePositions, driven, scale, height }, onFrames = null) {
  const frames = clip.root.length / 3;
  const pairs = kb.defaultRetargetPairs(driven);
  const rotations = new Float32Array(clip.rotations.length);
  const root = new Float32Array(clip.root.length);
  let iterations = 0;
  let costSum = 0;
  let previous;
  let previousRoot;
  for (let f = 0; f < frames; f++) {
    const start = clip.rotations.subarray(88 * f, 88 * f + 88);
    const startRoot = clip.root.subarray(3 * f, 3 * f + 3);
    const task = {
      type: 'retarget',
      pairs,
      targets: sourcePositions.subarray(66 * f, 66 * f + 66),
      targetScale: scale,
    };
    const result = kb.solveIK({
      tasks: [task],
      start,
      root: startRoot,
      reference: start,
      referenceRoot: startRoot,
      referenceWeight: REFERENCE_WEIGHT,
      ...(previous && { previous, previousRoot, previousWeight: PREVIOUS_WEIGHT }),
      height,
    });
    rotations.set(result.pose, 88 * f);
    root.set(result.root, 3 * f);
    previous = result.pose;
    previousRoot = result.root;
    iterations += result.iterations;
    costSum += result.cost;
    if (onFrames && (f + 1) % PROGRESS_FRAMES === 0) onFrames((f + 1) / frames);
  }
  return { rotations, root, iterations, meanCost: costSum / frames };
}
