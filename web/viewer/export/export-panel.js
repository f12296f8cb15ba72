// The panel's export section: its settings (size, fps, sheet frames) and
// buttons, each export downloaded as a file; a video shows its progress
// or a GIF with a cancel button; failures are said in a notice.
import { download } from './download.js';
import { createExportProgress } from './export-progress.js';
import { createExporter } from './exporter.js';
import { cSnippet, jsSnippet } from './params-file.js';
import { createSnippetDialog } from './snippet-dialog.js';
import { ExportCancelled } from './video.js';

const BUTTONS = {
  exportGlb: 'glb',
  exportBvh: 'bvh',
  exportWebm: 'webm',
  exportGif: 'gif',
  exportPng: 'png',
  exportSheet: 'sheet',
  exportJson: 'json',
  saveGesture: 'gesture',
};

// Exports that take many frames show their progress.
const PROGRESS_LABELS = { webm: 'rendering the video', gif: 'rendering the GIF' };
const CANCEL_NAMES = { webm: 'video', gif: 'GIF' };

/**
 * @param {object} app  createExporter's app (kb, state, sources, stage, rig,
 *   poseAt, pause, redraw) plus notice and stageElement
 */
export function createExportPanel(app) {
  const exporter = createExporter(app);
  const progress = createExportProgress(app.stageElement, { onCancel: () => exporter.cancel() });
  let snippets = null; // made on first use

  async function run(kind) {
    const began = performance.now();
    const what = PROGRESS_LABELS[kind];
    if (what) progress.show(what);
    try {
      const file = await exporter.exportFile(kind, {
        onProgress: (done, total) => progress.update(what, done, total),
      });
      download(file);
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      app.notice.show(`Exported ${file.filename} (${file.bytes.length} bytes in ${seconds} s).`);
    } catch (error) {
      if (error instanceof ExportCancelled)
        app.notice.show(`The ${CANCEL_NAMES[kind] ?? kind} export was cancelled.`);
      else app.notice.show(`Could not export ${kind}:`, [error.message]);
    } finally {
      progress.hide();
    }
  }

  const options = exporter.options;
  const actions = Object.fromEntries(
    Object.entries(BUTTONS).map(([button, kind]) => [button, () => run(kind)]),
  );
  actions.showSnippets = () => {
    snippets ??= createSnippetDialog();
    const previewOptions = app.sources.previewOptions(app.state.params);
    snippets.show({
      jsText: jsSnippet(previewOptions),
      cText: cSnippet(previewOptions, app.kb.defaults),
    });
  };

  return {
    exporter,
    progress,
    actions,
    settings: {
      exportWidth: (v) => (options.width = Math.round(v)),
      exportHeight: (v) => (options.height = Math.round(v)),
      exportFps: (v) => (options.fps = Math.round(v)),
      sheetFrames: (v) => (options.sheetFrames = Math.round(v)),
    },
  };
}
