// WebM video of the stage, frame-exact: the clip is stepped to each frame
// time k / fps, rendered at the chosen size, and encoded frame by frame
// (WebCodecs VideoEncoder through mediabunny's WebM muxer), each frame
// stamped with its own time, so the file plays at the chosen fps whatever
// the rendering speed. Cancel stops between frames and writes nothing.
import { checkSize, paintAtSize } from './render-size.js';

export const VIDEO_FPS = Object.freeze({ min: 1, max: 60 });
// At most this many frames (a minute at 60 fps).
const MAX_VIDEO_FRAMES = 3600;
const CODECS = ['vp9', 'vp8'];

export class ExportCancelled extends Error {
  constructor() {
    super('the export was cancelled');
    this.name = 'ExportCancelled';
  }
}

// Frame times of a clip at fps: 0, 1/fps, … up to the duration.
function videoFrameTimes(duration, fps) {
  if (!Number.isInteger(fps) || fps < VIDEO_FPS.min || fps > VIDEO_FPS.max) {
    throw new RangeError(
      `video fps must be an integer in [${VIDEO_FPS.min}, ${VIDEO_FPS.max}], got ${fps}`,
    );
  }
  const count = Math.floor(duration * fps + 1e-9) + 1;
  if (count > MAX_VIDEO_FRAMES) {
    throw new RangeError(`a video of ${count} frames is past the limit of ${MAX_VIDEO_FRAMES}`);
  }
  return Array.from({ length: count }, (_, k) => k / fps);
}

async function pickCodec(mediabunny, width, height) {
  for (const codec of CODECS) {
    if (await mediabunny.canEncodeVideo(codec, { width, height })) return codec;
  }
  throw new Error('this browser cannot encode VP9 or VP8 video (WebCodecs VideoEncoder)');
}

/**
 * @param {object} stage  createScene's result
 * @param {{ width, height, fps, duration }} options
 * @param {(t: number) => void} poseAt  poses the rig at time t
 * @param {{ onProgress?: (done, total) => void, signal?: { cancelled: boolean } }} [control]
 * @returns {Promise<{ bytes: Uint8Array, frames: number, codec: string }>}
 */
export async function renderWebm(stage, { width, height, fps, duration }, poseAt, control = {}) {
  checkSize(width, height);
  const times = videoFrameTimes(duration, fps);
  const mediabunny = await import('mediabunny');
  const codec = await pickCodec(mediabunny, width, height);
  // frames are copied to a 2D canvas of the video's size: the encoder reads
  // a canvas that is not also the page's drawing buffer
  const frame = document.createElement('canvas');
  frame.width = width;
  frame.height = height;
  const context = frame.getContext('2d');
  const output = new mediabunny.Output({
    format: new mediabunny.WebMOutputFormat(),
    target: new mediabunny.BufferTarget(),
  });
  const source = new mediabunny.CanvasSource(frame, {
    codec,
    bitrate: mediabunny.QUALITY_HIGH,
    keyFrameInterval: 1,
  });
  output.addVideoTrack(source, { frameRate: fps });
  await output.start();
  try {
    for (let k = 0; k < times.length; k++) {
      if (control.signal?.cancelled) throw new ExportCancelled();
      // sized for this frame only: between frames the page shows the stage
      paintAtSize(stage, width, height, (render) => {
        poseAt(times[k]);
        context.drawImage(render(), 0, 0);
      });
      await source.add(k / fps, 1 / fps);
      control.onProgress?.(k + 1, times.length);
    }
    await output.finalize();
  } catch (error) {
    if (output.state !== 'finalized') await output.cancel().catch(() => {});
    throw error;
  }
  return { bytes: new Uint8Array(output.target.buffer), frames: times.length, codec };
}
