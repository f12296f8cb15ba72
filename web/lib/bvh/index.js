// BVH in and out for the library's API object: kb.importBvh(text,
// options) and kb.exportBvh(previewOrClip, options). No three.js.
import { exportBvh } from './export.js';
import { importBvh } from './import.js';

export { BvhImportError } from './errors.js';
export { BVH_LIMITS } from './parse.js';

export function createBvhApi(kb) {
  return {
    importBvh: (text, options) => importBvh(kb, text, options),
    exportBvh: (source, options) => exportBvh(kb, source, options),
  };
}
