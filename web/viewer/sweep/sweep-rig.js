// The sweep grid's bodies: the whole grid's crowd drawn as instanced meshes
// (createCrowdInstances, kblend's default capsule body), one mesh per body
// segment for every rig at once, their instance matrices the core's world
// matrices. One white material tinted per rig: blue, the hovered one orange.
import { createCrowdInstances } from 'kblend/three';
import * as THREE from 'three';

const material = new THREE.MeshStandardMaterial({ color: 0xffffff, roughness: 0.7 });
const BODY = new THREE.Color(0x3d6fb6);
const PICKED = new THREE.Color(0xf08a24);

// crowd: kb.createCrowd({ ..., matrices: true, matrixLayout: 'joint' }).
export function createSweepBodies(crowd) {
  const instances = createCrowdInstances(crowd, { material });
  for (let i = 0; i < crowd.count; i++) instances.setColorAt(i, BODY);
  return {
    instances,
    object: instances.object,
    setPicked(member, on) {
      instances.setColorAt(member, on ? PICKED : BODY);
    },
  };
}
