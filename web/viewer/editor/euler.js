// XYZ Euler angles in degrees (R = Rx·Ry·Rz, three.js's 'XYZ' order) of a
// unit quaternion [x, y, z, w], rounded to a millidegree: the gesture
// files' unit and precision. The angles are the library's (the ones its
// BVH export writes); the rounding is the editor's.
import { eulerXYZ } from 'kblend';

const DEG = 180 / Math.PI;
const round = (v) => Math.round(v * 1000) / 1000 + 0; // + 0: no −0

export function eulerDegreesOf(q) {
  return eulerXYZ(q).map((v) => round(v * DEG));
}
