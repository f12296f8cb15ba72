// A preview as a THREE.AnimationClip: one QuaternionKeyframeTrack per
// joint on the preview's frame grid, and the root's VectorKeyframeTrack
// when the preview has root motion.
import {
  AnimationClip,
  PropertyBinding,
  QuaternionKeyframeTrack,
  VectorKeyframeTrack,
} from 'three';
import { JOINT_NAMES } from '../lib/skeleton-names.js';
import { boneNameList } from './bone-names.js';

// kblend's pelvis bind position at the default 1.75 m: the rest position
// of a kblend-proportioned rig's root bone, under the root translation.
export const PELVIS_BIND = Object.freeze([0, 0.54 * 1.75, 0]);

function checkPreview(preview) {
  const ok =
    preview &&
    typeof preview.frame === 'function' &&
    typeof preview.frameTime === 'function' &&
    Number.isInteger(preview.frameCount);
  if (!ok) throw new TypeError('preview must be a kblend preview (kb.createPreview)');
}

// options: name (default the gesture's), boneNames (22 names in kblend's
// order, or { kblendJoint: boneName }; default kblend's joint names),
// rootOffset (added to the root translation, default PELVIS_BIND).
export function toAnimationClip(preview, { name, boneNames, rootOffset = PELVIS_BIND } = {}) {
  checkPreview(preview);
  // as three's loaders name nodes: "mixamorig:Hips" → "mixamorigHips"
  const bones = boneNameList(boneNames).map((n) => n && PropertyBinding.sanitizeNodeName(n));
  const frames = preview.frameCount;
  const times = new Float32Array(frames);
  const values = JOINT_NAMES.map(() => new Float32Array(4 * frames));
  const roots = new Float32Array(3 * frames);
  // previews say whether they carry root motion; other sources show it
  let moves = preview.hasRoot === true;
  for (let k = 0; k < frames; k++) {
    times[k] = preview.frameTime(k);
    const pose = preview.frame(k);
    values.forEach((v, j) => v.set(pose.subarray(4 * j, 4 * j + 4), 4 * k));
    const root = typeof preview.root === 'function' ? preview.root(times[k]) : [0, 0, 0];
    for (let i = 0; i < 3; i++) {
      roots[3 * k + i] = rootOffset[i] + root[i];
      if (preview.hasRoot === undefined) moves ||= root[i] !== 0;
    }
  }
  const tracks = [];
  JOINT_NAMES.forEach((_, j) => {
    if (bones[j])
      tracks.push(new QuaternionKeyframeTrack(`${bones[j]}.quaternion`, times, values[j]));
  });
  if (moves && bones[0]) tracks.push(new VectorKeyframeTrack(`${bones[0]}.position`, times, roots));
  const clipName = name ?? preview.options?.gesture ?? 'kblend';
  return new AnimationClip(clipName, frames > 1 ? times[frames - 1] : -1, tracks);
}
