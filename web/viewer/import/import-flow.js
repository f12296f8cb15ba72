// A picked or dropped BVH file becomes the gesture shown. The file is read
// on the page, parsed and retargeted by kb.importBvh in a worker (the page
// keeps drawing; a progress bar and a cancel button meanwhile), then played
// at once with the defaults: the whole clip up to the preview's longest
// duration, grounded, travelling, mapped automatically. The strip then
// adjusts it (range, in place, mapping). When automatic mapping fails the
// mapping dialog opens by itself, starting from what the automatic pass
// did match; the picks are remembered per skeleton. A file that fails
// leaves everything as it was, with the reason shown in words for a
// person, until a later import succeeds.
import { JOINT_NAMES } from 'kblend';
import { LINK_NOTE } from '../clips/clip-sources.js';
import { NUMERIC_PARAMS, canonicalValue } from '../../link/params.js';
import { VIEWER_MAX_BYTES, importSummary, refuseBySize } from './bvh-drop.js';
import { ImportCancelled, createBvhWorkerClient } from './bvh-worker-client.js';
import { clipRange, defaultRange, fitRange, rangeRefusal } from './clip-range.js';
import { createImportBar } from './import-bar.js';
import { createJointMapMemory, hierarchyJointNames } from './joint-map-memory.js';
import { openJointMapDialog } from './joint-map-dialog.js';

const HEAD_BYTES = 256 * 1024; // more than any humanoid's hierarchy

// "left_hip" → "left hip": joints named for a person.
const spoken = (joints) => joints.map((joint) => joint.replaceAll('_', ' ')).join(', ');

// What the notice says when a file's joints could not all be matched
// (the library's message advises library users; a person picks in the
// dialog).
function mappingFailureText(needed) {
  return `Could not match these joints: ${spoken(needed)} — pick them in the mapping dialog.`;
}

// The notice for a failed import; mapping: the library could not map the
// file's joints, needed: the joints an import cannot do without (when the
// library says which).
function failureNotice(fileName, error) {
  const mapping = Boolean(error.joints && error.unmapped);
  const needed = mapping ? (error.missing?.length ? error.missing : error.unmapped) : null;
  return {
    mapping,
    needed,
    heading: `Could not import ${fileName}; nothing was changed:`,
    lines: [mapping ? mappingFailureText(needed) : error.message],
  };
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: nothing is remembered
  }
}

// The status after a clip is shown: the summary goes in the strip, over
// the scene (a notice would resize it).
function doneStatus(entry, timing) {
  const { fileName, clip } = entry;
  const seconds = (timing.receivedAt - timing.began) / 1000;
  const summary = importSummary(fileName, clip, entry, LINK_NOTE);
  return {
    state: 'done',
    progress: 1,
    message: `${summary.heading} Imported in ${seconds.toFixed(2)} s. ${summary.lines.join(' ')}`,
    timing,
  };
}

// The mapping dialog: the picks are remembered for this skeleton, then the
// file is imported again with them (rerun).
async function askJointMap(memory, rerun, entry, mapped, unmapped) {
  const picked = await openJointMapDialog({
    kblendJoints: JOINT_NAMES,
    required: unmapped,
    joints: entry.names,
    mapped: mapped ?? {},
    title: unmapped.length
      ? `${entry.fileName}: pick the file's joints for ${spoken(unmapped)}`
      : `${entry.fileName}: the joint mapping`,
  });
  if (!picked) return;
  memory.remember(entry.names, picked);
  await rerun(entry.file, picked);
}

// A range typed in the strip for the import shown: the range to play, or
// null when it is refused (a note says why, the boxes show the range played).
function typedRange(bar, entry, { start, end, typed }, limits) {
  const duration = entry.clip.duration;
  const latestEnd = Math.min(duration, Math.max(start, 0) + limits.maxSeconds);
  const refusal = rangeRefusal(start, end, typed, latestEnd);
  bar.setNote(refusal ?? '');
  if (refusal) {
    bar.showClip({ ...entry, duration });
    return null;
  }
  return fitRange(start, end, duration, limits);
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
  let status = { state: 'idle', progress: 0, message: '', timing: null };
  let latest = 0; // the newest import: an earlier one's outcome is ignored
  let current = null; // { fileName, names, bytes, clip, start, end, inPlace, gesture }
  let failureShown = false; // the notice shows a failed import

  const bar = createImportBar(host, {
    onCancel: () => client.cancel(),
    onRange: (start, end, typed) => {
      const range = current && typedRange(bar, current, { start, end, typed }, limits);
      if (range) play({ ...current, ...range });
    },
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

  async function run(file, map) {
    const fileName = file.name;
    const ticket = ++latest;
    setStatus({ state: 'working', progress: 0, message: `importing ${fileName}…`, timing: null });
    bar.showClip(null);
    bar.setNote('');
    const began = performance.now();
    let names;
    let clip;
    try {
      // the hierarchy only (its head), for the mapping remembered; the
      // worker reads the whole file itself
      names = hierarchyJointNames(await file.slice(0, HEAD_BYTES).text());
      const options = { name: fileName, height, map: map ?? memory.recall(names) ?? 'auto' };
      clip = await client.run(file, options, (progress, what) =>
        setStatus({ progress, message: `${fileName}: ${what}…` }),
      );
    } catch (error) {
      if (ticket === latest) failed(file, names ?? [], error);
      return;
    }
    const receivedAt = performance.now();
    const range = defaultRange(clip.duration, limits.maxSeconds);
    const entry = { file, fileName, names, clip, inPlace: false, ...range };
    if (!play(entry)) return;
    if (failureShown) notice.hide(); // an earlier failure is answered
    failureShown = false;
    // when the worker answered and what showing the clip took (ms)
    const timing = { began, receivedAt, showMs: performance.now() - receivedAt };
    setStatus(doneStatus(entry, timing));
  }

  function failed(file, names, error) {
    const fileName = file.name;
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
    const { mapping, needed, heading, lines } = failureNotice(fileName, error);
    notice.show(heading, lines);
    failureShown = true;
    if (mapping) askMapping({ file, fileName, names: error.joints }, error.mapped ?? {}, needed);
  }

  const askMapping = (entry, mapped, unmapped) => askJointMap(memory, run, entry, mapped, unmapped);

  return {
    get status() {
      return status;
    },
    cancel: () => client.cancel(),
    // Read one file and import it.
    async importFile(file) {
      const refusal = refuseBySize(file, VIEWER_MAX_BYTES);
      if (refusal) {
        setStatus({ state: 'failed', progress: 0, message: refusal });
        notice.show(`Could not import ${file.name}; nothing was changed:`, [refusal]);
        failureShown = true;
        return;
      }
      await run(file);
    },
  };
}
