// A rig as the bench and the sweep grid build it: 22 bones named as
// kblend's joints at kblend's bind positions (T-pose rest, identity bone
// axes) under a Group, and one mesh per segment.
import { Bone, BoxGeometry, Group, Mesh, MeshBasicMaterial } from 'three';

const geometry = new BoxGeometry(0.04, 0.04, 0.04);
const material = new MeshBasicMaterial();

export function buildSegmentRig(kb, x = 0) {
  const bind = kb.bindPositions(1.75);
  const root = new Group();
  root.position.x = x;
  const bones = kb.skeleton.names.map((name) => Object.assign(new Bone(), { name }));
  kb.skeleton.parents.forEach((p, j) => {
    const at = (k) => (k < 0 ? [0, 0, 0] : [bind[3 * k], bind[3 * k + 1], bind[3 * k + 2]]);
    const [a, b] = [at(j), at(p)];
    bones[j].position.set(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    (p < 0 ? root : bones[p]).add(bones[j]);
    const mesh = new Mesh(geometry, material);
    mesh.position.set(0.01 * j, 0, 0.005);
    bones[j].add(mesh); // the segment's mesh, off the joint so its frame matters
  });
  root.updateMatrixWorld(true);
  return { root, bones };
}
