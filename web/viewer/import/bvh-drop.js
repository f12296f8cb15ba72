// BVH import in the page: a file picker (the panel's "import BVH…" button
// opens it) and drag-and-drop onto the page. A file is refused by its size
// before anything of it is read, then read and handed to importBvh; the
// caller gets either the import's result or a BvhImportError with a
// readable message, and changes nothing in the second case.
import { BvhImportError, DEFAULT_MAX_BYTES, importBvh } from './bvh-import.js';

// The viewer retargets a file in the page's thread (about a millisecond a
// frame): more frames than this would freeze the page for many seconds, and
// the preview plays at most 20 s anyway.
export const VIEWER_MAX_FRAMES = 6000;

function megabytes(bytes) {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Why a file is refused before reading it, or null when it may be read.
 * @param {{ name: string, size: number }} file  a File (or its name and size)
 * @param {number} [maxBytes]
 */
export function refuseBySize(file, maxBytes = DEFAULT_MAX_BYTES) {
  if (!(file.size > 0)) return `${file.name} is empty`;
  if (file.size > maxBytes) {
    return `${file.name} is ${megabytes(file.size)}, larger than the ${megabytes(maxBytes)} limit; it was not read`;
  }
  return null;
}

/**
 * Read and import one file. Throws BvhImportError (with the file's name in
 * the message) on any fault.
 * @param {File} file
 * @param {object} kb  the loaded library
 * @param {object} [options]  height (m), maxBytes, maxFrames
 */
export async function readBvhFile(file, kb, options = {}) {
  const { maxBytes = DEFAULT_MAX_BYTES, maxFrames = VIEWER_MAX_FRAMES, height = 1.75 } = options;
  const refusal = refuseBySize(file, maxBytes);
  if (refusal) throw new BvhImportError(refusal);
  let bytes;
  try {
    bytes = await file.arrayBuffer();
  } catch (error) {
    throw new BvhImportError(`${file.name} could not be read (${error.message})`);
  }
  try {
    return importBvh(bytes, kb, { fileName: file.name, maxBytes, maxFrames, height });
  } catch (error) {
    if (error instanceof BvhImportError) throw error;
    throw new BvhImportError(`${file.name} could not be retargeted (${error.message})`);
  }
}

const hasFiles = (event) => Array.from(event.dataTransfer?.types ?? []).includes('Files');

/**
 * The file picker and the drop zone (the whole page).
 * @param {object} options
 * @param {HTMLElement} options.highlight  element marked while a file is dragged over
 * @param {(file: File) => void} options.onFile
 * @returns {{ openPicker(): void, input: HTMLInputElement }}
 */
export function createBvhDrop({ highlight, onFile }) {
  const input = document.createElement('input');
  input.type = 'file';
  input.id = 'bvh-file';
  input.accept = '.bvh,text/plain';
  input.hidden = true;
  input.setAttribute('aria-label', 'BVH file to import');
  document.body.append(input);
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = ''; // the same file may be picked again
    if (file) onFile(file);
  });

  // Counted, because dragenter/dragleave fire for every child crossed.
  let depth = 0;
  const mark = (on) => highlight.classList.toggle('drop-target', on);
  window.addEventListener('dragenter', (event) => {
    if (!hasFiles(event)) return;
    depth++;
    mark(true);
  });
  window.addEventListener('dragleave', (event) => {
    if (!hasFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) mark(false);
  });
  window.addEventListener('dragover', (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault(); // allows the drop
    event.dataTransfer.dropEffect = 'copy';
  });
  window.addEventListener('drop', (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault(); // the browser would open the file instead
    depth = 0;
    mark(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  });

  return {
    input,
    openPicker: () => input.click(),
  };
}

/**
 * The notice for a successful import: a heading and plain-text lines.
 * @param {string} fileName
 * @param {object} result  importBvh's result
 * @param {number} shownDuration  the preview's duration (clamped to the viewer's range)
 * @param {string} linkNote  what a share link does with an imported clip
 */
export function importSummary(fileName, result, shownDuration, linkNote) {
  const lines = [
    `${result.frames} frames at ${result.fps.toFixed(1)} fps (${result.duration.toFixed(2)} s), ` +
      `retargeted onto the rig in ${result.iterations} solver iterations.`,
  ];
  // only a real cut: the 3-decimal rounding of a duration is no cut
  if (result.duration - shownDuration > 0.001) {
    lines.push(`The preview plays its first ${shownDuration} s (the longest clip it shows).`);
  }
  if (result.unmapped.length > 0) {
    lines.push(
      `Joints with no match in the file (they stay at rest): ${result.unmapped.join(', ')}.`,
    );
  }
  if (result.ignored.length > 0) {
    lines.push(`Joints of the file not used: ${result.ignored.join(', ')}.`);
  }
  lines.push(linkNote);
  return { heading: `Imported ${fileName}.`, lines };
}

// Resolves after the browser has had a chance to paint (so a notice shows
// before a long import blocks the page).
export function nextPaint() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
