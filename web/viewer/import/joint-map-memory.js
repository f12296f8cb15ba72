// Joint mappings the user picked, remembered per skeleton: the signature is
// the file's joint names in order (a capture session's files share it), so
// the next file from the same skeleton imports with the same picks.
const PREFIX = 'kblend.bvh-map.';
const HIERARCHY_END = /^\s*MOTION\b/m;
const JOINT_LINE = /^\s*(?:ROOT|JOINT)\s+(\S+)/gim;

/** The joint names of a BVH file's hierarchy, read from its text (cheap: stops at MOTION). */
export function hierarchyJointNames(text) {
  const end = text.search(HIERARCHY_END);
  const hierarchy = end < 0 ? text : text.slice(0, end);
  return [...hierarchy.matchAll(JOINT_LINE)].map((m) => m[1]);
}

// FNV-1a over the names: a short key of the skeleton.
export function skeletonSignature(names) {
  let hash = 0x811c9dc5;
  const text = names.join('\n');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${names.length}-${hash.toString(16).padStart(8, '0')}`;
}

/**
 * @param {Storage | null} storage  localStorage (null: remember nothing)
 * @param {string} [prefix]  the key's start (BVH skeletons, characters)
 */
export function createJointMapMemory(storage, prefix = PREFIX) {
  return {
    // The map remembered for this skeleton, or null. Only picks naming a
    // joint the file still has are kept.
    recall(names) {
      let stored = null;
      try {
        stored = JSON.parse(storage?.getItem(prefix + skeletonSignature(names)) ?? 'null');
      } catch {
        return null; // a damaged entry is no mapping
      }
      if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return null;
      const known = new Set(names);
      const map = Object.fromEntries(
        Object.entries(stored).filter(([, joint]) => typeof joint === 'string' && known.has(joint)),
      );
      return Object.keys(map).length > 0 ? map : null;
    },
    remember(names, map) {
      try {
        storage?.setItem(prefix + skeletonSignature(names), JSON.stringify(map));
      } catch {
        // storage full or refused: the pick still applies to this import
      }
    },
  };
}
