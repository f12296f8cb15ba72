// Every BVH import failure: a readable message naming the file and the
// fault (the line, or the joints that could not be mapped). A RangeError:
// the text is a string, its content is what is wrong.
export class BvhImportError extends RangeError {
  // details: { line?, unmapped?, joints?, mapped?, missing? }
  constructor(message, details = {}) {
    super(message);
    this.name = 'BvhImportError';
    Object.assign(this, details);
  }
}
