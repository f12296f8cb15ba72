// Space, ←/→, Home/End drive playback wherever the focus is — on the canvas,
// a button, a checkbox, a picker or the timeline — except in a text field,
// where they edit the text. Listening in the capture phase, before the
// focused control, keeps Space from also pressing the focused button or
// ticking the focused checkbox, and the arrows from changing a picker.

const TEXT_TYPES = new Set(['text', 'number', 'search', 'email', 'url', 'tel', 'password']);

// True when the key belongs to a field the user types in.
export function isTextField(target) {
  if (!target || typeof target.closest !== 'function') return false;
  if (target.closest('textarea, [contenteditable=""], [contenteditable="true"]')) return true;
  const input = target.closest('input');
  return !!input && TEXT_TYPES.has(input.type);
}

/**
 * @param {object} playback  createPlayback's result
 * @param {EventTarget} [target]  where to listen (the window)
 * @returns {() => void}  removes the listeners
 */
export function installPlaybackKeys(playback, target = window) {
  const actions = {
    ' ': () => playback.toggle(),
    ArrowLeft: () => playback.step(-1),
    ArrowRight: () => playback.step(1),
    Home: () => playback.home(),
    End: () => playback.end(),
  };
  const ours = (event) =>
    Object.hasOwn(actions, event.key) &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.metaKey &&
    !isTextField(event.target);
  const onKeyDown = (event) => {
    if (!ours(event)) return;
    event.preventDefault();
    event.stopPropagation();
    actions[event.key]();
  };
  // a button or checkbox acts on Space's keyup: that one is ours too
  const onKeyUp = (event) => {
    if (event.key === ' ' && ours(event)) event.preventDefault();
  };
  target.addEventListener('keydown', onKeyDown, true);
  target.addEventListener('keyup', onKeyUp, true);
  return () => {
    target.removeEventListener('keydown', onKeyDown, true);
    target.removeEventListener('keyup', onKeyUp, true);
  };
}
