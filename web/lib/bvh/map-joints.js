// One mapping step for every source (a BVH file, a three.js rig): an
// explicit { kblendJoint: sourceName } map first, then names, then
// topology for what names left unmapped.
import { JOINT_COUNT, JOINT_NAMES } from '../skeleton-names.js';
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

// names, parents (−1 for a root), rest (world rest positions, [x, y, z]
// each) of the source. Returns { indexOf, mapped, unmapped, ignored }.
export function mapJoints({ names, parents, rest, map = 'auto' }) {
  const indexOf = explicitMapping(map, names);
  mapByName(names, parents, indexOf);
  mapByTopology(indexOf, parents, rest, names);
  return describeMapping(names, indexOf);
}
