// Heap blocks owned by JS objects: freed by dispose(), or by the garbage
// collector when the owner is forgotten without one.
export function createOwnedBlock(core, bytes, owner, what) {
  const ptr = core.alloc(bytes, what);
  const token = {};
  registryFor(core).register(owner, ptr, token);
  let live = true;
  return {
    ptr,
    get live() {
      return live;
    },
    free() {
      if (!live) return;
      live = false;
      registryFor(core).unregister(token);
      core.free(ptr);
    },
  };
}

const registries = new WeakMap();
function registryFor(core) {
  let registry = registries.get(core);
  if (!registry) {
    registry = new FinalizationRegistry((ptr) => core.free(ptr));
    registries.set(core, registry);
  }
  return registry;
}

// The error every method of a disposed object throws.
export function disposedError(what) {
  return new Error(`kblend: this ${what} was disposed; create a new one`);
}
