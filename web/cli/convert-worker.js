// A worker thread of `kblend convert`: loads the library once, says it is
// ready, then converts each file it is sent and answers with the result
// or the error's message (a bad file never ends the worker).
import { parentPort, workerData } from 'node:worker_threads';
import { loadKBlend } from 'kblend';
import { convertFile } from './convert-file.js';

const kb = await loadKBlend();
const { options } = workerData;

parentPort.on('message', ({ id, file }) => {
  const start = performance.now();
  const seconds = () => (performance.now() - start) / 1000;
  try {
    const result = convertFile(kb, file, options);
    parentPort.postMessage({ id, ok: true, result, seconds: seconds() });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    parentPort.postMessage({ id, ok: false, error: message, seconds: seconds() });
  }
});
parentPort.postMessage({ ready: true });
