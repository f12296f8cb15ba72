// The worker side of the worker bench (import-worker.js): a dedicated
// module worker that loads kblend as the viewer's import worker does (its
// .wasm by fetch) and three's BVHLoader, both by module URL, and times them
// on the texts it is sent, interleaved round by round with the Node bench's
// timing (timing.js). The timing runs here, so neither postMessage nor the
// page's thread is in the figures.
import { loadKBlend } from 'kblend';
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import { statsAndRatiosInterleaved } from './timing.js';

const library = loadKBlend();

// One file: what the import made of it, and both contenders' samples
// (BVHLoader first, kb.importBvh last, as in the Node bench).
function benchFile(kb, { kind, text }, timing) {
  const clip = kb.importBvh(text);
  const loader = new BVHLoader();
  const { stats, ratios } = statsAndRatiosInterleaved(
    [() => loader.parse(text), () => kb.importBvh(text)],
    timing,
  );
  return {
    kind,
    joints: clip.joints.length,
    frames: clip.frames,
    method: clip.method,
    stats,
    ratios,
  };
}

self.onmessage = async ({ data: { files, timing } }) => {
  try {
    const kb = await library;
    const results = files.map((file) => benchFile(kb, file, timing));
    self.postMessage({ results, isolated: self.crossOriginIsolated });
  } catch (error) {
    self.postMessage({ error: String(error?.stack ?? error) });
  }
};
