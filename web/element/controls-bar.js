// The element's minimal bar (the `controls` attribute): play/pause, a scrub
// slider over the clip, and a slider for each tuning parameter the
// attribute names (controls="attack release epsilon"), in the link's
// ranges. The bar only calls the element's public API.
import { NUMERIC_PARAMS } from '../link/index.js';
import { NUMERIC_ATTRIBUTES } from './preview-attributes.js';

function slider(label, { min, max, step }) {
  const box = document.createElement('label');
  const name = document.createElement('span');
  name.textContent = label;
  const input = document.createElement('input');
  input.type = 'range';
  Object.assign(input, { min: String(min), max: String(max), step: String(step) });
  input.setAttribute('aria-label', label);
  box.append(name, input);
  return { box, input };
}

/** The sliders asked for: names of numeric tuning attributes; other words are refused. */
export function sliderNames(value) {
  const words = String(value ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const unknown = words.filter((w) => !NUMERIC_ATTRIBUTES.includes(w));
  return { names: words.filter((w) => NUMERIC_ATTRIBUTES.includes(w)), unknown };
}

// A slider's range for a parameter: epsilon spans four decades, so its
// slider moves over log10 (as the viewer's panel does); the seed steps by 1.
function sliderScale(name, spec) {
  if (name === 'epsilon') {
    return {
      min: Math.log10(spec.min),
      max: Math.log10(spec.max),
      step: 0.01,
      toValue: (x) => 10 ** x,
      toSlider: (v) => Math.log10(v),
    };
  }
  const step = name === 'seed' ? 1 : (spec.max - spec.min) / 200;
  return { min: spec.min, max: spec.max, step, toValue: (x) => x, toSlider: (v) => v };
}

export function createControlsBar(element, names) {
  const bar = document.createElement('div');
  bar.className = 'bar';
  bar.setAttribute('part', 'controls');
  const play = document.createElement('button');
  play.type = 'button';
  play.addEventListener('click', () => (element.paused ? element.play() : element.pause()));
  const scrub = slider('time', { min: 0, max: 1, step: 0.001 });
  scrub.box.classList.add('scrub');
  scrub.input.addEventListener('input', () => {
    element.pause();
    element.seek(Number(scrub.input.value) * element.duration);
  });
  bar.append(play, scrub.box);
  const tuning = names.map((name) => {
    const scale = sliderScale(name, NUMERIC_PARAMS[name]);
    const made = slider(name, scale);
    made.input.addEventListener(
      'change',
      () => (element[name] = scale.toValue(Number(made.input.value))),
    );
    bar.append(made.box);
    return { name, input: made.input, scale };
  });

  return {
    element: bar,
    /** Shows the element's state: playing or not, its time and tuning. */
    update() {
      play.textContent = element.paused ? '▶' : '❚❚';
      play.setAttribute('aria-label', element.paused ? 'play' : 'pause');
      scrub.input.value = String(element.duration ? element.currentTime / element.duration : 0);
      for (const { name, input, scale } of tuning) {
        if (!input.matches(':focus')) input.value = String(scale.toSlider(element[name]));
      }
    },
  };
}
