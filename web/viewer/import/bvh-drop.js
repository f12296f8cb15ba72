// Files into the page: a file picker per kind (the panel's buttons open
// them) and drag-and-drop onto the page, which hands any file to onFile
// (the page routes it by its extension). A file is refused by its size
// before anything of it is read.
import { BVH_LIMITS } from 'kblend';

// A file is read whole into the page before the worker gets it: larger
// files are refused unread.
export const VIEWER_MAX_BYTES = Math.min(50 * 1024 * 1024, BVH_LIMITS.maxBytes);

function megabytes(bytes) {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Why a file is refused before reading it, or null when it may be read.
 * @param {{ name: string, size: number }} file  a File (or its name and size)
 * @param {number} maxBytes
 */
export function refuseBySize(file, maxBytes) {
  if (!(file.size > 0)) return `${file.name} is empty`;
  if (file.size > maxBytes) {
    return `${file.name} is ${megabytes(file.size)}, larger than the ${megabytes(maxBytes)} limit; it was not read`;
  }
  return null;
}

/**
 * A hidden file input (a test sets files on it by its id).
 * @param {string} id
 * @param {string} accept  the extensions, e.g. '.glb,.gltf,.vrm'
 * @param {string} label
 * @param {(file: File) => void} onFile
 */
export function createFilePicker(id, accept, label, onFile) {
  const input = document.createElement('input');
  input.type = 'file';
  input.id = id;
  input.accept = accept;
  input.hidden = true;
  input.setAttribute('aria-label', label);
  document.body.append(input);
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.value = ''; // the same file may be picked again
    if (file) onFile(file);
  });
  return input;
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
  const input = createFilePicker('bvh-file', '.bvh', 'BVH file to import', onFile);

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
 * @param {object} clip  kb.importBvh's clip
 * @param {{ start: number, end: number }} range  the part played (s)
 * @param {string} linkNote  what a share link does with an imported clip
 */
export function importSummary(fileName, clip, range, linkNote) {
  const how =
    {
      direct: 'on kblend’s own skeleton.',
      transfer: 'rotations carried over from the file’s rest.',
      'transfer+refine': `rotations carried over, refined in ${clip.iterations} solver iterations.`,
    }[clip.method] ?? `retargeted in ${clip.iterations} solver iterations.`;
  const lines = [
    `${clip.frames} frames at ${clip.fps.toFixed(1)} fps (${clip.duration.toFixed(2)} s), ${how}`,
  ];
  if (clip.truncated) {
    lines.push(`The file has ${clip.fileFrames} frames; the first ${clip.frames} were read.`);
  }
  // only a real cut: the 3-decimal rounding of a duration is no cut
  if (range.start > 0.001 || clip.duration - range.end > 0.001) {
    lines.push(
      `The preview plays ${range.start.toFixed(2)}–${range.end.toFixed(2)} s; pick another range in the import strip.`,
    );
  }
  if (clip.unmapped.length > 0) {
    lines.push(
      `Joints with no match in the file (they stay at rest): ${clip.unmapped.join(', ')}.`,
    );
  }
  if (clip.ignored.length > 0)
    lines.push(`Joints of the file not used: ${clip.ignored.join(', ')}.`);
  for (const note of clip.notes ?? []) lines.push(`${note[0].toUpperCase()}${note.slice(1)}.`);
  lines.push(linkNote);
  return { heading: `Imported ${fileName}.`, lines };
}
