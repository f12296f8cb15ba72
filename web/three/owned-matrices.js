// The objects a rig binding owns (SPEC §8a): its bones and the plain
// objects under them (segment meshes, props), in preorder. Their local
// matrices are composed by the binding only when they change (static
// meshes' are frozen at take-over) and their world matrices are kept by
// the binding for changed subtrees only: each has matrixAutoUpdate and
// matrixWorldAutoUpdate off, so the app's scene.updateMatrixWorld() — which
// forces every descendant of an auto-updating root — passes over them
// without recomputing anything.
//
// Objects that override updateMatrixWorld (cameras keep matrixWorldInverse
// there, skinned meshes their bind matrix) are not owned, nor is anything
// under them: three keeps updating those from their parent's world matrix.
import { Object3D } from 'three';

const plainUpdate = Object3D.prototype.updateMatrixWorld;

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
  // the frames the top objects hang in (their parents' world matrices), as last seen
  const frames = [...new Set(objects.filter((_, k) => parentIndex[k] < 0).map((o) => o.parent))];
  const frameOf = Int32Array.from(objects, (o, k) =>
    parentIndex[k] < 0 ? frames.indexOf(o.parent) : -1,
  );
  const seen = new Float64Array(16 * frames.length).fill(NaN);
  const frameMoved = new Uint8Array(frames.length);
  for (const o of objects) {
    o.matrixAutoUpdate = false;
    o.matrixWorldAutoUpdate = false;
    o.updateMatrix();
  }

  // The frames' world matrices as of now (the app may have moved the rig).
  function readFrames() {
    for (let f = 0; f < frames.length; f++) {
      const frame = frames[f];
      if (!frame) continue;
      frame.updateWorldMatrix(true, false);
      const e = frame.matrixWorld.elements;
      let moved = 0;
      for (let i = 0; i < 16; i++) {
        if (seen[16 * f + i] !== e[i]) {
          seen[16 * f + i] = e[i];
          moved = 1;
        }
      }
      frameMoved[f] = moved;
    }
  }

  // World matrices of what changed or hangs below a change.
  function update() {
    readFrames();
    for (let k = 0; k < count; k++) {
      const p = parentIndex[k];
      const d = changed[k] || (p < 0 ? frameMoved[frameOf[k]] : dirty[p]);
      dirty[k] = d;
      if (!d) continue;
      changed[k] = 0;
      const o = objects[k];
      if (o.parent) o.matrixWorld.multiplyMatrices(o.parent.matrixWorld, o.matrix);
      else o.matrixWorld.copy(o.matrix);
    }
  }

  return {
    objects,
    owns: (object) => slotOf.has(object),
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
        o.updateMatrix();
      });
      objects.forEach((o, k) => parentIndex[k] < 0 && o.updateWorldMatrix(true, true));
    },
  };
}
