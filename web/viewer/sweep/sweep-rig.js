// A light mannequin for the sweep grid: a bone per kblend joint at the
// core's T-pose bind (named as kblend's joints, so createRigBinding maps it
// by name with identity bone axes), one capsule per segment and a head,
// geometry and materials shared by every rig of the grid.
import * as THREE from 'three';

const Y = new THREE.Vector3(0, 1, 0);
const limb = new THREE.CapsuleGeometry(1, 1, 2, 8);
const head = new THREE.SphereGeometry(1, 12, 8);
export const SWEEP_MATERIALS = {
  body: new THREE.MeshStandardMaterial({ color: 0x3d6fb6, roughness: 0.7 }),
  picked: new THREE.MeshStandardMaterial({ color: 0xf08a24, roughness: 0.7 }),
};

export function createSweepRig(skeleton, bind) {
  const root = new THREE.Group();
  const at = (j) => new THREE.Vector3(bind[3 * j], bind[3 * j + 1], bind[3 * j + 2]);
  const bones = skeleton.names.map((name, j) => {
    const bone = new THREE.Bone();
    bone.name = name;
    const p = skeleton.parents[j];
    bone.position.copy(p < 0 ? at(j) : at(j).sub(at(p)));
    return bone;
  });
  const meshes = [];
  skeleton.parents.forEach((p, j) => {
    (p < 0 ? root : bones[p]).add(bones[j]);
    if (p < 0) return;
    // the segment from the parent joint to this one, in the parent's frame
    const offset = bones[j].position;
    const mesh = new THREE.Mesh(limb, SWEEP_MATERIALS.body);
    const length = offset.length();
    mesh.scale.set(0.035, Math.max(length - 0.07, 0.01), 0.035);
    mesh.position.copy(offset).multiplyScalar(0.5);
    mesh.quaternion.setFromUnitVectors(Y, offset.clone().normalize());
    bones[p].add(mesh);
    meshes.push(mesh);
  });
  const face = new THREE.Mesh(head, SWEEP_MATERIALS.body);
  face.scale.setScalar(0.1);
  face.position.set(0, 0.1, 0);
  bones[skeleton.names.indexOf('head')].add(face);
  meshes.push(face);
  root.updateMatrixWorld(true);
  return {
    root,
    setPicked(on) {
      for (const m of meshes) m.material = on ? SWEEP_MATERIALS.picked : SWEEP_MATERIALS.body;
    },
  };
}
