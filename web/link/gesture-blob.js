// The custom-gesture blob of a share link (docs/design.md §8b):
//   cg=1.<base64url, no padding, of the raw-deflated UTF-8 JSON of the gesture file>
// Pure functions, no DOM. A blob is untrusted: its length is checked before
// anything is decoded, inflation stops as soon as the output passes the
// limit (a deflate bomb is refused after at most one small chunk), the text
// must be UTF-8 and JSON with no key given twice, and the gesture is
// validated exactly as a gesture file (kb.parseGestureJson). Every refusal
// is a RangeError or TypeError whose message says what was wrong.
import { Inflate, deflateSync } from 'fflate';
import { gestureToFile } from './gesture-file.js';

const BLOB_VERSION = '1';
export const BLOB_KEY = 'cg';
// At most this many characters of link text in the blob (version included).
export const MAX_BLOB_CHARS = 8192;
// At most this many bytes of JSON once inflated.
export const MAX_INFLATED_BYTES = 65536;
// Input fed to the inflater per push: one push of 64 bytes inflates to at
// most about 66 KB, so a bomb never gets far past the limit.
const INFLATE_CHUNK = 64;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
// The label gesture messages start with.
const BLOB_LABEL = 'custom gesture of the link';

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  // (?<!=): the padding tried from its first '=' only, never once per '='
  return btoa(binary)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/(?<!=)=+$/, '');
}

function fromBase64Url(text) {
  if (!BASE64URL.test(text)) {
    throw new RangeError(
      `${BLOB_KEY}: the data is not base64url (allowed: A–Z, a–z, 0–9, '-', '_', no padding)`,
    );
  }
  if (text.length % 4 === 1) {
    throw new RangeError(`${BLOB_KEY}: the base64url data has an impossible length ${text.length}`);
  }
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// Raw inflate that refuses output past `limit` bytes (onChunk, for tests,
// sees each piece of output as it comes).
export function inflateLimited(bytes, limit = MAX_INFLATED_BYTES, onChunk = () => {}) {
  const parts = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    onChunk(chunk.length);
    total += chunk.length;
    if (total > limit) {
      throw new RangeError(
        `${BLOB_KEY}: the gesture inflates past ${limit} bytes; refused before inflating the rest`,
      );
    }
    parts.push(chunk);
  });
  try {
    if (bytes.length === 0) inflater.push(bytes, true);
    for (let at = 0; at < bytes.length; at += INFLATE_CHUNK) {
      const end = Math.min(bytes.length, at + INFLATE_CHUNK);
      inflater.push(bytes.subarray(at, end), end === bytes.length);
    }
  } catch (error) {
    if (error instanceof RangeError) throw error;
    throw new RangeError(`${BLOB_KEY}: the data is not raw deflate (${error.message})`);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The blob for a gesture (parsed or in the file format).
 * @param {object} gesture
 * @returns {string} '1.' + base64url; may be longer than MAX_BLOB_CHARS
 */
export function encodeGestureBlob(gesture) {
  const json = JSON.stringify(gestureToFile(gesture));
  const deflated = deflateSync(new TextEncoder().encode(json), { level: 9 });
  return `${BLOB_VERSION}.${toBase64Url(deflated)}`;
}

/**
 * Decode and validate a blob.
 * @param {string} blob  the cg value, as the link holds it
 * @param {(text: string, label: string) => object} parseGestureJson  the library's
 * @returns {object} the parsed, validated gesture
 */
export function decodeGestureBlob(blob, parseGestureJson) {
  if (typeof blob !== 'string') {
    throw new TypeError(`${BLOB_KEY} must be a string, got ${typeof blob}`);
  }
  if (blob.length > MAX_BLOB_CHARS) {
    throw new RangeError(
      `${BLOB_KEY}: ${blob.length} characters is past the limit of ${MAX_BLOB_CHARS}`,
    );
  }
  const dot = blob.indexOf('.');
  const version = dot < 0 ? '' : blob.slice(0, dot);
  if (version !== BLOB_VERSION) {
    const shown = JSON.stringify(version.slice(0, 8));
    throw new RangeError(
      `${BLOB_KEY}: version ${shown} is not supported (the blob must start with '${BLOB_VERSION}.')`,
    );
  }
  const inflated = inflateLimited(fromBase64Url(blob.slice(dot + 1)));
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    throw new RangeError(`${BLOB_KEY}: the inflated gesture is not UTF-8 text`);
  }
  return parseGestureJson(text, BLOB_LABEL);
}
