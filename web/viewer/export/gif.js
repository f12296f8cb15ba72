// Looping GIF of the stage, frame-exact like the video: the clip is stepped
// to each frame time k / fps (k = 0 … fps × duration − 1: the loop returns
// to frame 0 rather than showing the end twice), rendered at the chosen size
// and encoded with gifenc. Each frame gets its own 256-colour palette
// (gifenc's quantizer on that frame): the figure's shading changes as it
// moves, and one palette per frame keeps it without dithering. The first
// frame carries the NETSCAPE2.0 extension (repeat forever). Cancel stops
// between frames and writes nothing.
import { GIFEncoder, applyPalette, quantize } from 'gifenc';
import { checkSize, paintAtSize } from './render-size.js';
import { ExportCancelled, VIDEO_FPS } from './video.js';

// GIF delays are in hundredths of a second, so past 50 fps frames repeat;
// the fps range is the video's and a GIF frame is at most this many.
const MAX_GIF_FRAMES = 1800;

// Frame times of a looping clip at fps: 0, 1/fps, … before the duration.
function gifFrameTimes(duration, fps) {
  if (!Number.isInteger(fps) || fps < VIDEO_FPS.min || fps > VIDEO_FPS.max) {
    throw new RangeError(
      `GIF fps must be an integer in [${VIDEO_FPS.min}, ${VIDEO_FPS.max}], got ${fps}`,
    );
  }
  const count = Math.max(1, Math.round(duration * fps));
  if (count > MAX_GIF_FRAMES) {
    throw new RangeError(`a GIF of ${count} frames is past the limit of ${MAX_GIF_FRAMES}`);
  }
  return Array.from({ length: count }, (_, k) => k / fps);
}

// The next task: lets the page paint the progress and read a cancel click.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * @param {object} stage  createScene's result
 * @param {{ width, height, fps, duration }} options
 * @param {(t: number) => void} poseAt  poses the rig at time t
 * @param {{ onProgress?: (done, total) => void, signal?: { cancelled: boolean } }} [control]
 * @returns {Promise<{ bytes: Uint8Array, frames: number }>}
 */
export async function renderGif(stage, { width, height, fps, duration }, poseAt, control = {}) {
  checkSize(width, height);
  const times = gifFrameTimes(duration, fps);
  const frame = document.createElement('canvas');
  frame.width = width;
  frame.height = height;
  const context = frame.getContext('2d', { willReadFrequently: true });
  const gif = GIFEncoder();
  const delay = 1000 / fps;
  for (let k = 0; k < times.length; k++) {
    if (control.signal?.cancelled) throw new ExportCancelled();
    const rgba = paintAtSize(stage, width, height, (render) => {
      poseAt(times[k]);
      context.drawImage(render(), 0, 0);
      return context.getImageData(0, 0, width, height).data;
    });
    const palette = quantize(rgba, 256);
    gif.writeFrame(applyPalette(rgba, palette), width, height, { palette, delay, repeat: 0 });
    control.onProgress?.(k + 1, times.length);
    await nextTask();
  }
  gif.finish();
  return { bytes: gif.bytes(), frames: times.length };
}
