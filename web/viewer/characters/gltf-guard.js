// A character file's glTF, checked before three.js's loader sees it. The
// loader trusts the file's numbers: an accessor with a count of 200,000,000
// and no bufferView makes it allocate 2.4 GB from a 48 KB file. This check
// reads the container (GLB chunks or .gltf text) and the JSON only, never
// allocates from the file's numbers, and refuses with a message naming the
// file and what is wrong: accessors larger than the data they read or past
// a sane ceiling, buffer views outside their buffers, buffers larger than
// the file holds, images whose header gives too many pixels, and files
// without a scene to show. Pure functions, no DOM: it runs in a worker
// (gltf-guard-worker.js) and in tests.

// What one file may make the loader allocate: every accessor's array, the
// zero-filled ones (no bufferView) included, and every decoded image.
export const MAX_ACCESSOR_BYTES = 256 * 1024 * 1024;
const MAX_TOTAL_ACCESSOR_BYTES = 512 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 8192 * 8192;

const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;
const COMPONENT_BYTES = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_COMPONENTS = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

/** A file refused by the check. */
export class GltfGuardError extends Error {
  constructor(message) {
    super(message);
    this.name = 'GltfGuardError';
  }
}

const isCount = (v) => Number.isSafeInteger(v) && v >= 0;
const show = (v) => (typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : String(v));
const mb = (bytes) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Check a character file's bytes.
 * @param {ArrayBuffer} bytes
 * @param {string} fileName
 * @returns {{ accessorBytes: number, images: number }} what the loader will allocate
 * @throws {GltfGuardError} naming the file and what is wrong
 */
export function checkGltf(bytes, fileName) {
  const fail = (what) => {
    throw new GltfGuardError(`${fileName}: ${what} (the file was not loaded)`);
  };
  const notGltf = (what) => {
    throw new GltfGuardError(`${fileName} is not a glTF or VRM model this page can read (${what})`);
  };
  const { json, bin } = readContainer(bytes, notGltf);
  const buffers = checkBuffers(json, bin, fail);
  const views = checkBufferViews(json, buffers, fail);
  const accessorBytes = checkAccessors(json, views, fail);
  const images = checkImages(json, views, bytes, bin, fail);
  checkScenes(json, fail);
  return { accessorBytes, images };
}

// The JSON object and the BIN chunk's place ({ offset, length } or null).
function readContainer(bytes, fail) {
  if (!(bytes instanceof ArrayBuffer)) throw new TypeError('the file must be an ArrayBuffer');
  const view = new DataView(bytes);
  if (bytes.byteLength >= 4 && view.getUint32(0, true) === GLB_MAGIC) return readGlb(view, fail);
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    fail('it is neither a GLB, which starts with "glTF", nor UTF-8 glTF JSON');
  }
  return { json: parseJson(text, fail), bin: null };
}

function readGlb(view, fail) {
  if (view.byteLength < 20) fail(`${view.byteLength} bytes is shorter than a GLB header`);
  const version = view.getUint32(4, true);
  if (version !== 2) fail(`GLB version ${version}; only 2 is read`);
  const length = view.getUint32(8, true);
  if (length > view.byteLength) {
    fail(`its GLB header says ${length} bytes but the file has ${view.byteLength}`);
  }
  let json = null;
  let bin = null;
  for (let at = 12; at + 8 <= length;) {
    const chunkLength = view.getUint32(at, true);
    const type = view.getUint32(at + 4, true);
    const start = at + 8;
    if (start + chunkLength > length) {
      fail(`a GLB chunk of ${chunkLength} bytes at byte ${at} runs past the file's end`);
    }
    if (type === CHUNK_JSON && json === null) {
      const slice = new Uint8Array(view.buffer, start, chunkLength);
      let text;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(slice);
      } catch {
        fail('its JSON chunk is not UTF-8 text');
      }
      json = parseJson(text, fail);
    } else if (type === CHUNK_BIN && bin === null) {
      bin = { offset: start, length: chunkLength };
    }
    at = start + chunkLength;
  }
  if (json === null) fail('the GLB has no JSON chunk');
  return { json, bin };
}

function parseJson(text, fail) {
  let json;
  try {
    json = JSON.parse(text);
  } catch (error) {
    fail(`its glTF JSON is not valid JSON: ${error.message}`);
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    fail('its glTF JSON is not an object');
  }
  return json;
}

// A top-level array of the JSON (missing: empty).
function listOf(json, key, fail) {
  const list = json[key];
  if (list === undefined) return [];
  if (!Array.isArray(list)) fail(`"${key}" is not an array`);
  return list;
}

