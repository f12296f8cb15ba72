// Undo and redo from the keyboard: Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Z and
// Ctrl+Y redo — the page's history wherever the focus is: a button, a
// picker, the canvas, or a text field whose value is committed. Only a
// text field being edited (typed into since it was focused or last
// committed) keeps its own text undo. Listening in the capture phase, before
// the focused control: lil-gui's controllers stop every keydown that
// bubbles out of them, and the browser's text undo of a committed box would
// rewrite it as a new change (and lose the redo).
import { isTextField } from '../timeline/playback-keys.js';

// Text fields with typing not yet committed (a change event commits), each
// with a token for its typing session: the changes a field makes while it
// is typed in (lil-gui sets the value at every keystroke) are one step.
function trackTyping(target) {
  const sessions = new WeakMap(); // field → its session's token
  const onInput = (event) => {
    if (isTextField(event.target) && !sessions.has(event.target)) {
      sessions.set(event.target, {});
    }
  };
  const onSettled = (event) => sessions.delete(event.target);
  const events = { input: onInput, change: onSettled, focusin: onSettled, focusout: onSettled };
  for (const [type, listener] of Object.entries(events)) {
    target.addEventListener(type, listener, true);
  }
  return {
    has: (element) => sessions.has(element),
    // the session of the field focused, or null
    session: () => sessions.get(document.activeElement) ?? null,
    remove() {
      for (const [type, listener] of Object.entries(events)) {
        target.removeEventListener(type, listener, true);
      }
    },
  };
}

// The history step a key asks for: 'undo', 'redo' or null.
function stepOf(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

export function installUndoKeys(editor, target = window) {
  const typing = trackTyping(target);
  editor.mergeStepsWithin(typing.session);
  const onKey = (event) => {
    const step = stepOf(event);
    if (step === null || typing.has(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    // a committed box shows the restored value once it is left
    if (isTextField(event.target)) event.target.blur();
    editor[step]();
  };
  target.addEventListener('keydown', onKey, true);
  return () => {
    typing.remove();
    target.removeEventListener('keydown', onKey, true);
  };
}
