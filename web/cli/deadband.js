// --epsilon RAD: the core's deadband filter over the track, one filter of
// 22 joints stepped once a frame. It runs as a pure gate (lambda = ∞): a
// joint holds its last output until its target is more than RAD away
// (geodesic angle), then takes the target at once. So jitter below RAD is
// removed without the lag of a follower, and no output is further than RAD
// from the capture. The root is not filtered.
const POSE = 88;

// motion: { frames, frameTime, rotations }; returns the filtered rotations.
export function deadband(kb, motion, epsilon) {
  const filter = kb.createFilter({ joints: 22, epsilon, lambda: Infinity });
  const out = new Float32Array(motion.rotations.length);
  try {
    for (let f = 0; f < motion.frames; f++) {
      const target = motion.rotations.subarray(f * POSE, (f + 1) * POSE);
      out.set(filter.step(target, motion.frameTime), f * POSE);
    }
  } finally {
    filter.dispose();
  }
  return out;
}
