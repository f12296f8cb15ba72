// The bones of kblend's own characters (the skinned one and the
// mannequin): one bone per joint, in the core's joint order, at the bind
// positions, so a pose is written straight onto them in that order.
import * as THREE from 'three';

// Bones under their parents at the bind (66 floats); world: each joint's
// bind position as [x, y, z].
export function buildKblendBones(names, parents, bind) {
  const world = names.map((_, j) => [bind[3 * j], bind[3 * j + 1], bind[3 * j + 2]]);
  const bones = names.map((name, j) => {
    const bone = new THREE.Bone();
    bone.name = name;
    const p = parents[j];
    const offset = world[j].map((v, c) => (p < 0 ? v : v - world[p][c]));
    bone.position.set(...offset);
    return bone;
  });
  bones.forEach((bone, j) => {
    if (parents[j] >= 0) bones[parents[j]].add(bone);
  });
  return { bones, world };
}

// Every bone from the core's local rotations (88 floats, [x, y, z, w]).
export function writeLocalRotations(bones, local) {
  for (let j = 0; j < bones.length; j++) {
    bones[j].quaternion.set(local[4 * j], local[4 * j + 1], local[4 * j + 2], local[4 * j + 3]);
  }
}

// The skeleton drawn as lines over the body, hidden until asked for.
export function addSkeletonOverlay(root, rootBone) {
  const overlay = new THREE.SkeletonHelper(rootBone);
  overlay.material.linewidth = 2;
  overlay.visible = false;
  root.add(overlay);
  return overlay;
}
