// Matrix4 arithmetic for affine transforms (last row 0 0 0 1), on the
// elements arrays themselves (column-major, as three's Matrix4.elements).
// Each gives, term for term and in three's order of summation, what
// Matrix4.compose and Matrix4.multiplyMatrices give; only the products
// with the last row's zeros and one are left out.

// te ← the matrix of position p, rotation (x, y, z, w) (unit), scale s;
// p and s are read at p[pi …] and s[si …].
export function composeInto(te, p, pi, x, y, z, w, s, si) {
  const x2 = x + x,
    y2 = y + y,
    z2 = z + z;
  const xx = x * x2,
    xy = x * y2,
    xz = x * z2;
  const yy = y * y2,
    yz = y * z2,
    zz = z * z2;
  const wx = w * x2,
    wy = w * y2,
    wz = w * z2;
  const sx = s[si],
    sy = s[si + 1],
    sz = s[si + 2];
  te[0] = (1 - (yy + zz)) * sx;
  te[1] = (xy + wz) * sx;
  te[2] = (xz - wy) * sx;
  te[3] = 0;
  te[4] = (xy - wz) * sy;
  te[5] = (1 - (xx + zz)) * sy;
  te[6] = (yz + wx) * sy;
  te[7] = 0;
  te[8] = (xz + wy) * sz;
  te[9] = (yz - wx) * sz;
  te[10] = (1 - (xx + yy)) * sz;
  te[11] = 0;
  te[12] = p[pi];
  te[13] = p[pi + 1];
  te[14] = p[pi + 2];
  te[15] = 1;
}

// te ← ae · be, both affine.
export function multiplyAffine(ae, be, te) {
  const a11 = ae[0],
    a12 = ae[4],
    a13 = ae[8],
    a14 = ae[12];
  const a21 = ae[1],
    a22 = ae[5],
    a23 = ae[9],
    a24 = ae[13];
  const a31 = ae[2],
    a32 = ae[6],
    a33 = ae[10],
    a34 = ae[14];
  const b11 = be[0],
    b12 = be[4],
    b13 = be[8],
    b14 = be[12];
  const b21 = be[1],
    b22 = be[5],
    b23 = be[9],
    b24 = be[13];
  const b31 = be[2],
    b32 = be[6],
    b33 = be[10],
    b34 = be[14];
  te[0] = a11 * b11 + a12 * b21 + a13 * b31;
  te[4] = a11 * b12 + a12 * b22 + a13 * b32;
  te[8] = a11 * b13 + a12 * b23 + a13 * b33;
  te[12] = a11 * b14 + a12 * b24 + a13 * b34 + a14;
  te[1] = a21 * b11 + a22 * b21 + a23 * b31;
  te[5] = a21 * b12 + a22 * b22 + a23 * b32;
  te[9] = a21 * b13 + a22 * b23 + a23 * b33;
  te[13] = a21 * b14 + a22 * b24 + a23 * b34 + a24;
  te[2] = a31 * b11 + a32 * b21 + a33 * b31;
  te[6] = a31 * b12 + a32 * b22 + a33 * b32;
  te[10] = a31 * b13 + a32 * b23 + a33 * b33;
  te[14] = a31 * b14 + a32 * b24 + a33 * b34 + a34;
  te[3] = 0;
  te[7] = 0;
  te[11] = 0;
  te[15] = 1;
}

// Whether e's last row is 0 0 0 1.
export function isAffine(e) {
  return e[3] === 0 && e[7] === 0 && e[11] === 0 && e[15] === 1;
}
