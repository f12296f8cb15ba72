// Working buffers in the core's heap, allocated once per loaded module and
// shared by the scalar entry points (envelope, slerp, FK, ...). Calls are
// synchronous, so one set suffices. Sizes come from the core's ABI table.
export function createScratch(core) {
  const poseFloats = core.n('KB_POSE_FLOATS');
  const positionFloats = 3 * core.n('KB_JOINT_COUNT');
  const reportFloats = Math.max(core.n('KB_CLAP_REPORT_FLOATS'), 4);
  const sizes = {
    a: 4,
    b: 4,
    out: 4,
    vec3: 3,
    pose: poseFloats,
    positions: positionFloats,
    rotations: poseFloats,
    root: 3,
    report: reportFloats,
  };
  const floatCount = Object.values(sizes).reduce((sum, n) => sum + n, 0);
  const base = core.alloc(floatCount * 4, 'the scratch buffers');
  let offset = base;
  const scratch = {};
  for (const [name, n] of Object.entries(sizes)) {
    scratch[name] = { ptr: offset, view: core.floats(offset, n) };
    offset += n * 4;
  }
  const resultDoubles = core.n('KB_KLI_RESULT_DOUBLES');
  const doubleBase = core.alloc((8 + resultDoubles) * 8, 'the scratch buffers');
  scratch.p = { ptr: doubleBase, view: core.doubles(doubleBase, 4) };
  scratch.r = { ptr: doubleBase + 32, view: core.doubles(doubleBase + 32, 4) };
  scratch.result = { ptr: doubleBase + 64, view: core.doubles(doubleBase + 64, resultDoubles) };
  return scratch;
}
