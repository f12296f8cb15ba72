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
    const spec = NUMERIC_PARAMS[name];
    const step = name === 'seed' ? 1 : (spec.max - spec.min) / 200;
    const made = slider(name, { min: spec.min, max: spec.max, step });
    made.input.addEventListener('change', () => (element[name] = Number(made.input.value)));
    bar.append(made.box);
    return { name, input: made.input };
  });

  return {
    element: bar,
    /** Shows the element's state: playing or not, its time and tuning. */
    update() {
      play.textContent = element.paused ? '▶' : '❚❚';
      play.setAttribute('aria-label', element.paused ? 'play' : 'pause');
      scrub.input.value = String(element.duration ? element.currentTime / element.duration : 0);
      for (const { name, input } of tuning) {
        if (document.activeElement !== element || !input.matches(':focus')) {
          input.value = String(element[name]);
        }
      }
    },
  };
}
