// kblend/three: kblend's motion on three.js objects. toAnimationClip turns
// a preview into a THREE.AnimationClip; createRigBinding drives any
// humanoid rig (Mixamo, VRM, CMU, Poser/Daz, Biped, SMPL names, or by
// topology). Peer dependency: three.
export { PELVIS_BIND, toAnimationClip } from './animation-clip.js';
export { createRigBinding } from './rig-binding.js';
