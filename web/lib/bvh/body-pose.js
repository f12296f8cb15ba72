// The pose of a BVH file that shows its body standing, for what the rest
// pose usually tells (which chains are legs, which side is left, how tall
// the actor is). Most files' rest (offsets, zero rotations) is a T- or
// A-pose; some exporters (Bandai's gesture captures, Maya joint orients)
// lay every bone along X at rest and rotate them up in every frame, so
// their rest is a line on the ground and only the motion stands.

// How many of the first frames are tried when the rest does not stand.
export const STANDING_FRAMES = 30;

// A pose stands when it is at least half as tall as it is wide or deep
// (a T-pose is about as tall as its arm span; a line of bones along X is
// a tenth as tall as long).
export function stands(pose) {
  const low = [Infinity, Infinity, Infinity];
  const high = [-Infinity, -Infinity, -Infinity];
  for (const p of pose) {
    for (let k = 0; k < 3; k++) {
      low[k] = Math.min(low[k], p[k]);
      high[k] = Math.max(high[k], p[k]);
    }
  }
  const [x, y, z] = high.map((h, k) => h - low[k]);
  return y > 0 && y >= 0.5 * Math.max(x, z);
}

function framePose(positions, jointCount, frame) {
  const pose = [];
  for (let i = 0; i < jointCount; i++) {
    const at = (frame * jointCount + i) * 3;
    pose.push([positions[at], positions[at + 1], positions[at + 2]]);
  }
  return pose;
}

/**
 * @param {number[][]} rest  rest world positions per joint ([x, y, z])
 * @param {Float64Array} positions  world positions, frames × joints × 3
 * @param {number} frames
 * @returns {{ pose: number[][], frame: number | null }} the rest when it
 *   stands (frame null), else the first of the first frames that stands
 *   (the rest again when none does)
 */
export function standingPose(rest, positions, frames) {
  if (stands(rest)) return { pose: rest, frame: null };
  const count = rest.length;
  for (let f = 0; f < Math.min(frames, STANDING_FRAMES); f++) {
    const pose = framePose(positions, count, f);
    if (stands(pose)) return { pose, frame: f };
  }
  return { pose: rest, frame: null };
}
