// The record of a run: DIR/kblend-convert.json (per file: input, output,
// status converted / skipped / failed / interrupted, the error, frames, seconds; the
// totals), and the table printed at the end. A shard writes its own
// kblend-convert.<i>-of-<n>.json, so shards sharing DIR do not overwrite
// each other's record.
import { join } from 'node:path';
import { writeAtomically } from './write-atomic.js';

export function summaryPath(out, shard) {
  const part = shard ? `.${shard.index}-of-${shard.count}` : '';
  return join(out, `kblend-convert${part}.json`);
}

// seconds: the run's wall time; cpuSeconds: its processor time, all
// threads together (what a cluster bills).
export function totalsOf(entries, { seconds, cpuSeconds }) {
  const count = (status) => entries.filter((e) => e.status === status).length;
  const converted = count('converted');
  return {
    files: entries.length,
    converted,
    skipped: count('skipped'),
    failed: count('failed'),
    interrupted: count('interrupted'),
    frames: entries.reduce((sum, e) => sum + (e.status === 'converted' ? e.frames : 0), 0),
    seconds,
    cpuSeconds,
    filesPerSecond: seconds > 0 ? converted / seconds : 0,
  };
}

// settings: the run's options worth keeping (format, fps, …).
export function writeSummary(path, { settings, entries, times }) {
  const summary = { settings, totals: totalsOf(entries, times), files: entries };
  writeAtomically(path, JSON.stringify(summary, null, 2) + '\n');
  return summary;
}

const row = (cells, widths) =>
  cells
    .map((c, i) => String(c).padEnd(widths[i]))
    .join('  ')
    .trimEnd();

// The totals as a table, then every failed file with its reason.
export function summaryTable({ totals, files }, path) {
  const rows = [
    ['', 'files', 'frames', 'seconds'],
    ['converted', totals.converted, totals.frames, totals.seconds.toFixed(2)],
    ['skipped', totals.skipped, '', ''],
    ['failed', totals.failed, '', ''],
    ...(totals.interrupted > 0 ? [['interrupted', totals.interrupted, '', '']] : []),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const lines = rows.map((r) => row(r, widths));
  const failed = files.filter((e) => e.status === 'failed');
  if (failed.length > 0) {
    const width = Math.max(...failed.map((e) => e.input.length));
    lines.push('', 'Failed:', ...failed.map((e) => `  ${e.input.padEnd(width)}  ${e.error}`));
  }
  lines.push('', `${totals.filesPerSecond.toFixed(1)} files/s; summary: ${path}`);
  return lines.join('\n') + '\n';
}
