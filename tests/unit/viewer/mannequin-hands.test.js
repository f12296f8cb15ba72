// The mannequin's hands (web/viewer/stage/rig.js): rigid, one group of
// fingers per hand shape, the keyframe's shape shown from curl 0.5 and an
// open hand below it (docs/design.md §8, "Hand shapes").
import { HAND_SHAPES, OPEN_HANDS } from 'kblend';
import { describe, expect, it } from 'vitest';
import { createRig } from '../../../web/viewer/stage/rig.js';
import { kb } from './library.js';

const rig = createRig(kb.skeleton, kb.bindPositions(1.75), 1.75);
const wrist = (side) => rig.bones.find((bone) => bone.name === `${side}_wrist`);
// the wrist's hand-shape groups (the palm is a mesh of its own)
const groups = (side) => wrist(side).children.filter((c) => c.isGroup);
const shownGroup = (side) => {
  const visible = groups(side).filter((g) => g.visible);
  expect(visible).toHaveLength(1);
  return groups(side).indexOf(visible[0]);
};
const hand = (shape, curl = 1) => ({ shape, curl });

describe('the mannequin shows the hand shapes', () => {
  it('one group per shape, one shown at a time', () => {
    expect(groups('left')).toHaveLength(HAND_SHAPES.length);
    rig.setHandShapes(OPEN_HANDS);
    const open = shownGroup('left');
    const seen = new Set();
    for (const shape of HAND_SHAPES) {
      rig.setHandShapes({ left: hand(shape), right: hand('open') });
      seen.add(shownGroup('left'));
      expect(shownGroup('right')).toBe(open);
    }
    expect(seen.size).toBe(HAND_SHAPES.length);
  });

  it('a curl below 0.5 shows the open hand; hiding the body hides the hands', () => {
    rig.setHandShapes(OPEN_HANDS);
    const open = shownGroup('right');
    rig.setHandShapes({ left: hand('open'), right: hand('fist', 0.49) });
    expect(shownGroup('right')).toBe(open);
    rig.setHandShapes({ left: hand('open'), right: hand('fist', 0.5) });
    expect(shownGroup('right')).not.toBe(open);
    rig.setBodyVisible(false);
    expect(groups('right').some((g) => g.visible)).toBe(false);
    rig.setBodyVisible(true);
    expect(shownGroup('right')).not.toBe(open);
  });
});
