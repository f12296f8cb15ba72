// GLB of the shown character with the clip: the rig's scene graph (bones,
// and the body or skinned mesh on them) through three's GLTFExporter, and
// the preview as an animation (kblend/three's toAnimationClip: one
// quaternion track per joint on the preview's frame grid). The skinned
// character's hand shapes go in as its morph targets' weights, one key per
// frame of that grid; the mannequin's rigid hands as a scale of 1 on the
// group of fingers shown and 0 on the others, stepped, on the same grid.
// Loaded on first use, so the page does not carry the exporter until it is
// asked for.
import { InterpolateDiscrete, NumberKeyframeTrack, VectorKeyframeTrack } from 'three';
import { HAND_SHAPES } from 'kblend';
import { toAnimationClip } from 'kblend/three';
import { handMorphWeights } from '../../figures/skinned-character.js';
import { handGroupName, mannequinShape } from '../stage/rig.js';

const CHARACTER_MESH = 'skinned-character';

const shownInScene = (object) => {
  for (let at = object; at; at = at.parent) if (!at.visible) return false;
  return true;
};

// The hand shapes of the frames as the mesh's morph weights.
function handWeightsTrack(mesh, { times, hands }) {
  const targets = mesh.morphTargetInfluences.length;
  const values = new Float32Array(times.length * targets);
  hands.forEach((pair, k) => values.set(handMorphWeights(mesh, pair), k * targets));
  return new NumberKeyframeTrack(`${CHARACTER_MESH}.morphTargetInfluences`, times, values);
}

// The hands of the preview's frames, on its frame grid.
function handsOnGrid(preview) {
  const times = Float32Array.from({ length: preview.frameCount }, (_, k) => preview.frameTime(k));
  return { times, hands: Array.from(times, (t) => preview.evaluateFrame(t).hands) };
}

// The mannequin's groups of fingers shown in the GLB: every one exported
// (visible for the export, at the scale of the shape shown now) with a
// stepped scale track; returns the tracks and a function that puts the
// groups back as they were. No tracks when the body is hidden.
function mannequinHandTracks(root, grid) {
  const tracks = [];
  const kept = [];
  for (const side of ['left', 'right']) {
    const groups = HAND_SHAPES.map((shape) => [
      shape,
      root.getObjectByName(handGroupName(side, shape)),
    ]);
    if (!groups.every(([, g]) => g) || !groups.some(([, g]) => shownInScene(g))) continue;
    for (const [shape, group] of groups) {
      kept.push([group, group.visible, group.scale.clone()]);
      group.scale.setScalar(group.visible ? 1 : 0);
      group.visible = true;
      const values = grid.hands.flatMap((hands) => {
        const on = mannequinShape(hands[side]) === shape ? 1 : 0;
        return [on, on, on];
      });
      tracks.push(
        new VectorKeyframeTrack(`${group.name}.scale`, grid.times, values, InterpolateDiscrete),
      );
    }
  }
  const restore = () => {
    for (const [group, visible, scale] of kept) {
      group.visible = visible;
      group.scale.copy(scale);
    }
  };
  return { tracks, restore };
}

/**
 * @param {THREE.Object3D} root  the character (bones named as kblend's joints)
 * @param {object} preview  the preview shown
 * @param {string} name  the animation's name
 * @returns {Promise<Uint8Array>}
 */
export async function exportGlb(root, preview, name) {
  const { GLTFExporter } = await import('three/addons/exporters/GLTFExporter.js');
  const clip = toAnimationClip(preview, { name });
  const grid = handsOnGrid(preview);
  const mesh = root.getObjectByName(CHARACTER_MESH);
  if (mesh?.morphTargetInfluences && shownInScene(mesh)) {
    clip.tracks.push(handWeightsTrack(mesh, grid));
  }
  const mannequin = mannequinHandTracks(root, grid);
  clip.tracks.push(...mannequin.tracks);
  try {
    const buffer = await new GLTFExporter().parseAsync(root, {
      binary: true,
      animations: [clip],
      onlyVisible: true,
    });
    return new Uint8Array(buffer);
  } finally {
    mannequin.restore();
  }
}
