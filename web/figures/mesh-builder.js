// Collects the character's vertices (position, colour, skin weights and,
// for the hands, the positions of each hand shape) and its tubes, and
// makes one indexed BufferGeometry with a morph target per hand shape.
import * as THREE from 'three';
import { topFour } from './skin-weights.js';

export function createMeshBuilder(morphNames) {
  const positions = [];
  const colors = [];
  const skinIndex = [];
  const skinWeight = [];
  const indices = [];
  const morphs = new Map(morphNames.map((name) => [name, new Map()]));
  const parts = {};

  function addVertex(position, color, weights, shapes = {}) {
    const index = positions.length / 3;
    positions.push(...position);
    colors.push(color.r, color.g, color.b);
    const four = topFour(weights);
    skinIndex.push(...four.index);
    skinWeight.push(...four.weight);
    for (const [name, p] of Object.entries(shapes)) morphs.get(name).set(index, p);
    return index;
  }

  const at = (i) => positions.slice(3 * i, 3 * i + 3);

  // Which way round the tube's quads go so that their normals point out:
  // tried on one quad of the middle ring pair against the ring's centre.
  function outward(rings) {
    const k = Math.max(0, Math.floor(rings.length / 2) - 1);
    const ringA = rings[k];
    const ringB = rings[k + 1];
    const a = new THREE.Vector3(...at(ringA[0]));
    const b = new THREE.Vector3(...at(ringA[1]));
    const d = new THREE.Vector3(...at(ringB[0]));
    const normal = new THREE.Vector3().crossVectors(d.clone().sub(a), b.clone().sub(a));
    const centre = new THREE.Vector3();
    for (const i of ringA) centre.add(new THREE.Vector3(...at(i)));
    centre.divideScalar(ringA.length);
    return normal.dot(a.clone().sub(centre)) > 0;
  }

  const triangle = (flip, a, b, c) => (flip ? indices.push(a, c, b) : indices.push(a, b, c));

  // rings: arrays of vertex indices (equal lengths), closed around; poles
  // (vertex indices or null) close the ends.
  function addTube(name, rings, startPole = null, endPole = null) {
    const flip = !outward(rings);
    const n = rings[0].length;
    for (let r = 0; r + 1 < rings.length; r++) {
      for (let k = 0; k < n; k++) {
        const a = rings[r][k];
        const b = rings[r][(k + 1) % n];
        const d = rings[r + 1][k];
        const e = rings[r + 1][(k + 1) % n];
        triangle(flip, a, d, b);
        triangle(flip, b, d, e);
      }
    }
    for (let k = 0; k < n; k++) {
      const next = (k + 1) % n;
      if (startPole !== null) triangle(flip, startPole, rings[0][k], rings[0][next]);
      const last = rings[rings.length - 1];
      if (endPole !== null) triangle(flip, endPole, last[next], last[k]);
    }
    parts[name] = { rings, startPole, endPole };
  }

  function toGeometry() {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
    geometry.setAttribute('color', new THREE.Float32BufferAttribute(colors, 3));
    geometry.setAttribute('skinIndex', new THREE.Uint16BufferAttribute(skinIndex, 4));
    geometry.setAttribute('skinWeight', new THREE.Float32BufferAttribute(skinWeight, 4));
    geometry.setIndex(indices);
    geometry.computeVertexNormals();
    geometry.morphAttributes.position = [];
    geometry.morphAttributes.normal = [];
    for (const [name, overrides] of morphs) {
      const shaped = positions.slice();
      for (const [i, p] of overrides) {
        shaped[3 * i] = p[0];
        shaped[3 * i + 1] = p[1];
        shaped[3 * i + 2] = p[2];
      }
      const probe = new THREE.BufferGeometry();
      probe.setAttribute('position', new THREE.Float32BufferAttribute(shaped, 3));
      probe.setIndex(indices);
      probe.computeVertexNormals();
      // named, so the mesh's morphTargetDictionary (and a GLB's target
      // names) say which shape each is
      const shape = probe.getAttribute('position');
      const normal = probe.getAttribute('normal');
      shape.name = name;
      normal.name = name;
      geometry.morphAttributes.position.push(shape);
      geometry.morphAttributes.normal.push(normal);
      probe.dispose();
    }
    geometry.userData.parts = parts;
    geometry.userData.morphNames = [...morphs.keys()];
    return geometry;
  }

  return { addVertex, addTube, toGeometry };
}
