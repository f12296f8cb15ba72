// The floor: a grid fixed in the world, so a figure the camera follows is
// seen moving over it (its lines pass under the feet), a mark where the
// clip starts (the world's origin), and the trail of a travelling clip's
// root along the floor.
import * as THREE from 'three';

// The grid's cell (m) and its half-size: 12 m around its centre, in cells
// of 0.25 m, a brighter line every metre.
const CELL = 0.25;
const HALF_SIZE = 12;
// The grid is moved only when the followed point comes this near its edge
// (m), and then by whole metres, so every line stays where it was in the
// world: a walk of up to this length never moves it at all.
const RECENTRE_AT = 8;
const LIFT = 0.002; // the lines just over the disc, the trail over the lines
// A root that never goes this far from its start (m) has no trail.
const TRAVELS = 0.25;

// Lines every step (m), each drawn as 1 m pieces: a line that passes
// behind the camera is dropped whole by some rasterizers (SwiftShader), a
// piece of it only where it is behind.
function gridLines(step, color) {
  const points = [];
  for (let v = -HALF_SIZE; v <= HALF_SIZE + 1e-9; v += step) {
    for (let u = -HALF_SIZE; u < HALF_SIZE; u++) {
      points.push(u, 0, v, u + 1, 0, v, v, 0, u, v, 0, u + 1);
    }
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(points, 3));
  return new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color }));
}

function createGrid() {
  const grid = new THREE.Group();
  grid.name = 'floor';
  const disc = new THREE.Mesh(
    new THREE.CircleGeometry(HALF_SIZE * Math.SQRT2, 64),
    // unlit: a flat floor needs no shading, and lit pixels are costly on
    // software rasterizers (SwiftShader, machines without a GPU)
    new THREE.MeshBasicMaterial({ color: 0x22262d }),
  );
  disc.rotation.x = -Math.PI / 2;
  disc.position.y = -LIFT;
  const minor = gridLines(CELL, 0x33383f);
  const major = gridLines(1, 0x545b66);
  major.position.y = LIFT / 2;
  grid.add(disc, minor, major);
  return grid;
}

// A cross and a ring at the world's origin: where every clip starts.
function createStartMark() {
  const r = 0.18;
  const points = [-r, 0, 0, r, 0, 0, 0, 0, -r, 0, 0, r];
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(points, 3));
  const material = new THREE.LineBasicMaterial({ color: 0x9aa3b2 });
  const mark = new THREE.Group();
  mark.name = 'start-mark';
  mark.add(new THREE.LineSegments(geometry, material));
  const ring = new THREE.Mesh(
    new THREE.RingGeometry(r * 0.8, r, 32),
    new THREE.MeshBasicMaterial({ color: 0x9aa3b2 }),
  );
  ring.rotation.x = -Math.PI / 2;
  mark.add(ring);
  mark.position.y = LIFT;
  return mark;
}

// The root's path drawn on the floor (its x and z), for a clip that travels.
function createTrail() {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute([], 3));
  const line = new THREE.Line(geometry, new THREE.LineBasicMaterial({ color: 0xf0a43a }));
  line.name = 'root-trail';
  line.position.y = 2 * LIFT;
  line.frustumCulled = false;
  return line;
}

/**
 * The floor in the scene. keepAround(point) moves the grid by whole metres
 * when point nears its edge (never otherwise); setPath(xyz) draws a
 * clip's root path (x, y, z per sample; y is ignored; the same path again
 * changes nothing) and returns its horizontal box when the clip travels,
 * else null.
 */
export function createFloor(scene) {
  const grid = createGrid();
  const trail = createTrail();
  const mark = createStartMark();
  scene.add(grid, mark, trail);
  return {
    grid,
    trail,
    // the grid and the start mark shown, or not (stacked rigs stand off it)
    setShown(on) {
      grid.visible = mark.visible = on;
    },
    keepAround(point) {
      for (const axis of ['x', 'z']) {
        if (Math.abs(point[axis] - grid.position[axis]) > RECENTRE_AT) {
          grid.position[axis] = Math.round(point[axis]);
        }
      }
    },
    setPath(xyz) {
      const box = { minX: 0, maxX: 0, minZ: 0, maxZ: 0 };
      for (let i = 0; i < xyz.length; i += 3) {
        box.minX = Math.min(box.minX, xyz[i]);
        box.maxX = Math.max(box.maxX, xyz[i]);
        box.minZ = Math.min(box.minZ, xyz[i + 2]);
        box.maxZ = Math.max(box.maxZ, xyz[i + 2]);
      }
      const travels = Math.max(-box.minX, box.maxX, -box.minZ, box.maxZ) > TRAVELS;
      const flat = new Float32Array(travels ? xyz.length : 0);
      for (let i = 0; i < flat.length; i += 3) {
        flat[i] = xyz[i];
        flat[i + 2] = xyz[i + 2];
      }
      const shown = trail.geometry.getAttribute('position').array;
      const same = shown.length === flat.length && shown.every((v, i) => v === flat[i]);
      if (!same) {
        // a new geometry: the old one's buffers are freed, not left behind
        trail.geometry.dispose();
        trail.geometry = new THREE.BufferGeometry();
        trail.geometry.setAttribute('position', new THREE.BufferAttribute(flat, 3));
      }
      return travels ? box : null;
    },
  };
}
