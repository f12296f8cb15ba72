// The objects a rig binding owns (docs/design.md §8a): its bones and the plain
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
// moved the rig, recomputes the rig's world matrices there and then; the
// binding's own updates use the frame as that traversal last saw it (read
// there, where it is at hand: looking it up from every update would cost
// a chain of cache misses per rig and frame in a crowd). An
// object added later under an owned one opens the path above it again
// ('childadded'), and three updates the newcomer from the kept matrices.
//
// Objects that override updateMatrixWorld (cameras keep matrixWorldInverse
// there, skinned meshes their bind matrix) are not owned, nor is anything
// under them: three keeps updating those from their parent's world matrix.
import { Matrix4, Object3D } from 'three';
import {
  composeInto,
  isAffine,
  isTranslation,
  multiplyAffine,
  multiplyTranslation,
} from './affine-matrix.js';
import { shared } from './shared-arrays.js';

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

// In preorder, the subtree of k is k … end[k] − 1.
function subtreeEnds(parentIndex) {
  const end = Int32Array.from(parentIndex, (_, k) => k + 1);
  for (let k = end.length - 1; k >= 0; k--)
    if (parentIndex[k] >= 0) end[parentIndex[k]] = Math.max(end[parentIndex[k]], end[k]);
  return end;
}

// A Matrix4's elements as a view of the binding's store; serialized as
// the plain array three's own would be (GLTFExporter writes a node's
// elements into its JSON as they are).
class MatrixElements extends Float64Array {
  toJSON() {
    return Array.from(this);
  }
}

// Every matrix of the owned objects in one Float64Array: per top its frame
// (its parent's world matrix as last seen), per object its local and world
// matrix side by side (in preorder), then positions and scales. The
// objects' Matrix4s get views of it as their elements, so the frame loop
// reads and writes one array, and a rig's matrices lie together in memory
// (at a thousand rigs, scattered matrices cost a cache miss each). The
// elements arrays three gave are kept and get the values back at release.
function matrixStore(objects, tops) {
  const count = objects.length;
  const frames = 16 * tops.length;
  const m = new Float64Array(frames + 38 * count);
  const at = {
    frame: (t) => 16 * t,
    local: (k) => frames + 32 * k,
    world: (k) => frames + 32 * k + 16,
    position: (k) => frames + 32 * count + 6 * k,
    scale: (k) => frames + 32 * count + 6 * k + 3,
  };
  const given = objects.map((o) => [o.matrix.elements, o.matrixWorld.elements]);
  const view = (o) => new MatrixElements(m.buffer, 8 * o, 16);
  objects.forEach((o, k) => {
    o.updateMatrix();
    m.set(o.matrix.elements, at.local(k));
    m.set(o.matrixWorld.elements, at.world(k));
    o.position.toArray(m, at.position(k));
    o.scale.toArray(m, at.scale(k));
    o.matrix.elements = view(at.local(k));
    o.matrixWorld.elements = view(at.world(k));
  });
  tops.forEach((_, t) => m.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], at.frame(t)));
  return {
    m,
    at,
    frameMatrices: Array.from(tops, (_, t) =>
      Object.assign(new Matrix4(), { elements: view(at.frame(t)) }),
    ),
    release() {
      objects.forEach((o, k) => {
        const [local, world] = given[k];
        for (let i = 0; i < 16; i++) local[i] = m[at.local(k) + i];
        for (let i = 0; i < 16; i++) world[i] = m[at.world(k) + i];
        o.matrix.elements = local;
        o.matrixWorld.elements = world;
      });
    },
  };
}

// Where each object's matrices and its parent's world matrix are in the
// store, and which top each hangs from; shared by rigs of one shape.
function layout(objects, parentIndex, tops, at) {
  const topOf = new Int32Array(objects.length); // top number of each object
  objects.forEach(
    (_, k) => (topOf[k] = parentIndex[k] < 0 ? tops.indexOf(k) : topOf[parentIndex[k]]),
  );
  return {
    topOf,
    localAt: shared(Int32Array.from(objects, (_, k) => at.local(k))),
    worldAt: shared(Int32Array.from(objects, (_, k) => at.world(k))),
    aboveAt: shared(
      Int32Array.from(objects, (_, k) =>
        parentIndex[k] < 0 ? at.frame(topOf[k]) : at.world(parentIndex[k]),
      ),
    ),
  };
}

