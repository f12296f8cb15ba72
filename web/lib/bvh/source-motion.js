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

// A joint's translation in its parent's frame in one frame: the offset,
// with its position channels added ('add': the root's, and deltas from the
// rest) or in place of the offset on their axes ('replace': exporters that
// write every joint's local position, equal to its offset at rest).
function channelPosition(joint, values, base, how = 'add') {
  const p = joint.offset.slice();
  joint.channels.forEach((channel, k) => {
    if (!channel.endsWith('position')) return;
    const value = values[base + joint.firstChannel + k];
    p[AXES[channel[0]]] = how === 'replace' ? value : p[AXES[channel[0]]] + value;
  });
  return p;
}

// How a non-root joint's position channels are meant, read from the clip:
// values near the joint's offset are its local position ('replace'),
// values near zero are moves from the rest ('add'). A joint without
// position channels: null.
export function positionChannelMeaning(joint, values, channelCount, frames) {
  const axes = joint.channels.flatMap((c, k) => (c.endsWith('position') ? [[AXES[c[0]], k]] : []));
  if (joint.parent < 0 || axes.length === 0) return null;
  let toOffset = 0;
  let toZero = 0;
  for (let f = 0; f < frames; f++) {
    for (const [axis, k] of axes) {
      const v = values[f * channelCount + joint.firstChannel + k];
      toOffset += (v - joint.offset[axis]) ** 2;
      toZero += v * v;
    }
  }
  return toOffset < toZero ? 'replace' : 'add';
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

// What the import says about position channels below the root: which
// joints have them and how they were read (the file's own words, no
// judgement: both readings are common among exporters).
export function positionChannelNotes({ joints, channelCount, values }, frames) {
  const by = { replace: [], add: [] };
  for (const joint of joints) {
    const meaning = positionChannelMeaning(joint, values, channelCount, frames);
    if (meaning) by[meaning].push(joint.name);
  }
  const list = (names) =>
    names.length > 4
      ? `${names.slice(0, 4).join(', ')} and ${names.length - 4} more`
      : names.join(', ');
  const notes = [];
  if (by.replace.length > 0)
    notes.push(
      `${by.replace.length} joints besides the root carry position channels (${list(by.replace)}); ` +
        'their values match the joints’ offsets, so they are read as the joints’ local positions (bone lengths follow them)',
    );
  if (by.add.length > 0)
    notes.push(
      `${by.add.length} joints besides the root carry position channels (${list(by.add)}); ` +
        'their values are near zero, so they are read as moves from the rest offsets',
    );
  return notes;
}

// World positions, frames × joints × 3 (file units), and the local
// rotations, frames × joints × 4. onFrames(fraction) is called every
// PROGRESS_FRAMES frames with the fraction done.
export function sourceMotion({ joints, channelCount, frames, values }, onFrames = null) {
  const n = joints.length;
  const meaning = joints.map(
    (joint) => positionChannelMeaning(joint, values, channelCount, frames) ?? 'add',
  );
  const positions = new Float64Array(frames * n * 3);
  const locals = new Float64Array(frames * n * 4);
  const world = Array.from({ length: n }, () => [0, 0, 0, 1]);
  const local = [0, 0, 0, 1];
  for (let f = 0; f < frames; f++) {
    const base = f * channelCount;
    joints.forEach((joint, i) => {
      channelRotation(joint, values, base, local);
      locals.set(local, (f * n + i) * 4);
      const p = channelPosition(joint, values, base, meaning[i]);
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
