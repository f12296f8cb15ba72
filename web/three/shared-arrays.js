// One copy of each constant table, whatever the number of rigs: bindings
// of rigs of the same shape (a crowd) get the same typed arrays for what
// does not change per rig (topology, recipes, offsets), so a frame over a
// thousand rigs reads one hot copy instead of a thousand cold ones. The
// tables are never written after binding.
const tables = new Map();

/** array itself, or an earlier table of the same type and contents. */
export function shared(array) {
  const key = `${array.constructor.name}:${array.join(',')}`;
  const known = tables.get(key);
  if (known) return known;
  tables.set(key, array);
  return array;
}
