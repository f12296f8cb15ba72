// How far a joint has gone from idle toward its held target at time t, for
// an envelope (start, end, attack, release) and a shape: the weight w of
// slerp(idle, target, w), so its angle from idle is w·Θ for a target Θ rad
// from idle. smoothstep: the core's envelope (kb.envelope); kli: the
// core's Kuramoto–Lohe ramp for that shape (kb.kliRamp), which depends on Θ.

// envelope(p, { attack, release }) is the core's E; it is called once per
// frame and shared by every joint.
export function envelopeSeries(kb, times, { start, end, attack, release }) {
  const duration = end - start;
  const e = new Float64Array(times.length);
  for (let k = 0; k < times.length; k++) {
    e[k] = kb.envelope((times[k] - start) / duration, { attack, release });
  }
  return e;
}

// The weight of one joint Θ rad from idle at each frame, given the
// envelope series e (the KLI ramp acts only where 0 < e < 1, as in the core).
export function jointWeights(kb, e, times, envelope, shape, theta, epsilon) {
  if (shape !== 'kli') return e;
  const { start, end, attack, release } = envelope;
  const duration = end - start;
  const attackSeconds = attack * duration;
  const releaseSeconds = release * duration;
  // the S³ angle; an amplitude ≤ 0 has arrived (a ramp of 1, as in the core)
  const theta0 = Math.min(Math.max(theta / 2, 0), Math.PI);
  const w = new Float64Array(e.length);
  for (let k = 0; k < e.length; k++) {
    if (e[k] <= 0 || e[k] >= 1) {
      w[k] = e[k];
      continue;
    }
    const t = times[k] - start;
    w[k] =
      t < attackSeconds
        ? kb.kliRamp(theta0, epsilon, attackSeconds, t)
        : 1 - kb.kliRamp(theta0, epsilon, releaseSeconds, t - (duration - releaseSeconds));
  }
  return w;
}
