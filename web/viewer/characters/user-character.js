// A character the user brings: a skinned .glb/.gltf (any bone names: the
// binding maps Mixamo, VRM, SMPL, CMU, … names, then topology; a map given
// by the user wins) or a .vrm (0.x or 1.0, through @pixiv/three-vrm, driven
// through its normalized humanoid bones). kblend drives it with
// kblend/three's createRigBinding; its height is the model's own.
import { JOINT_NAMES } from 'kblend';
import { createRigBinding } from 'kblend/three';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { deriveCharacterHands } from './character-hands.js';
import { embeddedGltfToGlb } from './embedded-gltf.js';
import { guardCharacterFile } from './gltf-guard-client.js';

export const CHARACTER_EXTENSIONS = ['.glb', '.gltf', '.vrm'];
export const MAX_CHARACTER_BYTES = 100 * 1024 * 1024;
// the joints without which a character cannot show a gesture
const REQUIRED_BONES = [
  'pelvis',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_wrist',
  'right_wrist',
];

// kblend joint → VRM humanoid bone (the VRM 0.x and 1.0 names are the same).
const VRM_BONES = {
  pelvis: 'hips',
  spine1: 'spine',
  spine2: 'chest',
  spine3: 'upperChest',
  neck: 'neck',
  head: 'head',
  left_collar: 'leftShoulder',
  right_collar: 'rightShoulder',
  left_shoulder: 'leftUpperArm',
  right_shoulder: 'rightUpperArm',
  left_elbow: 'leftLowerArm',
  right_elbow: 'rightLowerArm',
  left_wrist: 'leftHand',
  right_wrist: 'rightHand',
  left_hip: 'leftUpperLeg',
  right_hip: 'rightUpperLeg',
  left_knee: 'leftLowerLeg',
  right_knee: 'rightLowerLeg',
  left_ankle: 'leftFoot',
  right_ankle: 'rightFoot',
  left_foot: 'leftToes',
  right_foot: 'rightToes',
};

/** A failure to load a character, with the file's bone names when mapping failed. */
class CharacterError extends Error {
  constructor(message, { unmapped = null, bones = null, mapped = null } = {}) {
    super(message);
    this.name = 'CharacterError';
    this.unmapped = unmapped;
    this.bones = bones;
    // kblend joint → the bone the automatic pass picked
    this.mapped = mapped;
  }
}

export const extensionOf = (name) => name.slice(name.lastIndexOf('.')).toLowerCase();

