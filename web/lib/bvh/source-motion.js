// Forward kinematics of a parsed BVH file in double precision: local
// transforms from the channels (rotations multiplied in the listed order,
// positions added to the offset, as BVH means them), world positions of
// every joint in every frame.
import { multiplyQuatAt } from '../quaternion-math.js';

const DEG = Math.PI / 180;
const AXES = { X: 0, Y: 1, Z: 2 };

// How a non-root joint's position channels are meant, read from the clip:
// values near the joint's offset are its local position ('replace'),
// values near zero are moves from the rest ('add'). A joint without
// position channels: null.
function positionChannelMeaning(joint, values, channelCount, frames) {
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

// Per joint, what its channels are, as flat numbers for the frame loop:
// rotation channels (axis, value index) in the listed order, position
// channels (axis, value index), and whether positions replace the offset.
function channelPlan(joints, channelCount, values, frames) {
  return joints.map((joint) => {
    const rotations = [];
    const positions = [];
    joint.channels.forEach((channel, k) => {
      const entry = [AXES[channel[0]], joint.firstChannel + k];
      (channel.endsWith('rotation') ? rotations : positions).push(entry);
    });
    const meaning = positionChannelMeaning(joint, values, channelCount, frames) ?? 'add';
    return { rotations, positions, replace: meaning === 'replace', offset: joint.offset };
  });
}

// The local rotation of one joint in one frame into locals[o…o+3]: the
// channels' turns multiplied in the listed order. A turn about one axis,
// (sin·axis, cos), has two non-zero parts, so its product is written out
// per axis: the general Hamilton product with those zeros gives the same
// numbers at twice the work, and this loop runs for every joint of every
// frame of a capture.
function localRotation(plan, values, base, locals, o) {
  let x = 0;
  let y = 0;
  let z = 0;
  let w = 1;
  const turns = plan.rotations;
  for (let k = 0; k < turns.length; k++) {
    const [axis, index] = turns[k];
    const half = (values[base + index] * DEG) / 2;
    const s = Math.sin(half);
    const c = Math.cos(half);
    const px = x;
    const py = y;
    const pz = z;
    const pw = w;
    if (axis === 0) {
      x = pw * s + px * c;
      y = py * c + pz * s;
      z = pz * c - py * s;
      w = pw * c - px * s;
    } else if (axis === 1) {
      x = px * c - pz * s;
      y = pw * s + py * c;
      z = px * s + pz * c;
      w = pw * c - py * s;
    } else {
      x = px * c + py * s;
      y = py * c - px * s;
      z = pw * s + pz * c;
      w = pw * c - pz * s;
    }
  }
  locals[o] = x;
  locals[o + 1] = y;
  locals[o + 2] = z;
  locals[o + 3] = w;
}

// World positions, frames × joints × 3 (file units), the local rotations
// and the world rotations, frames × joints × 4 each (the rest's world
// rotations are identity in BVH, so a world rotation is the product of
// the locals down the chain). onFrames(fraction) is called every
// PROGRESS_FRAMES frames with the fraction done.
export function sourceMotion(
  { joints, channelCount, frames, values },
  onFrames = null,
  { keepLocals = true } = {},
) {
  const n = joints.length;
  const plans = channelPlan(joints, channelCount, values, frames);
  const parents = Int32Array.from(joints, (j) => j.parent);
  const positions = new Float64Array(frames * n * 3);
  // the locals are kept only when asked (a file of our own skeleton copies
  // them); else one frame's worth is reused
  const locals = new Float64Array((keepLocals ? frames : 1) * n * 4);
  const worlds = new Float64Array(frames * n * 4);
  const t = [0, 0, 0];
  for (let f = 0; f < frames; f++) {
    const base = f * channelCount;
    for (let i = 0; i < n; i++) {
      const plan = plans[i];
      const q = (f * n + i) * 4;
      const l = keepLocals ? q : 4 * i;
      const o = (f * n + i) * 3;
      localRotation(plan, values, base, locals, l);
      t[0] = plan.offset[0];
      t[1] = plan.offset[1];
      t[2] = plan.offset[2];
      for (const [axis, index] of plan.positions)
        t[axis] = plan.replace ? values[base + index] : t[axis] + values[base + index];
      const p = parents[i];
      if (p < 0) {
        positions[o] = t[0];
        positions[o + 1] = t[1];
        positions[o + 2] = t[2];
        for (let k = 0; k < 4; k++) worlds[q + k] = locals[l + k];
        continue;
      }
      const pq = (f * n + p) * 4;
      const po = (f * n + p) * 3;
      const x = worlds[pq];
      const y = worlds[pq + 1];
      const z = worlds[pq + 2];
      const w = worlds[pq + 3];
      // the parent's world rotation applied to t: t + 2w(u × t) + 2u × (u × t)
      const tx = 2 * (y * t[2] - z * t[1]);
      const ty = 2 * (z * t[0] - x * t[2]);
      const tz = 2 * (x * t[1] - y * t[0]);
      positions[o] = positions[po] + t[0] + w * tx + (y * tz - z * ty);
      positions[o + 1] = positions[po + 1] + t[1] + w * ty + (z * tx - x * tz);
      positions[o + 2] = positions[po + 2] + t[2] + w * tz + (x * ty - y * tx);
      multiplyQuatAt(worlds, pq, locals, l, worlds, q);
    }
    if (onFrames && (f + 1) % PROGRESS_FRAMES === 0) onFrames((f + 1) / frames);
  }
  return { positions, locals: keepLocals ? locals : null, worlds };
}
