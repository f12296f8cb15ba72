// How far a rig's matrices are from three's own recomputation.
import { Matrix4 } from 'three';

// Largest difference between o's matrices and a full recomputation from
// the root's world matrix, over every object under root.
export function staleness(root) {
  let worst = 0;
  const expected = new Matrix4();
  const visit = (o, parentWorld) => {
    const local = new Matrix4().compose(o.position, o.quaternion, o.scale);
    const world = new Matrix4().multiplyMatrices(parentWorld, local);
    for (let i = 0; i < 16; i++) {
      worst = Math.max(worst, Math.abs(o.matrix.elements[i] - local.elements[i]));
      worst = Math.max(worst, Math.abs(o.matrixWorld.elements[i] - world.elements[i]));
    }
    for (const c of o.children) visit(c, world);
  };
  root.updateWorldMatrix(true, false);
  expected.copy(root.matrixWorld);
  for (const c of root.children) visit(c, expected);
  return worst;
}
