// The objects a rig binding owns (SPEC §8a): its bones and the plain
// objects under them (segment meshes, props), in preorder. Their local
// matrices are composed by the binding only when they change (static
// meshes' are frozen at take-over) and their world matrices are kept by
// the binding for changed subtrees only: each has matrixAutoUpdate and
// matrixWorldAutoUpdate off.
//
// Even so, three's updateMatrixWorld visits every descendant of an
// auto-updating root each frame, to find nothing to do. So an owned object
// whose whole subtree is owned is sealed: its updateMatrixWorld (an own
// property) does not descend. A top object's checks its frame (its
// parent's world matrix, just updated by that traversal) and, when the app
// moved the rig, recomputes the rig's world matrices there and then. An
// object added later under an owned one opens the path above it again
// ('childadded'), and three updates the newcomer from the kept matrices.
//
// Objects that override updateMatrixWorld (cameras keep matrixWorldInverse
// there, skinned meshes their bind matrix) are not owned, nor is anything
// under them: three keeps updating those from their parent's world matrix.
import { Object3D } from 'three';

const plainUpdate = Object3D.prototype.updateMatrixWorld;
const sealed = function updateMatrixWorldOwnedByKblend() {};

function collect(bones) {
  const isBone = new Set(bones);
  const tops = bones.filter((b) => {
    for (let o = b.parent; o; o = o.parent) if (isBone.has(o)) return false;
    return true;
  });
  const objects = [];
  const parentIndex = [];
  const visit = (o, parent) => {
    if (o.updateMatrixWorld !== plainUpdate) return;
    const k = objects.push(o) - 1;
    parentIndex.push(parent);
    for (const child of o.children) visit(child, k);
  };
  for (const top of tops) visit(top, -1);
  return { objects, parentIndex: Int32Array.from(parentIndex) };
}

export function createOwnedMatrices(bones) {
  const { objects, parentIndex } = collect(bones);
  const count = objects.length;
  const slotOf = new Map(objects.map((o, k) => [o, k]));
  const saved = objects.map((o) => [o.matrixAutoUpdate, o.matrixWorldAutoUpdate]);
  const changed = new Uint8Array(count).fill(1); // local matrix changed since the last update
  const dirty = new Uint8Array(count);
  const open = new Uint8Array(count); // a descendant is not owned: three must visit it
  const seen = new Float64Array(16 * count).fill(NaN); // tops' frames as last used
  const moved = new Uint8Array(count);

  // Whether top k's frame moved since last seen (and remember it).
  function frameMoved(k) {
    const e = objects[k].parent?.matrixWorld.elements;
    let m = 0;
    if (e)
      for (let i = 0; i < 16; i++)
        if (seen[16 * k + i] !== e[i]) {
          seen[16 * k + i] = e[i];
          m = 1;
        }
    return m;
  }

  // World matrices of what changed or hangs below a change.
  function update() {
    for (let k = 0; k < count; k++) {
      const p = parentIndex[k];
      // a top's frame is read every time, so it is never seen as moved twice
      const above = p < 0 ? frameMoved(k) | moved[k] : dirty[p];
      const d = changed[k] | above;
      dirty[k] = d;
      if (p < 0) moved[k] = 0;
      if (!d) continue;
      changed[k] = 0;
      const o = objects[k];
      if (o.parent) o.matrixWorld.multiplyMatrices(o.parent.matrixWorld, o.matrix);
      else o.matrixWorld.copy(o.matrix);
    }
  }

  function topUpdate(k) {
    return function updateMatrixWorldOwnedByKblend(force) {
      if (frameMoved(k)) {
        moved[k] = 1;
        update();
      }
      if (open[k]) plainUpdate.call(this, force);
    };
  }

  function markOpen(k) {
    for (let i = k; i >= 0 && !open[i]; i = parentIndex[i]) {
      open[i] = 1;
      if (parentIndex[i] >= 0) delete objects[i].updateMatrixWorld; // three's own again
    }
  }
  const onChildAdded = (event) => markOpen(slotOf.get(event.target));

  objects.forEach((o, k) => {
    o.matrixAutoUpdate = false;
    o.matrixWorldAutoUpdate = false;
    o.updateMatrix();
    o.updateMatrixWorld = parentIndex[k] < 0 ? topUpdate(k) : sealed;
    o.addEventListener('childadded', onChildAdded);
  });
  objects.forEach((o, k) => o.children.some((c) => !slotOf.has(c)) && markOpen(k));

  return {
    objects,
    // object's local transform changed: compose its matrix now, world at update()
    touch(object) {
      const k = slotOf.get(object);
      object.matrix.compose(object.position, object.quaternion, object.scale);
      if (k !== undefined) changed[k] = 1;
    },
    update,
    // the app's flags back, and every matrix from the objects' transforms
    release() {
      objects.forEach((o, k) => {
        [o.matrixAutoUpdate, o.matrixWorldAutoUpdate] = saved[k];
        delete o.updateMatrixWorld;
        o.removeEventListener('childadded', onChildAdded);
        o.updateMatrix();
      });
      objects.forEach((o, k) => parentIndex[k] < 0 && o.updateWorldMatrix(true, true));
    },
  };
}
