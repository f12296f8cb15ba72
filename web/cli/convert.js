// `kblend convert`: the files of the inputs (walked, sorted, sharded), the
// outputs planned (existing ones skipped unless --force), converted on a
// pool of worker threads, then the summary written and its table printed.
// Returns the exit status: 0 all converted, 1 some failed, 2 usage error,
// 128 + the signal's number when SIGINT or SIGTERM stopped the run (the
// summary is written then too, and a run again resumes).
import { mkdirSync, realpathSync } from 'node:fs';
import { constants } from 'node:os';
import { parseConvertArgs, UsageError, USAGE } from './args.js';
import { readMapFile } from './map-file.js';
import { planOutputs } from './plan.js';
import { runPool } from './pool.js';
import { createProgress } from './progress.js';
import { takeShard } from './shard.js';
import { summaryPath, summaryTable, writeSummary } from './summary.js';
import { collectFiles } from './walk.js';
import { removePartials } from './write-atomic.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'];

function makeOutputFolder(out) {
  try {
    mkdirSync(out, { recursive: true });
  } catch (error) {
    throw new UsageError(`--out ${out}: cannot make the folder (${error.code ?? error.message})`);
  }
}

// The checked options and the planned files, or a UsageError.
function prepare(argv) {
  const options = parseConvertArgs(argv);
  if (options.help) return { options };
  const map = options.map === null ? null : readMapFile(options.map);
  makeOutputFolder(options.out);
  const files = takeShard(collectFiles(options.inputs, [realpathSync(options.out)]), options.shard);
  const reserved = [summaryPath(options.out, options.shard)];
  return { options: { ...options, map }, planned: planOutputs(files, options, reserved) };
}

const entryOf = (file, status, extra) => ({
  input: file.input,
  output: file.output,
  status,
  ...extra,
});

const answerEntry = (file, answer) =>
  answer.ok
    ? entryOf(file, 'converted', { ok: true, ...answer.result, seconds: answer.seconds })
    : entryOf(file, 'failed', { ok: false, error: answer.error, seconds: answer.seconds });

// The files to convert through the pool, stopped early by the signal;
// every pending file gets an entry (interrupted: those not answered).
async function convertPending(pending, options, io, stop) {
  const entries = new Map();
  const progress = createProgress({
    total: pending.length,
    stream: io.stdout,
    tty: io.stdout.isTTY === true,
  });
  const { format, fps, epsilon, inPlace, map } = options;
  await runPool(pending, {
    jobs: options.jobs,
    options: { format, fps, epsilon, inPlace, map },
    signal: stop.signal,
    onDone(file, answer) {
      entries.set(file, answerEntry(file, answer));
      progress.done(entries.get(file));
    },
  });
  progress.finish();
  for (const file of pending.filter((f) => !entries.has(f))) {
    removePartials(file.output);
    const error = `not converted: the run was stopped (${stop.signal.reason})`;
    entries.set(file, entryOf(file, 'interrupted', { ok: false, error }));
  }
  return entries;
}

async function convertPlanned(planned, options, io, stop) {
  const skipped = planned.filter((f) => f.skip);
  if (skipped.length > 0) {
    io.stdout.write(
      `skipping ${skipped.length} of ${planned.length} files whose output exists (--force converts them again)\n`,
    );
  }
  const pending = planned.filter((f) => !f.skip);
  const entries = await convertPending(pending, options, io, stop);
  for (const file of skipped) entries.set(file, entryOf(file, 'skipped', { ok: true }));
  return planned.map((file) => entries.get(file));
}

// Processor seconds of the whole process (every worker thread) since start.
function cpuSecondsSince(start) {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}

// SIGINT and SIGTERM abort the run (once) instead of killing the process.
function stopOnSignals() {
  const stop = new AbortController();
  const handler = (signal) => stop.abort(signal);
  for (const signal of STOP_SIGNALS) process.once(signal, handler);
  stop.release = () => STOP_SIGNALS.forEach((s) => process.off(s, handler));
  return stop;
}

async function run(options, planned, io) {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const stop = stopOnSignals();
  try {
    const entries = await convertPlanned(planned, options, io, stop);
    const { format, fps, epsilon, inPlace, shard, jobs } = options;
    const settings = { format, fps, epsilon, inPlace, map: options.map, shard, jobs };
    const path = summaryPath(options.out, shard);
    const seconds = (performance.now() - started) / 1000;
    const times = { seconds, cpuSeconds: cpuSecondsSince(cpuStart) };
    const summary = writeSummary(path, { settings, entries, times });
    io.stdout.write('\n' + summaryTable(summary, path));
    if (stop.signal.aborted) return 128 + constants.signals[stop.signal.reason];
    return summary.totals.failed > 0 ? 1 : 0;
  } finally {
    stop.release();
  }
}

export async function runConvert(argv, io = { stdout: process.stdout, stderr: process.stderr }) {
  let prepared;
  try {
    prepared = prepare(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`kblend convert: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (prepared.options.help) {
    io.stdout.write(USAGE + '\n');
    return 0;
  }
  return run(prepared.options, prepared.planned, io);
}
