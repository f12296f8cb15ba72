// A number typed into a lil-gui box is kept as typed: lil-gui snaps typed
// values to the slider's step (attack 0.123 → 0.12, lambda 7.25 → 7.5); the
// step stays for dragging the slider, whose fill then shows the nearest
// position. A value past the range is clamped, and `onClamped` says to what.
// The box's input is taken in the capture phase, before lil-gui's own
// handler sees it.

// What is said of a value typed past the range.
export function clampNote(label, typed, value, { min, max }) {
  const end = value === min ? 'the smallest' : 'the largest';
  return `${label}: ${typed} is outside ${min} … ${max}; set to ${value} (${end}).`;
}

/**
 * @param {object} controller  a lil-gui number controller
 * @param {object} [options]
 * @param {(note: string) => void} [options.onClamped]  after each typed value:
 *   what it was clamped to, or '' when it was kept
 * @param {(typed: number) => number} [options.fromBox]  the box's unit to the
 *   controller's (identity by default)
 * @returns {{ readonly typing: boolean }}  true while a typed value is being set
 */
export function keepTypedValues(controller, { onClamped, fromBox = (v) => v } = {}) {
  const input = controller.$input;
  const state = { typing: false };
  controller.domElement.addEventListener(
    'input',
    (event) => {
      if (event.target !== input) return;
      event.stopPropagation();
      const typed = Number.parseFloat(input.value);
      if (!Number.isFinite(typed)) return;
      const wanted = fromBox(typed);
      const value = Math.min(controller._max, Math.max(controller._min, wanted));
      state.typing = true;
      try {
        controller.setValue(value);
      } finally {
        state.typing = false;
      }
      const range = { min: controller._min, max: controller._max };
      onClamped?.(value === wanted ? '' : clampNote(controller._name, typed, value, range));
    },
    true,
  );
  return {
    get typing() {
      return state.typing;
    },
  };
}
