// A picked or dropped BVH file becomes the gesture shown. The file is read
// on the page, parsed and retargeted by kb.importBvh in a worker (the page
// keeps drawing; a progress bar and a cancel button meanwhile), then played
// at once with the defaults: the whole clip up to the preview's longest
// duration, grounded, travelling, mapped automatically. The strip then
// adjusts it (range, in place, mapping). When automatic mapping fails the
// mapping dialog opens by itself; the picks are remembered per skeleton.
// A file that fails leaves everything as it was, with the reason shown.
import { JOINT_NAMES } from 'kblend';
import { LINK_NOTE } from '../clips/clip-sources.js';
import { NUMERIC_PARAMS, canonicalValue } from '../state/params.js';
import { importSummary, readBvhText } from './bvh-drop.js';
import { ImportCancelled, createBvhWorkerClient } from './bvh-worker-client.js';
import { clipRange, defaultRange, fitRange } from './clip-range.js';
import { createImportBar } from './import-bar.js';
import { createJointMapMemory, hierarchyJointNames } from './joint-map-memory.js';
import { openJointMapDialog } from './joint-map-dialog.js';

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: nothing is remembered
  }
}

/**
 * @param {object} options
 * @param {object} options.state  createAppState's result
 * @param {object} options.sources  createClipSources' result
 * @param {object} options.notice  createNotice's result
 * @param {number} options.height  body height (m)
 * @param {HTMLElement} options.host  where the import strip goes
 * @param {(names: string[]) => void} options.onClipsChanged  the picker's new list
 */
export function createImportFlow({ state, sources, notice, height, host, onClipsChanged }) {
  const client = createBvhWorkerClient();
  const memory = createJointMapMemory(storage());
  const limits = {
    minSeconds: NUMERIC_PARAMS.duration.min,
    maxSeconds: NUMERIC_PARAMS.duration.max,
  };
  let status = { state: 'idle', progress: 0, message: '' };
  let current = null; // { fileName, names, bytes, clip, start, end, inPlace, gesture }

  const bar = createImportBar(host, {
    onCancel: () => client.cancel(),
    onRange: (start, end) =>
      current && play({ ...current, ...fitRange(start, end, current.clip.duration, limits) }),
    onInPlace: (on) => current && play({ ...current, inPlace: on }),
    onMapJoints: () => current && askMapping(current, current.clip.mapped, []),
  });

  function setStatus(next) {
    status = { ...status, ...next };
    bar.show(status);
  }

  // Shows one import (a range of its clip) as the gesture; false when refused.
  function play(entry) {
    const part = clipRange(entry.clip, entry);
    const name = sources.add(entry.fileName, { ...entry.clip, ...part });
    const change = state.setParams({
      gesture: name,
      duration: canonicalValue('duration', part.duration),
    });
    if (!change.ok) {
      sources.remove(name);
      setStatus({ state: 'failed', message: `${entry.fileName} could not play: ${change.error}` });
      return false;
    }
    current = entry;
    onClipsChanged(sources.importedNames());
    bar.showClip({ ...entry, duration: entry.clip.duration });
    return true;
  }

  async function run(fileName, text, map) {
    const names = hierarchyJointNames(text);
    const bytes = new TextEncoder().encode(text).buffer;
    setStatus({ state: 'working', progress: 0, message: `importing ${fileName}…` });
    bar.showClip(null);
    const began = performance.now();
    let clip;
    try {
      clip = await client.run(
        bytes,
        { name: fileName, height, map: map ?? memory.recall(names) ?? 'auto' },
        (p, what) =>
          setStatus({ progress: p === 0.15 ? null : p, message: `${fileName}: ${what}…` }),
      );
    } catch (error) {
      return failed(fileName, text, names, error);
    }
    const seconds = (performance.now() - began) / 1000;
    const entry = {
      fileName,
      text,
      names,
      clip,
      inPlace: false,
      ...defaultRange(clip.duration, limits.maxSeconds),
    };
    if (!play(entry)) return;
    setStatus({
      state: 'done',
      progress: 1,
      message: `${fileName}: ${clip.frames} frames imported in ${seconds.toFixed(2)} s`,
    });
    const summary = importSummary(fileName, clip, entry, LINK_NOTE);
    notice.show(summary.heading, summary.lines);
  }

  function failed(fileName, text, names, error) {
    if (error instanceof ImportCancelled) {
      setStatus({
        state: 'idle',
        progress: 0,
        message: `import of ${fileName} cancelled; nothing was changed`,
      });
      if (current) bar.showClip({ ...current, duration: current.clip.duration });
      return;
    }
    setStatus({
      state: 'failed',
      progress: 0,
      message: `could not import ${fileName}; nothing was changed`,
    });
    notice.show(`Could not import ${fileName}; nothing was changed:`, [error.message]);
    if (error.joints && error.unmapped)
      askMapping({ fileName, text, names: error.joints }, null, error.unmapped);
  }

  // The dialog: the picks are remembered for this skeleton, then the file
  // is imported again with them.
  async function askMapping(entry, mapped, unmapped) {
    const picked = await openJointMapDialog({
      kblendJoints: JOINT_NAMES,
      required: unmapped,
      joints: entry.names,
      mapped: mapped ?? {},
      title: unmapped.length
        ? `${entry.fileName}: pick the file's joints for ${unmapped.join(', ')}`
        : `${entry.fileName}: the joint mapping`,
    });
    if (!picked) return;
    memory.remember(entry.names, picked);
    await run(entry.fileName, entry.text, picked);
  }

  return {
    get status() {
      return status;
    },
    cancel: () => client.cancel(),
    // Read one file and import it.
    async importFile(file) {
      let text;
      try {
        text = await readBvhText(file);
      } catch (error) {
        setStatus({ state: 'failed', progress: 0, message: error.message });
        notice.show(`Could not import ${file.name}; nothing was changed:`, [error.message]);
        return;
      }
      await run(file.name, text);
    },
  };
}
