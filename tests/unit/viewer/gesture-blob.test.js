// The custom-gesture blob of a share link (docs/design.md §8b): round trips exactly,
// and every kind of hostile blob is refused with a reason.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gestureFileText, gestureToFile } from '../../../web/link/gesture-file.js';
import {
  MAX_BLOB_CHARS,
  MAX_INFLATED_BYTES,
  decodeGestureBlob,
  encodeGestureBlob,
  inflateLimited,
} from '../../../web/link/gesture-blob.js';
import { splitCustomGesture } from '../../../web/viewer/share/custom-link.js';
import { kb } from '../support.js';

const parse = kb.parseGestureJson;
const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
// 5 MB of spaces deflate to about 5 KB: a blob that fits a link
const BOMB = `1.${b64url(deflateRawSync(Buffer.alloc(5e6, 32), { level: 9 }))}`;
const blobOf = (text) => `1.${b64url(deflateRawSync(Buffer.from(text, 'utf8')))}`;

// A custom gesture with awkward numbers (shortest round-trip forms).
const custom = {
  name: 'tilt',
  description: 'a test gesture <b>with markup</b>',
  duration: 2.345,
  loop: true,
  period: 0.7,
  timeUnit: 'seconds',
  keyframes: [
    { time: 0, rotations: { head: [0.1, -12.345678901234, 1e-7], right_elbow: [-92, 94, 0] } },
    { time: 0.35, rotations: { head: [1 / 3, 359.9999999, -360] } },
  ],
};

describe('gesture blob', () => {
  it('round trips every library gesture and a custom one to the same gesture', () => {
    for (const name of kb.gestureNames) {
      const gesture = kb.getGesture(name);
      const blob = encodeGestureBlob(gesture);
      expect(blob.startsWith('1.')).toBe(true);
      expect(blob).toMatch(/^1\.[A-Za-z0-9_-]+$/);
      expect(blob.length).toBeLessThan(MAX_BLOB_CHARS);
      const back = decodeGestureBlob(blob, parse);
      expect(gestureToFile(back)).toEqual(gestureToFile(gesture));
      expect(back.keyframes).toEqual(gesture.keyframes);
    }
    const parsed = kb.parseGesture(custom, 'custom');
    const back = decodeGestureBlob(encodeGestureBlob(parsed), parse);
    expect(gestureToFile(back)).toEqual(custom);
    // the saved file reads back to the same gesture too
    expect(gestureToFile(parse(gestureFileText(parsed), 'custom'))).toEqual(custom);
  });

  it('decodes a blob written by another deflate (zlib)', () => {
    const back = decodeGestureBlob(blobOf(JSON.stringify(custom)), parse);
    expect(gestureToFile(back)).toEqual(custom);
  });

  const hostile = [
    ['too long', `1.${'A'.repeat(MAX_BLOB_CHARS)}`, /past the limit of 8192/],
    ['no version', 'AAAA', /version "" is not supported/],
    ['wrong version', blobOf(JSON.stringify(custom)).replace(/^1\./, '2.'), /version "2"/],
    ['bad base64url', '1.ab+c/d==', /not base64url/],
    ['impossible base64 length', '1.abcde', /impossible length/],
    ['not deflate', `1.${b64url(Buffer.from('hello, not deflated at all'))}`, /not raw deflate/],
    ['truncated deflate', blobOf(JSON.stringify(custom)).slice(0, 40), /not raw deflate/],
    ['bomb (5 MB of spaces in a link-sized blob)', BOMB, /inflates past 65536/],
    [
      'not UTF-8',
      `1.${b64url(deflateRawSync(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])))}`,
      /not UTF-8/,
    ],
    ['bad JSON', blobOf('{"name": "x", '), /not valid JSON/],
    ['JSON that is no object', blobOf('[1, 2, 3]'), /must hold a JSON object/],
    ['duplicate key', blobOf('{"name":"a","name":"b","duration":1,"keyframes":[]}'), /given twice/],
    [
      'bad angle',
      blobOf(
        JSON.stringify({ ...custom, keyframes: [{ time: 0, rotations: { head: [0, 999, 0] } }] }),
      ),
      /keyframe 0, joint "head" angle y .* got 999/,
    ],
    [
      'bad hand shape',
      blobOf(
        JSON.stringify({
          ...custom,
          version: 2,
          keyframes: [{ time: 0, rotations: {}, hands: { left: { shape: 'claw', curl: 1 } } }],
        }),
      ),
      /keyframe 0, hands\.left "shape" must be one of "open", .* got "claw"/,
    ],
    [
      'bad hand curl',
      blobOf(
        JSON.stringify({
          ...custom,
          version: 2,
          keyframes: [{ time: 0, rotations: {}, hands: { right: { shape: 'fist', curl: 1e9 } } }],
        }),
      ),
      /keyframe 0, hands\.right "curl" must be a number in \[0, 1\], got 1000000000/,
    ],
    [
      'hands in a version 1 gesture',
      blobOf(
        JSON.stringify({
          ...custom,
          keyframes: [{ time: 0, rotations: {}, hands: { right: { shape: 'fist' } } }],
        }),
      ),
      /"hands" needs "version": 2/,
    ],
    [
      'unknown joint',
      blobOf(
        JSON.stringify({ ...custom, keyframes: [{ time: 0, rotations: { tail: [0, 0, 0] } }] }),
      ),
      /joint "tail" is not a kblend joint/,
    ],
    [
      'bad time',
      blobOf(JSON.stringify({ ...custom, keyframes: [{ time: -1, rotations: {} }] })),
      /keyframe 0 "time" must be a finite number ≥ 0, got -1/,
    ],
    [
      'unknown key',
      blobOf(JSON.stringify({ ...custom, script: 'alert(1)' })),
      /unknown key "script"/,
    ],
  ];
  it.each(hostile)('refuses a blob: %s', (_, blob, message) => {
    expect(() => decodeGestureBlob(blob, parse)).toThrow(message);
  });

  it('the bomb is stopped at the limit, not after inflating it all', () => {
    expect(BOMB.length).toBeLessThan(MAX_BLOB_CHARS);
    // the inflater's output is counted as it comes: the error is thrown
    // from the chunk that passes the limit, with nothing kept beyond it
    let chunks = 0;
    const bytes = Buffer.from(BOMB.slice(2), 'base64url');
    expect(() => inflateLimited(bytes, MAX_INFLATED_BYTES, () => chunks++)).toThrow(RangeError);
    expect(chunks).toBeLessThan(8);
    // exactly the limit inflates; one byte more does not
    const small = deflateRawSync(Buffer.alloc(MAX_INFLATED_BYTES, 32));
    expect(inflateLimited(small).length).toBe(MAX_INFLATED_BYTES);
    expect(() => inflateLimited(deflateRawSync(Buffer.alloc(MAX_INFLATED_BYTES + 1, 32)))).toThrow(
      /inflates past/,
    );
  });

  it('splits the cg part out of a hash and keeps the rest as written', () => {
    expect(splitCustomGesture('#v=1&g=custom%3A%20x&cg=1.abc&t=1')).toEqual({
      rest: 'v=1&g=custom%3A%20x&t=1',
      blobs: ['1.abc'],
    });
    expect(splitCustomGesture('v=1&cg=a&cg=b').blobs).toEqual(['a', 'b']);
    expect(splitCustomGesture('').blobs).toEqual([]);
  });
});
