// Root motion of a preview: the track's root translation (one per key,
// metres) sampled like the poses are. Each frame k of the grid takes the
// track at the frame's time (linear between keys, the loop's wrap segment
// from the last key back to the first), and a time between two frames
// interpolates linearly between them, as the core does with the poses.
// Float32 arithmetic throughout, as in the core.
const f = Math.fround;

// Keys a, b and the weight between them at time t (the core's rule).
function locate(times, loop, period, t) {
  const n = times.length;
  const t0 = times[0];
  const last = times[n - 1];
  if (loop) {
    let tau = f(f(t - t0) % period);
    if (tau < 0) tau = f(tau + period);
    t = f(t0 + tau);
    if (t >= last) return [n - 1, 0, f(f(t - last) / f(period - f(last - t0)))];
  } else if (t <= t0 || n === 1) return [0, 0, 0];
  else if (t >= last) return [n - 1, n - 1, 0];
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid;
    else hi = mid;
  }
  return [lo, lo + 1, f(f(t - times[lo]) / f(times[lo + 1] - times[lo]))];
}

function lerpInto(src, a, b, u, out, at) {
  for (let i = 0; i < 3; i++) {
    const x = src[3 * a + i];
    out[at + i] = u === 0 ? x : f(x + f(u * f(src[3 * b + i] - x)));
  }
}

export function createRootTrack(track, frameCount, frameTime, { duration, fps }) {
  if (!track.root) {
    return {
      at(t, out) {
        out.fill(0, 0, 3);
        return out;
      },
    };
  }
  const { times, loop, period, root } = track;
  const frames = new Float32Array(3 * frameCount);
  const frameTimes = new Float32Array(frameCount);
  for (let k = 0; k < frameCount; k++) {
    frameTimes[k] = frameTime(k);
    const [a, b, u] = locate(times, loop, period, frameTimes[k]);
    lerpInto(root, a, b, u, frames, 3 * k);
  }
  const frameAt = (k, out) => {
    for (let i = 0; i < 3; i++) out[i] = frames[3 * k + i];
    return out;
  };
  return {
    // The root at time t (clamped to [0, duration]) into out[0..2].
    at(t, out) {
      const tc = f(t < 0 ? 0 : t > duration ? duration : t);
      const k = Math.floor(f(tc * f(fps)));
      if (k >= frameCount - 1) return frameAt(frameCount - 1, out);
      const t0 = frameTimes[k];
      const u = f(f(tc - t0) / f(frameTimes[k + 1] - t0));
      if (u <= 0) return frameAt(k, out);
      lerpInto(frames, k, k + 1, u, out, 0);
      return out;
    },
  };
}
