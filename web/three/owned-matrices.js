// The objects a rig binding owns (SPEC §8a): its bones and the plain
// objects under them (segment meshes, props), in preorder. Their local
// matrices are composed by the binding only when they change (static
// meshes' are frozen at take-over) and their world matrices are kept by
// the binding for changed subtrees only: each has matrixAutoUpdate and
// matrixWorldAutoUpdate off. The binding owns their positions and scales
// too (read at take-over and when touched): a bone's rotation is composed
// from the binding's copy, not read back through the object.
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
import { composeInto, isAffine, multiplyAffine } from './affine-matrix.js';

const plainUpdate = Object3D.prototype.updateMatrixWorld;
const sealed = function updateMatrixWorldOwnedByKblend() {};
const IDENTITY = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);

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

// In preorder, the subtree of k is k … end[k] − 1.
function subtreeEnds(parentIndex) {
  const end = Int32Array.from(parentIndex, (_, k) => k + 1);
  for (let k = end.length - 1; k >= 0; k--)
    if (parentIndex[k] >= 0) end[parentIndex[k]] = Math.max(end[parentIndex[k]], end[k]);
  return end;
}

// The objects' matrices moved into one Float64Array (local and world of
// each object side by side, in preorder): the frame loop reads and writes
// one kind of array, and a rig's matrices lie together in memory (at a
// thousand rigs, scattered matrices cost a cache miss each). The elements
// arrays three gave are kept and get the values back at release.
function adoptMatrices(objects) {
  const buffer = new Float64Array(32 * objects.length);
  const given = objects.map((o) => [o.matrix.elements, o.matrixWorld.elements]);
  const local = objects.map((_, k) => buffer.subarray(32 * k, 32 * k + 16));
  const world = objects.map((_, k) => buffer.subarray(32 * k + 16, 32 * k + 32));
  objects.forEach((o, k) => {
    local[k].set(o.matrix.elements);
    world[k].set(o.matrixWorld.elements);
    o.matrix.elements = local[k];
    o.matrixWorld.elements = world[k];
  });
  return {
    local,
    world,
    release() {
      objects.forEach((o, k) => {
        for (let i = 0; i < 16; i++) given[k][0][i] = local[k][i];
        for (let i = 0; i < 16; i++) given[k][1][i] = world[k][i];
        o.matrix.elements = given[k][0];
        o.matrixWorld.elements = given[k][1];
      });
    },
  };
}

export function createOwnedMatrices(bones) {
  const { objects, parentIndex } = collect(bones);
  const count = objects.length;
  const end = subtreeEnds(parentIndex);
  const tops = Int32Array.from(objects.flatMap((_, k) => (parentIndex[k] < 0 ? [k] : [])));
  const slots = new Map(objects.map((o, k) => [o, k]));
  const saved = objects.map((o) => [o.matrixAutoUpdate, o.matrixWorldAutoUpdate]);
  const store = adoptMatrices(objects);
  const { local, world } = store;
  const position = new Float64Array(3 * count);
  const scale = new Float64Array(3 * count);
  const changed = new Uint8Array(count).fill(1); // local matrix changed since the last update
  const open = new Uint8Array(count); // a descendant is not owned: three must visit it
  const seen = new Float64Array(16 * count).fill(NaN); // tops' frames as last used
  const frames = objects.map((_, k) => seen.subarray(16 * k, 16 * k + 16));
  const moved = new Uint8Array(count); // a top's frame moved since its world was computed
  const general = new Uint8Array(count); // a top's frame is not affine
  let pending = 1; // some local matrix changed since the last update

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
    if (m) general[k] = isAffine(e) ? 0 : 1;
    return m;
  }

  // World matrices of subtree k (a changed object and what hangs below).
  function recompute(k, top) {
    const frame = objects[top].parent ? frames[top] : IDENTITY;
    for (let m = k, e = end[k]; m < e; m++) {
      changed[m] = 0;
      const p = parentIndex[m];
      const above = p < 0 ? frame : world[p];
      if (general[top])
        objects[m].matrixWorld.multiplyMatrices({ elements: above }, objects[m].matrix);
      else multiplyAffine(above, local[m], world[m]);
    }
  }

  // World matrices of what changed or hangs below a change.
  function update() {
    let any = pending;
    for (let t = 0; t < tops.length; t++) {
      const k = tops[t];
      // a top's frame is read every time, so it is never seen as moved twice
      if (frameMoved(k) | moved[k]) {
        moved[k] = 0;
        changed[k] = 1;
        any = 1;
      }
    }
    if (!any) return;
    pending = 0;
    for (let t = 0; t < tops.length; t++) {
      const top = tops[t];
      for (let k = top, e = end[top]; k < e;) {
        if (changed[k]) {
          recompute(k, top);
          k = end[k];
        } else k++;
      }
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
  const onChildAdded = (event) => markOpen(slots.get(event.target));

  objects.forEach((o, k) => {
    o.matrixAutoUpdate = false;
    o.matrixWorldAutoUpdate = false;
    o.updateMatrix();
    o.position.toArray(position, 3 * k);
    o.scale.toArray(scale, 3 * k);
    o.updateMatrixWorld = parentIndex[k] < 0 ? topUpdate(k) : sealed;
    o.addEventListener('childadded', onChildAdded);
  });
  objects.forEach((o, k) => o.children.some((c) => !slots.has(c)) && markOpen(k));

  return {
    objects,
    /** object's slot, or -1 when it is not owned */
    slotOf: (object) => slots.get(object) ?? -1,
    // slot k's rotation is now (x, y, z, w): compose its matrix now, world at update()
    rotate(k, x, y, z, w) {
      composeInto(local[k], position, 3 * k, x, y, z, w, scale, 3 * k);
      changed[k] = 1;
      pending = 1;
    },
    // object's local transform changed: read it, compose its matrix now, world at update()
    touch(object) {
      const k = slots.get(object);
      if (k === undefined) return void object.updateMatrix();
      object.position.toArray(position, 3 * k);
      object.scale.toArray(scale, 3 * k);
      const q = object.quaternion;
      this.rotate(k, q._x, q._y, q._z, q._w);
    },
    update,
    // the app's flags back, and every matrix from the objects' transforms
    release() {
      store.release();
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
