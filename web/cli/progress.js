// What a run shows while it goes: on a terminal one bar redrawn in place
// (failures printed above it as they come), otherwise one plain line per
// file, so logs of batch jobs read well.
const WIDTH = 30;

function line(entry) {
  if (entry.ok) {
    const cut = entry.truncatedFrom ? `, cut from ${entry.truncatedFrom}` : '';
    return `ok      ${entry.input} → ${entry.output} (${entry.frames} frames${cut}, ${entry.seconds.toFixed(2)} s)`;
  }
  return `failed  ${entry.input}: ${entry.error}`;
}

// stream: where to write; tty: draw a bar (stream.isTTY as a rule).
export function createProgress({ total, stream, tty }) {
  let done = 0;
  let failed = 0;
  const started = performance.now();
  const bar = (last) => {
    const filled = total === 0 ? WIDTH : Math.round((WIDTH * done) / total);
    const rate = done / Math.max(1e-3, (performance.now() - started) / 1000);
    const text = `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total}`;
    const failures = failed ? `, ${failed} failed` : '';
    stream.write(`\r\x1b[K${text}${failures}, ${rate.toFixed(1)} files/s  ${last}`);
  };
  return {
    done(entry) {
      done++;
      if (!entry.ok) failed++;
      if (!tty) return stream.write(`[${done}/${total}] ${line(entry)}\n`);
      if (!entry.ok) stream.write(`\r\x1b[K${line(entry)}\n`);
      bar(entry.input);
    },
    finish() {
      if (tty && total > 0) stream.write('\n');
    },
  };
}
