// The strict BVH parser: hostile and broken files are refused with a
// message naming the file and the line; memory follows the frame lines the
// file has, never its declared count.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BvhImportError, loadKBlend } from '../../../web/lib/kblend.js';
import { BVH_LIMITS, parseBvh } from '../../../web/lib/bvh/parse.js';

const kb = await loadKBlend();
const text = readFileSync(
  new URL('../../fixtures/bvh/vrm_humanoid_m_60fps.bvh', import.meta.url),
  'utf8',
);
const lines = text.split('\n');
const motion = lines.indexOf('MOTION'); // 0-based: line motion + 1
const firstFrame = motion + 3; // 0-based index of frame 0's line

// the file with its 0-based line i replaced (or removed / added)
const withLine = (i, line) => lines.map((l, k) => (k === i ? line : l)).join('\n');
const withValue = (frame, channel, value) => {
  const values = lines[firstFrame + frame].split(' ');
  values[channel] = value;
  return withLine(firstFrame + frame, values.join(' '));
};

const CASES = {
  'Frames: 0x10 (hex)': [
    withLine(motion + 1, 'Frames: 0x10'),
    `line ${motion + 2}: expected "Frames: N" with N a decimal integer, got "Frames: 0x10"`,
  ],
  'Frames: 1e3': [withLine(motion + 1, 'Frames: 1e3'), `line ${motion + 2}: expected "Frames: N"`],
  'Frames: 0': [
    withLine(motion + 1, 'Frames: 0'),
    `line ${motion + 2}: Frames: 0 is outside 1 … 10000000`,
  ],
  'a billion frames declared, 121 present': [
    withLine(motion + 1, 'Frames: 999999999'),
    `line ${motion + 2}: Frames: 999999999 is outside`,
  ],
  'more frames declared than present': [
    withLine(motion + 1, 'Frames: 500'),
    `line ${motion + 2}: Frames: 500 is declared but only 121 frame lines follow`,
  ],
  'an extra frame line': [
    text + lines[firstFrame] + '\n',
    `line ${firstFrame + 122}: a frame line beyond the 121 frames declared on line ${motion + 2}`,
  ],
  'Frame Time: 1e-300': [
    withLine(motion + 2, 'Frame Time: 1e-300'),
    `line ${motion + 3}: Frame Time: 1e-300 is outside 0.001 … 1 s`,
  ],
  'Frame Time: 0': [
    withLine(motion + 2, 'Frame Time: 0'),
    `line ${motion + 3}: Frame Time: 0 is outside`,
  ],
  'Frame Time: NaN': [
    withLine(motion + 2, 'Frame Time: NaN'),
    `line ${motion + 3}: Frame Time must be a decimal number, got "NaN"`,
  ],
  'hex channel value': [
    withValue(3, 4, '0x1F'),
    `line ${firstFrame + 4}: frame 3, channel 4 (hips Yrotation) must be a decimal number, got "0x1F"`,
  ],
  'Infinity in a channel': [
    withValue(0, 0, 'Infinity'),
    `line ${firstFrame + 1}: frame 0, channel 0 (hips Xposition) must be a decimal number, got "Infinity"`,
  ],
  'NaN in a channel': [
    withValue(7, 9, 'NaN'),
    `frame 7, channel 9 (chest Xrotation) must be a decimal number, got "NaN"`,
  ],
  '1e300° rotation': [
    withValue(5, 10, '1e300'),
    `line ${firstFrame + 6}: frame 5, channel 10 (chest Yrotation) is 1e300, outside ±3600`,
  ],
  'a position of 1e9 units': [
    withValue(2, 1, '1e9'),
    `frame 2, channel 1 (hips Yposition) is 1e9, outside ±100000`,
  ],
  'a frame line one value short': [
    withLine(firstFrame + 4, lines[firstFrame + 4].split(' ').slice(1).join(' ')),
    `line ${firstFrame + 5}: frame 4 has 68 values, the hierarchy declares 69 channels`,
  ],
  'hex offset': [
    text.replace('OFFSET 0.00000 0.83700 0.00000', 'OFFSET 0x0 0.83700 0.00000'),
    `hips's OFFSET must be a decimal number, got "0x0"`,
  ],
  'unknown channel': [
    text.replace(
      'CHANNELS 3 Xrotation Yrotation Zrotation',
      'CHANNELS 3 Xrotation Yrotation Wrotation',
    ),
    'a repeated or an unknown one',
  ],
  'repeated joint name': [
    text.replace('JOINT chest', 'JOINT spine'),
    `the joint name "spine" appears twice`,
  ],
  'not a BVH file': [
    '{"name": "clap"}',
    'line 1: not a BVH file: expected HIERARCHY, got "{\\"name\\": \\"clap\\"}"',
  ],
  empty: ['\n \n', 'is empty'],
  'cut inside the hierarchy': [lines.slice(0, 20).join('\n'), 'the file ends inside the hierarchy'],
  'no MOTION': [lines.slice(0, motion).join('\n'), 'MOTION is missing'],
};

