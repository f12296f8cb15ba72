// PNG exports: a snapshot of the stage at a chosen size, and a contact
// sheet of N evenly spaced frames of the clip (each cell labelled with its
// time), both rendered from the scene, not read off the page.
import { paintAtSize } from './render-size.js';

// A contact sheet holds 2 to 64 frames.
const SHEET_FRAMES = Object.freeze({ min: 2, max: 64 });
const LABEL_PX = 14;

function canvasToPng(canvas) {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('the browser could not encode the PNG'));
      blob.arrayBuffer().then((buffer) => resolve(new Uint8Array(buffer)), reject);
    }, 'image/png');
  });
}

// The times of n evenly spaced frames from 0 to the duration.
function sheetTimes(n, duration) {
  if (!Number.isInteger(n) || n < SHEET_FRAMES.min || n > SHEET_FRAMES.max) {
    throw new RangeError(
      `contact sheet frames must be an integer in [${SHEET_FRAMES.min}, ${SHEET_FRAMES.max}], got ${n}`,
    );
  }
  return Array.from({ length: n }, (_, i) => (i / (n - 1)) * duration);
}

// The grid of a sheet: as square as it gets, columns first.
function sheetGrid(n) {
  const columns = Math.ceil(Math.sqrt(n));
  return { columns, rows: Math.ceil(n / columns) };
}

/**
 * @param {object} stage  createScene's result
 * @param {{ width: number, height: number }} size
 * @returns {Promise<Uint8Array>} PNG bytes
 */
export async function snapshotPng(stage, { width, height }) {
  const copy = document.createElement('canvas');
  copy.width = width;
  copy.height = height;
  paintAtSize(stage, width, height, (render) => copy.getContext('2d').drawImage(render(), 0, 0));
  return canvasToPng(copy);
}

/**
 * @param {object} stage
 * @param {{ width: number, height: number, frames: number, duration: number }} options
 *   width, height: one cell's size; frames: how many
 * @param {(t: number) => void} poseAt  poses the rig at time t
 * @returns {Promise<{ bytes: Uint8Array, width: number, height: number, times: number[] }>}
 */
export async function contactSheetPng(stage, { width, height, frames, duration }, poseAt) {
  const times = sheetTimes(frames, duration);
  const { columns, rows } = sheetGrid(frames);
  const sheet = document.createElement('canvas');
  sheet.width = columns * width;
  sheet.height = rows * height;
  const context = sheet.getContext('2d');
  context.fillStyle = '#181b20';
  context.fillRect(0, 0, sheet.width, sheet.height);
  context.font = `${LABEL_PX}px sans-serif`;
  paintAtSize(stage, width, height, (render) =>
    times.forEach((t, i) => {
      const x = (i % columns) * width;
      const y = Math.floor(i / columns) * height;
      poseAt(t);
      context.drawImage(render(), x, y);
      context.fillStyle = '#e8ecf2';
      context.fillText(`${t.toFixed(2)} s`, x + 6, y + LABEL_PX + 4);
    }),
  );
  return { bytes: await canvasToPng(sheet), width: sheet.width, height: sheet.height, times };
}
