// GLB of the shown character with the clip: the rig's scene graph (bones,
// and the body or skinned mesh on them) through three's GLTFExporter, and
// the preview as an animation (kblend/three's toAnimationClip: one
// quaternion track per joint on the preview's frame grid). The skinned
// character's hand shapes go in as its morph targets' weights, one key per
// frame of that grid (the mannequin's rigid hands keep the shape shown).
// Loaded on first use, so the page does not carry the exporter until it is
// asked for.
import { NumberKeyframeTrack } from 'three';
import { toAnimationClip } from 'kblend/three';
import { handMorphWeights } from '../../figures/skinned-character.js';

const CHARACTER_MESH = 'skinned-character';

const shownInScene = (object) => {
  for (let at = object; at; at = at.parent) if (!at.visible) return false;
  return true;
};

// The hand shapes of the preview's frames as the mesh's morph weights.
function handWeightsTrack(mesh, preview) {
  const count = preview.frameCount;
  const targets = mesh.morphTargetInfluences.length;
  const times = new Float32Array(count);
  const values = new Float32Array(count * targets);
  for (let k = 0; k < count; k++) {
    times[k] = preview.frameTime(k);
    const { hands } = preview.evaluateFrame(times[k]);
    values.set(handMorphWeights(mesh, hands), k * targets);
  }
  return new NumberKeyframeTrack(`${CHARACTER_MESH}.morphTargetInfluences`, times, values);
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
  const mesh = root.getObjectByName(CHARACTER_MESH);
  if (mesh?.morphTargetInfluences && shownInScene(mesh)) {
    clip.tracks.push(handWeightsTrack(mesh, preview));
  }
  const buffer = await new GLTFExporter().parseAsync(root, {
    binary: true,
    animations: [clip],
    onlyVisible: true,
  });
  return new Uint8Array(buffer);
}
