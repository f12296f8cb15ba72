// One array as a .npy file (format version 1.0), what numpy.load reads:
// the magic "\x93NUMPY", version 1.0, a little-endian uint16 header length,
// a Python dict literal padded with spaces to a multiple of 64 bytes with
// a final newline, then the data in C order, little endian.
const DTYPES = new Map([
  [Float32Array, { descr: '<f4', set: 'setFloat32' }],
  [Float64Array, { descr: '<f8', set: 'setFloat64' }],
]);
const MAGIC = [0x93, ...'NUMPY'].map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c));
const PREAMBLE = MAGIC.length + 2 + 2; // magic, version, header length
const ALIGN = 64;

const shapeText = (shape) => (shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`);

// The header dict, padded so that the data starts on a 64-byte boundary.
function header(descr, shape) {
  const dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shapeText(shape)}, }`;
  const padded = Math.ceil((PREAMBLE + dict.length + 1) / ALIGN) * ALIGN - PREAMBLE;
  return dict.padEnd(padded - 1, ' ') + '\n';
}

// values: a Float32Array or Float64Array holding the product of shape
// (shape [] is a scalar). Returns the file's bytes.
export function encodeNpy(values, shape) {
  const dtype = DTYPES.get(values.constructor);
  if (!dtype) throw new TypeError(`encodeNpy: values must be a Float32Array or Float64Array`);
  const count = shape.reduce((a, b) => a * b, 1);
  if (values.length !== count) {
    throw new RangeError(
      `encodeNpy: shape ${shapeText(shape)} needs ${count} values, got ${values.length}`,
    );
  }
  const text = header(dtype.descr, shape);
  const bytes = new Uint8Array(PREAMBLE + text.length + values.byteLength);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  bytes.set([1, 0], MAGIC.length);
  view.setUint16(MAGIC.length + 2, text.length, true);
  for (let i = 0; i < text.length; i++) bytes[PREAMBLE + i] = text.charCodeAt(i);
  const start = PREAMBLE + text.length;
  const size = values.BYTES_PER_ELEMENT;
  for (let i = 0; i < values.length; i++) view[dtype.set](start + i * size, values[i], true);
  return bytes;
}
