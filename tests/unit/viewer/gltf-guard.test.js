// The character file check: a real GLB passes; crafted ones (a huge
// accessor count without data, a count past its buffer view, offsets that
// are not counts, a buffer larger than the file, images of too many
// pixels, no scene) are refused naming the file and what is wrong, before
// three's loader allocates anything from their numbers.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GltfGuardError,
  MAX_ACCESSOR_BYTES,
  MAX_IMAGE_PIXELS,
  checkGltf,
  imageSize,
} from '../../../web/viewer/characters/gltf-guard.js';
import { guardCharacterFile } from '../../../web/viewer/characters/gltf-guard-client.js';
import { mixamoGlb, readGlb, writeGlb } from '../../fixtures/characters/mixamo-glb.js';
import { kb } from '../support.js';

let glb;
beforeAll(async () => {
  ({ glb } = await mixamoGlb(kb, { height: 1.6 }));
});

// The fixture's GLB with its JSON changed by `edit`, the binary chunk kept.
function crafted(edit) {
  const { json, bin } = readGlb(glb);
  edit(json);
  return writeGlb(json, bin);
}

const refusal = (bytes, name = 'hostile.glb') => {
  try {
    checkGltf(bytes, name);
  } catch (error) {
    expect(error).toBeInstanceOf(GltfGuardError);
    return error.message;
  }
  return null;
};

describe('character file check', () => {
  it('passes the fixture character and counts what the loader will allocate', () => {
    const facts = checkGltf(glb, 'hero.glb');
    expect(facts.accessorBytes).toBeGreaterThan(0);
    expect(facts.accessorBytes).toBeLessThan(glb.byteLength * 4);
  });

  it('refuses an accessor of 200,000,000 elements without data (a 48 KB file, 2.4 GB)', () => {
    const bytes = crafted((json) => {
      json.accessors.push({ componentType: 5126, count: 200000000, type: 'VEC3' });
    });
    expect(bytes.byteLength).toBeLessThan(64 * 1024);
    expect(refusal(bytes)).toBe(
      `hostile.glb: accessors[${readGlb(glb).json.accessors.length}] (count 200000000 × 12 bytes = 2288.8 MB) ` +
        `is past the limit of ${MAX_ACCESSOR_BYTES / 1048576}.0 MB per accessor (the file was not loaded)`,
    );
  });

  it('refuses a count past its buffer view and many accessors past the total', () => {
    expect(
      refusal(
        crafted((json) => {
          json.accessors[0].count *= 1000;
        }),
      ),
    ).toMatch(/^hostile\.glb: accessors\[0\] needs \d+ bytes of bufferViews\[\d+\], which has \d+/);
    expect(
      refusal(
        crafted((json) => {
          for (let i = 0; i < 40; i++)
            json.accessors.push({ componentType: 5126, count: 4e6, type: 'VEC4' });
        }),
      ),
    ).toMatch(/its accessors need \d+\.\d MB at least, past the limit of 512\.0 MB/);
  });

  it.each([
    [
      'a negative bufferView byteOffset',
      (j) => (j.bufferViews[0].byteOffset = -8),
      /bufferViews\[0\]\.byteOffset -8 is not a count/,
    ],
    [
      'a NaN accessor byteOffset',
      (j) => (j.accessors[0].byteOffset = 'NaN'),
      /accessors\[0\]\.byteOffset "NaN" is not a count/,
    ],
    [
      'a fractional count',
      (j) => (j.accessors[0].count = 2.5),
      /accessors\[0\]\.count 2\.5 is not a count of 1 or more/,
    ],
    [
      'an unknown component type',
      (j) => (j.accessors[0].componentType = 5130),
      /componentType 5130 is not a glTF component type/,
    ],
    [
      'a bufferView past its buffer',
      (j) => (j.bufferViews[0].byteLength = 1e9),
      /bufferViews\[0\] \(bytes \d+ to \d+\) runs past buffers\[0\]/,
    ],
    [
      'a buffer larger than the BIN chunk',
      (j) => (j.buffers[0].byteLength += 4096),
      /buffers\[0\]\.byteLength \d+ is more than the \d+ bytes that hold it/,
    ],
    [
      'an accessor naming no view',
      (j) => (j.accessors[0].bufferView = 999),
      /accessors\[0\]\.bufferView 999 names no buffer view/,
    ],
    [
      'no scenes',
      (j) => delete j.scenes,
      /hostile\.glb: has no scene \(its "scenes" list is missing or empty\): nothing to show/,
    ],
    [
      'a scene index past the list',
      (j) => (j.scene = 3),
      /"scene" 3 names no scene \(there are 1\)/,
    ],
  ])('refuses %s', (_, edit, message) => {
    expect(refusal(crafted(edit))).toMatch(message);
  });

  it('refuses a broken container as not a glTF file', () => {
    const broken = new TextEncoder().encode(
      'glTF\u0002\u0000\u0000\u0000garbage that is no glTF',
    ).buffer;
    expect(refusal(broken, 'broken.glb')).toMatch(
      /^broken\.glb is not a glTF or VRM model this page can read \(its GLB header says \d+ bytes/,
    );
    expect(refusal(new Uint8Array([1, 2, 255]).buffer, 'x.gltf')).toMatch(
      /neither a GLB.*nor UTF-8 glTF JSON/,
    );
    expect(refusal(new TextEncoder().encode('[1]').buffer, 'x.gltf')).toMatch(
      /its glTF JSON is not an object/,
    );
  });

  it('refuses an embedded image whose header gives too many pixels', () => {
    // a PNG signature and IHDR of 100000 × 100000 pixels, as a buffer view
    const png = new Uint8Array(32);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 100000);
    new DataView(png.buffer).setUint32(20, 100000);
    const { json, bin } = readGlb(glb);
    const dataLength = new DataView(bin.buffer, bin.byteOffset).getUint32(0, true);
    const grown = new Uint8Array(8 + dataLength + png.length);
    grown.set(bin.subarray(0, 8 + dataLength));
    grown.set(png, 8 + dataLength);
    new DataView(grown.buffer).setUint32(0, dataLength + png.length, true);
    json.buffers[0].byteLength = dataLength + png.length;
    json.bufferViews.push({ buffer: 0, byteOffset: dataLength, byteLength: png.length });
    json.images = [{ bufferView: json.bufferViews.length - 1, mimeType: 'image/png' }];
    expect(refusal(writeGlb(json, grown))).toBe(
      `hostile.glb: images[0] is 100000 × 100000 pixels, past the limit of ${MAX_IMAGE_PIXELS} pixels (the file was not loaded)`,
    );
    // a JPEG's frame header gives its size too
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0x30, 0x39, 0x40, 0x00, 3, 0, 0,
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 16384, height: 12345 });
  });

  it('without workers (Node) checks in place and hands the bytes back', async () => {
    await expect(guardCharacterFile(glb, 'hero.glb')).resolves.toBe(glb);
    const hostile = crafted((json) => delete json.scenes);
    await expect(guardCharacterFile(hostile, 'empty.glb')).rejects.toThrow(
      /empty\.glb: has no scene/,
    );
  });
});
