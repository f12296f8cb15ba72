// GLB of the shown character with the clip: the rig's scene graph (bones,
// and the body or skinned mesh on them) through three's GLTFExporter, and
// the preview as an animation (kblend/three's toAnimationClip: one
// quaternion track per joint on the preview's frame grid). Loaded on first
// use, so the page does not carry the exporter until it is asked for.
import { toAnimationClip } from 'kblend/three';

/**
 * @param {THREE.Object3D} root  the character (bones named as kblend's joints)
 * @param {object} preview  the preview shown
 * @param {string} name  the animation's name
 * @returns {Promise<Uint8Array>}
 */
export async function exportGlb(root, preview, name) {
  const { GLTFExporter } = await import('three/addons/exporters/GLTFExporter.js');
  const clip = toAnimationClip(preview, { name });
  const buffer = await new GLTFExporter().parseAsync(root, {
    binary: true,
    animations: [clip],
    onlyVisible: true,
  });
  return new Uint8Array(buffer);
}
