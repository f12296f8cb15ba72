// Every BVH import failure: a readable message naming the file and the
// fault (the line, or the joints that could not be mapped).
export class BvhImportError extends Error {
  // details: { line?, unmapped?, joints? }
  constructor(message, details = {}) {
    super(message);
    this.name = 'BvhImportError';
    Object.assign(this, details);
  }
}
