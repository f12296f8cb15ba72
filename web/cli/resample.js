// --fps N: the clip sampled at N frames per second over its own duration.
// Frame k is at k/N s, between source frames f and f+1: each joint's
// rotation slerped (in the core, one batch call for many frames), the
// root lerped.
const POSE = 88;
const JOINTS = 22;

// Source frame and fraction at time t (the last frame holds at the end).
function sourceAt(t, frameTime, frames) {
  const x = t / frameTime;
  const f = Math.min(Math.floor(x + 1e-9), frames - 1);
  return f >= frames - 1 ? [frames - 1, frames - 1, 0] : [f, f + 1, Math.max(0, x - f)];
}

// motion: { frames, frameTime, rotations (frames·88), root (frames·3) }.
export function resample(kb, motion, fps) {
  const { frames, frameTime } = motion;
  const count = Math.floor((frames - 1) * frameTime * fps + 1e-3) + 1;
  const rotations = new Float32Array(count * POSE);
  const root = new Float32Array(count * 3);
  const framesPerBatch = Math.max(
    1,
    Math.floor(Math.min(count * JOINTS, kb.limits.batchPairs.max) / JOINTS),
  );
  const batch = kb.createBatch(framesPerBatch * JOINTS);
  try {
    for (let first = 0; first < count; first += framesPerBatch) {
      const n = Math.min(framesPerBatch, count - first);
      for (let i = 0; i < n; i++) {
        const [a, b, u] = sourceAt((first + i) / fps, frameTime, frames);
        batch.a.set(motion.rotations.subarray(a * POSE, (a + 1) * POSE), i * POSE);
        batch.b.set(motion.rotations.subarray(b * POSE, (b + 1) * POSE), i * POSE);
        batch.u.fill(u, i * JOINTS, (i + 1) * JOINTS);
        for (let c = 0; c < 3; c++) {
          root[3 * (first + i) + c] = (1 - u) * motion.root[3 * a + c] + u * motion.root[3 * b + c];
        }
      }
      // pairs past n (a short last batch) are slerped too and not read
      rotations.set(batch.slerp().subarray(0, n * POSE), first * POSE);
    }
  } finally {
    batch.dispose();
  }
  return { frames: count, frameTime: 1 / fps, fps, rotations, root };
}
