// XYZ Euler angles in degrees (R = Rx·Ry·Rz, three.js's 'XYZ' order) of a
// unit quaternion [x, y, z, w], rounded to a millidegree: the gesture
// files' unit and precision.
const DEG = 180 / Math.PI;
const round = (v) => Math.round(v * 1000) / 1000 + 0; // + 0: no −0

export function eulerDegreesOf(q) {
  const [x, y, z, w] = q;
  const n = Math.hypot(x, y, z, w);
  const [a, b, c, d] = [x / n, y / n, z / n, w / n];
  const m11 = 1 - 2 * (b * b + c * c);
  const m12 = 2 * (a * b - c * d);
  const m13 = 2 * (a * c + b * d);
  const m22 = 1 - 2 * (a * a + c * c);
  const m23 = 2 * (b * c - a * d);
  const m32 = 2 * (b * c + a * d);
  const m33 = 1 - 2 * (a * a + b * b);
  const ry = Math.asin(Math.min(1, Math.max(-1, m13)));
  const angles =
    Math.abs(m13) < 0.9999999
      ? [Math.atan2(-m23, m33), ry, Math.atan2(-m12, m11)]
      : [Math.atan2(m32, m22), ry, 0];
  return angles.map((v) => round(v * DEG));
}
