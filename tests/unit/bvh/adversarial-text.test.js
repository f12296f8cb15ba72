// Crafted BVH text never freezes a reader: every place user text is read
// (the parser's hierarchy, timing and frame lines, joint names as mapping
// reads them, the viewer's head scan for remembered mappings) costs time
// linear in the text. Each case is timed at a length and at 4× it; a
// pattern that backtracks costs 16× or far more there (the old number
// pattern took seconds on 30 KB), a linear scan about 4×, and the budget
// is 10× (plus a millisecond of timer noise). Tabs and any whitespace
// separate tokens everywhere.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { mapJoints } from '../../../web/lib/bvh/map-joints.js';
import { parseBvh } from '../../../web/lib/bvh/parse.js';
import { hierarchyJointNames } from '../../../web/viewer/import/joint-map-memory.js';

const kb = await loadKBlend();
const text = readFileSync(
  new URL('../../fixtures/bvh/vrm_humanoid_m_60fps.bvh', import.meta.url),
  'utf8',
);
const lines = text.split('\n');
const motion = lines.indexOf('MOTION');
const firstFrame = motion + 3;
const withLine = (i, line) => lines.map((l, k) => (k === i ? line : l)).join('\n');
const SHORT = 100_000; // characters; the freezing sizes are 30–100 KB

// CPU time of this process (ms): unlike the wall clock it does not count
// the time other processes of a busy machine take the core away.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

// Best of seven: the least disturbed run.
function bestMs(fn) {
  let best = Infinity;
  for (let i = 0; i < 7; i++) {
    const start = cpuMs();
    fn();
    best = Math.min(best, cpuMs() - start);
  }
  return best;
}

// read(craft(n)) at SHORT and 4 × SHORT: the growth stays linear. The
// inputs are built (and flattened) before any timing.
function expectLinear(craft, read) {
  const inputs = [1000, SHORT, 4 * SHORT].map((n) => {
    const input = craft(n);
    input.charCodeAt(input.length >> 1);
    return input;
  });
  read(inputs[0]); // warm the code paths
  const short = bestMs(() => read(inputs[1]));
  const long = bestMs(() => read(inputs[2]));
  expect(long, `${short.toFixed(2)} ms → ${long.toFixed(2)} ms`).toBeLessThan(10 * short + 1);
}

const refused = (input) => {
  try {
    parseBvh(input, { file: 'crafted.bvh' });
  } catch (error) {
    return error;
  }
  throw new Error('the crafted file was read');
};

const digits = (n) => '1'.repeat(n);
const CRAFTED = {
  'a run of digits that does not end as a number, in a frame line': (n) => {
    const values = lines[firstFrame].split(' ');
    values[3] = `${digits(n)}x`;
    return withLine(firstFrame, values.join(' '));
  },
  'digits with a dot and an exponent sign that never closes': (n) => {
    const values = lines[firstFrame].split(' ');
    values[0] = `-${digits(n)}.${digits(n)}e+`;
    return withLine(firstFrame, values.join(' '));
  },
  'the same in an OFFSET': (n) =>
    text.replace('OFFSET 0.00000 0.83700 0.00000', `OFFSET 0 ${digits(n)}q 0`),
  'the same as the frame count': (n) => withLine(motion + 1, `Frames: ${digits(n)}-`),
  'the same as the frame time': (n) => withLine(motion + 2, `Frame Time: 0.${digits(n)}.`),
  'blank lines after ROOT': (n) => text.replace('ROOT hips', `ROOT hips${'\n'.repeat(n)}`),
  'one frame line of single spaces': (n) => withLine(firstFrame, `1${' '.repeat(n)}`),
  'a joint name of one long word': (n) => text.replace('JOINT chest', `JOINT c${digits(n)}`),
};

