// Where a rig is bound from, and the frame kblend's directions are taken
// in. A SkinnedMesh is bound through its skeleton's root (the object its
// top bone hangs from), not its own frame, which exporters often turn or
// scale apart from the bones. The frame is the root's, turned by a quarter
// or half turn when the rig does not stand up along the root's +Y (a Z-up
// export whose turn sits below the root, or the root itself turned):
// "up" is read from the hierarchy, hips to chest, whatever the names.
import { Matrix4, Quaternion, Vector3 } from 'three';

const AXES = [
  ['+X', new Vector3(1, 0, 0)],
  ['-X', new Vector3(-1, 0, 0)],
  ['+Y', new Vector3(0, 1, 0)],
  ['-Y', new Vector3(0, -1, 0)],
  ['+Z', new Vector3(0, 0, 1)],
  ['-Z', new Vector3(0, 0, -1)],
];

// The object a SkinnedMesh's skeleton hangs from (the parent of its top
// bone), or null when the mesh is not skinned or its bones float free.
export function skeletonRoot(mesh) {
  const bones = mesh?.isSkinnedMesh ? mesh.skeleton?.bones : null;
  if (!bones || bones.length === 0) return null;
  const inSkeleton = new Set(bones);
  let top = bones[0];
  while (top.parent && inSkeleton.has(top.parent)) top = top.parent;
  return top.parent ?? null;
}

function childrenIn(bones) {
  const index = new Map(bones.map((b, i) => [b, i]));
  const children = bones.map(() => []);
  const tops = [];
  bones.forEach((b, i) => {
    const p = index.get(b.parent);
    if (p === undefined) tops.push(i);
    else children[p].push(i);
  });
  return { children, tops };
}

function firstBranch(i, children) {
  while (children[i].length === 1) i = children[i][0];
  return i;
}

function subtreeSize(i, children) {
  return 1 + children[i].reduce((n, c) => n + subtreeSize(c, children), 0);
}

// Hips (the first bone with two or more children under the largest top)
// and chest (below the hips, the first branch with the most children).
function hipsAndChest(bones) {
  const { children, tops } = childrenIn(bones);
  if (tops.length === 0) return null;
  const top = tops.reduce((a, b) => (subtreeSize(b, children) > subtreeSize(a, children) ? b : a));
  const hips = firstBranch(top, children);
  let chest = -1;
  for (const c of children[hips]) {
    const branch = firstBranch(c, children);
    if (chest < 0 || children[branch].length > children[chest].length) chest = branch;
  }
  return chest >= 0 && children[chest].length >= 2 ? { hips, chest } : null;
}

/**
 * The turn from the root's frame to the frame the rig stands up in (+Y
 * up): identity for a rig standing along the root's +Y.
 * @returns {{ turn: Quaternion, up: string }}  up: the root's axis the rig's up lies along
 */
export function uprightTurn(root, bones) {
  const found = hipsAndChest(bones);
  const turn = new Quaternion();
  if (!found) return { turn, up: '+Y' };
  root.updateMatrixWorld(true);
  const toRoot = new Matrix4().copy(root.matrixWorld).invert();
  const at = (i) => new Vector3().setFromMatrixPosition(bones[i].matrixWorld).applyMatrix4(toRoot);
  const up = at(found.chest).sub(at(found.hips));
  if (up.lengthSq() === 0) return { turn, up: '+Y' };
  up.normalize();
  const [name, axis] = AXES.reduce((best, a) => (a[1].dot(up) > best[1].dot(up) ? a : best));
  if (name === '-Y') turn.setFromAxisAngle(new Vector3(1, 0, 0), Math.PI);
  else turn.setFromUnitVectors(new Vector3(0, 1, 0), axis);
  return { turn, up: name };
}
