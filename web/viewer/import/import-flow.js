// A picked or dropped BVH file becomes the gesture shown. A file that fails
// to import or to play leaves everything as it was, with the reason in a
// notice.
import { LINK_NOTE } from '../clips/clip-sources.js';
import { canonicalValue } from '../state/params.js';
import { importSummary, nextPaint, readBvhFile } from './bvh-drop.js';

/**
 * @param {object} options
 * @param {object} options.kb  the loaded library
 * @param {object} options.state  createAppState's result
 * @param {object} options.sources  createClipSources' result
 * @param {object} options.notice  createNotice's result
 * @param {number} options.height  body height (m)
 * @param {(names: string[]) => void} options.onClipsChanged  the picker's new list
 * @returns {(file: File) => Promise<void>}
 */
export function createImportFlow({ kb, state, sources, notice, height, onClipsChanged }) {
  return async function importFile(file) {
    let result;
    try {
      notice.show(`Importing ${file.name}…`);
      await nextPaint();
      result = await readBvhFile(file, kb, { height });
    } catch (error) {
      notice.show(`Could not import ${file.name}; nothing was changed:`, [error.message]);
      return;
    }
    const name = sources.add(file.name, result);
    const duration = canonicalValue('duration', result.duration);
    const change = state.setParams({ gesture: name, duration });
    if (!change.ok) {
      sources.remove(name);
      notice.show(`Could not play ${file.name}; nothing was changed:`, [change.error]);
      return;
    }
    onClipsChanged(sources.importedNames());
    const summary = importSummary(file.name, result, duration, LINK_NOTE);
    notice.show(summary.heading, summary.lines);
  };
}
