// N rigs driven from one crowd (kb.createCrowd): one call into the core
// evaluates every member, then each rig's binding writes the bones of the
// joints the crowd's changedMask marks and keeps only the changed
// subtrees' matrices (see rig-binding.js).
import { JOINT_COUNT, checkOptions } from 'kblend';
import { RIG_BINDING_OPTIONS, createRigBinding, posePathOf } from './rig-binding.js';

const POSE = 4 * JOINT_COUNT;

function checkCrowd(crowd) {
  const ok =
    crowd &&
    typeof crowd.evaluate === 'function' &&
    Number.isInteger(crowd.count) &&
    crowd.poses?.length === POSE * crowd.count &&
    crowd.changedMask?.length === JOINT_COUNT * crowd.count;
  if (!ok) throw new TypeError('crowd must be a live kblend crowd (kb.createCrowd)');
}

// roots: one THREE.Object3D per crowd member, in the crowd's order;
// options: createRigBinding's ({ map, rest }), for every rig or one per rig.
export function createCrowdBinding(roots, crowd, options = {}) {
  checkCrowd(crowd);
  if (Array.isArray(options))
    options.forEach((o, i) =>
      checkOptions(`createCrowdBinding options[${i}]`, o, RIG_BINDING_OPTIONS),
    );
  else checkOptions('createCrowdBinding', options, RIG_BINDING_OPTIONS);
  if (!Array.isArray(roots) || roots.length !== crowd.count)
    throw new RangeError(
      `roots must be an array of ${crowd.count} rigs (one per crowd member), got ${Array.isArray(roots) ? roots.length : typeof roots}`,
    );
  const bindings = [];
  try {
    roots.forEach((root, i) => {
      try {
        bindings.push(createRigBinding(root, Array.isArray(options) ? options[i] : options));
      } catch (error) {
        throw new error.constructor(`roots[${i}]: ${error.message}`);
      }
    });
  } catch (error) {
    for (const b of bindings) b.dispose();
    throw error;
  }
  const n = crowd.count;
  const poses = bindings.map((_, i) => crowd.poses.subarray(POSE * i, POSE * (i + 1)));
  const masks = bindings.map((_, i) =>
    crowd.changedMask.subarray(JOINT_COUNT * i, JOINT_COUNT * (i + 1)),
  );
  const paths = bindings.map(posePathOf);
  let live = true;

  // The crowd's last evaluate onto the rigs; call it after every evaluate
  // (each member's mask is against its output before). Returns bones written.
  function update() {
    if (!live) throw new Error('kblend: this crowd binding was disposed');
    if (crowd.poses.length === 0) throw new Error('kblend: the crowd was disposed');
    let count = 0;
    for (let i = 0; i < n; i++) count += paths[i](poses[i], masks[i], null);
    return count;
  }

  return {
    bindings,
    // every member at time t (s), then onto the rigs
    apply(t) {
      if (!live) throw new Error('kblend: this crowd binding was disposed');
      if (typeof t !== 'number')
        throw new TypeError(`apply(t) needs t in seconds, got ${typeof t}`);
      crowd.evaluate(t);
      return update();
    },
    update,
    dispose() {
      if (!live) return;
      live = false;
      for (const b of bindings) b.dispose();
    },
  };
}
