// kblend/three: kblend's motion on three.js objects. toAnimationClip turns
// a preview into a THREE.AnimationClip; createRigBinding drives any
// humanoid rig (Mixamo, VRM, CMU, Poser/Daz, Biped, SMPL names, or by
// topology); createCrowdBinding drives N rigs from one crowd;
// createCrowdInstances draws a crowd as one InstancedMesh per body segment
// straight from the core's world matrices. Peer dependency: three.
export { PELVIS_BIND, toAnimationClip } from './animation-clip.js';
export { createCrowdBinding } from './crowd-binding.js';
export { createCrowdInstances, crowdBodySegments } from './crowd-instances.js';
export { createRigBinding } from './rig-binding.js';
