// npm run bench: kblend against three.js on the same data, side by side in
// one run, with ratios (absolute times drift on a shared machine).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Quaternion } from 'three';
import { loadKBlend } from '../../web/lib/kblend.js';
import { benchConvert } from './convert.js';
import { benchFkBatch } from './fk-batch.js';
import { benchIk } from './ik.js';
import { benchImport } from './import.js';
import { benchImportWorker } from './import-worker.js';
import { benchKli } from './kli.js';
import { benchCrowdInstances } from './crowd-instances.js';
import { benchCrowd, benchPreviewFrame } from './motion.js';
import { benchSweepGrid } from './sweep-grid.js';
import { benchWholeFrame } from './whole-frame.js';
import { createThreePipeline } from './three-pipeline.js';
import { msPerCallInterleaved } from './timing.js';

// One pass of work per call, contenders interleaved round by round.
const sideBySide = (works) => msPerCallInterleaved(works, 1);

export function report(name, ms, extra = '') {
  console.log(`${name.padEnd(52)} ${ms.toFixed(4).padStart(12)} ms  ${extra}`);
}

function ratio(baseline, ours) {
  return `${(baseline / ours).toFixed(2)}× ${baseline >= ours ? 'faster' : 'slower'}`;
}

// A looping 4-key track driving all 22 joints (as a retargeted clip would).
function makeTrack(kb) {
  let seed = 99;
  const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
  const times = Float32Array.from([0, 0.2, 0.4, 0.6]);
  const rotations = new Float32Array(4 * 88);
  for (let k = 0; k < 4; k++) {
    rotations.set(kb.idlePose(), 88 * k);
    for (let j = 12; j < 22; j++)
      rotations.set(kb.quatFromEuler([0.3 * rand(), 0.8 * rand(), 0.8 * rand()]), 88 * k + 4 * j);
  }
  return { times, rotations, loop: true, period: 0.8 };
}

function benchPipeline(kb) {
  const track = makeTrack(kb);
  const options = { duration: 10, fps: 30 };
  const preview = kb.createPreview({ track, ...options });
  const d = kb.defaults;
  const three = createThreePipeline({
    ...track,
    idle: kb.idlePose(),
    ...options,
    attack: d.attack,
    release: d.release,
    epsilon: d.epsilon,
    lambda: d.lambda,
    dtMax: d.dtMax,
  });
  const out = new Float32Array(88);
  const frames = 30000;
  const n = preview.frameCount;
  const [kbMs, threeMs] = sideBySide([
    () => {
      for (let i = 0; i < frames; i++) preview.evaluateInto((i % n) / 30, out);
    },
    () => {
      for (let i = 0; i < frames; i++) three(i % n, out);
    },
  ]);
  console.log(
    '\nWhole 22-joint pipeline frame (track, deadband filter, envelope blend), per frame:',
  );
  report('kblend (JS → WASM, one call per frame)', kbMs / frames);
  report('three.js Quaternion.slerpFlat pipeline (JS)', threeMs / frames, ratio(threeMs, kbMs));
  return kbMs / frames;
}

// The largest batch the library takes (createBatch's documented maximum).
const BATCH_PAIRS = 500_000;

function benchBatch(kb) {
  const n = BATCH_PAIRS;
  const batch = kb.createBatch(n);
  let seed = 7;
  const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
  for (let i = 0; i < n; i++) {
    for (const arr of [batch.a, batch.b]) {
      const q = [rand(), rand(), rand(), rand()];
      const len = Math.hypot(...q);
      arr.set(
        q.map((v) => v / len),
        4 * i,
      );
    }
    batch.u[i] = (rand() + 1) / 2;
  }
  const a = batch.a.slice();
  const b = batch.b.slice();
  const u = batch.u.slice();
  const out = new Float32Array(4 * n);
  const [plainMs, fastMs, threeMs] = sideBySide([
    () => batch.slerp(),
    () => batch.slerpFast(),
    () => {
      for (let i = 0; i < n; i++) Quaternion.slerpFlat(out, 4 * i, a, 4 * i, b, 4 * i, u[i]);
    },
  ]);
  console.log(`\nBatch SLERP, ${n.toLocaleString('en')} pairs:`);
  report(
    'kblend kb_slerp_batch (WASM, plain kernel)',
    plainMs,
    ratio(threeMs, plainMs) + ' than three.js',
  );
  report(
    'kblend kb_slerp_batch_fast (WASM, polynomial SIMD)',
    fastMs,
    ratio(threeMs, fastMs) + ' than three.js',
  );
  report('three.js Quaternion.slerpFlat loop (JS)', threeMs);
  batch.dispose();
  // ns a pair, as the native bench reports them
  return { plainNs: (plainMs * 1e6) / n, fastNs: (fastMs * 1e6) / n };
}

