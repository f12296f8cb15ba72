// Loading a gesture file: a file picker (accept .json) and files dropped on
// the page (the page's drop zone hands .json files here). The text is
// validated exactly as the library's files (kb.parseGestureJson: JSON with
// no key given twice, then every key, time, joint and angle), and the
// message of a refusal names the file, the keyframe, the joint and the
// value. An accepted gesture becomes a custom gesture and is shown; a
// refused one changes nothing.

// A gesture file larger than this is not read (1000 keyframes of 22 joints
// fit in well under a megabyte).
const MAX_GESTURE_FILE_BYTES = 1 << 20;

export const isGestureFile = (file) =>
  /\.json$/i.test(file.name) || file.type === 'application/json';

/**
 * @param {object} options
 * @param {object} options.kb  the loaded library
 * @param {object} options.state  the app state
 * @param {object} options.sources  withCustomGestures' result
 * @param {object} options.notice  createNotice's result
 * @param {() => void} options.onGesturesChanged  the picker's list changed
 */
export function createGestureLoader({ kb, state, sources, notice, onGesturesChanged }) {
  const input = document.createElement('input');
  input.type = 'file';
  input.id = 'gesture-file';
  input.accept = '.json,application/json';
  input.hidden = true;
  input.setAttribute('aria-label', 'gesture file to load');
  document.body.append(input);
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = ''; // the same file may be picked again
    if (file) loadFile(file).catch(() => {}); // the notice says why
  });

  // Validate and show a gesture's text; resolves to the gesture's name.
  function loadText(text, fileName = 'gesture.json') {
    // the label keeps the file's name in every message; the library checks
    // the name against the file name only for its own files
    const label = `gesture file ${JSON.stringify(fileName)}`;
    const gesture = kb.parseGestureJson(text, label);
    const name = sources.addCustom(gesture);
    const change = state.setParams({ gesture: name });
    if (!change.ok) {
      sources.removeCustom(name);
      throw new RangeError(`${label}: the gesture could not be played: ${change.error}`);
    }
    onGesturesChanged();
    return gesture.name;
  }

  async function loadFile(file) {
    try {
      if (file.size > MAX_GESTURE_FILE_BYTES) {
        throw new RangeError(
          `gesture file ${JSON.stringify(file.name)}: ${file.size} bytes is past the limit of ${MAX_GESTURE_FILE_BYTES}; it was not read`,
        );
      }
      const name = loadText(await file.text(), file.name);
      notice.show(`Loaded the gesture ${JSON.stringify(name)} from ${file.name}.`);
      return name;
    } catch (error) {
      notice.show(`Could not load ${file.name}; nothing was changed:`, [error.message]);
      throw error;
    }
  }

  return { input, openPicker: () => input.click(), loadFile, loadText };
}
