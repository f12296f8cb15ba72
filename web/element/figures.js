// The element's two figures, made once per page on first use and shared by
// every element: kblend's skinned character (web/figures/, the viewer's
// default character, with the gesture's hand shapes) and the light
// mannequin drawn from world joint positions. Each is posed from a frame of
// the core (kb preview.evaluateFrame with fk) just before it is drawn.
import { Group } from 'three';
import { createSkinnedCharacter } from '../figures/skinned-character.js';
import { createMannequin } from './mannequin.js';

// At the preview's body height (kb.createPreview's default), so the
// skinned bones' bind matches the world positions FK gives.
function skinnedFigure(kb) {
  const started = performance.now();
  const height = kb.defaults.height;
  const character = createSkinnedCharacter(kb.skeleton, kb.bindPositions(height), height);
  const buildMs = performance.now() - started;
  return {
    object: character.root,
    character,
    buildMs,
    pose(frame) {
      character.applyPose(frame.pose);
      character.root.position.fromArray(frame.root);
      character.setHandShapes(frame.hands);
    },
  };
}

function mannequinFigure(kb) {
  const mannequin = createMannequin(kb);
  return { object: mannequin.object, pose: (frame) => mannequin.pose(frame.positions) };
}

// one maker per name of CHARACTERS (preview-attributes.js)
const MAKERS = { skinned: skinnedFigure, mannequin: mannequinFigure };

/** A holder of the page's figures under one group: `show(name)` makes one if needed and hides the others. */
export function createFigures(kb) {
  const object = new Group();
  const made = new Map();
  let shown = null;
  return {
    object,
    show(name) {
      if (!made.has(name)) {
        const figure = MAKERS[name](kb);
        made.set(name, figure);
        object.add(figure.object);
      }
      for (const [other, figure] of made) figure.object.visible = other === name;
      shown = name;
      return made.get(name);
    },
    shown: () => shown,
    get: (name) => made.get(name) ?? null,
  };
}
