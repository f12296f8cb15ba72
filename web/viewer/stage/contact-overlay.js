// The body-contact overlay: where the body passes into itself in the pose
// shown. The library's capsule model (kb.bodyContacts, kb.bodyCapsules)
// finds the pairs of parts that interpenetrate; each such part is drawn as
// a translucent red shell over the rig, with a red dot at the deepest point
// of the overlap. Contacts within the model's resting tolerance (a hand on a
// hip, a forearm on the belly: 5 mm either way) are touching, not passing
// through, and are not marked.
import * as THREE from 'three';

const CONTACT_COLOR = 0xe5534b;
// Deeper than this (m) counts as passing through; the gesture tests use the
// same figure for "resting on".
export const CONTACT_TOLERANCE = 0.005;

/**
 * The contacts the overlay marks for one pose: pure, tested without WebGL.
 * @returns {{ a: string, b: string, depth: number, point: number[] }[]}
 */
export function markedContacts(
  kb,
  pose,
  { height = kb.defaults.height, tolerance = CONTACT_TOLERANCE } = {},
) {
  return kb.bodyContacts(pose, { height }).filter((c) => c.depth > tolerance);
}

const Y = new THREE.Vector3(0, 1, 0);

// A capsule mesh placed from its world end points.
function placeCapsule(mesh, capsule) {
  const a = new THREE.Vector3(...capsule.a);
  const b = new THREE.Vector3(...capsule.b);
  const axis = b.clone().sub(a);
  const length = axis.length();
  mesh.position.copy(a).add(b).multiplyScalar(0.5);
  if (length > 1e-9) mesh.quaternion.setFromUnitVectors(Y, axis.divideScalar(length));
  mesh.visible = true;
}

/**
 * @param {object} kb  the loaded library
 * @param {number} height  the rig's body height (m)
 */
export function createContactOverlay(kb, height) {
  const root = new THREE.Group();
  root.name = 'contact-overlay';
  root.visible = false;
  const shell = new THREE.MeshBasicMaterial({
    color: CONTACT_COLOR,
    transparent: true,
    opacity: 0.45,
    depthTest: false,
  });
  const dotMaterial = new THREE.MeshBasicMaterial({ color: CONTACT_COLOR, depthTest: false });
  const meshes = []; // one per capsule of the model, made on first use
  const dots = [];
  let marked = [];

  function capsuleMesh(i, capsule) {
    if (!meshes[i]) {
      const length = Math.hypot(...capsule.a.map((x, c) => capsule.b[c] - x));
      const geometry = new THREE.CapsuleGeometry(capsule.radius * 1.04, length, 4, 12);
      meshes[i] = new THREE.Mesh(geometry, shell);
      meshes[i].renderOrder = 10;
      root.add(meshes[i]);
    }
    return meshes[i];
  }

  function dot(i) {
    if (!dots[i]) {
      dots[i] = new THREE.Mesh(new THREE.SphereGeometry(0.012, 12, 8), dotMaterial);
      dots[i].renderOrder = 11;
      root.add(dots[i]);
    }
    return dots[i];
  }

  return {
    root,
    get visible() {
      return root.visible;
    },
    setVisible(on) {
      root.visible = on;
    },
    // Mark the contacts of the pose shown (local rotations, 88 floats).
    update(pose) {
      marked = markedContacts(kb, pose, { height });
      const parts = new Set(marked.flatMap((c) => [c.a, c.b]));
      kb.bodyCapsules(pose, { height }).forEach((capsule, i) => {
        if (parts.has(capsule.part)) placeCapsule(capsuleMesh(i, capsule), capsule);
        else if (meshes[i]) meshes[i].visible = false;
      });
      dots.forEach((d) => (d.visible = false));
      marked.forEach((c, i) => {
        const d = dot(i);
        d.position.set(...c.point);
        d.visible = true;
      });
    },
    // What is marked (for tests): the pairs, and the parts drawn red.
    describe() {
      return {
        visible: root.visible,
        contacts: marked.map((c) => ({ a: c.a, b: c.b, depth: c.depth, point: [...c.point] })),
        shells: meshes.filter((m) => m?.visible).length,
      };
    },
  };
}
