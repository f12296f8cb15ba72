// A preview as a THREE.AnimationClip: one QuaternionKeyframeTrack per
// joint on the preview's frame grid (or at `fps`), and the root's
// VectorKeyframeTrack when the preview has root motion. With `rig`, a
// clip for that rig's own bones, baked through its binding (rig-clip.js).
import {
  AnimationClip,
  PropertyBinding,
  QuaternionKeyframeTrack,
  VectorKeyframeTrack,
} from 'three';
import { JOINT_NAMES, checkNumber, checkOptions } from 'kblend';
import { KBLEND_HIP_HEIGHT } from './kblend-bind.js';
import { boneNameList } from './bone-names.js';
import { rigClip } from './rig-clip.js';

const ANIMATION_CLIP_OPTIONS = Object.freeze([
  'name',
  'boneNames',
  'rootOffset',
  'rig',
  'map',
  'rest',
  'fps',
]);

// kblend's pelvis bind position at the default body height: the rest
// position of a kblend-proportioned rig's root bone, under the root
// translation.
export const PELVIS_BIND = Object.freeze([0, KBLEND_HIP_HEIGHT, 0]);

function checkPreview(preview) {
  const ok =
    preview &&
    typeof preview.frame === 'function' &&
    typeof preview.frameTime === 'function' &&
    Number.isInteger(preview.frameCount);
  if (!ok) throw new TypeError('preview must be a kblend preview (kb.createPreview)');
}

// The times to sample: the preview's own frames, or every 1/fps s of its
// duration (then through evaluate). time(k) is what the tracks hold.
function sampleGrid(preview, fps) {
  if (fps === undefined) {
    const time = (k) => Math.fround(preview.frameTime(k));
    return { count: preview.frameCount, time, pose: (k) => preview.frame(k) };
  }
  checkNumber('fps', fps, { min: 1, max: 1000 });
  if (typeof preview.evaluate !== 'function' || !(preview.duration >= 0))
    throw new TypeError('toAnimationClip: fps needs a preview with evaluate(t) and a duration');
  const count = Math.floor(preview.duration * fps + 1e-9) + 1;
  const time = (k) => Math.fround(Math.min(k / fps, preview.duration));
  return { count, time, pose: (k) => preview.evaluate(time(k)) };
}

// Whether the root moves: previews say so; other sources show it.
function rootMoves(preview, grid) {
  if (typeof preview.root !== 'function') return false;
  if (preview.hasRoot !== undefined) return preview.hasRoot === true;
  for (let k = 0; k < grid.count; k++)
    if (preview.root(grid.time(k)).some((v) => v !== 0)) return true;
  return false;
}

/**
 * options: name (default the gesture's); fps (default the preview's frame
 * grid); without rig: boneNames (22 names in kblend's order, or
 * { kblendJoint: boneName }; default kblend's joint names), rootOffset
 * (added to the root translation, default PELVIS_BIND); with rig (an
 * Object3D holding a humanoid): map and rest as createRigBinding takes them.
 */
export function toAnimationClip(preview, options) {
  checkPreview(preview);
  const o = checkOptions('toAnimationClip', options, ANIMATION_CLIP_OPTIONS);
  const { boneNames, rootOffset = PELVIS_BIND, rig, map, rest = 'auto', fps } = o;
  const name = o.name ?? preview.options?.gesture ?? 'kblend';
  const grid = sampleGrid(preview, fps);
  const moves = rootMoves(preview, grid);
  if (rig !== undefined) {
    if (boneNames !== undefined || o.rootOffset !== undefined)
      throw new TypeError(
        'toAnimationClip: boneNames and rootOffset are for kblend-named rigs; with rig, the tracks are named by its bones',
      );
    const root = moves ? (k) => preview.root(grid.time(k)) : null;
    return rigClip({ ...grid, root }, { rig, map, rest, name });
  }
  if (map !== undefined || o.rest !== undefined)
    throw new TypeError('toAnimationClip: map and rest need rig (the Object3D to bake for)');
  // as three's loaders name nodes: "mixamorig:Hips" → "mixamorigHips"
  const bones = boneNameList(boneNames).map((n) => n && PropertyBinding.sanitizeNodeName(n));
  const frames = grid.count;
  const times = new Float32Array(frames);
  const values = JOINT_NAMES.map(() => new Float32Array(4 * frames));
  const roots = new Float32Array(3 * frames);
  for (let k = 0; k < frames; k++) {
    times[k] = grid.time(k);
    const pose = grid.pose(k);
    values.forEach((v, j) => v.set(pose.subarray(4 * j, 4 * j + 4), 4 * k));
    const root = moves ? preview.root(times[k]) : [0, 0, 0];
    for (let i = 0; i < 3; i++) roots[3 * k + i] = rootOffset[i] + root[i];
  }
  const tracks = [];
  JOINT_NAMES.forEach((_, j) => {
    if (bones[j])
      tracks.push(new QuaternionKeyframeTrack(`${bones[j]}.quaternion`, times, values[j]));
  });
  if (moves && bones[0]) tracks.push(new VectorKeyframeTrack(`${bones[0]}.position`, times, roots));
  return new AnimationClip(name, frames > 1 ? times[frames - 1] : -1, tracks);
}
