// `kblend convert` files/s with --jobs 1 against --jobs 2 on 60 generated
// captures (CMU-style, retargeted), the real command spawned each time,
// rounds interleaved with the order alternating, and the ratio printed
// round by round; the run fails when --jobs 2, given the cores, is slower
// (JOBS_BAR). In the smoke mode: 4 short files, one round, nothing judged.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { longCapture } from '../fixtures/bvh/long-capture.js';
import { SMOKE } from './timing.js';

const BIN = fileURLToPath(new URL('../../web/cli/kblend.js', import.meta.url));
const FILES = SMOKE ? 4 : 60;
const FRAMES = SMOKE ? 12 : 1200; // 10 s at 120 fps: a short take, enough work that a worker's start (loading the core) is a small part of it
const ROUNDS = SMOKE ? 1 : 5;
// The bar: --jobs 2 not slower than --jobs 1 (the ratio of files/s at
// least 1). It is judged only when the two-thread runs were given at least
// 1.5 cores: with less, the scheduler's share (below) and not the pool
// sets the figure, and a pool that works may miss the bar as well.
const JOBS_BAR = 1;
const CORES_TO_JUDGE = 1.5;

function dataset() {
  const root = mkdtempSync(join(tmpdir(), 'kblend-convert-bench-'));
  for (let i = 0; i < FILES; i++) {
    const folder = join(root, 'data', `subject_${i % 4}`);
    mkdirSync(folder, { recursive: true });
    // lengths vary a little, as takes do
    writeFileSync(join(folder, `take_${i}.bvh`), longCapture(FRAMES + 7 * (i % 5)));
  }
  return root;
}

// One whole run (process start to exit): its wall seconds and the
// processor seconds of all its threads (from its summary). It must
// convert every file.
function run(root, jobs) {
  const out = join(root, `out${jobs}`);
  const args = ['convert', join(root, 'data'), '--out', out];
  const start = performance.now();
  const child = spawnSync(process.execPath, [BIN, ...args, '--jobs', String(jobs), '--force'], {
    encoding: 'utf8',
  });
  const seconds = (performance.now() - start) / 1000;
  if (child.status !== 0 || !child.stdout.includes(`converted  ${FILES}`)) {
    throw new Error(
      `kblend convert --jobs ${jobs} did not convert all ${FILES} files:\n${child.stdout}${child.stderr}`,
    );
  }
  const { cpuSeconds } = JSON.parse(readFileSync(join(out, 'kblend-convert.json'), 'utf8')).totals;
  return { seconds, cpuSeconds };
}

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

// Prints the verdict on the bar and throws when it is missed with the
// cores to meet it.
function judge(ratio, cores) {
  if (cores < CORES_TO_JUDGE) {
    console.log(
      `  --jobs 2 not judged: its runs were given ${cores.toFixed(2)} cores (judged from ${CORES_TO_JUDGE})`,
    );
    return;
  }
  const pass = ratio >= JOBS_BAR;
  console.log(
    `  --jobs 2 not slower than --jobs 1 (bar ${JOBS_BAR.toFixed(2)}×, ${cores.toFixed(2)} cores): ${pass ? 'pass' : 'FAIL'}`,
  );
  if (!pass)
    throw new Error(
      `kblend convert --jobs 2 converted ${ratio.toFixed(2)}× the files/s of --jobs 1 with ${cores.toFixed(2)} cores (bar ${JOBS_BAR}×)`,
    );
}

// The machine's share matters here: Linux's autogroup scheduler shares the
// processors equally among groups of processes, so on a busy machine a process
// gets about the same processor time with 1 or 2 threads. The cores a run
// used (processor seconds ÷ wall seconds) are printed to tell that case
// from a slow pool.
export function benchConvert(report) {
  const root = dataset();
  try {
    const runs = { 1: [], 2: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [1, 2] : [2, 1];
      for (const jobs of order) runs[jobs].push(run(root, jobs));
    }
    const ratios = runs[1].map((one, r) => one.seconds / runs[2][r].seconds);
    console.log(
      `\nkblend convert, ${FILES} CMU-style files of ${FRAMES}+ frames, whole runs (median of ${ROUNDS}):`,
    );
    for (const jobs of [1, 2]) {
      const s = median(runs[jobs].map((r) => r.seconds));
      const cpu = median(runs[jobs].map((r) => r.cpuSeconds));
      const cores = median(runs[jobs].map((r) => r.cpuSeconds / r.seconds));
      const extra = `${(FILES / s).toFixed(2)} files/s, ${((1000 * cpu) / FILES).toFixed(0)} ms CPU a file, ${cores.toFixed(2)} cores used`;
      report(`kblend convert --jobs ${jobs}`, s * 1000, extra);
    }
    const r = median(ratios);
    console.log(
      `--jobs 2 vs --jobs 1: ${r.toFixed(2)}× the files/s (rounds ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
    );
    if (!SMOKE) judge(r, median(runs[2].map((run) => run.cpuSeconds / run.seconds)));
    return r;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// Run alone: node tests/bench/convert.js
if (import.meta.url === `file://${process.argv[1]}`) {
  benchConvert((name, ms, extra) =>
    console.log(`${name.padEnd(52)} ${ms.toFixed(0).padStart(8)} ms  ${extra}`),
  );
}
