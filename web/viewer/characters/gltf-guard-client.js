// The page's side of the character file check (gltf-guard.js): the bytes
// are checked in a worker and handed back, or the file is refused with the
// check's message. A check past the time limit ends its worker and refuses
// the file. Where workers are missing the same check runs in place.
import { GltfGuardError, checkGltf } from './gltf-guard.js';

const GUARD_TIME_LIMIT_MS = 20000;

const makeWorker = () =>
  new Worker(new URL('./gltf-guard-worker.js', import.meta.url), {
    type: 'module',
    name: 'character-check',
  });

/**
 * Check a character file before it is parsed.
 * @param {ArrayBuffer} bytes  transferred to the worker: use the returned buffer
 * @param {string} fileName
 * @returns {Promise<ArrayBuffer>} the same bytes, once accepted
 * @throws {GltfGuardError} naming the file and what is wrong
 */
export function guardCharacterFile(
  bytes,
  fileName,
  { create = makeWorker, limitMs = GUARD_TIME_LIMIT_MS } = {},
) {
  if (typeof Worker === 'undefined' && create === makeWorker) {
    return Promise.resolve().then(() => {
      checkGltf(bytes, fileName);
      return bytes;
    });
  }
  return new Promise((resolve, reject) => {
    const worker = create();
    const end = (settle) => {
      clearTimeout(timer);
      worker.terminate();
      settle();
    };
    const timer = setTimeout(
      () =>
        end(() =>
          reject(
            new GltfGuardError(
              `${fileName}: checking the file took longer than ${limitMs / 1000} s; the file was not loaded`,
            ),
          ),
        ),
      limitMs,
    );
    worker.onmessage = ({ data }) =>
      end(() => (data.ok ? resolve(data.bytes) : reject(new GltfGuardError(data.message))));
    worker.onerror = (event) => {
      event.preventDefault?.();
      end(() =>
        reject(
          new GltfGuardError(
            `${fileName}: the file check failed (${event.message}); the file was not loaded`,
          ),
        ),
      );
    };
    worker.postMessage({ id: 1, bytes, fileName }, [bytes]);
  });
}
