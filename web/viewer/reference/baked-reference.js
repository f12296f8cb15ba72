// A gesture (custom or of the library) as a reference: what kblend plays
// for it with one tuning, baked into a track (the preview's frame times,
// its rotations and root) so the ghost, the error plot and kb.fitEnvelope
// read it the same way as an imported capture. The tuning is the one given
// at baking and stays with the track: moving a slider afterwards moves the
// preview, never the reference it is judged against (as "hold as B" does).
// No DOM.

const POSE = 88; // 22 joints × 4 floats

/**
 * @param {object} kb  the loaded library
 * @param {object} options  kb.createPreview options (a gesture and its tuning)
 * @returns {{ times: Float32Array, rotations: Float32Array, root?: Float32Array }}
 */
export function bakeReference(kb, options) {
  const preview = kb.createPreview(options);
  try {
    const n = preview.frameCount;
    const times = new Float32Array(n);
    const rotations = new Float32Array(n * POSE);
    const root = preview.hasRoot ? new Float32Array(3 * n) : null;
    for (let k = 0; k < n; k++) {
      times[k] = preview.frameTime(k);
      rotations.set(preview.frame(k), k * POSE);
      root?.set(preview.root(times[k]), 3 * k);
    }
    return root ? { times, rotations, root } : { times, rotations };
  } finally {
    preview.dispose();
  }
}
