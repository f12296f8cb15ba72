// Heap blocks owned by JS objects: freed by dispose(), or by the garbage
// collector when the owner is forgotten without one.
export function createOwnedBlock(core, bytes, owner) {
  const ptr = core.alloc(bytes);
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
