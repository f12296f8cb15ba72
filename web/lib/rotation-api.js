// Quaternion entry points: SLERP (one pair and batches), geodesic angle,
// Euler conversions. Quaternions are [x, y, z, w], any array-like.
import { checkArrayLike, checkNumber, checkQuat } from './validate.js';

export function createRotationApi(core, scratch) {
  const { a, b, out, vec3 } = scratch;
  const fn = core.fn;

  function slerp(q0, q1, u) {
    checkQuat('a', q0);
    checkQuat('b', q1);
    checkNumber('u', u);
    a.view.set(q0);
    b.view.set(q1);
    core.check(fn._kb_slerp(a.ptr, b.ptr, u, out.ptr), 'slerp');
    return out.view.slice();
  }

  function geodesicAngle(q0, q1) {
    checkQuat('a', q0);
    checkQuat('b', q1);
    a.view.set(q0);
    b.view.set(q1);
    core.check(fn._kb_quat_geodesic_angle(a.ptr, b.ptr, out.ptr), 'geodesicAngle');
    return out.view[0];
  }

  // XYZ Euler angles in radians (three.js order) to a unit quaternion.
  function quatFromEuler(euler) {
    checkArrayLike('euler', euler, 3);
    vec3.view.set(euler);
    core.check(fn._kb_quat_from_euler_xyz(vec3.ptr, out.ptr), 'quatFromEuler');
    return out.view.slice();
  }

  function eulerFromQuat(q) {
    checkQuat('q', q);
    a.view.set(q);
    core.check(fn._kb_quat_to_euler_xyz(a.ptr, vec3.ptr), 'eulerFromQuat');
    return vec3.view.slice();
  }

  // n SLERP pairs in the core's heap: fill a, b (4n floats) and u (n), call
  // slerp() or slerpFast(), read out. One call, no copies.
  function createBatch(n) {
    checkNumber('n', n, { min: 1, max: 2_000_000, integer: true });
    const ptr = core.alloc(n * 13 * 4);
    const views = {
      a: core.floats(ptr, 4 * n),
      b: core.floats(ptr + 16 * n, 4 * n),
      out: core.floats(ptr + 32 * n, 4 * n),
      u: core.floats(ptr + 48 * n, n),
    };
    let live = true;
    const run = (kernel) => {
      if (!live) throw new Error('kblend: this batch was disposed');
      core.check(kernel(ptr, ptr + 16 * n, ptr + 48 * n, n, ptr + 32 * n), 'slerp batch');
      return views.out;
    };
    return {
      count: n,
      ...views,
      slerp: () => run(fn._kb_slerp_batch),
      slerpFast: () => run(fn._kb_slerp_batch_fast),
      dispose() {
        if (live) core.free(ptr);
        live = false;
      },
    };
  }

  return { slerp, geodesicAngle, quatFromEuler, eulerFromQuat, createBatch };
}
