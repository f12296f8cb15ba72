// Working buffers in the core's heap, allocated once per loaded module and
// shared by the scalar entry points (envelope, slerp, FK, ...). Calls are
// synchronous, so one set suffices.
export function createScratch(core) {
  const floatCount = 4 + 4 + 4 + 3 + 88 + 88 + 66 + 88 + 3 + 16;
  const base = core.alloc(floatCount * 4);
  let offset = base;
  const take = (n) => {
    const view = core.floats(offset, n);
    const ptr = offset;
    offset += n * 4;
    return { ptr, view };
  };
  const doubleBase = core.alloc(16 * 8);
  const intBase = core.alloc(4 * 4);
  return {
    a: take(4),
    b: take(4),
    out: take(4),
    vec3: take(3),
    pose: take(88),
    pose2: take(88),
    positions: take(66),
    rotations: take(88),
    root: take(3),
    report: take(16),
    p: { ptr: doubleBase, view: core.doubles(doubleBase, 4) },
    r: { ptr: doubleBase + 32, view: core.doubles(doubleBase + 32, 4) },
    result: { ptr: doubleBase + 64, view: core.doubles(doubleBase + 64, 8) },
    int: { ptr: intBase, view: new Int32Array(core.i32.buffer, intBase, 4) },
  };
}
