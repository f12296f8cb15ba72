// `kblend convert`: the files of the inputs (walked, sorted, sharded), the
// outputs planned (existing ones skipped unless --force), converted on a
// pool of worker threads, then the summary written and its table printed.
// Returns the exit status: 0 all converted, 1 some failed, 2 usage error.
import { mkdirSync, realpathSync } from 'node:fs';
import { parseConvertArgs, UsageError, USAGE } from './args.js';
import { readMapFile } from './map-file.js';
import { planOutputs } from './plan.js';
import { runPool } from './pool.js';
import { createProgress } from './progress.js';
import { takeShard } from './shard.js';
import { summaryPath, summaryTable, writeSummary } from './summary.js';
import { collectFiles } from './walk.js';

// The checked options and the planned files, or a UsageError.
function prepare(argv) {
  const options = parseConvertArgs(argv);
  if (options.help) return { options };
  const map = options.map === null ? null : readMapFile(options.map);
  mkdirSync(options.out, { recursive: true });
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

async function convertPlanned(planned, options, io) {
  const entries = new Map();
  const skipped = planned.filter((f) => f.skip);
  for (const file of skipped) entries.set(file, entryOf(file, 'skipped', { ok: true }));
  if (skipped.length > 0) {
    io.stdout.write(
      `skipping ${skipped.length} of ${planned.length} files whose output exists (--force converts them again)\n`,
    );
  }
  const todo = planned.filter((f) => !f.skip);
  const progress = createProgress({
    total: todo.length,
    stream: io.stdout,
    tty: io.stdout.isTTY === true,
  });
  const workerOptions = {
    format: options.format,
    fps: options.fps,
    epsilon: options.epsilon,
    inPlace: options.inPlace,
    map: options.map,
  };
  await runPool(todo, {
    jobs: options.jobs,
    options: workerOptions,
    onDone(file, answer) {
      const entry = answer.ok
        ? entryOf(file, 'converted', { ok: true, ...answer.result, seconds: answer.seconds })
        : entryOf(file, 'failed', { ok: false, error: answer.error, seconds: answer.seconds });
      entries.set(file, entry);
      progress.done(entry);
    },
  });
  progress.finish();
  return planned.map((file) => entries.get(file));
}

// Processor seconds of the whole process (every worker thread) since start.
function cpuSecondsSince(start) {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
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
  const { options, planned } = prepared;
  if (options.help) {
    io.stdout.write(USAGE + '\n');
    return 0;
  }
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const entries = await convertPlanned(planned, options, io);
  const { format, fps, epsilon, inPlace, shard, jobs } = options;
  const settings = { format, fps, epsilon, inPlace, map: options.map, shard, jobs };
  const path = summaryPath(options.out, shard);
  const summary = writeSummary(path, {
    settings,
    entries,
    times: { seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSecondsSince(cpuStart) },
  });
  io.stdout.write('\n' + summaryTable(summary, path));
  return summary.totals.failed > 0 ? 1 : 0;
}
