// Forward kinematics of a parsed BVH file in double precision: local
// transforms from the channels (rotations multiplied in the listed order,
// positions added to the offset, as BVH means them), world positions of
// every joint in every frame.
import { multiplyQuat, rotateVector } from '../quaternion-math.js';

const DEG = Math.PI / 180;
const AXES = { X: 0, Y: 1, Z: 2 };

// The local rotation [x, y, z, w] of one joint in one frame.
export function channelRotation(joint, values, base, out) {
  out[0] = out[1] = out[2] = 0;
  out[3] = 1;
  const axis = [0, 0, 0, 0];
  joint.channels.forEach((channel, k) => {
    if (!channel.endsWith('rotation')) return;
    const half = (values[base + joint.firstChannel + k] * DEG) / 2;
    axis.fill(0);
    axis[AXES[channel[0]]] = Math.sin(half);
    axis[3] = Math.cos(half);
    multiplyQuat(out, axis, out);
  });
  return out;
}

function channelPosition(joint, values, base) {
  const p = joint.offset.slice();
  joint.channels.forEach((channel, k) => {
    if (channel.endsWith('position')) p[AXES[channel[0]]] += values[base + joint.firstChannel + k];
  });
  return p;
}

// Rest world positions (the offsets summed down the hierarchy, no channel).
export function restPositions(joints) {
  const rest = [];
  joints.forEach((joint) => {
    const p = joint.parent < 0 ? [0, 0, 0] : rest[joint.parent];
    rest.push([p[0] + joint.offset[0], p[1] + joint.offset[1], p[2] + joint.offset[2]]);
  });
  return rest;
}

const PROGRESS_FRAMES = 256;

// World positions, frames × joints × 3 (file units), and the local
// rotations, frames × joints × 4. onFrames(fraction) is called every
// PROGRESS_FRAMES frames with the fraction done.
export function sourceMotion({ joints, channelCount, frames, values }, onFrames = null) {
  const n = joints.length;
  const positions = new Float64Array(frames * n * 3);
  const locals = new Float64Array(frames * n * 4);
  const world = Array.from({ length: n }, () => [0, 0, 0, 1]);
  const local = [0, 0, 0, 1];
  for (let f = 0; f < frames; f++) {
    const base = f * channelCount;
    joints.forEach((joint, i) => {
      channelRotation(joint, values, base, local);
      locals.set(local, (f * n + i) * 4);
      const p = channelPosition(joint, values, base);
      const out = (f * n + i) * 3;
      if (joint.parent < 0) {
        positions.set(p, out);
        world[i] = local.slice();
        return;
      }
      const moved = rotateVector(world[joint.parent], p);
      const from = (f * n + joint.parent) * 3;
      for (let k = 0; k < 3; k++) positions[out + k] = positions[from + k] + moved[k];
      multiplyQuat(world[joint.parent], local, world[i]);
    });
    if (onFrames && (f + 1) % PROGRESS_FRAMES === 0) onFrames((f + 1) / frames);
  }
  return { positions, locals };
}
