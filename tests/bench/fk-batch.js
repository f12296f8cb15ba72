// Forward kinematics of many poses in one call (kb.forwardKinematicsBatch)
// for 1000 poses with roots: fresh result arrays, caller buffers (`out`),
// against one kb.forwardKinematics call per pose.
import { statsInterleaved } from './timing.js';

const POSES = 1000;

// 1000 distinct unit poses (idle at varying A-pose angles) and roots.
function poses(kb) {
  const local = new Float32Array(88 * POSES);
  const roots = new Float32Array(3 * POSES);
  for (let k = 0; k < POSES; k++) {
    local.set(kb.idlePose((1.5 * k) / POSES), 88 * k);
    roots.set([k * 0.01, 0, -k * 0.02], 3 * k);
  }
  return { local, roots };
}

export function benchFkBatch(kb, report) {
  const { local, roots } = poses(kb);
  const out = { positions: new Float32Array(66 * POSES), rotations: new Float32Array(88 * POSES) };
  const one = () => {
    for (let k = 0; k < POSES; k++) {
      kb.forwardKinematics(local.subarray(88 * k, 88 * k + 88), roots.subarray(3 * k, 3 * k + 3));
    }
  };
  const [fresh, into, each] = statsInterleaved([
    () => kb.forwardKinematicsBatch(local, roots),
    () => kb.forwardKinematicsBatch(local, roots, { out }),
    one,
  ]);
  const range = (s) => `median, range ${s.min.toFixed(4)}–${s.max.toFixed(4)} ms`;
  report(`FK batch, ${POSES} poses (new arrays)`, fresh.median, range(fresh));
  report(`FK batch, ${POSES} poses (into out buffers)`, into.median, range(into));
  report(`FK, ${POSES} single calls`, each.median, range(each));
}

// Run alone: node tests/bench/fk-batch.js
if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadKBlend } = await import('../../web/lib/kblend.js');
  const kb = await loadKBlend();
  benchFkBatch(kb, (name, ms, extra) => {
    console.log(`${name.padEnd(52)} ${ms.toFixed(4).padStart(12)} ms  ${extra}`);
  });
}
