// A preview baked for a user's own rig: a copy of the rig is bound with
// createRigBinding (the very code a live binding runs, docs/design.md
// §8a), the preview applied frame by frame, and the local rotation of
// every bone the binding writes (and the hips' position, when the root
// moves) read off into tracks named by the rig's bones. Three's
// AnimationMixer playing the clip on the rig, unbound, then shows what a
// live binding would.
import {
  AnimationClip,
  PropertyBinding,
  QuaternionKeyframeTrack,
  VectorKeyframeTrack,
} from 'three';
import { clone } from 'three/examples/jsm/utils/SkeletonUtils.js';
import { JOINT_NAMES } from 'kblend';
import { createRigBinding, restLocalOf } from './rig-binding.js';
import { skeletonRoot } from './rig-frame.js';

// The rig's copy at rest: bones a live binding holds are put back at the
// rest it read, and every object composes its matrices again (a bound
// rig's objects have three's automatic updates off).
function restingCopy(top) {
  const copy = clone(top);
  const originals = [];
  const copies = [];
  top.traverse((o) => originals.push(o));
  copy.traverse((o) => copies.push(o));
  originals.forEach((o, i) => {
    const c = copies[i];
    c.matrixAutoUpdate = true;
    c.matrixWorldAutoUpdate = true;
    const rest = restLocalOf(o);
    if (rest) {
      c.quaternion.copy(rest.quaternion);
      c.position.copy(rest.position);
    }
  });
  copy.updateMatrixWorld(true);
  return copy;
}

// A bone's name as a track can hold it (three's PropertyBinding reserves
// [ ] . : / in track names; GLTFLoader gives every node such a name).
function trackNode(bone) {
  const name = PropertyBinding.sanitizeNodeName(bone.name);
  if (!bone.name || name !== bone.name)
    throw new RangeError(
      `toAnimationClip: bone ${JSON.stringify(bone.name)} cannot be named in an animation track (three reserves [ ] . : / and needs a name); name it as PropertyBinding.sanitizeNodeName would (${JSON.stringify(name)}), as GLTFLoader does`,
    );
  return name;
}

/**
 * @param {object} grid  { count, time(k), pose(k), root(k) or null }
 * @param {{ rig, map, rest, name }} options
 */
export function rigClip(grid, { rig, map, rest, name }) {
  if (!rig || typeof rig.traverse !== 'function')
    throw new TypeError('toAnimationClip: rig must be a THREE.Object3D holding a humanoid');
  const copy = restingCopy(skeletonRoot(rig) ?? rig);
  const binding = createRigBinding(copy, { ...(map === undefined ? {} : { map }), rest });
  try {
    const joints = JOINT_NAMES.filter((j) => binding.bones[j]);
    const bones = joints.map((j) => binding.bones[j]);
    const names = bones.map(trackNode);
    const times = new Float32Array(grid.count);
    const rotations = bones.map(() => new Float32Array(4 * grid.count));
    const hips = binding.bones.pelvis;
    const positions = grid.root && hips ? new Float32Array(3 * grid.count) : null;
    for (let k = 0; k < grid.count; k++) {
      times[k] = grid.time(k);
      binding.apply({ rotations: grid.pose(k), root: grid.root ? grid.root(k) : null });
      bones.forEach((b, i) => b.quaternion.toArray(rotations[i], 4 * k));
      if (positions) hips.position.toArray(positions, 3 * k);
    }
    const tracks = names.map(
      (n, i) => new QuaternionKeyframeTrack(`${n}.quaternion`, times, rotations[i]),
    );
    if (positions)
      tracks.push(new VectorKeyframeTrack(`${trackNode(hips)}.position`, times, positions));
    const duration = grid.count > 1 ? times[grid.count - 1] : -1;
    const clip = new AnimationClip(name, duration, tracks);
    clip.userData.kblend = {
      mapped: { ...binding.mapped },
      unmapped: [...binding.unmapped],
      rest: binding.rest,
      notes: [...binding.notes],
    };
    return clip;
  } finally {
    binding.dispose();
  }
}
