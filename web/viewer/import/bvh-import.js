// BVH import: a mocap file from another skeleton becomes a target track of
// kblend poses. three.js's BVHLoader parses it; the joints are mapped to
// ours by name, scaled by body height and retargeted frame by frame by the
// core's solver. No DOM: the viewer calls it with a dropped file's text,
// tests call it in Node. Nothing is changed unless it succeeds.
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import {
  REQUIRED_JOINTS,
  bodyScale,
  gatherPositions,
  limbPairs,
  mapJointNames,
} from '../../lib/bvh-retarget.js';
import { JOINT_NAMES, multiplyQuat, rotateVector } from 'kblend';

export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MAX_FRAMES = 100000;
const MAX_DEPTH = 128; // deeper hierarchies are hostile, not human
const CHANNELS = ['Xposition', 'Yposition', 'Zposition', 'Xrotation', 'Yrotation', 'Zrotation'];

// Every import failure: a readable message naming the file and the fault.
export class BvhImportError extends Error {
  constructor(message) {
    super(message);
    this.name = 'BvhImportError';
  }
}

function megabytes(bytes) {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// Text of a string, ArrayBuffer or typed array, refusing oversized input
// before decoding or parsing anything.
function readText(input, maxBytes, file) {
  if (typeof input === 'string') {
    // UTF-8 takes at least one byte per UTF-16 unit: a cheap first bound
    if (input.length > maxBytes) {
      throw new BvhImportError(`${file} is larger than the ${megabytes(maxBytes)} limit`);
    }
    const bytes = new TextEncoder().encode(input).length;
    if (bytes > maxBytes) {
      throw new BvhImportError(
        `${file} is ${megabytes(bytes)}, larger than the ${megabytes(maxBytes)} limit`,
      );
    }
    return input;
  }
  if (input instanceof ArrayBuffer || ArrayBuffer.isView(input)) {
    if (input.byteLength > maxBytes) {
      throw new BvhImportError(
        `${file} is ${megabytes(input.byteLength)}, larger than the ${megabytes(maxBytes)} limit`,
      );
    }
    return new TextDecoder('utf-8', { fatal: false }).decode(input);
  }
  throw new BvhImportError(`${file}: expected the file's text or bytes, got ${typeof input}`);
}

// The file's non-empty lines one by one, and its faults as errors that
// name the file.
function lineCursor(text, file) {
  const lines = text.split(/[\r\n]+/).map((l) => l.trim());
  let at = 0;
  const cursor = {
    next() {
      while (at < lines.length && lines[at] === '') at++;
      return at < lines.length ? lines[at++] : null;
    },
    fail(what) {
      throw new BvhImportError(`${file}: ${what}`);
    },
    // the next line, which must exist: a file cut short says so
    need(where) {
      const line = cursor.next();
      if (line === null) cursor.fail(`truncated: the file ends inside the hierarchy, at ${where}`);
      return line;
    },
  };
  return cursor;
}

const quoted = (line) => JSON.stringify(line.slice(0, 40));

// "ROOT name", "JOINT name" or "End Site": what the node is.
function nodeHead(cursor, line, depth) {
  if (depth > MAX_DEPTH) cursor.fail(`the hierarchy is nested deeper than ${MAX_DEPTH} joints`);
  const tokens = line.split(/\s+/);
  const endSite = tokens[0].toUpperCase() === 'END' && tokens[1]?.toUpperCase() === 'SITE';
  if (!endSite && !['ROOT', 'JOINT'].includes(tokens[0].toUpperCase())) {
    cursor.fail(`expected ROOT, JOINT or End Site, got ${quoted(line)}`);
  }
  const name = endSite ? null : tokens[1];
  if (!endSite && !name) cursor.fail(`a ${tokens[0]} has no name`);
  return { endSite, name, label: endSite ? 'an End Site' : name };
}

// "{" and "OFFSET x y z" after a node's head.
function readOffset(cursor, { endSite, name, label }) {
  if (cursor.need(label) !== '{') cursor.fail(`expected { after ${label}`);
  const offset = cursor.need(label).split(/\s+/);
  const values = offset.slice(1).map(Number);
  if (offset[0] !== 'OFFSET' || values.length !== 3 || !values.every(Number.isFinite)) {
    cursor.fail(`${endSite ? 'an End Site' : name} needs OFFSET and three finite numbers`);
  }
}

// "CHANNELS n c1 … cn" of a joint.
function readChannels(cursor, { name, label }) {
  const channelLine = cursor.need(label).split(/\s+/);
  const count = Number(channelLine[1]);
  const channels = channelLine.slice(2);
  if (channelLine[0] !== 'CHANNELS' || !Number.isInteger(count) || count < 0 || count > 6) {
    cursor.fail(`${name} needs CHANNELS and a count from 0 to 6`);
  }
  if (channels.length !== count || !channels.every((c) => CHANNELS.includes(c))) {
    cursor.fail(
      `${name} lists ${channels.length} channels for a count of ${count}, or an unknown one (allowed: ${CHANNELS.join(', ')})`,
    );
  }
  return channels;
}

// One node and everything under it, into hierarchy.joints.
function readNode(cursor, hierarchy, line, parent, depth) {
  const head = nodeHead(cursor, line, depth);
  readOffset(cursor, head);
  let index = -1;
  if (!head.endSite) {
    const channels = readChannels(cursor, head);
    const { joints } = hierarchy;
    if (joints.some((j) => j.name === head.name)) {
      cursor.fail(`the joint name ${head.name} appears twice`);
    }
    index = joints.length;
    joints.push({ name: head.name, parent, channels, firstChannel: hierarchy.channelCount });
    hierarchy.channelCount += channels.length;
  }
  for (;;) {
    const child = cursor.need(head.label);
    if (child === '}') return;
    if (head.endSite) cursor.fail(`an End Site cannot have children, got ${quoted(child)}`);
    if (child === 'MOTION') cursor.fail(`MOTION before ${head.name} was closed with }`);
    readNode(cursor, hierarchy, child, index, depth + 1);
  }
}

// HIERARCHY, the joints from ROOT on, and MOTION.
function readHierarchy(cursor) {
  const first = cursor.next();
  if (first === null) cursor.fail('the file is empty');
  if (first !== 'HIERARCHY')
    cursor.fail(`not a BVH file: the first line must be HIERARCHY, got ${quoted(first)}`);
  const hierarchy = { joints: [], channelCount: 0 };
  const root = cursor.next();
  if (root === null || !root.toUpperCase().startsWith('ROOT'))
    cursor.fail('the hierarchy must start with ROOT');
  readNode(cursor, hierarchy, root, -1, 0);
  if (cursor.next() !== 'MOTION') cursor.fail('expected MOTION after the hierarchy');
  return hierarchy;
}

// "Frames: N" and "Frame Time: t".
function readTiming(cursor, maxFrames) {
  const framesLine = cursor.next() ?? '';
  const frames = Number(framesLine.split(/\s+/)[1]);
  if (!/^Frames:/.test(framesLine) || !Number.isInteger(frames) || frames < 1) {
    cursor.fail(`expected "Frames: N" with N ≥ 1, got ${quoted(framesLine)}`);
  }
  if (frames > maxFrames) cursor.fail(`${frames} frames is more than the ${maxFrames} allowed`);
  const timeLine = cursor.next() ?? '';
  const frameTime = Number(timeLine.split(/\s+/)[2]);
  if (!/^Frame Time:/.test(timeLine) || !(frameTime > 0 && frameTime <= 1)) {
    cursor.fail(`expected "Frame Time: t" with 0 < t ≤ 1 s, got ${quoted(timeLine)}`);
  }
  return { frames, frameTime };
}

// Every frame line: present, one value per channel, each a finite number.
function checkFrames(cursor, { joints, channelCount }, frames) {
  for (let f = 0; f < frames; f++) {
    const line = cursor.next();
    if (line === null) cursor.fail(`truncated: the file declares ${frames} frames but has ${f}`);
    const values = line.split(/\s+/);
    if (values.length !== channelCount) {
      cursor.fail(
        `frame ${f} has ${values.length} values, the hierarchy declares ${channelCount} channels`,
      );
    }
    for (let c = 0; c < channelCount; c++) {
      if (!Number.isFinite(Number(values[c]))) {
        const joint = joints.findLast((j) => j.firstChannel <= c && j.channels.length > 0);
        const channel = joint.channels[c - joint.firstChannel];
        cursor.fail(
          `frame ${f}, channel ${c} (${joint.name} ${channel}) is ${JSON.stringify(values[c])}, not a finite number`,
        );
      }
    }
  }
}

// A strict pass over the file with the grammar BVHLoader reads, since the
// loader itself only logs what it does not understand. Returns the joints
// (names, parents, channels) and the motion's frame count and frame time.
function validateBvh(text, file, maxFrames) {
  const cursor = lineCursor(text, file);
  const hierarchy = readHierarchy(cursor);
  const { frames, frameTime } = readTiming(cursor, maxFrames);
  checkFrames(cursor, hierarchy, frames);
  return { joints: hierarchy.joints, frames, frameTime };
}

// World positions of every source joint in every frame (frames × n × 3)
// from the loader's tracks, and the rest pose (n × [x, y, z]).
function sourceMotion(parsed, joints, frames) {
  const bones = parsed.skeleton.bones.filter((b) => b.name !== 'ENDSITE');
  const byName = new Map(parsed.clip.tracks.map((t) => [t.name, t.values]));
  const n = joints.length;
  const positions = new Float64Array(frames * n * 3);
  const worldQ = new Float64Array(n * 4);
  const rest = [];
  const tracks = joints.map((joint, i) => {
    const bone = bones[i];
    if (!bone || bone.name !== joint.name)
      throw new BvhImportError(`the loader's joints differ from the file's at ${joint.name}`);
    return {
      position: byName.get(`${joint.name}.position`),
      quaternion: byName.get(`${joint.name}.quaternion`),
      offset: bone.position,
    };
  });
  joints.forEach((joint, i) => {
    const o = tracks[i].offset;
    const p = joint.parent < 0 ? [0, 0, 0] : rest[joint.parent];
    rest.push([p[0] + o.x, p[1] + o.y, p[2] + o.z]);
  });
  for (let f = 0; f < frames; f++) {
    for (let i = 0; i < n; i++) {
      const { position, quaternion } = tracks[i];
      const local = position.subarray(3 * f, 3 * f + 3);
      const q = quaternion.subarray(4 * f, 4 * f + 4);
      const out = (f * n + i) * 3;
      const parent = joints[i].parent;
      if (parent < 0) {
        positions.set(local, out);
        worldQ.set(q, 4 * i);
        continue;
      }
      const pq = worldQ.subarray(4 * parent, 4 * parent + 4);
      const moved = rotateVector(pq, local);
      const from = (f * n + parent) * 3;
      for (let k = 0; k < 3; k++) positions[out + k] = positions[from + k] + moved[k];
      multiplyQuat(pq, q, worldQ.subarray(4 * i, 4 * i + 4));
    }
  }
  return { positions, rest };
}

// input: the file's text (or bytes); kb: the loaded library. Options:
// maxBytes (50 MB), maxFrames, fileName (for messages), height (of our
// rig, m) and any retargetClip option (weights, maxIterations, ...).
// Returns { track, rotations, root, frames, fps, frameTime, duration,
// scale, mapping, unmapped, ignored, sourcePositions, iterations }.
export function importBvh(input, kb, options = {}) {
  const {
    maxBytes = DEFAULT_MAX_BYTES,
    maxFrames = DEFAULT_MAX_FRAMES,
    fileName = 'the BVH file',
    height = 1.75,
    ...retargetOptions
  } = options;
  const text = readText(input, maxBytes, fileName);
  const { joints, frames, frameTime } = validateBvh(text, fileName, maxFrames);
  let parsed;
  try {
    parsed = new BVHLoader().parse(text);
  } catch (error) {
    throw new BvhImportError(
      `${fileName}: three.js's BVHLoader could not read it (${error.message})`,
    );
  }
  const names = joints.map((j) => j.name);
  const { indexOf, unmapped, ignored } = mapJointNames(
    names,
    joints.map((j) => j.parent),
  );
  const missing = REQUIRED_JOINTS.filter((name) => unmapped.includes(name));
  if (missing.length > 0) {
    throw new BvhImportError(
      `${fileName}: could not map ${missing.join(', ')} to any joint of the file ` +
        `(its joints: ${names.slice(0, 40).join(', ')}${names.length > 40 ? ', …' : ''}); ` +
        'use Kimodo/SMPL names, mocap names such as Hips, LeftUpLeg, LeftArm, LeftForeArm, or mixamorig: names',
    );
  }
  const { positions: sourceAll, rest } = sourceMotion(parsed, joints, frames);
  const scale = bodyScale(indexOf, rest, kb.bindPositions(height));
  const sourcePositions = gatherPositions(indexOf, sourceAll, joints.length, frames);
  const driven = indexOf.map((i) => i >= 0);
  const clip = kb.retargetClip({
    ...retargetOptions,
    positions: sourcePositions,
    driven,
    targetScale: scale,
    height,
  });
  const times = new Float32Array(frames);
  for (let f = 0; f < frames; f++) times[f] = f * frameTime;
  const mapping = {};
  JOINT_NAMES.forEach((name, j) => {
    if (indexOf[j] >= 0) mapping[name] = names[indexOf[j]];
  });
  return {
    track: { times, rotations: clip.rotations },
    rotations: clip.rotations,
    root: clip.root,
    frames,
    fps: 1 / frameTime,
    frameTime,
    duration: (frames - 1) * frameTime,
    scale,
    mapping,
    unmapped,
    ignored,
    driven,
    limbs: limbPairs(driven),
    sourcePositions,
    iterations: clip.iterations,
  };
}
