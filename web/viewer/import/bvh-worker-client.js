// The page's side of the import worker: one import at a time, cancellable
// (the worker is ended and a fresh one made for the next import, so a
// cancelled retarget costs nothing more).

/** Raised when an import was cancelled. */
export class ImportCancelled extends Error {
  constructor() {
    super('the import was cancelled');
    this.name = 'ImportCancelled';
  }
}

/** A failure the worker reported, with the mapping facts when there are any. */
class ImportFailed extends Error {
  constructor({ name, message, unmapped, joints, mapped, missing }) {
    super(message);
    this.name = name === 'BvhImportError' ? 'BvhImportError' : 'ImportFailed';
    this.unmapped = unmapped ?? null;
    this.joints = joints ?? null;
    this.mapped = mapped ?? null;
    this.missing = missing ?? null;
  }
}

const makeWorker = () =>
  new Worker(new URL('./bvh-worker.js', import.meta.url), { type: 'module', name: 'bvh-import' });

/**
 * @param {() => Worker} [create]  makes the worker (tests may pass their own)
 */
export function createBvhWorkerClient(create = makeWorker) {
  let worker = null;
  let pending = null; // { id, resolve, reject, onProgress }
  let nextId = 1;

  function ensureWorker() {
    if (worker) return worker;
    worker = create();
    worker.onmessage = ({ data }) => {
      if (!pending || data.id !== pending.id) return; // a cancelled request
      if (data.type === 'progress') return pending.onProgress(data.progress, data.message);
      const { resolve, reject } = pending;
      pending = null;
      if (data.type === 'done') resolve(data.clip);
      else reject(new ImportFailed(data));
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      const failed = pending;
      pending = null;
      worker.terminate();
      worker = null;
      failed?.reject(new ImportFailed({ message: `the import worker failed: ${event.message}` }));
    };
    return worker;
  }

  return {
    get busy() {
      return pending !== null;
    },
    /**
     * Import one file (a File or Blob: the worker reads it).
     * @returns {Promise<object>} the clip (kb.importBvh's, without sourcePositions)
     */
    run(file, options, onProgress = () => {}) {
      if (pending) this.cancel();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending = { id, resolve, reject, onProgress };
        ensureWorker().postMessage({ id, file, options });
      });
    },
    // Ends the running import at once; its promise rejects with ImportCancelled.
    cancel() {
      if (!pending) return false;
      const { reject } = pending;
      pending = null;
      worker?.terminate();
      worker = null;
      reject(new ImportCancelled());
      return true;
    },
    dispose() {
      this.cancel();
      worker?.terminate();
      worker = null;
    },
  };
}
