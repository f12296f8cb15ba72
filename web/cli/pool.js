// Files converted on `jobs` worker threads, each fed the next file as soon
// as it answers. A worker that dies (a crash, not a bad file: those are
// answered) fails only the file it had and is replaced; one that cannot
// even load the library ends the run, since every other would fail alike.
import { Worker } from 'node:worker_threads';

const WORKER = new URL('./convert-worker.js', import.meta.url);

// onDone(file, answer) with answer { ok, result | error, seconds }.
// signal (an AbortSignal): when it aborts, the workers are ended and the
// promise resolves; the files they had get no answer.
export function runPool(files, { jobs, options, onDone, signal }) {
  return new Promise((resolve, reject) => {
    const workers = new Set();
    let next = 0;
    let stopped = false;
    signal?.addEventListener('abort', () => {
      stopped = true;
      next = files.length;
      for (const worker of workers) worker.terminate();
    });
    const fail = (error) => {
      for (const worker of workers) worker.terminate();
      reject(error);
    };
    const start = () => {
      const worker = new Worker(WORKER, { workerData: { options } });
      workers.add(worker);
      let current = null;
      let ready = false;
      const lost = (reason) => {
        if (current && !stopped) onDone(current.file, { ok: false, error: reason, seconds: 0 });
        current = null;
      };
      const feed = () => {
        if (next >= files.length) return worker.terminate();
        current = { id: next, file: files[next++] };
        worker.postMessage(current);
      };
      worker.on('message', (message) => {
        if (!message.ready) {
          onDone(current.file, message);
          current = null;
        }
        ready = true;
        feed();
      });
      worker.on('error', (error) => {
        if (!ready) fail(new Error(`a worker could not load the library: ${error.message}`));
        lost(`the worker stopped: ${error.message}`);
      });
      worker.on('exit', (code) => {
        workers.delete(worker);
        lost(`the worker exited (code ${code})`);
        if (stopped) return workers.size === 0 && resolve();
        if (!ready) return fail(new Error(`a worker exited (code ${code}) before it was ready`));
        if (next < files.length) start();
        else if (workers.size === 0) resolve();
      });
    };
    const count = Math.min(jobs, files.length);
    if (count === 0) return resolve();
    for (let i = 0; i < count; i++) start();
  });
}
