// The editor's hand shapes: per hand a shape picker and a curl slider for
// the selected keyframe (docs/design.md §8, "Hand shapes"). A change is one
// edit (onHand), so one step of the page's history; a typed curl is kept as
// typed. The curl of an open hand changes nothing, so its slider is off.
import { HAND_SHAPES, OPEN_HANDS } from 'kblend';
import { keepTypedValues } from '../panel/typed-values.js';

const SIDES = ['left', 'right'];
const HELP = {
  shape: (side) =>
    `The ${side} hand’s shape at the selected keyframe (the figure shows it; the skeleton has no finger joints)`,
  curl: (side) =>
    `How far the ${side} hand goes from open to its shape at the selected keyframe, 0 … 1`,
};

/**
 * @param {object} folder  the editor's lil-gui folder
 * @param {object} options
 * @param {(side: string, hand: { shape: string, curl: number }) => void} options.onHand
 * @param {(note: string) => void} options.onClamped  a typed curl's clamp note ('' when kept)
 * @returns {{ show(keyframe?: object): void }}  shows a keyframe's hands (open without one)
 */
export function addHandFields(folder, { onHand, onClamped }) {
  const model = { leftShape: 'open', leftCurl: 1, rightShape: 'open', rightCurl: 1 };
  const fields = SIDES.map((side) => {
    const commit = () => onHand(side, { shape: model[`${side}Shape`], curl: model[`${side}Curl`] });
    const shape = folder
      .add(model, `${side}Shape`, HAND_SHAPES)
      .name(`${side} hand`)
      .onChange(commit);
    const curl = folder
      .add(model, `${side}Curl`, 0, 1, 0.05)
      .name(`${side} curl`)
      .onFinishChange(commit);
    keepTypedValues(curl, { onClamped });
    shape.domElement.title = HELP.shape(side);
    curl.domElement.title = HELP.curl(side);
    return { side, shape, curl };
  });
  return {
    show(keyframe) {
      for (const { side, shape, curl } of fields) {
        const hand = { ...OPEN_HANDS[side], ...keyframe?.hands?.[side] };
        model[`${side}Shape`] = hand.shape;
        model[`${side}Curl`] = hand.curl;
        shape.updateDisplay();
        curl.updateDisplay();
        curl.enable(hand.shape !== 'open');
      }
    },
  };
}
