// --fps resamples (slerp between frames, root lerped), --epsilon holds each
// joint until it moves more than epsilon, --map reaches kb.importBvh; bad
// arguments exit 2 with a message naming the argument.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from 'kblend';
import { travellingWalk } from '../../fixtures/bvh/travelling-walk.js';
import { convert, readJson, readNpz, tempFolder, removeTempFolders } from './cli-support.js';

afterAll(removeTempFolders);

let kb;
let folder;
let input;
let clip;

beforeAll(async () => {
  kb = await loadKBlend();
  folder = tempFolder();
  input = join(folder, 'walk.bvh');
  const { text } = travellingWalk(kb, { seconds: 1, fps: 30 });
  writeFileSync(input, text);
  clip = kb.importBvh(text, { name: 'walk.bvh' });
});

const runNpz = (name, extra) => {
  const out = join(folder, name);
  const result = convert([input, '--out', out, '--jobs', '1', ...extra]);
  expect(result.status, result.stdout + result.stderr).toBe(0);
  return readNpz(join(out, 'walk.npz'));
};

const quat = (values, f, j) => values.subarray(88 * f + 4 * j, 88 * f + 4 * j + 4);

// The largest angle between the two arrays' quaternions.
function worstAngle(a, b) {
  let worst = 0;
  for (let i = 0; i < a.length; i += 4) {
    worst = Math.max(worst, kb.geodesicAngle(a.subarray(i, i + 4), b.subarray(i, i + 4)));
  }
  return worst;
}

describe('kblend convert --fps', () => {
  it('at 15 fps keeps every second frame of a 30 fps clip', () => {
    const npz = runNpz('fps15', ['--fps', '15']);
    const frames = (clip.frames - 1) / 2 + 1;
    expect(npz.rotations.shape).toEqual([frames, 22, 4]);
    const every2 = new Float32Array(frames * 88);
    for (let k = 0; k < frames; k++)
      every2.set(clip.rotations.subarray(176 * k, 176 * k + 88), 88 * k);
    expect(worstAngle(npz.rotations.values, every2)).toBeLessThan(1e-3);
    expect(npz.fps.values[0]).toBe(15);
  });

  it('at 60 fps puts the slerp of its neighbours and the middle of their roots between two frames', () => {
    const npz = runNpz('fps60', ['--fps', '60']);
    const frames = 2 * (clip.frames - 1) + 1;
    expect(npz.rotations.shape).toEqual([frames, 22, 4]);
    const rotations = npz.rotations.values;
    const root = npz.root.values;
    let worst = 0;
    for (let k = 0; k + 1 < clip.frames; k++) {
      for (let j = 0; j < 22; j++) {
        const middle = kb.slerp(quat(clip.rotations, k, j), quat(clip.rotations, k + 1, j), 0.5);
        worst = Math.max(worst, kb.geodesicAngle(middle, quat(rotations, 2 * k + 1, j)));
      }
      for (let c = 0; c < 3; c++) {
        const middle = (clip.root[3 * k + c] + clip.root[3 * k + 3 + c]) / 2;
        expect(root[3 * (2 * k + 1) + c]).toBeCloseTo(middle, 5);
      }
    }
    expect(worst).toBeLessThan(2e-3);
  });
});

describe('kblend convert --epsilon', () => {
  it('holds each joint within epsilon of the capture and moves it only by steps above epsilon', () => {
    const epsilon = 0.05;
    const held = runNpz('epsilon', ['--epsilon', String(epsilon)]).rotations.values;
    expect(worstAngle(held, clip.rotations)).toBeLessThanOrEqual(epsilon + 1e-4);
    let holds = 0;
    let moves = 0;
    for (let f = 1; f < clip.frames; f++) {
      for (let j = 0; j < 22; j++) {
        const step = kb.geodesicAngle(quat(held, f - 1, j), quat(held, f, j));
        const captured = kb.geodesicAngle(
          quat(clip.rotations, f - 1, j),
          quat(clip.rotations, f, j),
        );
        if (step < 1e-6) {
          if (captured > 1e-4) holds++;
        } else {
          expect(step).toBeGreaterThan(epsilon - 1e-4);
          moves++;
        }
      }
    }
    // the walk's joints move a few hundredths of a radian a frame: many are held
    expect(holds).toBeGreaterThan(100);
    expect(moves).toBeGreaterThan(20);
  });
});

describe('kblend convert --map', () => {
  it('passes the map to kb.importBvh: a joint the file lacks fails the file and is named', () => {
    const map = join(folder, 'map.json');
    writeFileSync(map, JSON.stringify({ head: 'NoSuchJoint' }));
    const out = join(folder, 'mapped');
    const result = convert([input, '--out', out, '--jobs', '1', '--map', map]);
    expect(result.status).toBe(1);
    const [entry] = readJson(join(out, 'kblend-convert.json')).files;
    expect(entry.error).toMatch(/map\.head must name a joint of the source, got "NoSuchJoint"/);
    writeFileSync(map, JSON.stringify({ head: 'head' }));
    expect(convert([input, '--out', out, '--jobs', '1', '--map', map]).status).toBe(0);
  });
});

describe('kblend convert usage errors', () => {
  const usage = (args, pattern) => {
    const result = convert(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(pattern);
    expect(result.stderr).toContain('Usage: kblend convert');
  };

  it('exits 2 naming the bad argument', () => {
    const out = ['--out', join(folder, 'unused')];
    usage([input, ...out, '--shard', '3/2'], /--shard must be i\/n with 1 ≤ i ≤ n.*got '3\/2'/);
    usage([input, ...out, '--format', 'xml'], /--format must be one of npz, json, bvh, got 'xml'/);
    usage([input, ...out, '--jobs', '0'], /--jobs must be an integer from 1 to 1024, got '0'/);
    usage([input, ...out, '--atack'], /Unknown option '--atack'/);
    usage([input, ...out, '--fps', 'fast'], /--fps must be a number from 1 to 1000, got 'fast'/);
    usage(
      [input, ...out, '--epsilon', '4'],
      /--epsilon must be an angle in radians from 0 to π, got '4'/,
    );
    usage([input], /--out DIR is required/);
    usage(['--out', 'x'], /no input files or folders given/);
    usage([join(folder, 'missing.bvh'), ...out], /no such file or folder: '.*missing\.bvh'/);
    usage([input, '--out', input], /--out .*walk\.bvh: cannot make the folder \(EEXIST\)/);
  });

  it('exits 2 for an input whose output would overwrite the summary, 0 with the usage for --help', () => {
    const clash = join(folder, 'clash', 'kblend-convert.bvh');
    mkdirSync(dirname(clash), { recursive: true });
    writeFileSync(clash, readFileSync(input));
    const out = join(folder, 'clash-out');
    usage(
      [clash, '--out', out, '--format', 'json'],
      /the run's summary' and '.*kblend-convert\.bvh' would both be written to/,
    );
    const help = convert(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: kblend convert');
  });

  it('exits 2 for a map file that is not a map of kblend joints', () => {
    const map = join(folder, 'bad-map.json');
    writeFileSync(map, JSON.stringify({ hed: 'Head' }));
    usage(
      [input, '--out', join(folder, 'unused'), '--map', map],
      /--map .*'hed' is not a kblend joint/,
    );
  });
});
