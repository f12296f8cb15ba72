// A small least-recently-used cache of heap objects keyed by a number (a
// body height): at most `limit` entries live, the oldest is dropped (its
// block freed) when a new one is needed, so no sequence of calls can fill
// the heap with them.
export function createBoundedCache(limit, make, drop) {
  const entries = new Map();
  return {
    get(key) {
      let value = entries.get(key);
      if (value !== undefined) {
        entries.delete(key); // re-insert: most recent last
        entries.set(key, value);
        return value;
      }
      if (entries.size >= limit) {
        const [oldest, old] = entries.entries().next().value;
        entries.delete(oldest);
        drop(old);
      }
      value = make(key);
      entries.set(key, value);
      return value;
    },
    get size() {
      return entries.size;
    },
    clear() {
      for (const value of entries.values()) drop(value);
      entries.clear();
    },
  };
}
