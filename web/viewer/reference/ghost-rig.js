// A translucent humanoid that plays a second pose beside the shown one, on
// the same spot: the reference capture (or a frozen tuning) seen through.
// Built from the viewer's own rig, every surface swapped for one see-through
// colour so it reads as "the other one" whatever character is shown.
import { OPEN_HANDS } from 'kblend';
import * as THREE from 'three';
import { createRig } from '../stage/rig.js';

/**
 * @param {object} kb  the loaded library (skeleton and bind positions)
 * @param {number} height  body height, m
 * @param {number} color  the ghost's colour
 */
export function createGhostRig(kb, height, color = 0x7fd0ff) {
  const rig = createRig(kb.skeleton, kb.bindPositions(height), height);
  const material = new THREE.MeshBasicMaterial({
    color,
    transparent: true,
    opacity: 0.35,
    depthWrite: false,
    // drawn just in front where it lies on the solid figure (same pose),
    // so the two read as one tinted body instead of flickering patches
    polygonOffset: true,
    polygonOffsetFactor: -2,
    polygonOffsetUnits: -2,
  });
  rig.root.traverse((object) => {
    if (object.isMesh) {
      object.material = material;
      object.renderOrder = 2; // after the solid figure, so it shows through
    }
  });
  rig.setHandShapes(OPEN_HANDS);
  rig.root.name = 'ghost';
  rig.root.visible = false;
  return {
    root: rig.root,
    material,
    // local rotations (88 floats) and the root translation [x, y, z]
    applyPose(pose, root) {
      rig.applyPose(pose);
      rig.root.position.set(root?.[0] ?? 0, root?.[1] ?? 0, root?.[2] ?? 0);
    },
    setVisible(visible) {
      rig.root.visible = visible;
    },
    get visible() {
      return rig.root.visible;
    },
  };
}
