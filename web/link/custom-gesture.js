// A share link's custom gesture (cg=…): decoded and validated by the
// viewer's blob reader (base64url, bounded inflate with fflate, the gesture
// file's checks). Loaded on demand by a reader of a link that carries one.
export { BLOB_KEY, decodeGestureBlob, encodeGestureBlob } from '../viewer/share/gesture-blob.js';
