// How far a joint has gone from idle toward its held target at time t, for
// an envelope (start, end, attack, release) and a shape: the weight w of
// slerp(idle, target, w), so its angle from idle is w·Θ for a target Θ rad
// from idle. smoothstep: the core's envelope (kb.envelope); kli: the
// Kuramoto–Lohe ramp the core uses for that shape, which depends on Θ.

// The S³ half-angle at which the core's KLI ramp counts as arrived
// (c_src/preview.c, kli_ramp).
const halfArrival = (epsilon) => Math.max(epsilon, 1e-5) / 4;

// kb_kli_weight: progress u of the flow from θ0 (S³ angle) after `elapsed`
// seconds at a rate that arrives within ε after `span` seconds.
function kliRamp(theta0, epsilon, span, elapsed) {
  if (span <= 0) return 1;
  const tan0 = Math.tan(theta0 / 2);
  const tanEps = Math.tan(halfArrival(epsilon));
  if (tan0 <= tanEps) return 1;
  if (!(elapsed > 0)) return 0;
  const rate = Math.log(tan0 / tanEps) / span;
  const theta = 2 * Math.atan(tan0 * Math.exp(-rate * elapsed));
  return Math.min(1, Math.max(0, 1 - theta / theta0));
}

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
export function jointWeights(e, times, envelope, shape, theta, epsilon) {
  if (shape !== 'kli') return e;
  const { start, end, attack, release } = envelope;
  const duration = end - start;
  const attackSeconds = attack * duration;
  const releaseSeconds = release * duration;
  const w = new Float64Array(e.length);
  for (let k = 0; k < e.length; k++) {
    if (e[k] <= 0 || e[k] >= 1) {
      w[k] = e[k];
      continue;
    }
    const t = times[k] - start;
    w[k] =
      t < attackSeconds
        ? kliRamp(theta / 2, epsilon, attackSeconds, t)
        : 1 - kliRamp(theta / 2, epsilon, releaseSeconds, t - (duration - releaseSeconds));
  }
  return w;
}
