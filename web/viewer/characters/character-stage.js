// The character shown in the single view: kblend's own skinned character
// (the default), the segmented mannequin, or a character the user loaded.
// All three take the same calls (the core's local rotations and the root
// translation), so the page draws the pose the same way whichever is shown.
// `root` is one group that holds the shown character, so the stage, the
// comparison and the framing see one object.
import { OPEN_HANDS } from 'kblend';
import * as THREE from 'three';
import { createSkinnedCharacter } from '../../figures/skinned-character.js';
import { createRig } from '../stage/rig.js';

const BUILT_IN = Object.freeze(['skinned', 'mannequin']);
const SIDE_BY_SIDE = 0.5; // m from the middle, each

// A built-in character: its bones are kblend's joints, in kblend's order,
// and its root group takes the root translation.
function builtIn(name, rig, names) {
  return {
    name,
    skinned: name === 'skinned',
    mapped: [...names],
    unmapped: [],
    height: null, // kblend's own
    hands: null, // kblend's own hand markers
    object: rig.root,
    rig,
    applyPose(pose, root) {
      rig.applyPose(pose);
      rig.root.position.set(root?.[0] ?? 0, root?.[1] ?? 0, root?.[2] ?? 0);
    },
    bone: (j) => rig.bones[j],
    jointWorldPositions: () => jointWorldPositions(root, shown, names.length),
    handsInWorld: () => handsInWorld(root, shown),
    describe: () => describeShown(shown, height, beside !== null),
  };
}

// One hand's markers in the world, from its bone's world matrix and the
// markers derived in the bone's frame (character-hands.js).
function handInWorld(bone, markers) {
  const matrix = bone.matrixWorld;
  const rotation = new THREE.Quaternion().setFromRotationMatrix(matrix);
  const point = (p) => new THREE.Vector3().fromArray(p).applyMatrix4(matrix).toArray();
  const direction = (d) => new THREE.Vector3().fromArray(d).applyQuaternion(rotation).toArray();
  return {
    wrist: new THREE.Vector3().setFromMatrixPosition(matrix).toArray(),
    palm: { origin: point(markers.palm), direction: direction(markers.palmNormal) },
    thumb: { origin: point(markers.thumbTip), direction: direction(markers.thumb) },
    jointWorldPositions: () => jointWorldPositions(root, shown, names.length),
    handsInWorld: () => handsInWorld(root, shown),
    describe: () => describeShown(shown, height, beside !== null),
  };
}

// Where each character's pelvis stands at rest, in its own frame, and what
// the clip's root adds to it now: the point the camera follows.
function createFollowPoint(root, mainSlot) {
  const restPelvis = new Map();
  const followed = new THREE.Vector3();
  function remember(character) {
    if (!restPelvis.has(character)) {
      const at = new THREE.Vector3();
      const bone = character.bone(0);
      if (bone) {
        character.object.updateMatrixWorld(true);
        character.object.worldToLocal(bone.getWorldPosition(at));
      }
      restPelvis.set(character, at);
    }
    return restPelvis.get(character);
  }
  return {
    remember,
    of(shown) {
      const bone = shown.bone(0);
      if (!bone) return null;
      root.updateMatrixWorld(true);
      bone.getWorldPosition(followed);
      const rest = remember(shown);
      followed.x -= mainSlot.position.x + rest.x;
      followed.z -= mainSlot.position.z + rest.z;
      return followed;
    },
    jointWorldPositions: () => jointWorldPositions(root, shown, names.length),
    handsInWorld: () => handsInWorld(root, shown),
    describe: () => describeShown(shown, height, beside !== null),
  };
}

// What describe() tells of a character's hands.
function handsSummary(hands) {
  if (!hands) return null;
  const side = (h) => ({ source: h.source, ...h.kblend, correction: [...h.correction] });
  return { left: side(hands.left), right: side(hands.right), notes: [...hands.notes] };
}

// The shown character's bones at kblend's joints, world metres (NaN for
// a joint the character has no bone for).
const worldPosition = new THREE.Vector3();
function jointWorldPositions(root, shown, count) {
  root.updateMatrixWorld(true);
  const out = new Float32Array(3 * count);
  for (let j = 0; j < count; j++) {
    const bone = shown.bone(j);
    if (!bone) {
      out.fill(NaN, 3 * j, 3 * j + 3);
      continue;
    }
    bone.getWorldPosition(worldPosition);
    out.set([worldPosition.x, worldPosition.y, worldPosition.z], 3 * j);
  }
  return out;
}

// The shown character's palm centres, thumb tips and their directions in
// the world, from its own hand bones; null for kblend's characters (their
// markers are the core's, on kblend's FK).
function handsInWorld(root, shown) {
  if (!shown.hands) return null;
  root.updateMatrixWorld(true);
  return {
    left: handInWorld(shown.handBones.left, shown.hands.left.bone),
    right: handInWorld(shown.handBones.right, shown.hands.right.bone),
  };
}

