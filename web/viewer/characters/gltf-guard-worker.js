// The worker side of the character file check: the bytes come in
// (transferred), the verdict and the bytes go back, so a file whose JSON
// takes long to read never holds the page, and a check that runs too long
// is ended with its worker.
import { checkGltf } from './gltf-guard.js';

self.onmessage = ({ data: { id, bytes, fileName } }) => {
  let reply;
  try {
    reply = { id, ok: true, facts: checkGltf(bytes, fileName) };
  } catch (error) {
    reply = { id, ok: false, message: error.message };
  }
  self.postMessage({ ...reply, bytes }, [bytes]);
};
