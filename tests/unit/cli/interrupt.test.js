// A run stopped by SIGTERM: the files finished are whole outputs, the one
// in flight leaves no file (nor a temporary one), the summary names the
// files not converted, the exit status is 128 + 15; run again, it skips
// what was done and converts the rest.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { longCapture } from '../../fixtures/bvh/long-capture.js';
import { convert, readJson, tempFolder, removeTempFolders } from './cli-support.js';

afterAll(removeTempFolders);

const BIN = fileURLToPath(new URL('../../../web/cli/kblend.js', import.meta.url));
const FILES = 6;

// Spawns the run and sends SIGTERM once the first file is reported.
function runAndStop(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'convert', ...args]);
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (/^\[1\/\d+\] ok/m.test(stdout) && !child.killed) child.kill('SIGTERM');
    });
    child.on('exit', (status) => resolve({ status, stdout }));
  });
}

describe('kblend convert stopped by a signal', () => {
  it('keeps whole outputs only, records the rest as interrupted, and resumes', async () => {
    const folder = tempFolder();
    const out = join(folder, 'out');
    const texts = Array.from({ length: FILES }, (_, i) => longCapture(240 + i));
    for (const [i, text] of texts.entries()) {
      writeFileSync(join(folder, `take_${i}.bvh`), text);
    }
    const inputs = texts.map((_, i) => join(folder, `take_${i}.bvh`));
    const stopped = await runAndStop([...inputs, '--out', out, '--jobs', '1']);
    expect(stopped.status, stopped.stdout).toBe(128 + 15);
    const summary = readJson(join(out, 'kblend-convert.json'));
    const { converted, interrupted } = summary.totals;
    expect(converted).toBeGreaterThanOrEqual(1);
    expect(interrupted).toBeGreaterThanOrEqual(1);
    expect(converted + interrupted).toBe(FILES);
    const left = summary.files.filter((e) => e.status === 'interrupted');
    expect(left[0].error).toBe('not converted: the run was stopped (SIGTERM)');
    const names = readdirSync(out).filter((n) => n !== 'kblend-convert.json');
    expect(names).toHaveLength(converted);
    for (const name of names) {
      expect(name).toMatch(/^take_\d\.npz$/);
      expect(Object.keys(unzipSync(readFileSync(join(out, name))))).toHaveLength(4);
    }
    const resumed = convert([...inputs, '--out', out, '--jobs', '1']);
    expect(resumed.status, resumed.stdout).toBe(0);
    expect(readJson(join(out, 'kblend-convert.json')).totals).toMatchObject({
      converted: interrupted,
      skipped: converted,
      failed: 0,
    });
  });
});
