// kb.importBvh: a BVH file from any skeleton becomes a clip the preview
// plays (track: times, rotations, root, mask). Joints are mapped by an
// explicit map, by name, then by topology; a file whose skeleton is
// kblend's own (what kb.exportBvh writes) keeps its rotations exactly,
// any other has its rotations carried over analytically from the two
// rests (rotation-transfer.js); `refine: true` then polishes that with
// the core's solver, frame by frame, and a file whose rest can not be
// matched is retargeted from its joint positions by the solver alone
// (kb.retargetClip). The root translation is carried, scaled to our
// height (so centimetres, metres and inches all work) and grounded.
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from '../skeleton-names.js';
import { checkNumber, checkOptions, describe } from '../validate.js';
import { BvhImportError } from './errors.js';
import { checkProgress, createImportProgress } from './import-progress.js';
import { listNames, mapJoints } from './map-joints.js';
import { STANDING_FRAMES, standingPose } from './body-pose.js';
import { BVH_LIMITS, parseBvh } from './parse.js';
import { REQUIRED_JOINTS, bodyScale, gatherPositions, limbPairs } from './retarget-helpers.js';
import { refineClip } from './refine.js';
import { planTransfer, transferClip } from './rotation-transfer.js';
import { positionChannelNotes, restPositions, sourceMotion } from './source-motion.js';

const IMPORT_DEFAULTS = Object.freeze({
  name: 'the BVH file',
  height: undefined, // kb.defaults.height
  map: 'auto',
  maxFrames: 20000, // what the fixed WebAssembly heap retargets comfortably
  ground: true,
  inPlace: false,
  refine: false, // polish the transfer with the solver (slow: ~3 ms a frame)
  onProgress: null, // (fraction in [0, 1]) while parsing, retargeting and grounding
});
const MAX_SECONDS = 600; // the longest clip a preview plays
const FEET = ['left_ankle', 'right_ankle', 'left_foot', 'right_foot'].map((n) =>
  JOINT_NAMES.indexOf(n),
);
const FLOOR_PERCENTILE = 0.05; // contact frames, not a toe that dips once

// The joints the track drives: the file's, and any the solver posed
// between them (a spine2 the file lacks gets part of the bend). Masked
// joints play idle, so leaving those out would show another pose than the
// clip's (up to 2° on the trunk's limbs of a capture with no spine2).
function trackMask(driven, rotations, frames) {
  const posed = (j) => {
    for (let f = 0; f < frames; f++) {
      const at = 4 * (JOINT_COUNT * f + j);
      if (rotations[at] || rotations[at + 1] || rotations[at + 2]) return true;
    }
    return false;
  };
  return Uint8Array.from(driven, (d, j) => (d || posed(j) ? 1 : 0));
}

function checkImportOptions(kb, options) {
  checkOptions('importBvh options', options, Object.keys(IMPORT_DEFAULTS));
  const o = { ...IMPORT_DEFAULTS, height: kb.defaults.height, ...options };
  if (typeof o.name !== 'string')
    throw new TypeError(`name must be a string, got ${describe(o.name)}`);
  checkNumber('height', o.height, { min: 0.5, max: 3 });
  checkNumber('maxFrames', o.maxFrames, { min: 1, max: 200000, integer: true });
  if (typeof o.ground !== 'boolean')
    throw new TypeError(`ground must be true or false, got ${describe(o.ground)}`);
  if (typeof o.inPlace !== 'boolean')
    throw new TypeError(`inPlace must be true or false, got ${describe(o.inPlace)}`);
  if (typeof o.refine !== 'boolean')
    throw new TypeError(`refine must be true or false, got ${describe(o.refine)}`);
  checkProgress(o.onProgress);
  return o;
}

