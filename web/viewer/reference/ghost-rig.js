// A translucent humanoid that plays a second pose beside the shown one, on
// the same spot: the reference capture (or a frozen tuning) seen through.
// Built from the viewer's own rig, every surface swapped for one see-through
// colour so it reads as "the other one" whatever character is shown.
import { OPEN_HANDS } from 'kblend';
import * as THREE from 'three';
import { createRig } from '../stage/rig.js';

// Where a ghost lies on the solid figure (the same pose, other surfaces a
// few centimetres apart), it is drawn as if this much nearer the camera,
// so the two read as one tinted body instead of the figure poking through.
const GHOST_DEPTH_BIAS = 0.06; // m
const GHOST_DEPTH_ORDER = 2;
const GHOST_COLOUR_ORDER = 3;

// The depth of a vertex as if `GHOST_DEPTH_BIAS` nearer the camera (its
// place on screen unchanged).
function biasDepth(shader) {
  shader.vertexShader = shader.vertexShader.replace(
    '#include <project_vertex>',
    `#include <project_vertex>
    vec4 nearer = projectionMatrix * vec4(mvPosition.xy, mvPosition.z + ${GHOST_DEPTH_BIAS.toFixed(3)}, 1.0);
    gl_Position.z = nearer.z / nearer.w * gl_Position.w;`,
  );
}

// Two passes make the ghost one even veil: the first writes its nearest
// surface's depth only, the second colours just that surface, once. Drawn
// in one pass, its overlapping segments (a shoulder in an arm) blended
// twice into darker patches.
function ghostMaterials(color) {
  const depth = new THREE.MeshBasicMaterial({ colorWrite: false });
  const material = new THREE.MeshBasicMaterial({
    color,
    transparent: true,
    opacity: 0.35,
    depthWrite: false,
    depthFunc: THREE.EqualDepth,
  });
  depth.onBeforeCompile = biasDepth;
  material.onBeforeCompile = biasDepth;
  // one program per pass, told apart by three's cache key
  depth.customProgramCacheKey = () => 'ghost depth';
  material.customProgramCacheKey = () => 'ghost colour';
  return { depth, material };
}

/**
 * @param {object} kb  the loaded library (skeleton and bind positions)
 * @param {number} height  body height, m
 * @param {number} color  the ghost's colour
 */
export function createGhostRig(kb, height, color = 0x7fd0ff) {
  const rig = createRig(kb.skeleton, kb.bindPositions(height), height);
  const { depth, material } = ghostMaterials(color);
  const meshes = [];
  rig.root.traverse((object) => object.isMesh && meshes.push(object));
  for (const object of meshes) {
    object.material = material;
    object.renderOrder = GHOST_COLOUR_ORDER; // after the solid figure, so it shows through
    // the same surface, drawn first into depth only (a child: it follows the
    // segment's pose and visibility)
    const prepass = new THREE.Mesh(object.geometry, depth);
    prepass.renderOrder = GHOST_DEPTH_ORDER;
    prepass.name = 'ghost depth';
    object.add(prepass);
  }
  rig.setHandShapes(OPEN_HANDS);
  rig.root.name = 'ghost';
  rig.root.visible = false;
  return {
    root: rig.root,
    material,
    // local rotations (88 floats) and the root translation [x, y, z]
    applyPose(pose, root) {
      rig.applyPose(pose);
      rig.root.position.set(root?.[0] ?? 0, root?.[1] ?? 0, root?.[2] ?? 0);
    },
    setVisible(visible) {
      rig.root.visible = visible;
    },
    get visible() {
      return rig.root.visible;
    },
  };
}
