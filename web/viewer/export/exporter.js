// The export service: every file the page can give, as
// exportFile(kind) → Promise<{ filename, mime, bytes: Uint8Array }> for
//   glb      the character with the clip (GLTFExporter)
//   bvh      the clip on kblend's skeleton (kb.exportBvh)
//   webm     a frame-exact video of the stage
//   gif      a frame-exact looping GIF of the stage
//   png      a snapshot of the stage
//   sheet    a PNG contact sheet of evenly spaced frames
//   json     the tuning values (a parameters file)
//   gesture  the gesture shown, as a gesture file (library or custom)
// Sizes, fps and the sheet's frame count come from `options`. Playback is
// paused while an export poses the rig, and the shown frame is drawn again
// afterwards. One export runs at a time.
import { gestureFileName, gestureFileText } from '../../link/gesture-file.js';
import { exportGlb } from './glb.js';
import { paramsFileText } from './params-file.js';
import { checkSize } from './render-size.js';
import { contactSheetPng, snapshotPng } from './snapshot.js';
import { renderGif } from './gif.js';
import { renderWebm } from './video.js';

const EXPORT_KINDS = Object.freeze([
  'glb',
  'bvh',
  'webm',
  'gif',
  'png',
  'sheet',
  'json',
  'gesture',
]);

const EXPORT_DEFAULTS = Object.freeze({
  width: 1280,
  height: 720,
  fps: 30,
  sheetFrames: 9,
});

const text = (value) => new TextEncoder().encode(value);

// A name for files of the shown gesture: safe characters only (exported for
// the test of regexes over user text).
export function baseName(gesture) {
  const cleaned = String(gesture)
    .replace(/^(custom|bvh): /, '')
    .replace(/\.bvh$/i, '')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|(?<!_)_+$/g, ''); // the trailing run tried from its start only: linear
  return `kblend-${cleaned || 'gesture'}`;
}

/**
 * @param {object} app
 * @param {object} app.kb  the loaded library
 * @param {object} app.state  the app state
 * @param {object} app.sources  the clip sources (with custom gestures)
 * @param {object} app.stage  createScene's result
 * @param {object} app.rig  the character (root)
 * @param {(t: number) => void} app.poseAt  poses the rig at time t (for frames)
 * @param {() => void} app.pause  pauses playback
 * @param {() => void} app.redraw  draws what the page shows again
 */
// The shown gesture as a gesture file's contents (a custom one, or the
// library's).
function gestureOf(app, params) {
  const custom = app.sources.customGesture?.(params.gesture);
  if (custom) return custom;
  if (app.kb.gestureNames.includes(params.gesture)) return app.kb.getGesture(params.gesture);
  throw new RangeError(
    `the shown clip ${JSON.stringify(params.gesture)} is not a gesture file (an imported clip exports as BVH or GLB)`,
  );
}

// A maker for a video of the clip (render: renderWebm or renderGif) at the
// export options' size and rate.
function videoMaker(app, options, render, extension, mime) {
  return async function video({ preview, base, signal, onProgress }) {
    const made = await render(
      app.stage,
      {
        width: options.width,
        height: options.height,
        fps: options.fps,
        duration: preview.duration,
      },
      app.poseAt,
      { signal, onProgress },
    );
    return { bytes: made.bytes, name: `${base}.${extension}`, mime };
  };
}

export function createExporter(app) {
  const options = { ...EXPORT_DEFAULTS };
  let running = null; // { kind, signal }

  const makers = {
    async glb({ preview, base, params }) {
      return {
        bytes: await exportGlb(app.rig.root, preview, params.gesture),
        name: `${base}.glb`,
        mime: 'model/gltf-binary',
      };
    },
    async bvh({ preview, base }) {
      return {
        bytes: text(app.kb.exportBvh(preview, { hands: true })),
        name: `${base}.bvh`,
        mime: 'text/plain',
      };
    },
    async png({ base }) {
      checkSize(options.width, options.height);
      return {
        bytes: await snapshotPng(app.stage, options),
        name: `${base}.png`,
        mime: 'image/png',
      };
    },
    async sheet({ preview, base }) {
      const sheet = await contactSheetPng(
        app.stage,
        {
          width: options.width,
          height: options.height,
          frames: options.sheetFrames,
          duration: preview.duration,
        },
        app.poseAt,
      );
      return { bytes: sheet.bytes, name: `${base}-sheet.png`, mime: 'image/png' };
    },
    webm: videoMaker(app, options, renderWebm, 'webm', 'video/webm'),
    gif: videoMaker(app, options, renderGif, 'gif', 'image/gif'),
    async json({ params, base }) {
      return {
        bytes: text(paramsFileText(app.sources.previewOptions(params))),
        name: `${base}-params.json`,
        mime: 'application/json',
      };
    },
    async gesture({ params }) {
      const gesture = gestureOf(app, params);
      return {
        bytes: text(gestureFileText(gesture)),
        name: gestureFileName(gesture),
        mime: 'application/json',
      };
    },
  };

  async function exportFile(kind, { onProgress } = {}) {
    if (!EXPORT_KINDS.includes(kind)) {
      throw new RangeError(
        `export kind must be one of ${EXPORT_KINDS.join(', ')}, got ${JSON.stringify(kind)}`,
      );
    }
    if (running) throw new Error(`an export (${running.kind}) is running; cancel it or wait`);
    const signal = { cancelled: false };
    running = { kind, signal };
    const { params, preview } = app.state;
    app.pause();
    try {
      const made = await makers[kind]({
        params,
        preview,
        base: baseName(params.gesture),
        signal,
        onProgress,
      });
      return { filename: made.name, mime: made.mime, bytes: made.bytes };
    } finally {
      running = null;
      app.redraw();
    }
  }

  return {
    options,
    exportFile,
    get running() {
      return running?.kind ?? null;
    },
    cancel() {
      if (running) running.signal.cancelled = true;
    },
  };
}
