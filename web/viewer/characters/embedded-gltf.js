// A .gltf whose buffers are data: URIs (as Khronos ships its samples)
// becomes one GLB in memory: the buffers decoded here and laid end to end
// in its binary chunk. So three's GLTFLoader fetches nothing, and the
// page's policy (connect-src 'self') need not let data: URIs be fetched.
// Images keep their data: URIs (the policy's img-src allows them).

const GLB_MAGIC = 0x46546c67; // 'glTF'
const pad4 = (n) => (n + 3) & ~3;

/** A URI as a message may show it: at most 60 characters. */
function shortUri(uri) {
  const text = String(uri);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function decodeDataUri(uri, index) {
  const comma = uri.indexOf(',');
  if (comma < 0) throw new Error(`buffer ${index}'s data: URI has no data`);
  const head = uri.slice(5, comma);
  const body = uri.slice(comma + 1);
  if (/;base64$/i.test(head)) {
    const text = atob(body.replace(/\s/g, ''));
    return Uint8Array.from(text, (c) => c.charCodeAt(0));
  }
  return new TextEncoder().encode(decodeURIComponent(body));
}

function glb(json, bin) {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = pad4(text.length);
  const binLength = pad4(bin.length);
  const out = new Uint8Array(12 + 8 + jsonLength + (bin.length ? 8 + binLength : 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, out.length, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.set(text, 20);
  out.fill(0x20, 20 + text.length, 20 + jsonLength);
  if (bin.length) {
    view.setUint32(20 + jsonLength, binLength, true);
    view.setUint32(24 + jsonLength, 0x004e4942, true); // 'BIN\0'
    out.set(bin, 28 + jsonLength);
  }
  return out.buffer;
}

/**
 * The file's bytes as a GLB when it is a .gltf with embedded buffers; a
 * GLB as it is.
 * @param {ArrayBuffer} bytes
 * @returns {ArrayBuffer}
 * @throws {Error} not glTF JSON, or a buffer in a separate file
 */
export function embeddedGltfToGlb(bytes) {
  if (bytes.byteLength >= 4 && new DataView(bytes).getUint32(0, true) === GLB_MAGIC) return bytes;
  let json;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new Error('it is neither a binary glTF (.glb) nor glTF JSON');
  }
  const buffers = json.buffers ?? [];
  const parts = buffers.map((buffer, i) => {
    if (typeof buffer.uri !== 'string' || !buffer.uri.startsWith('data:'))
      throw new Error(
        `its buffer ${i} is a separate file (${shortUri(buffer.uri ?? 'none')}); pick a .glb, or a .gltf with its buffers embedded`,
      );
    return decodeDataUri(buffer.uri, i);
  });
  const offsets = [];
  let total = 0;
  for (const part of parts) {
    offsets.push(total);
    total = pad4(total + part.length);
  }
  const bin = new Uint8Array(total);
  parts.forEach((part, i) => bin.set(part, offsets[i]));
  for (const view of json.bufferViews ?? []) {
    view.byteOffset = (view.byteOffset ?? 0) + offsets[view.buffer];
    view.buffer = 0;
  }
  json.buffers = parts.length ? [{ byteLength: total }] : [];
  return glb(json, bin);
}
