// Support for the tests of `kblend convert`: the real command spawned with
// node, a small dataset of generated captures (nested folders, two broken
// files) in a temporary folder, and an .npz reader that parses each .npy
// header itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { longCapture } from '../../fixtures/bvh/long-capture.js';
import { travellingWalk } from '../../fixtures/bvh/travelling-walk.js';

const BIN = fileURLToPath(new URL('../../../web/cli/kblend.js', import.meta.url));

// `kblend convert …args` → { status, stdout, stderr }.
export function convert(args, options = {}) {
  const run = spawnSync(process.execPath, [BIN, 'convert', ...args], {
    encoding: 'utf8',
    timeout: 120000,
    ...options,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const made = [];

// A new temporary folder, removed by removeTempFolders (each test file's afterAll).
export function tempFolder() {
  made.push(mkdtempSync(join(tmpdir(), 'kblend-convert-')));
  return made[made.length - 1];
}

export function removeTempFolders() {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
}

function write(path, data) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

// A truncated copy: cut in the middle of the motion block, as an
// interrupted copy leaves it.
const truncated = (text) => text.slice(0, Math.floor(text.length * 0.8));

// Bytes that are no text at all (with NULs), from a fixed seed.
function binaryBytes(length) {
  let seed = 12345;
  return Uint8Array.from({ length }, () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24);
}

// The dataset: relative path → BVH text, plus the broken files and a
// file that is not a .bvh (which the walk must leave alone).
export function makeDataset(kb, root) {
  const good = {
    'walk.bvh': travellingWalk(kb, { seconds: 1, fps: 30 }).text,
    'cmu/take_01.bvh': longCapture(40),
    'cmu/deep/take_02.BVH': longCapture(24),
    'kblend/deep/er/walk_fast.bvh': travellingWalk(kb, { seconds: 0.5, fps: 30, speed: 2 }).text,
  };
  for (const [path, text] of Object.entries(good)) write(join(root, path), text);
  write(join(root, 'broken/truncated.bvh'), truncated(longCapture(40)));
  write(join(root, 'broken/binary.bvh'), binaryBytes(4096));
  write(join(root, 'cmu/readme.txt'), 'not a capture\n');
  return { good: Object.keys(good), broken: ['broken/truncated.bvh', 'broken/binary.bvh'] };
}

export const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

// One .npy file parsed by hand: magic, version 1.0, the header dict's
// descr, fortran_order and shape, and the float32 data after it.
export function parseNpy(bytes) {
  const magic = String.fromCharCode(...bytes.subarray(1, 6));
  if (bytes[0] !== 0x93 || magic !== 'NUMPY') throw new Error('not an .npy file');
  const version = [bytes[6], bytes[7]];
  const headerLength = bytes[8] | (bytes[9] << 8);
  const header = new TextDecoder('latin1').decode(bytes.subarray(10, 10 + headerLength));
  const field = (key) => new RegExp(`'${key}': *(\\([^)]*\\)|[^,]+?),`).exec(header)?.[1];
  const shapeText = field('shape');
  const shape = [...shapeText.matchAll(/\d+/g)].map((m) => Number(m[0]));
  const dataStart = 10 + headerLength;
  const data = bytes.slice(dataStart).buffer;
  return {
    version,
    header,
    dataStart,
    descr: field('descr'),
    fortranOrder: field('fortran_order'),
    shape,
    values: field('descr') === "'<f4'" ? new Float32Array(data) : new Float64Array(data),
  };
}

// An .npz: each member parsed by parseNpy, by name without ".npy".
export function readNpz(path) {
  const members = unzipSync(readFileSync(path));
  return Object.fromEntries(
    Object.entries(members).map(([name, bytes]) => [name.replace(/\.npy$/, ''), parseNpy(bytes)]),
  );
}
