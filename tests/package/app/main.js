// A three.js page that uses kblend by name: a skinned Mixamo-named
// character driven by createRigBinding, and the same preview played as an
// AnimationClip through an AnimationMixer. Reports to window.kblendResult.
import { loadKBlend } from 'kblend';
import { createRigBinding, toAnimationClip } from 'kblend/three';
import * as THREE from 'three';

// Mixamo-named bones in a T-pose (+X is the character's left), metres.
const CHAIN = [
  ['mixamorig:Hips', null, [0, 0.95, 0]],
  ['mixamorig:Spine', 0, [0, 0.1, 0]],
  ['mixamorig:Spine1', 1, [0, 0.12, 0]],
  ['mixamorig:Spine2', 2, [0, 0.12, 0]],
  ['mixamorig:Neck', 3, [0, 0.12, 0]],
  ['mixamorig:Head', 4, [0, 0.1, 0]],
  ['mixamorig:LeftShoulder', 3, [0.06, 0.08, 0]],
  ['mixamorig:LeftArm', 6, [0.12, 0, 0]],
  ['mixamorig:LeftForeArm', 7, [0.28, 0, 0]],
  ['mixamorig:LeftHand', 8, [0.24, 0, 0]],
  ['mixamorig:RightShoulder', 3, [-0.06, 0.08, 0]],
  ['mixamorig:RightArm', 10, [-0.12, 0, 0]],
  ['mixamorig:RightForeArm', 11, [-0.28, 0, 0]],
  ['mixamorig:RightHand', 12, [-0.24, 0, 0]],
  ['mixamorig:LeftUpLeg', 0, [0.09, -0.05, 0]],
  ['mixamorig:LeftLeg', 14, [0, -0.42, 0]],
  ['mixamorig:LeftFoot', 15, [0, -0.42, 0]],
  ['mixamorig:RightUpLeg', 0, [-0.09, -0.05, 0]],
  ['mixamorig:RightLeg', 17, [0, -0.42, 0]],
  ['mixamorig:RightFoot', 18, [0, -0.42, 0]],
];

function character() {
  const bones = CHAIN.map(([name, , offset]) => {
    const bone = new THREE.Bone();
    bone.name = name;
    bone.position.fromArray(offset);
    return bone;
  });
  CHAIN.forEach(([, parent], i) => parent !== null && bones[parent].add(bones[i]));
  const geometry = new THREE.BoxGeometry(0.3, 1.6, 0.2, 2, 16, 2).translate(0, 0.8, 0);
  const count = geometry.attributes.position.count;
  const indices = new Uint16Array(4 * count);
  const weights = new Float32Array(4 * count).map((_, i) => (i % 4 === 0 ? 1 : 0));
  for (let v = 0; v < count; v++)
    indices[4 * v] = geometry.attributes.position.getY(v) > 1.1 ? 3 : 0;
  geometry.setAttribute('skinIndex', new THREE.Uint16BufferAttribute(indices, 4));
  geometry.setAttribute('skinWeight', new THREE.Float32BufferAttribute(weights, 4));
  const mesh = new THREE.SkinnedMesh(geometry, new THREE.MeshNormalMaterial());
  mesh.add(bones[0]);
  mesh.bind(new THREE.Skeleton(bones));
  return mesh;
}

async function main() {
  const kb = await loadKBlend();
  const preview = kb.createPreview({ gesture: 'wave' });
  const renderer = new THREE.WebGLRenderer({ canvas: document.getElementById('view') });
  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(40, 4 / 3, 0.1, 20);
  camera.position.set(0, 1.2, 4);
  const mesh = character();
  scene.add(mesh);
  const binding = createRigBinding(mesh);
  const clip = toAnimationClip(preview, {
    boneNames: Object.fromEntries(Object.entries(binding.mapped)),
  });
  let frames = 0;
  let written = 0;
  await new Promise((resolve) => {
    const step = () => {
      written += binding.apply(preview, (frames / 30) % preview.duration);
      renderer.render(scene, camera);
      if (++frames < 45) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
  mesh.updateMatrixWorld(true);
  const at = (name) => mesh.getObjectByName(name).getWorldPosition(new THREE.Vector3());
  const t = (44 / 30) % preview.duration;
  const fk = kb.forwardKinematics(preview.evaluate(t)).positions;
  const kbArm = new THREE.Vector3(fk[57] - fk[51], fk[58] - fk[52], fk[59] - fk[53]);
  const rigArm = at('mixamorig:RightForeArm').sub(at('mixamorig:RightArm'));
  window.kblendResult = {
    frames,
    written,
    mapped: Object.keys(binding.mapped).length,
    tracks: clip.tracks.length,
    armAngle: rigArm.angleTo(kbArm),
    webgl2: renderer.capabilities.isWebGL2,
  };
}

main().catch((error) => {
  window.kblendResult = { error: String(error?.stack ?? error) };
});
