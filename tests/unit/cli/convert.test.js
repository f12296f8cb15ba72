// `kblend convert` on a folder with nested folders and two broken files:
// outputs for the rest at their relative paths, both broken files named
// with their reasons, exit 1; a second run skips what exists, --force
// converts again; shards 1/2 and 2/2 cover every file exactly once.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from 'kblend';
import { convert, makeDataset, readJson, tempFolder, removeTempFolders } from './cli-support.js';

afterAll(removeTempFolders);

let root;
let data;
let out;
let first;
let dataset;

const npzOf = (path) => path.replace(/\.bvh$/i, '.npz');
const allFiles = (folder) =>
  readdirSync(folder, { recursive: true }).filter((f) => statSync(join(folder, f)).isFile());

beforeAll(async () => {
  const kb = await loadKBlend();
  root = tempFolder();
  data = join(root, 'data');
  out = join(root, 'out');
  dataset = makeDataset(kb, data);
  first = convert([data, '--out', out, '--jobs', '2']);
});

describe('kblend convert on a folder', () => {
  it('converts the good files to their relative paths and exits 1 for the broken ones', () => {
    expect(first.status, first.stderr).toBe(1);
    for (const path of dataset.good) expect(existsSync(join(out, npzOf(path)))).toBe(true);
    for (const path of dataset.broken) expect(existsSync(join(out, npzOf(path)))).toBe(false);
    // nothing else: no half-written temporary file, no output for the .txt
    const expected = [...dataset.good.map(npzOf), 'kblend-convert.json'].sort();
    expect(allFiles(out).sort()).toEqual(expected);
  });

  it('names both broken files with their reasons, in the summary and at the end', () => {
    const summary = readJson(join(out, 'kblend-convert.json'));
    expect(summary.totals).toMatchObject({ files: 6, converted: 4, skipped: 0, failed: 2 });
    const byInput = Object.fromEntries(summary.files.map((e) => [e.input, e]));
    const truncated = byInput[join(data, 'broken/truncated.bvh')];
    const binary = byInput[join(data, 'broken/binary.bvh')];
    expect(truncated).toMatchObject({ status: 'failed', ok: false });
    expect(truncated.error).toMatch(/Frames: 40 is declared but only \d+ frame lines follow/);
    expect(binary).toMatchObject({ status: 'failed', ok: false });
    expect(binary.error).toMatch(/not a BVH file/);
    const take = byInput[join(data, 'cmu/take_01.bvh')];
    expect(take).toMatchObject({ status: 'converted', ok: true, frames: 40 });
    expect(take.seconds).toBeGreaterThan(0);
    expect(take.output).toBe(join(out, 'cmu/take_01.npz'));
    const tail = first.stdout.slice(first.stdout.lastIndexOf('Failed:'));
    expect(tail).toContain('broken/truncated.bvh');
    expect(tail).toContain('broken/binary.bvh');
    expect(first.stdout).toMatch(/converted\s+4/);
  });

  it('lists the files in sorted order, plain lines when not on a terminal', () => {
    const summary = readJson(join(out, 'kblend-convert.json'));
    const inputs = summary.files.map((e) => e.input);
    expect(inputs).toEqual([...inputs].sort());
    expect(first.stdout).not.toContain('\r');
    expect(first.stdout.match(/^\[\d+\/6\] (ok|failed) /gm)).toHaveLength(6);
  });

  it('skips outputs that exist on a second run, and converts them again with --force', () => {
    const output = join(out, 'cmu/take_01.npz');
    const before = statSync(output).mtimeMs;
    const second = convert([data, '--out', out, '--jobs', '1']);
    expect(second.status).toBe(1);
    expect(second.stdout).toContain('skipping 4 of 6 files whose output exists');
    expect(readJson(join(out, 'kblend-convert.json')).totals).toMatchObject({
      converted: 0,
      skipped: 4,
      failed: 2,
    });
    expect(statSync(output).mtimeMs).toBe(before);
    const forced = convert([
      join(data, 'cmu'),
      '--out',
      join(out, 'cmu'),
      '--jobs',
      '1',
      '--force',
    ]);
    expect(forced.status, forced.stderr).toBe(0);
    expect(readJson(join(out, 'cmu/kblend-convert.json')).totals).toMatchObject({
      converted: 2,
      skipped: 0,
      failed: 0,
    });
    expect(statSync(output).mtimeMs).toBeGreaterThan(before);
  });
});

describe('kblend convert --shard', () => {
  it('splits the sorted list round robin: 1/2 and 2/2 cover every file exactly once', () => {
    const parts = [1, 2].map((i) => {
      const shardOut = join(root, `shard${i}`);
      const run = convert([data, '--out', shardOut, '--jobs', '1', '--shard', `${i}/2`]);
      expect(run.status).toBe(1); // one broken file falls in each part
      return readJson(join(shardOut, `kblend-convert.${i}-of-2.json`)).files.map((e) => e.input);
    });
    const all = readJson(join(out, 'kblend-convert.json')).files.map((e) => e.input);
    expect([...parts[0], ...parts[1]].sort()).toEqual(all);
    expect(parts[0].filter((f) => parts[1].includes(f))).toEqual([]);
    expect(parts[0]).toEqual(all.filter((_, k) => k % 2 === 0));
  });
});