describe('crafted text costs linear time', () => {
  for (const [name, craft] of Object.entries(CRAFTED)) {
    it(name, () => {
      expectLinear(craft, (input) => {
        try {
          parseBvh(input, { file: 'crafted.bvh' });
        } catch {
          // refused or read: only the time counts here
        }
      });
    });
  }

  it('a refused long token is quoted short, with its line', () => {
    const error = refused(
      CRAFTED['a run of digits that does not end as a number, in a frame line'](SHORT),
    );
    expect(error.message).toContain(
      `crafted.bvh, line ${firstFrame + 1}: frame 0, channel 3 (hips Xrotation) must be a decimal number, got "${digits(40)}…"`,
    );
    expect(error.message.length).toBeLessThan(200);
    const frames = refused(CRAFTED['the same as the frame count'](SHORT));
    expect(frames.message).toContain('expected "Frames: N" with N a decimal integer');
    expect(frames.message.length).toBeLessThan(200);
  });

  it('a binary file is refused at its first line, quoted short', () => {
    const bytes = new Uint8Array(4 * SHORT);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    const error = refused(new TextDecoder().decode(bytes));
    expect(error.message).toMatch(/^crafted\.bvh, line \d+: not a BVH file: expected HIERARCHY/);
    expect(error.message.length).toBeLessThan(200);
  });

  it('mapping long joint names', () => {
    expectLinear(
      (n) => [`mixamorig${digits(n)}`, `Bip01${' '.repeat(n)}x`, 'a:'.repeat(n / 2)].join('\n'),
      (input) => {
        const names = ['Hips', ...input.split('\n')];
        mapJoints({ names, parents: [-1, 0, 0, 0], rest: names.map((_, i) => [0, i, 0]) });
      },
    );
  });

  it("the viewer's scan of a file's head for its joint names", () => {
    expectLinear((n) => `HIERARCHY\nROOT Hips${'\n'.repeat(n)}JOINT a`, hierarchyJointNames);
    expectLinear((n) => `HIERARCHY\n${' \t'.repeat(n / 2)}ROOT x`, hierarchyJointNames);
    const names = hierarchyJointNames(`HIERARCHY\nROOT Hips${'\n'.repeat(300000)}JOINT Spine\n`);
    expect(names).toEqual(['Hips']); // what lies past the head is not read
  });
});

describe('tabs and any whitespace separate tokens', () => {
  const tabbed = text.replace(/ /g, '\t');
  it('a file written with tabs reads as the spaced one', () => {
    expect(tabbed).toContain('ROOT\thips');
    expect(tabbed).toContain('Frame\tTime:');
    expect(tabbed).toContain('End\tSite');
    const spaced = kb.importBvh(text);
    const clip = kb.importBvh(tabbed);
    expect(clip.joints).toEqual(spaced.joints);
    expect(clip.rotations).toEqual(spaced.rotations);
    expect(clip.root).toEqual(spaced.root);
  });

  it('mixed runs of spaces, tabs, CRLF and a byte-order mark', () => {
    const mixed = '\ufeff' + text.replace(/ /g, ' \t ').replace(/\n/g, '\r\n');
    const parsed = parseBvh(mixed);
    const plain = parseBvh(text);
    expect(parsed.values).toEqual(plain.values);
    expect(parsed.joints.map((j) => j.name)).toEqual(plain.joints.map((j) => j.name));
    expect(hierarchyJointNames(mixed)).toEqual(plain.joints.map((j) => j.name));
  });

  it('"Frames:" glued to its count and multi-word names keep their words', () => {
    const glued = withLine(motion + 1, 'Frames:121').replace('JOINT chest', 'JOINT\tupper\t chest');
    const parsed = parseBvh(glued);
    expect(parsed.fileFrames).toBe(121);
    expect(parsed.joints.map((j) => j.name)).toContain('upper chest');
  });

  it('line numbers in messages count CRLF and lone CR line ends once each', () => {
    const crlf = withLine(firstFrame + 2, 'x').replace(/\n/g, '\r\n');
    expect(refused(crlf).line).toBe(firstFrame + 3);
    const cr = withLine(firstFrame + 2, 'x').replace(/\n/g, '\r');
    expect(refused(cr).line).toBe(firstFrame + 3);
  });
});
