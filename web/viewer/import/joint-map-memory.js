// Joint mappings the user picked, remembered per skeleton: the signature is
// the file's joint names in order (a capture session's files share it), so
// the next file from the same skeleton imports with the same picks.
const PREFIX = 'kblend.bvh-map.';
// The most of a file's head read for its names: more than any humanoid's
// hierarchy, and a scan of it costs the page a few milliseconds at most.
const HEAD_CHARS = 256 * 1024;

const isSpace = (c) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff;

// The words of text[start, end), split on whitespace (at most `max`).
function words(text, start, end, max) {
  const out = [];
  let i = start;
  while (i < end && out.length < max) {
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    const from = i;
    while (i < end && !isSpace(text.charCodeAt(i))) i++;
    if (i > from) out.push(text.slice(from, i));
  }
  return out;
}

/**
 * The joint names of a BVH file's hierarchy, read from its text as the
 * importer reads them (the words after ROOT or JOINT, joined by a space),
 * up to MOTION. One forward scan over at most HEAD_CHARS characters: the
 * page's thread never spends more on a file than that, whatever it holds.
 */
export function hierarchyJointNames(text) {
  const end = Math.min(text.length, HEAD_CHARS);
  const names = [];
  for (let start = 0; start < end;) {
    let stop = start;
    while (stop < end && text.charCodeAt(stop) !== 10 && text.charCodeAt(stop) !== 13) stop++;
    const [key, ...name] = words(text, start, stop, 64);
    if (key === 'MOTION') break;
    if ((key === 'ROOT' || key === 'JOINT') && name.length > 0) names.push(name.join(' '));
    start = stop + 1;
  }
  return names;
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
