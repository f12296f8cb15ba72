// The four rigs a user brings, loaded as three.js loads them: a Mixamo-
// style GLB in centimetres (+Y bone axes, an A-pose rest), a Z-up
// RiggedFigure-like .gltf (anonymous names, bent arms, no collars, its
// buffer a data: URI), a VRM 1.0 (its normalized humanoid bones, as
// three-vrm drives them) and kblend's own segment rig. Each gives the
// object to bind and a fresh scene to make an unbound copy from.
import { VRMLoaderPlugin } from '@pixiv/three-vrm';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { clone } from 'three/examples/jsm/utils/SkeletonUtils.js';
import { VRM_BONES, mixamoGlb, vrm1FromGlb } from '../../fixtures/characters/mixamo-glb.js';
import { riggedFigureGltf } from '../../fixtures/characters/rigged-figure.js';
import { embeddedGltfToGlb } from '../../../web/viewer/characters/embedded-gltf.js';
import { buildSegmentRig } from './segment-rig.js';

function parse(data, plugins = false) {
  const loader = new GLTFLoader();
  if (plugins) loader.register((parser) => new VRMLoaderPlugin(parser));
  return loader.parseAsync(data, '');
}

const skinnedMeshOf = (scene) => {
  let mesh = null;
  scene.traverse((o) => (mesh ??= o.isSkinnedMesh ? o : null));
  return mesh;
};

/**
 * @returns {Promise<Record<string, { scene, target, options, copy(): Object3D }>>}
 *   scene: what is shown; target: what createRigBinding / toAnimationClip
 *   get; options: their map and rest; copy(): an unbound copy of scene at rest
 */
export async function userRigs(kb) {
  const mixamo = await parse((await mixamoGlb(kb, { apose: 0.75, units: 100 })).glb);
  // its data: buffer decoded as the viewer does (three's loader would fetch it)
  const figureText = new TextEncoder().encode((await riggedFigureGltf()).text);
  const figure = await parse(embeddedGltfToGlb(figureText.buffer));
  const vrmFile = await parse(vrm1FromGlb((await mixamoGlb(kb, { height: 1.5 })).glb), true);
  const vrm = vrmFile.userData.vrm;
  const vrmMap = Object.fromEntries(
    Object.entries(VRM_BONES).map(([joint, bone]) => [
      joint,
      vrm.humanoid.getNormalizedBoneNode(bone).name,
    ]),
  );
  const own = buildSegmentRig(kb);
  const rigs = {
    'Mixamo-style GLB in cm, +Y bone axes, A-pose': { scene: mixamo.scene, target: mixamo.scene },
    'Z-up figure, anonymous names, bent arms, bound by its SkinnedMesh': {
      scene: figure.scene,
      target: skinnedMeshOf(figure.scene),
    },
    'VRM 1.0, its normalized humanoid bones': {
      scene: vrm.humanoid.normalizedHumanBonesRoot,
      target: vrm.humanoid.normalizedHumanBonesRoot,
      options: { map: vrmMap },
    },
    "kblend's own segment rig": { scene: own.root, target: own.root },
  };
  for (const rig of Object.values(rigs)) {
    rig.options ??= {};
    const pristine = clone(rig.scene); // before any binding touches it
    rig.copy = () => clone(pristine);
  }
  return rigs;
}
