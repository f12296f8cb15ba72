// The BVH import off the page's thread: parsing and retargeting a long
// capture takes seconds, which would freeze the page. The worker loads its
// own copy of the library once and answers one request at a time:
//   in:  { id, file: File | Blob, options }  (kb.importBvh's options)
//   out: { id, type: 'progress', progress, message }  (progress in [0, 1]:
//        reading and loading take the first tenth, kb.importBvh's own
//        onProgress the rest)
//        { id, type: 'done', clip }  (typed arrays transferred)
//        { id, type: 'failed', message, unmapped?, joints?, mapped?, missing? }
import { loadKBlend } from 'kblend';

let library = null;
const LOADED = 0.1; // the file read and the library loaded

// What kb.importBvh is doing, by the phase it reports with a fraction.
const DOING = {
  parse: 'parsing',
  motion: 'computing the file’s motion',
  retarget: 'carrying the rotations over',
  ground: 'grounding',
  done: 'done',
};

function post(message, transfer = []) {
  self.postMessage(message, transfer);
}

// The clip without what the page does not use (the source positions are
// the largest part), its buffers moved rather than copied.
function portable(clip) {
  const { sourcePositions, rotations, root, ...rest } = clip;
  const { track } = clip;
  const transfer = [
    track.times.buffer,
    track.rotations.buffer,
    track.root.buffer,
    track.mask.buffer,
  ];
  return { clip: rest, transfer: [...new Set(transfer)] };
}

self.onmessage = async ({ data }) => {
  const { id, file, options } = data;
  try {
    post({ id, type: 'progress', progress: 0, message: 'reading the file' });
    const bytes = await file.arrayBuffer();
    post({ id, type: 'progress', progress: 0.05, message: 'loading the library' });
    library ??= loadKBlend();
    const kb = await library;
    const onProgress = (fraction, phase) =>
      post({
        id,
        type: 'progress',
        progress: LOADED + (1 - LOADED) * fraction,
        message: DOING[phase] ?? phase,
      });
    const { clip, transfer } = portable(kb.importBvh(bytes, { ...options, onProgress }));
    post({ id, type: 'done', clip }, transfer);
  } catch (error) {
    post({
      id,
      type: 'failed',
      name: error?.name ?? 'Error',
      message: error?.message ?? String(error),
      unmapped: error?.unmapped ?? null,
      joints: error?.joints ?? null,
      mapped: error?.mapped ?? null,
      missing: error?.missing ?? null,
    });
  }
};
