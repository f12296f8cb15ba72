// A picked or dropped .glb/.gltf/.vrm becomes the character shown. It is
// bound to kblend by name or topology; when bones stay unmapped, the
// mapping dialog lists the model's bones, each joint starting from the
// automatic pass's pick (picks remembered per skeleton). A broken or
// unsupported file leaves the previous character, with the reason in a
// notice, which a later successful load clears.
import { JOINT_NAMES } from 'kblend';
import { refuseBySize } from '../import/bvh-drop.js';
import { openJointMapDialog } from '../import/joint-map-dialog.js';
import { createJointMapMemory } from '../import/joint-map-memory.js';
import {
  CHARACTER_EXTENSIONS,
  MAX_CHARACTER_BYTES,
  extensionOf,
  loadUserCharacter,
} from './user-character.js';

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * @param {object} options
 * @param {object} options.characters  createCharacterStage's result
 * @param {object} options.notice  createNotice's result
 * @param {(name: string) => void} options.onLoaded  a character was added and shown
 */
export function createCharacterFlow({ characters, notice, onLoaded }) {
  const memory = createJointMapMemory(storage(), 'kblend.character-map.');
  let status = { state: 'idle', message: '' };
  let refusalShown = false;

  function refuse(file, reason) {
    status = { state: 'failed', message: reason };
    notice.show(`${file.name} could not be loaded; the character shown stays:`, [reason]);
    refusalShown = true;
  }

  async function load(file, bytes, map) {
    try {
      return await loadUserCharacter(bytes.slice(0), file.name, { map });
    } catch (error) {
      if (!error.bones || map) throw error;
      const remembered = memory.recall(error.bones);
      if (remembered) return loadUserCharacter(bytes.slice(0), file.name, { map: remembered });
      const picked = await openJointMapDialog({
        kblendJoints: JOINT_NAMES,
        required: error.unmapped,
        joints: error.bones,
        mapped: error.mapped ?? {},
        title: `${file.name}: pick the model's bones for ${error.unmapped.join(', ')}`,
      });
      if (!picked) throw error;
      memory.remember(error.bones, picked);
      return loadUserCharacter(bytes.slice(0), file.name, { map: picked });
    }
  }

  return {
    get status() {
      return status;
    },
    async loadFile(file) {
      if (!CHARACTER_EXTENSIONS.includes(extensionOf(file.name))) {
        return refuse(
          file,
          `${file.name} is not a character file (allowed: ${CHARACTER_EXTENSIONS.join(', ')})`,
        );
      }
      const refusal = refuseBySize(file, MAX_CHARACTER_BYTES);
      if (refusal) return refuse(file, refusal);
      status = { state: 'working', message: `loading ${file.name}…` };
      try {
        const bytes = await file.arrayBuffer();
        const character = await load(file, bytes);
        characters.add(character);
        characters.choose(character.name);
        status = { state: 'done', message: `${file.name} loaded` };
        if (refusalShown) notice.hide(); // the refusal no longer holds
        refusalShown = false;
        onLoaded(character);
      } catch (error) {
        refuse(file, error.message);
      }
    },
  };
}
