// Uses the installed package by name from Node: the library, BVH out and
// in, and kblend/three driving a Mixamo-named rig. Prints one JSON line.
import { BvhImportError, loadKBlend } from 'kblend';
import { createRigBinding, toAnimationClip } from 'kblend/three';
import { Bone, Group, Vector3 } from 'three';

const kb = await loadKBlend();
const preview = kb.createPreview({ gesture: 'wave' });
const clip = toAnimationClip(preview);
const bvh = kb.exportBvh(preview);
const back = kb.importBvh(bvh, { name: 'wave.bvh' });

// a Mixamo-named chain in a T-pose: hips, spine, arm
const root = new Group();
const names = ['mixamorig:Hips', 'mixamorig:Spine', 'mixamorig:Spine1', 'mixamorig:Spine2'];
let parent = root;
for (const [i, name] of names.entries()) {
  const bone = Object.assign(new Bone(), { name });
  bone.position.set(0, i === 0 ? 0.95 : 0.1, 0);
  parent.add(bone);
  parent = bone;
}
const arm = [
  'mixamorig:RightShoulder',
  'mixamorig:RightArm',
  'mixamorig:RightForeArm',
  'mixamorig:RightHand',
];
for (const [i, name] of arm.entries()) {
  const bone = Object.assign(new Bone(), { name });
  bone.position.set(i === 0 ? -0.05 : -0.25, 0, 0);
  parent.add(bone);
  parent = bone;
}
const binding = createRigBinding(root);
binding.apply(preview, 1.2);
root.updateMatrixWorld(true);
const at = (name) => root.getObjectByName(name).getWorldPosition(new Vector3());
const rig = at('mixamorig:RightForeArm').sub(at('mixamorig:RightArm'));
const fk = kb.forwardKinematics(preview.evaluate(1.2)).positions;
const kbDir = new Vector3(fk[57] - fk[51], fk[58] - fk[52], fk[59] - fk[53]);
let refused = '';
try {
  kb.importBvh('HIERARCHY\nROOT a\n{\nOFFSET 0 0 0\nCHANNELS 0\n}\nMOTION\nFrames: 0x10\n');
} catch (error) {
  refused = error instanceof BvhImportError ? error.message : `wrong error: ${error}`;
}
console.log(
  JSON.stringify({
    tracks: clip.tracks.length,
    bvhFrames: back.frames,
    method: back.method,
    armAngle: rig.angleTo(kbDir),
    mapped: Object.keys(binding.mapped).length,
    refused,
  }),
);
