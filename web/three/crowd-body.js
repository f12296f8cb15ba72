// A default body for an instanced crowd: one capsule per bone (from a
// joint to its child, in the joint's frame) and a sphere for the head, at
// kblend's proportions (the crowd's bind positions). Each segment is
// { joint, geometry } with its geometry already in the joint's frame, so a
// segment's instance matrix is the joint's world matrix as it is.
import { CapsuleGeometry, Matrix4, Quaternion, SphereGeometry, Vector3 } from 'three';
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS, checkOptions } from 'kblend';

const UP = new Vector3(0, 1, 0);
const HEAD = JOINT_NAMES.indexOf('head');

// The capsule from a joint's origin to offset (its child's bind offset).
function boneGeometry(offset, radius) {
  const length = offset.length();
  const geometry = new CapsuleGeometry(radius, Math.max(length - 2 * radius, 1e-3), 2, 8);
  const turn = new Quaternion().setFromUnitVectors(UP, offset.clone().normalize());
  const middle = offset.clone().multiplyScalar(0.5);
  geometry.applyMatrix4(new Matrix4().compose(middle, turn, new Vector3(1, 1, 1)));
  return geometry;
}

// bind: 66 floats (crowd.bind); radius of the limbs and of the head, m.
export function crowdBodySegments(bind, options) {
  const { radius = 0.035, headRadius = 0.1 } = checkOptions('crowdBodySegments options', options, [
    'radius',
    'headRadius',
  ]);
  if (!bind || bind.length !== 3 * JOINT_COUNT)
    throw new TypeError(
      `bind must be the 66 bind positions of a crowd (crowd.bind), got ${bind?.length ?? bind}`,
    );
  for (const [name, value] of [
    ['radius', radius],
    ['headRadius', headRadius],
  ])
    if (!(typeof value === 'number' && value > 0 && value <= 0.5))
      throw new RangeError(`${name} must be a number in (0, 0.5] m, got ${value}`);
  const at = (j) => new Vector3(bind[3 * j], bind[3 * j + 1], bind[3 * j + 2]);
  const segments = [];
  for (let child = 1; child < JOINT_COUNT; child++) {
    const joint = JOINT_PARENTS[child];
    segments.push({ joint, geometry: boneGeometry(at(child).sub(at(joint)), radius) });
  }
  const head = new SphereGeometry(headRadius, 12, 8).translate(0, headRadius, 0);
  segments.push({ joint: HEAD, geometry: head });
  return segments;
}

// Sum of bind offsets from the pelvis down to each joint: no pose puts a
// joint farther than that from the pelvis.
export function chainLengths(bind) {
  const lengths = new Float64Array(JOINT_COUNT);
  for (let j = 1; j < JOINT_COUNT; j++) {
    const p = JOINT_PARENTS[j];
    const d = Math.hypot(
      bind[3 * j] - bind[3 * p],
      bind[3 * j + 1] - bind[3 * p + 1],
      bind[3 * j + 2] - bind[3 * p + 2],
    );
    lengths[j] = lengths[p] + d;
  }
  return lengths;
}
