// One mapping step for every source (a BVH file, a three.js rig): an
// explicit { kblendJoint: sourceName } map first, then names, then
// topology for what names left unmapped.
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from '../skeleton-names.js';
import { describe } from '../validate.js';
import { describeMapping, mapByName } from './joint-names.js';
import { mapByTopology } from './topology.js';

// map: 'auto' or an object { kblendJoint: sourceName }; the names it
// gives win, the other joints are matched automatically.
function explicitMapping(map, names) {
  const indexOf = new Array(JOINT_COUNT).fill(-1);
  if (map === undefined || map === 'auto') return indexOf;
  if (map === null || typeof map !== 'object' || Array.isArray(map)) {
    throw new TypeError(
      `map must be 'auto' or an object { kblendJoint: sourceJointName }, got ${describe(map)}`,
    );
  }
  for (const [joint, source] of Object.entries(map)) {
    const j = JOINT_NAMES.indexOf(joint);
    if (j < 0) {
      throw new RangeError(
        `map: ${JSON.stringify(joint)} is not a kblend joint (allowed: ${JOINT_NAMES.join(', ')})`,
      );
    }
    const s = names.indexOf(source);
    if (s < 0) {
      throw new RangeError(
        `map.${joint} must name a joint of the source, got ${describe(source)} (its joints: ${listNames(names)})`,
      );
    }
    if (indexOf.includes(s)) {
      throw new RangeError(`map: ${JSON.stringify(source)} is given to two kblend joints`);
    }
    indexOf[j] = s;
  }
  return indexOf;
}

export function listNames(names, max = 60) {
  return (
    names.slice(0, max).join(', ') + (names.length > max ? `, … (${names.length} in all)` : '')
  );
}

const isAncestor = (parents, ancestor, i) => {
  for (let p = parents[i]; p >= 0; p = parents[p]) if (p === ancestor) return true;
  return false;
};

// Joints matched automatically that contradict the manual map (a left
// ankle that is no descendant of the left hip given by hand, a hip given
// by hand below an automatic knee) are unmapped again, so topology places
// them under the given ones or they are reported unmapped.
function dropContradictions(indexOf, given, parents) {
  const kblendAncestor = (a, j) => {
    for (let p = JOINT_PARENTS[j]; p >= 0; p = JOINT_PARENTS[p]) if (p === a) return true;
    return false;
  };
  indexOf.forEach((source, j) => {
    if (source < 0 || given[j] >= 0) return;
    const contradicts = given.some(
      (g, e) =>
        g >= 0 &&
        ((kblendAncestor(e, j) && !isAncestor(parents, g, source)) ||
          (kblendAncestor(j, e) && !isAncestor(parents, source, g))),
    );
    if (contradicts) indexOf[j] = -1;
  });
}

// names, parents (−1 for a root), rest (world positions of a pose that
// stands, [x, y, z] each) of the source; consistent: automatic picks that
// contradict the manual map are dropped (BVH import; a rig binding keeps
// them, its writers handle bones that hang from a joint not their
// ancestor). Returns { indexOf, mapped, unmapped, ignored }.
export function mapJoints({ names, parents, rest, map = 'auto', consistent = false }) {
  const indexOf = explicitMapping(map, names);
  const given = indexOf.slice();
  mapByName(names, parents, indexOf);
  if (consistent) dropContradictions(indexOf, given, parents);
  mapByTopology(indexOf, parents, rest, names);
  if (consistent) dropContradictions(indexOf, given, parents);
  return describeMapping(names, indexOf);
}