// The hand morphs' weights by name of kblend's skinned character under
// `object` (null for another figure).
function handWeightsOf(object) {
  const mesh = object.getObjectByName('skinned-character');
  if (!mesh?.morphTargetInfluences) return null;
  const names = mesh.geometry.userData.morphNames;
  return Object.fromEntries(names.map((name, i) => [name, mesh.morphTargetInfluences[i]]));
}

// describe()'s record of the shown character (height: kblend's when the
// character has none of its own).
function describeShown(shown, height, besideRig) {
  return {
    name: shown.name,
    skinned: shown.skinned,
    mapped: [...shown.mapped],
    unmapped: [...shown.unmapped],
    height: shown.height ?? height,
    besideRig,
    format: shown.format ?? 'kblend',
    hands: handsSummary(shown.hands),
    boundTo: shown.boundTo ? { ...shown.boundTo } : null,
    restArmAngle: shown.restArmAngle ?? 0,
  };
}

/**
 * @param {object} kb  the loaded library
 * @param {number} height  kblend's body height (m)
 */
export function createCharacterStage(kb, height) {
  const { names } = kb.skeleton;
  const bind = kb.bindPositions(height);
  const root = new THREE.Group();
  root.name = 'character';
  const characters = new Map([
    ['skinned', builtIn('skinned', createSkinnedCharacter(kb.skeleton, bind, height), names)],
    ['mannequin', builtIn('mannequin', createRig(kb.skeleton, bind, height), names)],
  ]);
  let shown = characters.get('skinned');
  let beside = null; // the kblend rig shown beside a user's character
  let besideRig = false;
  const view = { skeleton: false, body: true, hands: OPEN_HANDS };
  // side by side, the user's character stands to kblend's left (+X)
  const mainSlot = new THREE.Group();
  const besideSlot = new THREE.Group();
  root.add(mainSlot, besideSlot);
  mainSlot.add(shown.object);

  function place(name) {
    mainSlot.remove(shown.object);
    if (beside) besideSlot.remove(beside.object);
    shown = characters.get(name);
    mainSlot.add(shown.object);
    beside = besideRig && !BUILT_IN.includes(name) ? characters.get('skinned') : null;
    if (beside) besideSlot.add(beside.object);
    mainSlot.position.x = beside ? SIDE_BY_SIDE : 0;
    besideSlot.position.x = beside ? -SIDE_BY_SIDE : 0;
    refreshView();
  }

  function refreshView() {
    for (const c of characters.values()) {
      const target = c.rig ?? c; // a user's character has no hand shapes
      target.setSkeletonVisible(view.skeleton);
      target.setBodyVisible(view.body);
      c.rig?.setHandShapes(view.hands);
    }
  }
  refreshView();

  const follow = createFollowPoint(root, mainSlot);
  return {
    root,
    get shown() {
      return shown;
    },
    // The shown character's bones in kblend's joint order (undefined for a
    // joint it has no bone for), for the editor's handles.
    get bones() {
      return names.map((_, j) => shown.bone(j));
    },
    names: () => [...characters.keys()],
    has: (name) => characters.has(name),
    // What the root motion moves the shown character by, on the floor
    // (its pelvis now, less where it stands without root motion), world m.
    followPoint: () => follow.of(shown),
    // Adds a user's character (see user-character.js) under its name.
    add(character) {
      follow.remember(character); // read at rest, before any pose
      const old = characters.get(character.name);
      if (BUILT_IN.includes(character.name)) {
        throw new RangeError(`a loaded character cannot take the name ${character.name}`);
      }
      if (old === shown) place('skinned');
      old?.dispose();
      characters.set(character.name, character);
      refreshView();
    },
    // Shows the named character.
    choose(name) {
      if (!characters.has(name)) {
        throw new RangeError(
          `character must be one of ${[...characters.keys()].join(', ')}, got ${name}`,
        );
      }
      place(name);
    },
    get besideRig() {
      return besideRig;
    },
    // kblend's skinned character beside a user's one (or not)
    setBesideRig(on) {
      besideRig = on;
      place(shown.name);
    },
    applyPose(pose, rootTranslation) {
      shown.applyPose(pose, rootTranslation);
      beside?.applyPose(pose, rootTranslation);
    },
    setSkeletonVisible(on) {
      view.skeleton = on;
      refreshView();
    },
    setBodyVisible(on) {
      view.body = on;
      refreshView();
    },
    setHandShapes(hands) {
      view.hands = hands;
      shown.rig?.setHandShapes(hands);
      beside?.rig.setHandShapes(hands);
    },
    // the hands set last and, on kblend's skinned character, its hand morphs' weights
    handsShown: () => ({ hands: view.hands, weights: handWeightsOf(shown.object) }),
    jointWorldPositions: () => jointWorldPositions(root, shown, names.length),
    handsInWorld: () => handsInWorld(root, shown),
    describe: () => describeShown(shown, height, beside !== null),
  };
}