describe('importBvh refuses hostile and broken files, naming the line', () => {
  for (const [name, [input, message]] of Object.entries(CASES)) {
    it(name, () => {
      let error;
      try {
        kb.importBvh(input, { name: 'hostile.bvh' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(BvhImportError);
      expect(error).toBeInstanceOf(RangeError); // the library's error kinds
      expect(error.message.startsWith('hostile.bvh')).toBe(true);
      expect(error.message).toContain(message);
    });
  }

  it('a file over the size limit is refused before parsing, as text or bytes', () => {
    const limit = BVH_LIMITS.maxBytes;
    expect(limit).toBe(64 * 2 ** 20);
    const huge = 'HIERARCHY\n' + ' '.repeat(limit);
    expect(() => kb.importBvh(huge, { name: 'huge.bvh' })).toThrow(
      /huge.bvh is larger than the 64 MB limit/,
    );
    expect(() => kb.importBvh(new Uint8Array(limit + 1), { name: 'huge.bvh' })).toThrow(
      /larger than the 64 MB limit/,
    );
  });

  it('bytes decode like text', () => {
    const clip = kb.importBvh(new TextEncoder().encode(text));
    expect(clip.frames).toBe(kb.importBvh(text).frames);
  });

  it('records the line in the error', () => {
    try {
      kb.importBvh(withValue(3, 4, '0x1F'));
    } catch (e) {
      expect(e.line).toBe(firstFrame + 4);
    }
    expect.assertions(1);
  });

  it('a file nested deeper than 128 joints is refused', () => {
    const deep = ['HIERARCHY'];
    for (let i = 0; i < 140; i++)
      deep.push(`${i ? 'JOINT' : 'ROOT'} j${i}`, '{', 'OFFSET 0 1 0', 'CHANNELS 0');
    for (let i = 0; i < 140; i++) deep.push('}');
    deep.push('MOTION', 'Frames: 1', 'Frame Time: 0.03', '');
    expect(() => kb.importBvh(deep.join('\n'))).toThrow(/nested deeper than 128 joints/);
  });
});

describe('parseBvh', () => {
  it('keeps only the frames asked for but checks every line', () => {
    const parsed = parseBvh(text, { keep: 5 });
    expect(parsed.fileFrames).toBe(121);
    expect(parsed.frames).toBe(5);
    expect(parsed.values).toHaveLength(5 * parsed.channelCount);
    expect(() => parseBvh(withValue(100, 3, 'x'), { keep: 5 })).toThrow(/frame 100, channel 3/);
  });

  it('reads joints, offsets, channels and end sites in file order', () => {
    const parsed = parseBvh(text);
    expect(parsed.joints[0]).toMatchObject({ name: 'hips', parent: -1, firstChannel: 0 });
    expect(parsed.joints[0].channels).toEqual([
      'Xposition',
      'Yposition',
      'Zposition',
      'Xrotation',
      'Yrotation',
      'Zrotation',
    ]);
    expect(parsed.joints[1]).toMatchObject({ name: 'spine', parent: 0, firstChannel: 6 });
    expect(parsed.joints.find((j) => j.name === 'head').endSite).toHaveLength(3);
    expect(parsed.frameTime).toBeCloseTo(1 / 60, 6);
  });

  it('a file declaring 10 million frames with three lines allocates nothing for the rest', () => {
    const tiny = withLine(motion + 1, 'Frames: 10000000')
      .split('\n')
      .slice(0, firstFrame + 3)
      .join('\n');
    expect(() => parseBvh(tiny)).toThrow(
      /Frames: 10000000 is declared but only 3 frame lines follow/,
    );
  });
});