// Takes three's traversal over from the owned objects: their flags off,
// each one's updateMatrixWorld sealed (a top's checks its frame first),
// and the path above an object that is not owned opened again. Returns
// what gives it all back (the flags, three's own updateMatrixWorld, the
// local matrices from the objects' transforms).
function takeOverTraversal(owned, { frameMoved, update }) {
  const { objects, parentIndex, tops, topOf, slots, open, moved } = owned;
  const saved = objects.map((o) => [o.matrixAutoUpdate, o.matrixWorldAutoUpdate]);

  function topUpdate(t) {
    return function updateMatrixWorldOwnedByKblend(force) {
      if (frameMoved(t)) {
        moved[t] = 1;
        update();
      }
      if (open[tops[t]]) plainUpdate.call(this, force);
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
    o.updateMatrixWorld = parentIndex[k] < 0 ? topUpdate(topOf[k]) : sealed;
    o.addEventListener('childadded', onChildAdded);
  });
  objects.forEach((o, k) => o.children.some((c) => !slots.has(c)) && markOpen(k));

  return function restore() {
    objects.forEach((o, k) => {
      [o.matrixAutoUpdate, o.matrixWorldAutoUpdate] = saved[k];
      delete o.updateMatrixWorld;
      o.removeEventListener('childadded', onChildAdded);
      o.updateMatrix();
    });
  };
}

export function createOwnedMatrices(bones) {
  const found = collect(bones);
  const objects = found.objects;
  const count = objects.length;
  const parentIndex = shared(found.parentIndex);
  const end = shared(subtreeEnds(parentIndex));
  const tops = shared(Int32Array.from(objects.flatMap((_, k) => (parentIndex[k] < 0 ? [k] : []))));
  const slots = new Map(objects.map((o, k) => [o, k]));
  const store = matrixStore(objects, tops);
  const { m, at } = store;
  const { topOf, localAt, worldAt, aboveAt } = layout(objects, parentIndex, tops, at);
  // local matrix a pure translation (static meshes, props): a cheaper product
  const translation = Uint8Array.from(objects, (o, k) => (isTranslation(m, localAt[k]) ? 1 : 0));
  const changed = new Uint8Array(count).fill(1); // local matrix changed since the last update
  const open = new Uint8Array(count); // a descendant is not owned: three must visit it
  const moved = new Uint8Array(tops.length); // a top's frame moved since its world was computed
  const general = new Uint8Array(tops.length); // a top's frame is not affine
  let pending = 1; // some local matrix changed since the last update
  for (let t = 0; t < tops.length; t++) frameMoved(t); // the frames as they are now

  // Whether top t's frame moved since last seen (and remember it).
  function frameMoved(t) {
    const e = objects[tops[t]].parent?.matrixWorld.elements;
    if (!e) return 0;
    const o = at.frame(t);
    let moved = 0;
    for (let i = 0; i < 16; i++)
      if (m[o + i] !== e[i]) {
        m[o + i] = e[i];
        moved = 1;
      }
    if (moved) general[t] = isAffine(m, o) ? 0 : 1;
    return moved;
  }

  // World matrices of subtree k (a changed object and what hangs below).
  function recompute(k, t) {
    for (let i = k, e = end[k]; i < e; i++) {
      changed[i] = 0;
      if (general[t]) {
        const p = parentIndex[i];
        const above = p < 0 ? store.frameMatrices[t] : objects[p].matrixWorld;
        objects[i].matrixWorld.multiplyMatrices(above, objects[i].matrix);
      } else if (translation[i]) multiplyTranslation(m, aboveAt[i], localAt[i], worldAt[i]);
      else multiplyAffine(m, aboveAt[i], localAt[i], worldAt[i]);
    }
  }

  // World matrices of what changed or hangs below a change.
  function update() {
    let any = pending;
    for (let t = 0; t < tops.length; t++) {
      // moved: seen so by three's traversal (topUpdate), not yet recomputed
      if (moved[t]) {
        moved[t] = 0;
        changed[tops[t]] = 1;
        any = 1;
      }
    }
    if (!any) return;
    pending = 0;
    for (let t = 0; t < tops.length; t++)
      for (let k = tops[t], e = end[tops[t]]; k < e;) {
        if (changed[k]) {
          recompute(k, t);
          k = end[k];
        } else k++;
      }
  }

  const restoreTraversal = takeOverTraversal(
    { objects, parentIndex, tops, topOf, slots, open, moved },
    { frameMoved, update },
  );

  // slot k's rotation is now (x, y, z, w): compose its matrix now, world at update()
  function rotate(k, x, y, z, w) {
    composeInto(m, localAt[k], m, at.position(k), x, y, z, w, m, at.scale(k));
    translation[k] = 0;
    changed[k] = 1;
    pending = 1;
  }

  return {
    objects,
    /** object's slot, or -1 when it is not owned */
    slotOf: (object) => slots.get(object) ?? -1,
    rotate,
    // object's local transform changed: read it, compose its matrix now, world at update()
    touch(object) {
      const k = slots.get(object);
      if (k === undefined) return void object.updateMatrix();
      object.position.toArray(m, at.position(k));
      object.scale.toArray(m, at.scale(k));
      const q = object.quaternion;
      rotate(k, q._x, q._y, q._z, q._w);
    },
    update,
    // the app's flags back, and every matrix from the objects' transforms
    release() {
      store.release();
      restoreTraversal();
      objects.forEach((o, k) => parentIndex[k] < 0 && o.updateWorldMatrix(true, true));
    },
  };
}
