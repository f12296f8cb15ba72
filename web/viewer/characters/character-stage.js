// The character shown in the single view: kblend's own skinned character
// (the default), the segmented mannequin, or a character the user loaded.
// All three take the same calls (the core's local rotations and the root
// translation), so the page draws the pose the same way whichever is shown.
// `root` is one group that holds the shown character, so the stage, the
// comparison and the framing see one object.
import * as THREE from 'three';
import { createSkinnedCharacter } from '../character/skinned-character.js';
import { createRig } from '../stage/rig.js';

export const BUILT_IN = Object.freeze(['skinned', 'mannequin']);

// A built-in character: its bones are kblend's joints, in kblend's order,
// and its root group takes the root translation.
function builtIn(name, rig, names) {
  return {
    name,
    skinned: name === 'skinned',
    mapped: [...names],
    unmapped: [],
    height: null, // kblend's own
    object: rig.root,
    rig,
    applyPose(pose, root) {
      rig.applyPose(pose);
      rig.root.position.set(root?.[0] ?? 0, root?.[1] ?? 0, root?.[2] ?? 0);
    },
    bone: (j) => rig.bones[j],
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
  const view = { skeleton: false, body: true, hands: { left: 'open', right: 'open' } };
  root.add(shown.object);

  function refreshView() {
    for (const c of characters.values()) {
      c.rig?.setSkeletonVisible(view.skeleton);
      c.rig?.setBodyVisible(view.body);
      c.rig?.setHandShapes(view.hands);
    }
  }
  refreshView();

  const worldPosition = new THREE.Vector3();
  return {
    root,
    get shown() {
      return shown;
    },
    names: () => [...characters.keys()],
    has: (name) => characters.has(name),
    // Adds a user's character (see user-character.js) under its name.
    add(character) {
      const old = characters.get(character.name);
      if (old && old !== shown) old.dispose?.();
      characters.set(character.name, character);
    },
    // Shows the named character; with `besideRig`, kblend's skinned
    // character stands beside a user's one.
    choose(name, { besideRig = false } = {}) {
      const next = characters.get(name);
      if (!next) {
        throw new RangeError(
          `character must be one of ${[...characters.keys()].join(', ')}, got ${name}`,
        );
      }
      root.remove(shown.object);
      if (beside) root.remove(beside.object);
      shown = next;
      root.add(shown.object);
      beside = besideRig && !BUILT_IN.includes(name) ? characters.get('skinned') : null;
      if (beside) root.add(beside.object);
      refreshView();
    },
    applyPose(pose, rootTranslation) {
      shown.applyPose(pose, rootTranslation);
      beside?.applyPose(pose, rootTranslation);
    },
    setSkeletonVisible(on) {
      view.skeleton = on;
      refreshView();
      shown.setSkeletonVisible?.(on);
    },
    setBodyVisible(on) {
      view.body = on;
      refreshView();
      shown.setBodyVisible?.(on);
    },
    setHandShapes(hands) {
      view.hands = hands;
      shown.rig?.setHandShapes(hands);
      beside?.rig.setHandShapes(hands);
    },
    // The shown character's bones at kblend's 22 joints, world metres
    // (NaN for a joint the character has no bone for).
    jointWorldPositions() {
      root.updateMatrixWorld(true);
      const out = new Float32Array(3 * names.length);
      for (let j = 0; j < names.length; j++) {
        const bone = shown.bone(j);
        if (!bone) {
          out.fill(NaN, 3 * j, 3 * j + 3);
          continue;
        }
        bone.getWorldPosition(worldPosition);
        out.set([worldPosition.x, worldPosition.y, worldPosition.z], 3 * j);
      }
      return out;
    },
    describe() {
      return {
        name: shown.name,
        skinned: shown.skinned,
        mapped: [...shown.mapped],
        unmapped: [...shown.unmapped],
        height: shown.height ?? height,
      };
    },
  };
}
