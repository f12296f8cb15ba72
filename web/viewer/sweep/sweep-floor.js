// The sweep grid's floors and its marked cell: a floor tile under every rig
// (the rows stand one above the other, so the stage's floor, under one rig
// only, is set aside while the grid shows), and the cell matching the
// panel's tuning (sweep-axes.js panelCell) outlined, its tile lit.
import * as THREE from 'three';

// A tile: wide and deep enough for a rig's feet and stride, a little thick
// so it reads from the grid's front view; its top at the rig's feet.
export const TILE = Object.freeze({ width: 1.3, depth: 0.9, thickness: 0.06 });
// The outline around the marked cell: the rig's width and height, m from
// its root.
const OUTLINE = Object.freeze({ left: -0.72, right: 0.72, bottom: -0.1, top: 2.02 });
const TILE_COLOR = new THREE.Color(0x2f3642);
export const MARK_COLOR = 0xf2c94c;
const MARKED_TILE = new THREE.Color(MARK_COLOR).multiplyScalar(0.75);

const tileGeometry = new THREE.BoxGeometry(TILE.width, TILE.thickness, TILE.depth);
// unlit, as the stage's floor: no shading cost on software rasterizers
const tileMaterial = new THREE.MeshBasicMaterial({ color: 0xffffff });

function outlineLoop() {
  const { left, right, bottom, top } = OUTLINE;
  const points = [
    [left, bottom],
    [right, bottom],
    [right, top],
    [left, top],
  ].map(([x, y]) => new THREE.Vector3(x, y, 0));
  const line = new THREE.LineLoop(
    new THREE.BufferGeometry().setFromPoints(points),
    new THREE.LineBasicMaterial({ color: MARK_COLOR, depthTest: false }),
  );
  line.renderOrder = 10; // over the rig's limbs
  line.visible = false;
  return line;
}

/**
 * @param {number[][]} roots  each cell's root [x, y, z] (the rig's feet at y)
 * @returns {{ object: THREE.Group, mark(index: number): void, marked: number,
 *   dispose(): void }}  mark(-1) marks none
 */
export function createSweepFloor(roots) {
  const object = new THREE.Group();
  object.name = 'sweep floor';
  const tiles = new THREE.InstancedMesh(tileGeometry, tileMaterial, roots.length);
  const m = new THREE.Matrix4();
  roots.forEach(([x, y, z], i) => {
    tiles.setMatrixAt(i, m.makeTranslation(x, y - TILE.thickness / 2, z));
    tiles.setColorAt(i, TILE_COLOR);
  });
  tiles.computeBoundingSphere();
  const outline = outlineLoop();
  object.add(tiles, outline);
  let marked = -1;

  return {
    object,
    mark(index) {
      if (index === marked) return;
      if (marked >= 0) tiles.setColorAt(marked, TILE_COLOR);
      marked = index;
      outline.visible = index >= 0;
      if (index >= 0) {
        tiles.setColorAt(index, MARKED_TILE);
        outline.position.fromArray(roots[index]);
      }
      tiles.instanceColor.needsUpdate = true;
    },
    get marked() {
      return marked;
    },
    dispose() {
      object.removeFromParent();
      tiles.dispose();
      outline.geometry.dispose();
      outline.material.dispose();
    },
  };
}
