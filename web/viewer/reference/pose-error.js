// The angle between two poses, joint by joint: the figure "how far is the
// preview from the reference" reads, as the mean and the worst over the
// 22 joints, at one time or over a clip. No DOM.
import { jointAngle } from 'kblend';

const JOINTS = 22;

export function poseError(a, b) {
  let sum = 0;
  let worst = 0;
  for (let j = 0; j < JOINTS; j++) {
    const angle = jointAngle(a, b, j);
    sum += angle;
    worst = Math.max(worst, angle);
  }
  return { mean: sum / JOINTS, worst };
}

// The error at each of the reference's frames that falls inside the
// preview's clip (reference time = preview time + offset), with the mean
// over those frames and the worst joint at any of them.
export function errorSeries(preview, reference, offset) {
  const times = [];
  const mean = [];
  const worst = [];
  for (let k = 0; k < reference.frameCount; k++) {
    const t = reference.frameTime(k) - offset;
    if (t < 0 || t > preview.duration + 1e-6) continue;
    const e = poseError(preview.evaluate(t), reference.evaluate(t + offset));
    times.push(t);
    mean.push(e.mean);
    worst.push(e.worst);
  }
  const overall = {
    mean: mean.length ? mean.reduce((s, v) => s + v, 0) / mean.length : 0,
    worst: worst.length ? Math.max(...worst) : 0,
  };
  return { times, mean, worst, overall };
}