// The native bench as build.sh builds it, and the same source built with
// -fno-math-errno, where the compiler may vectorize a plain loop's sqrtf
// (so the library's kernel meets the plain loop at its best).
function nativeRuns() {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const binary = `${root}build/native/bench`;
  if (!existsSync(binary)) return null;
  const runs = { built: JSON.parse(execFileSync(binary, { encoding: 'utf8' })) };
  try {
    const sources = readdirSync(`${root}c_src`)
      .filter((f) => f.endsWith('.c'))
      .map((f) => `${root}c_src/${f}`);
    const noErrno = `${root}build/native/bench-no-math-errno`;
    execFileSync('gcc', [
      '-std=c11',
      '-O3',
      '-fno-math-errno',
      `-I${root}c_src`,
      ...sources,
      `${root}tests/bench/native_bench.c`,
      '-lm',
      '-o',
      noErrno,
    ]);
    runs.noErrno = JSON.parse(execFileSync(noErrno, { encoding: 'utf8' }));
  } catch {
    runs.noErrno = null;
  }
  return runs;
}

const nsLine = (name, s, extra = '') =>
  console.log(
    `${name.padEnd(52)} ${s.median.toFixed(1).padStart(9)} ns  [${s.min.toFixed(1)}–${s.max.toFixed(1)}] ${extra}`,
  );
const x = (a, b) => `${(a.median / b.median).toFixed(2)}×`;

function benchNative(wasmFrameMs, wasmBatch) {
  const runs = nativeRuns();
  if (!runs) {
    console.log('\n(native bench binary missing: run ./build.sh bench)');
    return;
  }
  const native = runs.built;
  console.log('\nNative C (gcc -O3) against WASM, same work:');
  report(
    'pipeline frame, native',
    native.frameNs / 1e6,
    `WASM/native = ${(wasmFrameMs / (native.frameNs / 1e6)).toFixed(2)}`,
  );
  // per pair: both run BATCH_PAIRS (KB_MAX_BATCH_PAIRS) pairs
  report(
    'batch SLERP, native plain, ms per 1M pairs',
    native.slerpNs,
    `WASM/native = ${(wasmBatch.plainNs / native.slerpNs).toFixed(2)}`,
  );
  report(
    'batch SLERP, native polynomial, ms per 1M pairs',
    native.slerpFastNs,
    `WASM/native = ${(wasmBatch.fastNs / native.slerpFastNs).toFixed(2)}`,
  );
  console.log('\nNative preview frame, skipping vs the reference full path (median [range]):');
  for (const [name, skip, full] of [
    ['arm-only track', native.frameArmSkip, native.frameArmFull],
    ['arm-only track, jitter 3e-4', native.frameArmJitterSkip, native.frameArmJitterFull],
    ['every joint driven', native.frameAllSkip, native.frameAllFull],
  ]) {
    nsLine(`${name}: skipping`, skip, `${x(full, skip)} faster`);
    nsLine(`${name}: reference full path`, full);
  }
  console.log('\nNative SLERP kernel vs the same polynomial as a plain loop, ns per pair:');
  for (const [label, run] of [
    ['as built', native],
    ['-fno-math-errno', runs.noErrno],
  ]) {
    if (!run) continue;
    for (const n of [22, 1024]) {
      const kernel = run[`kernel${n}`];
      const plain = run[`plain${n}`];
      nsLine(
        `${n} pairs, ${label}: kb_slerp_batch_fast`,
        kernel,
        `plain/kernel = ${x(plain, kernel)}`,
      );
      nsLine(`${n} pairs, ${label}: plain loop`, plain);
    }
  }
}

const kb = await loadKBlend();
console.log(`kblend benchmark — Node ${process.versions.node}, best of 7 rounds`);
const frameMs = benchPipeline(kb);
const batch = benchBatch(kb);
benchNative(frameMs, batch);
benchPreviewFrame(kb);
benchCrowd(kb);
benchWholeFrame(kb);
benchCrowdInstances(kb);
benchFkBatch(kb, report);
benchSweepGrid(kb);
await benchIk(kb, report);
benchImport(kb, report);
await benchImportWorker(report);
await benchKli(kb, report);
benchConvert(report);
