// Small quaternion helpers in plain JS for per-frame drawing code, where a
// call into the core per vector would cost more than the arithmetic.
// Quaternions are [x, y, z, w], unit.

// q v q⁻¹ for a unit q: v + 2w(u × v) + 2u × (u × v), u the vector part.
export function rotateVector(q, v) {
  const [x, y, z, w] = q;
  const tx = 2 * (y * v[2] - z * v[1]);
  const ty = 2 * (z * v[0] - x * v[2]);
  const tz = 2 * (x * v[1] - y * v[0]);
  return [
    v[0] + w * tx + (y * tz - z * ty),
    v[1] + w * ty + (z * tx - x * tz),
    v[2] + w * tz + (x * ty - y * tx),
  ];
}

// out[o…o+3] = a[ai…] ⊗ b[bi…] (Hamilton), on flat arrays so that per-frame
// loops over many joints allocate nothing; every input is read before out
// is written, so out may alias a or b.
export function multiplyQuatAt(a, ai, b, bi, out, o) {
  const ax = a[ai],
    ay = a[ai + 1],
    az = a[ai + 2],
    aw = a[ai + 3];
  const bx = b[bi],
    by = b[bi + 1],
    bz = b[bi + 2],
    bw = b[bi + 3];
  out[o] = aw * bx + ax * bw + ay * bz - az * by;
  out[o + 1] = aw * by - ax * bz + ay * bw + az * bx;
  out[o + 2] = aw * bz + ax * by - ay * bx + az * bw;
  out[o + 3] = aw * bw - ax * bx - ay * by - az * bz;
  return out;
}

// out = a ⊗ b (Hamilton); out may alias a or b.
export function multiplyQuat(a, b, out) {
  return multiplyQuatAt(a, 0, b, 0, out, 0);
}
