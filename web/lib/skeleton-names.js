// The 22 joints of the kblend skeleton (Kimodo/SMPL-X body topology), in
// the order of the C core (c_src/skeleton.c) and docs/design.md §3.
export const JOINT_NAMES = Object.freeze([
  'pelvis',
  'left_hip',
  'right_hip',
  'spine1',
  'left_knee',
  'right_knee',
  'spine2',
  'left_ankle',
  'right_ankle',
  'spine3',
  'left_foot',
  'right_foot',
  'neck',
  'left_collar',
  'right_collar',
  'head',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_wrist',
  'right_wrist',
]);

export const JOINT_PARENTS = Object.freeze([
  -1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 12, 13, 14, 16, 17, 18, 19,
]);

export const JOINT_COUNT = JOINT_NAMES.length;

// In a tree given by its parents (−1 for a root): the joints from
// `ancestor` (exclusive; −1 for above the root) down to j, top first, or
// null when ancestor is not above j.
export function jointChain(parents, ancestor, j) {
  const chain = [];
  for (let k = j; k !== ancestor; k = parents[k]) {
    if (k < 0) return null;
    chain.unshift(k);
  }
  return chain;
}

// The names and parents above are the core's (kb_joint_name,
// kb_joint_parent): checked once when the module loads.
export function checkSkeleton(core) {
  const fn = core.fn;
  const count = core.n('KB_JOINT_COUNT');
  const mismatch = [];
  if (count !== JOINT_COUNT) mismatch.push(`${count} joints`);
  for (let j = 0; j < count; j++) {
    const name = core.cString(fn._kb_joint_name(j));
    if (name !== JOINT_NAMES[j] || fn._kb_joint_parent(j) !== JOINT_PARENTS[j]) {
      mismatch.push(`joint ${j} ${name}`);
    }
  }
  if (mismatch.length > 0) {
    throw new Error(
      `kblend: the core's skeleton differs from the library's: ${mismatch.join(', ')}`,
    );
  }
}
