// The loading state: index.html shows it from the first paint (it is plain
// markup, no script), and the viewer moves its progress bar through the
// steps of starting, then takes it away once the first frame is drawn.

const LOADING_STEPS = Object.freeze({
  library: { value: 30, text: 'compiling the motion core (WebAssembly)…' },
  scene: { value: 70, text: 'building the scene and the panel…' },
  frame: { value: 90, text: 'drawing the first frame…' },
});

export function createLoading(element) {
  const bar = element?.querySelector('progress');
  const text = element?.querySelector('.loading-step');
  return {
    step(name) {
      const step = LOADING_STEPS[name];
      if (!element || !step) return;
      bar.value = step.value;
      text.textContent = step.text;
    },
    done() {
      if (element) element.hidden = true;
    },
    failed(message) {
      if (!element) return;
      element.classList.add('failed');
      text.textContent = message;
    },
  };
}
