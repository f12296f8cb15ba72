// Benchmarks of the motion core where motion is: the preview frame against
// the WASM floor (one 22-pair SLERP call), the skipping core against its
// reference full path, and crowds of N against N single previews. Medians
// and ranges over interleaved rounds, in ns, with ratios.
import { player, statsInterleaved } from './timing.js';

const NS = 1e6;

function line(name, stat, extra = '') {
  const median = (stat.median * NS).toFixed(0).padStart(9);
  const range = `${(stat.min * NS).toFixed(0)}–${(stat.max * NS).toFixed(0)}`;
  console.log(`${name.padEnd(50)} ${median} ns  [${range.padEnd(15)}] ${extra}`);
}

const times = (a, b) => `${(a.median / b.median).toFixed(2)}×`;

function floorBatch(kb) {
  const batch = kb.createBatch(22);
  const idle = kb.idlePose();
  const target = kb.createPreview({ gesture: 'wave' }).evaluate(1.5);
  batch.a.set(idle);
  batch.b.set(target);
  batch.u.fill(0.5);
  return batch;
}

export function benchPreviewFrame(kb) {
  const batch = floorBatch(kb);
  console.log('\nPreview frame (one call per frame, playing the whole clip) vs the WASM floor:');
  for (const [gesture, jitter] of [
    ['wave', 0],
    ['wave', 3e-4],
    ['clap', 0],
    ['clap', 3e-4],
  ]) {
    const preview = kb.createPreview({ gesture, jitter });
    const reference = kb.createCrowd({ members: [{ gesture, jitter }], referencePath: true });
    const full = reference.members[0];
    const out = new Float32Array(88);
    const [floor, skip, ref] = statsInterleaved([
      () => batch.slerpFast(),
      player((t) => preview.evaluateInto(t, out), preview.duration),
      player((t) => full.evaluateInto(t, out), full.duration),
    ]);
    const name = `${gesture}, jitter ${jitter}`;
    line(`${name}: floor, createBatch(22).slerpFast()`, floor);
    line(`${name}: preview frame (skipping)`, skip, `${times(skip, floor)} the floor`);
    line(
      `${name}: preview frame (reference full path)`,
      ref,
      `skipping is ${times(ref, skip)} faster`,
    );
    preview.dispose();
    reference.dispose();
  }
  batch.dispose();
}

export function benchCrowd(kb) {
  console.log('\nCrowd of N (one call) vs N single previews (N calls), per frame:');
  for (const n of [1, 10, 100, 1000]) {
    const members = Array.from({ length: n }, (_, i) => ({
      gesture: i % 2 ? 'clap' : 'wave',
      jitter: i % 3 ? 3e-4 : 0,
      seed: 1 + i,
    }));
    const crowd = kb.createCrowd({ members });
    const withMatrices = kb.createCrowd({ members, matrices: true });
    const singles = members.map((o) => kb.createPreview(o));
    const out = new Float32Array(88);
    const duration = Math.max(...singles.map((p) => p.duration));
    const rounds = n >= 1000 ? 11 : 21;
    const [one, many, mats] = statsInterleaved(
      [
        player((t) => crowd.evaluate(t), duration),
        player((t) => {
          for (const p of singles) p.evaluateInto(t, out);
        }, duration),
        player((t) => withMatrices.evaluate(t), duration),
      ],
      { rounds, roundMs: n >= 1000 ? 30 : 15 },
    );
    line(`N = ${n}: crowd.evaluate`, one, `${times(many, one)} faster than N previews`);
    line(`N = ${n}: N × preview.evaluateInto`, many);
    line(`N = ${n}: crowd.evaluate with world matrices`, mats, `${times(mats, one)} the poses`);
    crowd.dispose();
    withMatrices.dispose();
    for (const p of singles) p.dispose();
  }
}
