// A hash's custom-gesture part (cg=…) apart from the rest, with no decoding
// (so a reader that needs no blob loads no inflate).
const BLOB_KEY = 'cg';

// The cg value and the hash without it (the raw text of the other parts).
export function splitCustomGesture(hash) {
  const parts = String(hash ?? '')
    .replace(/^#/, '')
    .split('&');
  const blobs = [];
  const rest = [];
  for (const part of parts) {
    if (part.startsWith(`${BLOB_KEY}=`)) blobs.push(part.slice(BLOB_KEY.length + 1));
    else if (part !== '') rest.push(part);
  }
  return { rest: rest.join('&'), blobs };
}