function entryOf(list, key, index, fail) {
  const entry = list[index];
  if (entry === null || typeof entry !== 'object') fail(`${key}[${index}] is not an object`);
  return entry;
}

// Each buffer's byte length, checked against what holds it: the BIN chunk
// for a GLB's buffer without a uri, the decoded length of a data: uri.
function checkBuffers(json, bin, fail) {
  const list = listOf(json, 'buffers', fail);
  return list.map((_, i) => {
    const buffer = entryOf(list, 'buffers', i, fail);
    const { byteLength, uri } = buffer;
    if (!isCount(byteLength)) fail(`buffers[${i}].byteLength ${show(byteLength)} is not a count`);
    let holds = Infinity; // an external file: the loader fetches and checks it
    if (uri === undefined) {
      if (!bin || i !== 0) fail(`buffers[${i}] has no uri and no GLB BIN chunk holds it`);
      holds = bin.length;
    } else if (typeof uri !== 'string') {
      fail(`buffers[${i}].uri is not a string`);
    } else if (uri.startsWith('data:')) {
      holds = dataUriBytes(uri);
    }
    if (byteLength > holds) {
      fail(`buffers[${i}].byteLength ${byteLength} is more than the ${holds} bytes that hold it`);
    }
    return byteLength;
  });
}

// Bytes a base64 data: uri decodes to (its text's length otherwise).
function dataUriBytes(uri) {
  const comma = uri.indexOf(',');
  if (comma < 0) return 0;
  const payload = uri.length - comma - 1;
  if (!/;base64$/i.test(uri.slice(0, comma))) return payload;
  let padding = 0;
  if (uri.endsWith('==')) padding = 2;
  else if (uri.endsWith('=')) padding = 1;
  return Math.floor((payload * 3) / 4) - padding;
}

function checkBufferViews(json, buffers, fail) {
  const list = listOf(json, 'bufferViews', fail);
  return list.map((_, i) => {
    const view = entryOf(list, 'bufferViews', i, fail);
    const where = `bufferViews[${i}]`;
    const { buffer, byteOffset = 0, byteLength, byteStride } = view;
    if (!Number.isInteger(buffer) || buffer < 0 || buffer >= buffers.length) {
      fail(`${where}.buffer ${show(buffer)} names no buffer (there are ${buffers.length})`);
    }
    if (!isCount(byteOffset)) fail(`${where}.byteOffset ${show(byteOffset)} is not a count`);
    if (!isCount(byteLength)) fail(`${where}.byteLength ${show(byteLength)} is not a count`);
    if (
      byteStride !== undefined &&
      !(Number.isInteger(byteStride) && byteStride >= 4 && byteStride <= 252)
    ) {
      fail(`${where}.byteStride ${show(byteStride)} is outside 4 to 252`);
    }
    if (byteOffset + byteLength > buffers[buffer]) {
      fail(
        `${where} (bytes ${byteOffset} to ${byteOffset + byteLength}) runs past buffers[${buffer}] (${buffers[buffer]} bytes)`,
      );
    }
    return { byteLength, byteStride };
  });
}

// Bytes one element of an accessor takes, from its type and component type.
function elementBytes(accessor, where, fail) {
  const size = COMPONENT_BYTES[accessor.componentType];
  const components = TYPE_COMPONENTS[accessor.type];
  if (!size)
    fail(`${where}.componentType ${show(accessor.componentType)} is not a glTF component type`);
  if (!components) fail(`${where}.type ${show(accessor.type)} is not a glTF accessor type`);
  return size * components;
}

// Each accessor within its buffer view (or, without one, within the
// ceiling: the loader fills a new array of count elements); the sum of all.
function checkAccessors(json, views, fail) {
  const list = listOf(json, 'accessors', fail);
  let total = 0;
  for (let i = 0; i < list.length; i++) {
    const accessor = entryOf(list, 'accessors', i, fail);
    const where = `accessors[${i}]`;
    const { count, byteOffset = 0, bufferView } = accessor;
    if (!Number.isSafeInteger(count) || count < 1)
      fail(`${where}.count ${show(count)} is not a count of 1 or more`);
    if (!isCount(byteOffset)) fail(`${where}.byteOffset ${show(byteOffset)} is not a count`);
    const element = elementBytes(accessor, where, fail);
    const bytes = count * element; // what the loader allocates for it
    if (bytes > MAX_ACCESSOR_BYTES) {
      fail(
        `${where} (count ${count} × ${element} bytes = ${mb(bytes)}) is past the limit of ${mb(MAX_ACCESSOR_BYTES)} per accessor`,
      );
    }
    if (bufferView !== undefined) {
      checkAccessorInView(accessor, views, where, element, fail);
    }
    if (accessor.sparse !== undefined) checkSparse(accessor, views, where, fail);
    total += bytes;
    if (total > MAX_TOTAL_ACCESSOR_BYTES) {
      fail(
        `its accessors need ${mb(total)} at least, past the limit of ${mb(MAX_TOTAL_ACCESSOR_BYTES)}`,
      );
    }
  }
  return total;
}