// A reason as a notice shows it: one line, at most `max` characters (a
// loader's message can hold a whole data: URI).
export function shortReason(text, max = 160) {
  const line = String(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

// three-vrm is loaded with the first character file, not with the page:
// most visits never load one, and the page starts sooner without it.
let vrmSupport = null;
const loadVrmSupport = () => (vrmSupport ??= import('@pixiv/three-vrm'));

async function parseGltf(bytes, fileName, { VRMLoaderPlugin }) {
  let glb;
  try {
    glb = embeddedGltfToGlb(bytes);
  } catch (error) {
    throw new CharacterError(`${fileName} cannot be read: ${shortReason(error.message)}`);
  }
  const loader = new GLTFLoader();
  loader.register((parser) => new VRMLoaderPlugin(parser));
  return new Promise((resolve, reject) => {
    loader.parse(glb, '', resolve, (error) =>
      reject(
        new CharacterError(
          `${fileName} is not a glTF or VRM model this page can read (${shortReason(error?.message ?? error)})`,
        ),
      ),
    );
  });
}

// The bones a binding drives, the map and the root: a VRM's normalized
// humanoid (T-posed, as VRM requires), else the scene, as the library
// binds any rig (its skinned mesh's frame may be turned apart from the bones).
function rigOf(gltf, fileName, { VRMUtils }) {
  const vrm = gltf.userData.vrm ?? null;
  if (vrm) {
    const turned = vrm.meta?.metaVersion === '0';
    if (turned) VRMUtils.rotateVRM0(vrm); // 0.x faces −Z
    const map = {};
    for (const [joint, bone] of Object.entries(VRM_BONES)) {
      const node = vrm.humanoid.getNormalizedBoneNode(bone);
      if (node) map[joint] = node.name;
    }
    const bindRoot = vrm.humanoid.normalizedHumanBonesRoot;
    return { vrm, object: vrm.scene, bindRoot, map, turned, rest: 'tpose' };
  }
  let skinned = false;
  gltf.scene.traverse((o) => (skinned ||= o.isSkinnedMesh === true));
  if (!skinned)
    throw new CharacterError(`${fileName} has no skinned mesh: there is no body to move`);
  return {
    vrm: null,
    object: gltf.scene,
    bindRoot: gltf.scene,
    map: null,
    turned: false,
    rest: 'auto',
  };
}

// A VRM 0.x model faces −Z in its normalized bones' frame (rotateVRM0
// turns the scene, not that frame): the binding reads that from the bones'
// named sides and turns kblend's frame to it; the hand markers' frame is
// turned the same half turn about Y here.
const HALF_TURN = new THREE.Quaternion(0, 1, 0, 0);

function modelHeight(object) {
  object.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(object, true);
  return box.max.y - box.min.y;
}

function bindOrRefuse(rig, fileName, map) {
  try {
    return createRigBinding(rig.bindRoot, { map: map ?? rig.map ?? 'auto', rest: rig.rest });
  } catch (error) {
    throw new CharacterError(
      `${fileName}: its bones could not be matched to a body (${shortReason(error.message)})`,
    );
  }
}

// The model bound to kblend: by name, topology or the user's map, with the
// rest the library read from its bones. Refused when a required bone is
// missing, with what the automatic pass found (the dialog starts from it).
function bindRig(rig, fileName, map) {
  const binding = bindOrRefuse(rig, fileName, map);
  const missing = REQUIRED_BONES.filter((joint) => binding.unmapped.includes(joint));
  if (missing.length > 0) {
    const bones = [];
    rig.bindRoot.traverse((o) => o.isBone && bones.push(o.name));
    binding.dispose();
    throw new CharacterError(`${fileName}: no bone was found for ${missing.join(', ')}`, {
      unmapped: binding.unmapped,
      bones,
      mapped: { ...binding.mapped },
    });
  }
  return binding;
}

/**
 * @param {ArrayBuffer} bytes  the file's bytes
 * @param {string} fileName
 * @param {{ map?: object }} [options]  a joint map the user picked ({ kblendJoint: boneName })
 */
export async function loadUserCharacter(bytes, fileName, { map } = {}) {
  // checked off the page before the loader allocates from the file's numbers
  const checked = await guardCharacterFile(bytes, fileName);
  const vrmLib = await loadVrmSupport();
  const gltf = await parseGltf(checked, fileName, vrmLib);
  const rig = rigOf(gltf, fileName, vrmLib);
  const binding = bindRig(rig, fileName, map);
  const rest = binding.rest;
  rig.object.traverse((o) => {
    if (o.isMesh) o.frustumCulled = false; // posed far from its bind's bounds
  });
  const height = modelHeight(rig.object);
  // the model's own hand bones (a VRM's raw ones), read at rest
  const boneOf = (joint) =>
    rig.vrm ? rig.vrm.humanoid.getRawBoneNode(VRM_BONES[joint]) : (binding.bones[joint] ?? null);
  const handBones = { left: boneOf('left_wrist'), right: boneOf('right_wrist') };
  // the frame the model faces +Z in: its bound root's (turned back for 0.x)
  const frame = rig.bindRoot.getWorldQuaternion(new THREE.Quaternion());
  if (rig.turned) frame.multiply(HALF_TURN);
  // kblend's wrist rotations in the rest the model stands in (the hand markers' frame)
  const hands = deriveCharacterHands(handBones, { height, frame, restWrists: rest.wrists });
  const object = new THREE.Group();
  object.name = `character: ${fileName}`;
  object.add(rig.object);
  const mapped = Object.keys(binding.mapped);
  const overlay = new THREE.SkeletonHelper(rig.object);
  overlay.visible = false;
  object.add(overlay);
  const meshes = [];
  rig.object.traverse((o) => o.isMesh && meshes.push(o));
  return {
    name: fileName,
    skinned: true,
    mapped,
    unmapped: [...binding.unmapped],
    // kblend joint → the model's bone it drives
    boundTo: { ...binding.mapped },
    height,
    object,
    // palm and thumb markers from the model's hands (character-hands.js)
    hands: {
      left: hands.left,
      right: hands.right,
      notes: hands.notes,
      corrections: { left: hands.left.correction, right: hands.right.correction },
    },
    handBones,
    applyPose(pose, root) {
      binding.apply({ rotations: pose, root: root ?? null });
      rig.vrm?.humanoid.update(); // normalized bones → the model's own
    },
    format: rig.vrm ? `vrm ${rig.vrm.meta?.metaVersion === '0' ? '0.x' : '1.0'}` : 'gltf',
    // the arms' angle below level at rest (rad; 0: a T-pose)
    restArmAngle: rest.kind === 'tpose' ? 0 : Math.max(0, rest.armAngle ?? 0),
    // what the binding read and guessed (kind of rest, notes)
    rest: { kind: rest.kind, armAngle: rest.armAngle, elbowBend: rest.elbowBend },
    notes: [...binding.notes],
    // the model's own bones (a VRM's raw ones, which its normalized ones drive)
    bone: (j) => boneOf(JOINT_NAMES[j]),
    setSkeletonVisible(on) {
      overlay.visible = on;
    },
    setBodyVisible(on) {
      for (const mesh of meshes) mesh.visible = on;
    },
    dispose() {
      binding.dispose();
      object.traverse((o) => {
        o.geometry?.dispose();
        for (const m of [o.material].flat()) m?.dispose?.();
      });
      if (rig.vrm) vrmLib.VRMUtils.deepDispose(rig.vrm.scene);
    },
  };
}
