// Quaternion entry points: SLERP (one pair and batches), geodesic angle,
// Euler conversions. Quaternions are [x, y, z, w], any array-like.
import { createOwnedBlock, disposedError } from './memory.js';
import { checkNumber, checkQuat, checkTunable, readNumbers } from './validate.js';

const FLOATS_PER_PAIR = 13; // a, b, out (4 each) and u
const EMPTY = new Float32Array(0);

export function createRotationApi(core, scratch) {
  const { a, b, out, vec3 } = scratch;
  const fn = core.fn;

  function slerp(q0, q1, u) {
    checkQuat('a', q0, a.view);
    checkQuat('b', q1, b.view);
    checkNumber('u', u, { float32: true });
    core.check(fn._kb_slerp(a.ptr, b.ptr, u, out.ptr), 'slerp');
    return out.view.slice();
  }

  function geodesicAngle(q0, q1) {
    checkQuat('a', q0, a.view);
    checkQuat('b', q1, b.view);
    core.check(fn._kb_quat_geodesic_angle(a.ptr, b.ptr, out.ptr), 'geodesicAngle');
    return out.view[0];
  }

  // XYZ Euler angles in radians (three.js order) to a unit quaternion.
  function quatFromEuler(euler) {
    readNumbers('euler', euler, 3, vec3.view);
    core.check(fn._kb_quat_from_euler_xyz(vec3.ptr, out.ptr), 'quatFromEuler');
    return out.view.slice();
  }

  function eulerFromQuat(q) {
    checkQuat('q', q, a.view);
    core.check(fn._kb_quat_to_euler_xyz(a.ptr, vec3.ptr), 'eulerFromQuat');
    return vec3.view.slice();
  }

  // n SLERP pairs in the core's heap: fill a, b (4n floats) and u (n), call
  // slerp() or slerpFast(), read out. One call, no copies. After dispose()
  // the views are empty and every method throws.
  function createBatch(n) {
    checkTunable(core.limits, 'batchPairs', n, 'n');
    const batch = {};
    const bytes = n * FLOATS_PER_PAIR * 4;
    const block = createOwnedBlock(core, bytes, batch, `a SLERP batch of ${n} pairs`);
    const ptr = block.ptr;
    const views = {
      a: core.floats(ptr, 4 * n),
      b: core.floats(ptr + 16 * n, 4 * n),
      out: core.floats(ptr + 32 * n, 4 * n),
      u: core.floats(ptr + 48 * n, n),
    };
    const run = (kernel) => {
      if (!block.live) throw disposedError('SLERP batch');
      core.check(kernel(ptr, ptr + 16 * n, ptr + 48 * n, n, ptr + 32 * n), 'slerp batch');
      return views.out;
    };
    const view = (key) => ({ get: () => (block.live ? views[key] : EMPTY), enumerable: true });
    Object.defineProperties(batch, {
      a: view('a'),
      b: view('b'),
      out: view('out'),
      u: view('u'),
    });
    return Object.assign(batch, {
      count: n,
      slerp: () => run(fn._kb_slerp_batch),
      slerpFast: () => run(fn._kb_slerp_batch_fast),
      dispose: () => block.free(),
    });
  }

  return { slerp, geodesicAngle, quatFromEuler, eulerFromQuat, createBatch };
}