function checkAccessorInView({ bufferView, count, byteOffset = 0 }, views, where, element, fail) {
  if (!Number.isInteger(bufferView) || bufferView < 0 || bufferView >= views.length) {
    fail(
      `${where}.bufferView ${show(bufferView)} names no buffer view (there are ${views.length})`,
    );
  }
  const view = views[bufferView];
  const stride = view.byteStride ?? element;
  const needed = byteOffset + stride * (count - 1) + element;
  if (needed > view.byteLength) {
    fail(
      `${where} needs ${needed} bytes of bufferViews[${bufferView}], which has ${view.byteLength}`,
    );
  }
}

function checkSparse({ sparse, count }, views, where, fail) {
  if (sparse === null || typeof sparse !== 'object') fail(`${where}.sparse is not an object`);
  const n = sparse.count;
  if (!Number.isSafeInteger(n) || n < 1 || n > count) {
    fail(`${where}.sparse.count ${show(n)} is outside 1 to ${count}`);
  }
  for (const part of ['indices', 'values']) {
    const ref = sparse[part];
    const index = ref?.bufferView;
    if (!Number.isInteger(index) || index < 0 || index >= views.length) {
      fail(`${where}.sparse.${part}.bufferView ${show(index)} names no buffer view`);
    }
    const offset = ref.byteOffset ?? 0;
    if (!isCount(offset)) fail(`${where}.sparse.${part}.byteOffset ${show(offset)} is not a count`);
    // at least one byte per entry must be there (indices are 1 to 4, values more)
    if (offset + n > views[index].byteLength) {
      fail(`${where}.sparse.${part} runs past bufferViews[${index}]`);
    }
  }
}

// Each image held in the file (a buffer view of a GLB, or a data: uri)
// whose header gives its size: at most MAX_IMAGE_PIXELS.
function checkImages(json, views, bytes, bin, fail) {
  const list = listOf(json, 'images', fail);
  const bufferViews = listOf(json, 'bufferViews', fail);
  for (let i = 0; i < list.length; i++) {
    const image = entryOf(list, 'images', i, fail);
    if (image.bufferView === undefined) continue; // a uri: three's image loader decodes it
    const index = image.bufferView;
    if (!Number.isInteger(index) || index < 0 || index >= views.length) {
      fail(`images[${i}].bufferView ${show(index)} names no buffer view`);
    }
    const view = bufferViews[index];
    if (view.buffer !== 0 || !bin) continue;
    const start = bin.offset + (view.byteOffset ?? 0);
    const header = new Uint8Array(bytes, start, Math.min(view.byteLength, 64 * 1024));
    const size = imageSize(header);
    if (size && size.width * size.height > MAX_IMAGE_PIXELS) {
      fail(
        `images[${i}] is ${size.width} × ${size.height} pixels, past the limit of ${MAX_IMAGE_PIXELS} pixels`,
      );
    }
  }
  return list.length;
}

// Width and height from a PNG's IHDR or a JPEG's frame header, or null.
export function imageSize(b) {
  const u32 = (at) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    return { width: u32(16), height: u32(20) };
  }
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  for (let at = 2; at + 9 < b.length;) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    const length = (b[at + 2] << 8) | b[at + 3];
    const frame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (frame) return { height: (b[at + 5] << 8) | b[at + 6], width: (b[at + 7] << 8) | b[at + 8] };
    at += 2 + length;
  }
  return null;
}

// A scene to show: three's loader leaves gltf.scene undefined without one.
function checkScenes(json, fail) {
  const scenes = listOf(json, 'scenes', fail);
  if (scenes.length === 0)
    fail('has no scene (its "scenes" list is missing or empty): nothing to show');
  const { scene } = json;
  if (scene !== undefined && !(Number.isInteger(scene) && scene >= 0 && scene < scenes.length)) {
    fail(`"scene" ${show(scene)} names no scene (there are ${scenes.length})`);
  }
}