function textOf(input, file) {
  const bytes = typeof input === 'string' ? input.length : input?.byteLength;
  if (typeof input !== 'string' && !(input instanceof ArrayBuffer || ArrayBuffer.isView(input))) {
    throw new TypeError(`text must be the BVH file's text or bytes, got ${describe(input)}`);
  }
  if (bytes > BVH_LIMITS.maxBytes) {
    throw new BvhImportError(
      `${file} is larger than the ${BVH_LIMITS.maxBytes / 2 ** 20} MB limit`,
    );
  }
  return typeof input === 'string' ? input : new TextDecoder().decode(input);
}

// The file's skeleton is ours when every joint maps, parents correspond
// and each rest offset points where our bind's does (rest = our T-pose).
function isOwnSkeleton(indexOf, joints, ourBind) {
  if (indexOf.some((s) => s < 0)) return false;
  return JOINT_NAMES.every((_, j) => {
    const source = joints[indexOf[j]];
    if (j === 0) return source.parent < 0;
    if (source.parent !== indexOf[JOINT_PARENTS[j]]) return false;
    const p = JOINT_PARENTS[j];
    const ours = [0, 1, 2].map((k) => ourBind[3 * j + k] - ourBind[3 * p + k]);
    const theirs = source.offset;
    const dot = ours.reduce((s, v, k) => s + v * theirs[k], 0);
    return dot > 0.999999 * Math.hypot(...ours) * Math.hypot(...theirs);
  });
}

function directClip(motion, indexOf, joints, frames, scale, ourBind) {
  const n = joints.length;
  const rotations = new Float32Array(frames * 4 * JOINT_COUNT);
  const root = new Float32Array(frames * 3);
  for (let f = 0; f < frames; f++) {
    for (let j = 0; j < JOINT_COUNT; j++) {
      const from = (f * n + indexOf[j]) * 4;
      rotations.set(motion.locals.subarray(from, from + 4), (f * JOINT_COUNT + j) * 4);
    }
    const pelvis = (f * n + indexOf[0]) * 3;
    for (let k = 0; k < 3; k++) root[3 * f + k] = scale * motion.positions[pelvis + k] - ourBind[k];
  }
  return { rotations, root, iterations: 0, meanCost: 0 };
}

// Shifts the root so the feet rest on y = 0 in contact frames (a low
// percentile of the lowest foot, each foot joint against its bind height).
function groundRoot(kb, clip, driven, frames, height, ourBind, onChunk) {
  const feet = FEET.filter((j) => driven[j]);
  if (feet.length === 0) return 0;
  const lowest = new Float64Array(frames);
  const chunk = 1024; // keeps the core's batch buffer small
  for (let first = 0; first < frames; first += chunk) {
    const count = Math.min(chunk, frames - first);
    const { positions } = kb.forwardKinematicsBatch(
      clip.rotations.subarray(first * 88, (first + count) * 88),
      clip.root.subarray(first * 3, (first + count) * 3),
      { height },
    );
    for (let f = 0; f < count; f++) {
      const y = (j) => positions[f * 66 + 3 * j + 1] - ourBind[3 * j + 1];
      lowest[first + f] = Math.min(...feet.map(y));
    }
    onChunk((first + count) / frames);
  }
  lowest.sort();
  const floor = lowest[Math.floor(FLOOR_PERCENTILE * (frames - 1))];
  for (let f = 0; f < frames; f++) clip.root[3 * f + 1] -= floor;
  return floor;
}

function mappingError(file, mapping, names) {
  const missing = REQUIRED_JOINTS.filter((name) => mapping.unmapped.includes(name));
  return new BvhImportError(
    `${file}: could not map ${missing.join(', ')} (unmapped: ${mapping.unmapped.join(', ')}) ` +
      `to any joint of the file (its joints: ${listNames(names)}); pass ` +
      `options.map = { kblendJoint: 'fileJoint', … } for these`,
    { unmapped: mapping.unmapped, joints: names, mapped: mapping.mapped, missing },
  );
}

