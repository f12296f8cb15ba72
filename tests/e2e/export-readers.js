// Independent readers for the browser export tests, run in Node: three's
// GLTFLoader and BVHLoader with an AnimationMixer, a PNG header and a WebM
// (EBML) walk. None of them shares code with the exporters.
import { AnimationMixer, Group } from 'three';
import { BVHLoader } from 'three/addons/loaders/BVHLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

// The local rotations [x, y, z, w] of the named bones at each time.
function sampleMixer(root, clip, bones, times) {
  const mixer = new AnimationMixer(root);
  mixer.clipAction(clip).play();
  return times.map((t) => {
    mixer.setTime(t);
    return bones.map((b) => [b.quaternion.x, b.quaternion.y, b.quaternion.z, b.quaternion.w]);
  });
}

export async function readGlb(bytes, jointNames, times) {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const gltf = await new GLTFLoader().parseAsync(buffer, '');
  const bones = jointNames.map((name) => gltf.scene.getObjectByName(name));
  const missing = jointNames.filter((_, j) => !bones[j]);
  if (missing.length) throw new Error(`GLB lacks the nodes ${missing.join(', ')}`);
  const clip = gltf.animations[0];
  return {
    clip,
    meshes: countMeshes(gltf.scene),
    poses: sampleMixer(gltf.scene, clip, bones, times),
  };
}

function countMeshes(root) {
  let meshes = 0;
  root.traverse((o) => (meshes += o.isMesh ? 1 : 0));
  return meshes;
}

export function readBvh(text, jointNames, frames) {
  const { skeleton, clip } = new BVHLoader().parse(text);
  const container = new Group();
  container.add(skeleton.bones[0]);
  const bones = jointNames.map((name) => skeleton.getBoneByName(name));
  const times = clip.tracks[0].times;
  return {
    clip,
    times,
    poses: sampleMixer(
      skeleton.bones[0],
      clip,
      bones,
      frames.map((k) => times[k]),
    ),
  };
}

// Width and height from a PNG's IHDR chunk.
export function pngSize(bytes) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => bytes[i] === b)) throw new Error('not a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') throw new Error('no IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// --- a small EBML walk: enough for the header, Info's Duration and the
// number of frames (SimpleBlocks) of a WebM file
function readVint(bytes, at, keepMarker) {
  const first = bytes[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new Error(`bad EBML vint at ${at}`);
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const MASTERS = new Set([
  0x1a45dfa3, 0x18538067, 0x1549a966, 0x1f43b675, 0xa0, 0x1654ae6b, 0xae, 0xe0,
]);

export function readWebm(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = {
    docType: null,
    timecodeScale: 1e6,
    durationTicks: null,
    blocks: 0,
    width: 0,
    height: 0,
  };
  const walk = (start, end) => {
    let at = start;
    while (at < end) {
      const id = readVint(bytes, at, true);
      const size = readVint(bytes, at + id.length, false);
      const body = at + id.length + size.length;
      const stop = size.unknown ? end : Math.min(end, body + size.value);
      if (MASTERS.has(id.value)) walk(body, stop);
      else if (id.value === 0x4282)
        out.docType = new TextDecoder().decode(bytes.subarray(body, stop));
      else if (id.value === 0x2ad7b1) out.timecodeScale = Number(readUint(bytes, body, stop));
      else if (id.value === 0x4489) {
        out.durationTicks = size.value === 4 ? view.getFloat32(body) : view.getFloat64(body);
      } else if (id.value === 0xa3) out.blocks++;
      else if (id.value === 0xb0) out.width = Number(readUint(bytes, body, stop));
      else if (id.value === 0xba) out.height = Number(readUint(bytes, body, stop));
      at = stop;
    }
  };
  if (!(bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)) {
    throw new Error('no EBML header');
  }
  walk(0, bytes.length);
  out.durationSeconds = (out.durationTicks * out.timecodeScale) / 1e9;
  return out;
}

function readUint(bytes, start, end) {
  let value = 0n;
  for (let i = start; i < end; i++) value = (value << 8n) | BigInt(bytes[i]);
  return value;
}

// Rotation angle between two quaternions, double precision.
export function angleBetween(a, b) {
  const d = Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
  const na = Math.hypot(...a);
  const nb = Math.hypot(...b);
  const c = Math.min(1, d / (na * nb));
  return 2 * Math.atan2(Math.sqrt(Math.max(0, 1 - c * c)), c);
}
