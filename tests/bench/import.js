// kb.importBvh against three's BVHLoader.parse on the same text, in one
// process, interleaved round by round: CMU-style and Daz-style captures
// (captured-rests.js: rests unlike ours, inches for Daz) and a 5,000-frame
// capture (long-capture.js). Printed per file: import ÷ BVHLoader (median
// of the per-round ratios; target ≤ 1) and import frames per second
// (target ≥ 20,000 on the long file). Also checked, in the smoke mode
// too: the clip's limbs point where BVHLoader's skeleton does, within 2°
// on sampled frames, and the transfer ran (not the solver).
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import { capturedBvh } from '../fixtures/bvh/captured-rests.js';
import { loaderLimbAgreement } from '../fixtures/bvh/loader-limbs.js';
import { longCapture } from '../fixtures/bvh/long-capture.js';
import { statsAndRatiosInterleaved } from './timing.js';

const LIMB_BAR = 2; // degrees
const FPS_BAR = 20000;
// One call per round (a call takes milliseconds), as the worker bench does.
export const IMPORT_TIMING = { rounds: 9, roundMs: 0 };

// The three texts, shared with the worker bench (import-worker.js).
export const IMPORT_FILES = [
  ['CMU-style', () => capturedBvh('cmu-style', { frames: 1200 })],
  ['Daz-style (inches)', () => capturedBvh('daz-style', { frames: 600 })],
  ['long capture', () => longCapture(5000)],
];

export function benchImport(kb, report) {
  console.log('\nBVH import: kb.importBvh against three BVHLoader.parse, same text:');
  for (const [kind, make] of IMPORT_FILES) {
    const text = make();
    const clip = kb.importBvh(text);
    const name = `${kind}, ${clip.joints.length} joints, ${clip.frames} frames`;
    if (clip.method !== 'transfer')
      throw new Error(`${name}: the import ran '${clip.method}', not the transfer`);
    const limbs = loaderLimbAgreement(kb, text, clip, { samples: 24 });
    if (!(limbs.max < LIMB_BAR))
      throw new Error(
        `${name}: limbs ${limbs.max.toFixed(2)}° from BVHLoader's (bar ${LIMB_BAR}°)`,
      );
    const loader = new BVHLoader();
    const { stats, ratios } = statsAndRatiosInterleaved(
      [() => loader.parse(text), () => kb.importBvh(text)],
      IMPORT_TIMING,
    );
    const importMs = stats[1].median;
    const fps = (clip.frames / importMs) * 1000;
    const ratio = ratios[0];
    report(`${name}: kb.importBvh`, importMs, `${Math.round(fps)} frames/s`);
    report(
      `${name}: BVHLoader.parse`,
      stats[0].median,
      `import ÷ BVHLoader ${ratio.median.toFixed(2)}× [${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}], ` +
        `limbs within ${limbs.max.toFixed(4)}° (mean ${limbs.mean.toFixed(4)}°) on ${limbs.frames} frames`,
    );
    if (clip.frames >= 5000)
      console.log(
        `  frames/s ${Math.round(fps)} (bar ${FPS_BAR}): ${fps >= FPS_BAR ? 'pass' : 'FAIL'}`,
      );
  }
}

// Run alone: node tests/bench/import.js
if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadKBlend } = await import('../../web/lib/kblend.js');
  const kb = await loadKBlend();
  benchImport(kb, (name, ms, extra) => {
    console.log(`${name.padEnd(52)} ${ms.toFixed(4).padStart(12)} ms  ${extra}`);
  });
}