export function importBvh(kb, input, options = {}) {
  const o = checkImportOptions(kb, options);
  const progress = createImportProgress(o.onProgress);
  const parsed = parseBvh(textOf(input, o.name), {
    file: o.name,
    keep: o.maxFrames,
    onLines: (fraction) => progress.at('parse', fraction),
  });
  const frames = Math.min(parsed.frames, Math.floor(MAX_SECONDS / parsed.frameTime) + 1);
  const { joints } = parsed;
  const names = joints.map((j) => j.name);
  // legs, sides and size from the rest when it stands, else from the
  // first frames (only those are computed before the mapping is known)
  const first = Math.min(frames, STANDING_FRAMES);
  const early = sourceMotion({ ...parsed, frames: first }, null, { keepLocals: false }).positions;
  const rest = restPositions(joints);
  const { pose } = standingPose(rest, early, first);
  const parents = joints.map((j) => j.parent);
  const mapping = mapJoints({ names, parents, rest: pose, map: o.map, consistent: true });
  if (REQUIRED_JOINTS.some((name) => mapping.unmapped.includes(name)))
    throw mappingError(o.name, mapping, names);
  const { indexOf } = mapping;
  const ourBind = kb.bindPositions(o.height);
  const scale = bodyScale(indexOf, pose, ourBind);
  const direct = isOwnSkeleton(indexOf, joints, ourBind);
  const motion = sourceMotion(
    { ...parsed, frames },
    (fraction) => progress.at('motion', fraction),
    { keepLocals: direct },
  );
  const driven = indexOf.map((i) => i >= 0);
  const sourcePositions = gatherPositions(indexOf, motion.positions, joints.length, frames);
  const onRetarget = (fraction) => progress.at('retarget', fraction);
  const plan = direct ? null : planTransfer(indexOf, parents, rest, ourBind);
  let method = direct ? 'direct' : plan.joints ? 'transfer' : 'retarget';
  let clip;
  if (direct) clip = directClip(motion, indexOf, joints, frames, scale, ourBind);
  else if (method === 'transfer') {
    const refining = o.refine ? (f) => onRetarget(f / 4) : onRetarget;
    clip = transferClip(plan, motion, joints.length, frames, scale, ourBind, refining);
    if (o.refine) {
      clip = refineClip(kb, clip, { sourcePositions, driven, scale, height: o.height }, (f) =>
        onRetarget(0.25 + 0.75 * f),
      );
      method = 'transfer+refine';
    }
  } else
    clip = kb.retargetClip({
      positions: sourcePositions,
      driven,
      targetScale: scale,
      height: o.height,
    });
  progress.at('retarget', 1);
  const onChunk = (fraction) => progress.at('ground', fraction);
  const floor = o.ground ? groundRoot(kb, clip, driven, frames, o.height, ourBind, onChunk) : 0;
  const start = [clip.root[0], clip.root[2]];
  for (let f = 0; f < frames; f++) {
    clip.root[3 * f] -= o.inPlace ? clip.root[3 * f] : start[0];
    clip.root[3 * f + 2] -= o.inPlace ? clip.root[3 * f + 2] : start[1];
  }
  const times = new Float32Array(frames);
  for (let f = 0; f < frames; f++) times[f] = f * parsed.frameTime;
  const mask = trackMask(driven, clip.rotations, frames);
  progress.done();
  return {
    name: o.name,
    track: { times, rotations: clip.rotations, root: clip.root, loop: false, period: 0, mask },
    rotations: clip.rotations,
    root: clip.root,
    frames,
    fileFrames: parsed.fileFrames,
    truncated: frames < parsed.fileFrames,
    fps: 1 / parsed.frameTime,
    frameTime: parsed.frameTime,
    duration: (frames - 1) * parsed.frameTime,
    method,
    mapped: mapping.mapped,
    unmapped: mapping.unmapped,
    ignored: mapping.ignored,
    joints: names,
    scale,
    floor,
    driven,
    limbs: limbPairs(driven),
    sourcePositions,
    iterations: clip.iterations,
    meanCost: clip.meanCost,
    notes: [
      ...positionChannelNotes(parsed, frames),
      ...(method === 'retarget' ? [`retargeted by the solver: ${plan.reason}`] : []),
    ],
  };
}
