// Arrays as an .npz file: a zip of .npy files, stored without compression
// as numpy.savez writes it (float data shrinks little and storing is fast).
import { zipSync } from 'fflate';
import { encodeNpy } from './npy.js';

// arrays: { name: { values, shape } } → the zip's bytes, members name.npy.
export function encodeNpz(arrays) {
  const members = {};
  for (const [name, { values, shape }] of Object.entries(arrays)) {
    members[`${name}.npy`] = encodeNpy(values, shape);
  }
  return zipSync(members, { level: 0 });
}
