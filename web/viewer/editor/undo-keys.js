// Undo and redo from the keyboard: Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Z and
// Ctrl+Y redo. A text field keeps its own undo.
const isTextField = (target) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function installUndoKeys(editor, target = window) {
  const onKey = (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextField(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) editor.undo();
    else if ((key === 'z' && event.shiftKey) || key === 'y') editor.redo();
    else return;
    event.preventDefault();
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
