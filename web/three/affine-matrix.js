// Matrix4 arithmetic for affine transforms (last row 0 0 0 1), on flat
// arrays at an offset (column-major, as three's Matrix4.elements). Each
// gives, term for term and in three's order of summation, what
// Matrix4.compose and Matrix4.multiplyMatrices give; only the products
// with zeros and ones known in advance are left out.

// t[to …] ← the matrix of position p[pi …], rotation (x, y, z, w) (unit)
// and scale s[si …].
export function composeInto(t, to, p, pi, x, y, z, w, s, si) {
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
  t[to] = (1 - (yy + zz)) * sx;
  t[to + 1] = (xy + wz) * sx;
  t[to + 2] = (xz - wy) * sx;
  t[to + 3] = 0;
  t[to + 4] = (xy - wz) * sy;
  t[to + 5] = (1 - (xx + zz)) * sy;
  t[to + 6] = (yz + wx) * sy;
  t[to + 7] = 0;
  t[to + 8] = (xz + wy) * sz;
  t[to + 9] = (yz - wx) * sz;
  t[to + 10] = (1 - (xx + yy)) * sz;
  t[to + 11] = 0;
  t[to + 12] = p[pi];
  t[to + 13] = p[pi + 1];
  t[to + 14] = p[pi + 2];
  t[to + 15] = 1;
}

// m[t …] ← m[a …] · m[b …], both affine.
export function multiplyAffine(m, a, b, t) {
  const a11 = m[a],
    a12 = m[a + 4],
    a13 = m[a + 8],
    a14 = m[a + 12];
  const a21 = m[a + 1],
    a22 = m[a + 5],
    a23 = m[a + 9],
    a24 = m[a + 13];
  const a31 = m[a + 2],
    a32 = m[a + 6],
    a33 = m[a + 10],
    a34 = m[a + 14];
  const b11 = m[b],
    b12 = m[b + 4],
    b13 = m[b + 8],
    b14 = m[b + 12];
  const b21 = m[b + 1],
    b22 = m[b + 5],
    b23 = m[b + 9],
    b24 = m[b + 13];
  const b31 = m[b + 2],
    b32 = m[b + 6],
    b33 = m[b + 10],
    b34 = m[b + 14];
  m[t] = a11 * b11 + a12 * b21 + a13 * b31;
  m[t + 4] = a11 * b12 + a12 * b22 + a13 * b32;
  m[t + 8] = a11 * b13 + a12 * b23 + a13 * b33;
  m[t + 12] = a11 * b14 + a12 * b24 + a13 * b34 + a14;
  m[t + 1] = a21 * b11 + a22 * b21 + a23 * b31;
  m[t + 5] = a21 * b12 + a22 * b22 + a23 * b32;
  m[t + 9] = a21 * b13 + a22 * b23 + a23 * b33;
  m[t + 13] = a21 * b14 + a22 * b24 + a23 * b34 + a24;
  m[t + 2] = a31 * b11 + a32 * b21 + a33 * b31;
  m[t + 6] = a31 * b12 + a32 * b22 + a33 * b32;
  m[t + 10] = a31 * b13 + a32 * b23 + a33 * b33;
  m[t + 14] = a31 * b14 + a32 * b24 + a33 * b34 + a34;
  m[t + 3] = 0;
  m[t + 7] = 0;
  m[t + 11] = 0;
  m[t + 15] = 1;
}

// m[t …] ← m[a …] · m[b …], a affine, b a pure translation (its linear
// part exactly the identity): a's linear part and a moved origin.
export function multiplyTranslation(m, a, b, t) {
  const a11 = m[a],
    a12 = m[a + 4],
    a13 = m[a + 8];
  const a21 = m[a + 1],
    a22 = m[a + 5],
    a23 = m[a + 9];
  const a31 = m[a + 2],
    a32 = m[a + 6],
    a33 = m[a + 10];
  const b14 = m[b + 12],
    b24 = m[b + 13],
    b34 = m[b + 14];
  m[t] = a11;
  m[t + 1] = a21;
  m[t + 2] = a31;
  m[t + 3] = 0;
  m[t + 4] = a12;
  m[t + 5] = a22;
  m[t + 6] = a32;
  m[t + 7] = 0;
  m[t + 8] = a13;
  m[t + 9] = a23;
  m[t + 10] = a33;
  m[t + 11] = 0;
  m[t + 12] = a11 * b14 + a12 * b24 + a13 * b34 + m[a + 12];
  m[t + 13] = a21 * b14 + a22 * b24 + a23 * b34 + m[a + 13];
  m[t + 14] = a31 * b14 + a32 * b24 + a33 * b34 + m[a + 14];
  m[t + 15] = 1;
}

// Whether e[o …]'s last row is 0 0 0 1.
export function isAffine(e, o = 0) {
  return e[o + 3] === 0 && e[o + 7] === 0 && e[o + 11] === 0 && e[o + 15] === 1;
}

// Whether e[o …] is a pure translation (affine, linear part the identity).
export function isTranslation(e, o = 0) {
  return (
    isAffine(e, o) &&
    e[o] === 1 &&
    e[o + 1] === 0 &&
    e[o + 2] === 0 &&
    e[o + 4] === 0 &&
    e[o + 5] === 1 &&
    e[o + 6] === 0 &&
    e[o + 8] === 0 &&
    e[o + 9] === 0 &&
    e[o + 10] === 1
  );
}
