// A crowd drawn as instanced meshes: one THREE.InstancedMesh per body
// segment, instance i being crowd member i. A crowd created with
// { matrices: true, matrixLayout: 'joint' } keeps each joint's world
// matrices over the crowd as one contiguous run in the core's heap; every
// segment of that joint uses that run as its instanceMatrix (a view, no
// copy), so a frame is one call into the core and a version bump per
// segment whose joint moved: no per-bone work in JS at all. The heap never
// grows (fixed at load), so the views stay valid until the crowd is
// disposed.
import {
  DynamicDrawUsage,
  Group,
  InstancedBufferAttribute,
  InstancedMesh,
  Matrix4,
  MeshStandardMaterial,
  Raycaster,
  Sphere,
} from 'three';
import { JOINT_COUNT, JOINT_NAMES, checkOptions as checkKnownOptions } from 'kblend';
import { chainLengths, crowdBodySegments } from './crowd-body.js';

const MATRIX = 16;
const OPTIONS = ['segments', 'material'];
const SEGMENT_KEYS = ['joint', 'geometry', 'material', 'matrix'];

function checkCrowd(crowd) {
  const ok =
    crowd &&
    typeof crowd.evaluate === 'function' &&
    Number.isInteger(crowd.count) &&
    crowd.matrixLayout === 'joint' &&
    crowd.worldMatrices?.length === MATRIX * JOINT_COUNT * crowd.count;
  if (!ok)
    throw new TypeError(
      "crowd must be a live kblend crowd with joint-major world matrices (kb.createCrowd({ members, matrices: true, matrixLayout: 'joint' }))" +
        (crowd?.matrixLayout !== undefined ? `, got matrixLayout ${crowd.matrixLayout}` : ''),
    );
}

function checkOptions(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new TypeError(
      `options must be an object, got ${options === null ? 'null' : typeof options}`,
    );
  checkKnownOptions('createCrowdInstances options', options, OPTIONS);
  if (options.material !== undefined && !options.material?.isMaterial)
    throw new TypeError(`material must be a THREE.Material, got ${typeof options.material}`);
}

function jointIndex(joint, where) {
  if (Number.isInteger(joint) && joint >= 0 && joint < JOINT_COUNT) return joint;
  const j = JOINT_NAMES.indexOf(joint);
  if (j >= 0) return j;
  throw new RangeError(
    `${where}.joint must be a kblend joint name or an index 0 to ${JOINT_COUNT - 1}, got ${JSON.stringify(joint)} (names: ${JOINT_NAMES.join(', ')})`,
  );
}

// One segment as given, checked: { joint, geometry, material, matrix }.
function checkSegment(segment, i) {
  const where = `segments[${i}]`;
  if (segment === null || typeof segment !== 'object')
    throw new TypeError(`${where} must be { joint, geometry, material?, matrix? }, got ${segment}`);
  for (const key of Object.keys(segment))
    if (!SEGMENT_KEYS.includes(key))
      throw new TypeError(
        `${where}.${key} is not a segment key (allowed: ${SEGMENT_KEYS.join(', ')})`,
      );
  const joint = jointIndex(segment.joint, where);
  if (!segment.geometry?.isBufferGeometry)
    throw new TypeError(
      `${where}.geometry must be a THREE.BufferGeometry, got ${typeof segment.geometry}`,
    );
  const { material, matrix } = segment;
  const materials = Array.isArray(material) ? material : [material];
  if (material !== undefined && !materials.every((m) => m?.isMaterial))
    throw new TypeError(`${where}.material must be a THREE.Material (or an array of them)`);
  if (matrix !== undefined && !matrix?.isMatrix4)
    throw new TypeError(
      `${where}.matrix must be a THREE.Matrix4 (the segment in its joint's frame)`,
    );
  return { joint, geometry: segment.geometry, material, matrix };
}

function checkSegments(segments) {
  if (!Array.isArray(segments))
    throw new TypeError(
      `segments must be an array of { joint, geometry, material?, matrix? }, got ${typeof segments}`,
    );
  if (segments.length === 0) throw new RangeError('segments must hold at least one segment, got 0');
  return segments.map(checkSegment);
}

// The farthest any segment reaches from its member's pelvis, m.
function reachOf(meshes, jointOf, bind) {
  const chains = chainLengths(bind);
  let reach = 0;
  meshes.forEach((mesh, s) => {
    const geometry = mesh.geometry;
    if (geometry.boundingSphere === null) geometry.computeBoundingSphere();
    const { center, radius } = geometry.boundingSphere;
    reach = Math.max(reach, chains[jointOf[s]] + center.length() + radius);
  });
  return reach;
}

// One sphere holding every member: the box of the pelvises grown by reach.
function crowdSphere(roots, count, bind, reach, sphere) {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < count; i++)
    for (let c = 0; c < 3; c++) {
      const v = roots[3 * i + c] + bind[c];
      if (v < lo[c]) lo[c] = v;
      if (v > hi[c]) hi[c] = v;
    }
  sphere.center.set((lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2);
  sphere.radius = Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2 + reach;
  return sphere;
}

export { crowdBodySegments };

// The meshes: one per segment, sharing one instanceMatrix per joint (a view
// of the joint's run of the crowd's matrices), under one group.
function buildMeshes(crowd, segments, material) {
  const n = crowd.count;
  const byJoint = new Array(JOINT_COUNT).fill(null);
  const matrixOf = (joint) => {
    if (!byJoint[joint]) {
      const run = crowd.worldMatrices.subarray(MATRIX * n * joint, MATRIX * n * (joint + 1));
      byJoint[joint] = new InstancedBufferAttribute(run, MATRIX).setUsage(DynamicDrawUsage);
    }
    return byJoint[joint];
  };
  const group = new Group();
  group.name = 'kblend crowd';
  const copies = [];
  const meshes = segments.map((segment, s) => {
    let geometry = segment.geometry;
    if (segment.matrix) copies.push((geometry = geometry.clone().applyMatrix4(segment.matrix)));
    const mesh = new InstancedMesh(geometry, segment.material ?? material, n);
    mesh.instanceMatrix = matrixOf(segment.joint);
    // At identity in the group for good, so its world matrix is the
    // group's: the same Matrix4, never recomputed (a scene's
    // updateMatrixWorld passes the meshes by without a matrix product).
    // Move the group, or members through crowd.roots.
    mesh.matrixAutoUpdate = false;
    mesh.matrixWorldAutoUpdate = false;
    mesh.matrixWorld = group.matrixWorld;
    mesh.name = `${JOINT_NAMES[segment.joint]} segment ${s}`;
    mesh.userData.joint = segment.joint;
    group.add(mesh);
    return mesh;
  });
  const joints = byJoint.flatMap((attribute, j) => (attribute ? [j] : []));
  return { group, meshes, copies, joints, attributes: joints.map((j) => byJoint[j]) };
}

// Bounds that follow crowd.roots: moved() is true (and every mesh has a new
// bounding sphere) when a root changed since the call before.
function createBounds(crowd, meshes, jointOf) {
  const n = crowd.count;
  const reach = reachOf(meshes, jointOf, crowd.bind);
  const lastRoots = new Float32Array(3 * n).fill(NaN);
  return {
    moved() {
      const roots = crowd.roots;
      let moved = false;
      for (let k = 0; k < 3 * n; k++) if (roots[k] !== lastRoots[k]) moved = true;
      if (!moved) return false;
      lastRoots.set(roots);
      const sphere = crowdSphere(roots, n, crowd.bind, reach, new Sphere());
      for (const mesh of meshes) mesh.boundingSphere = sphere.clone();
      return true;
    },
  };
}

// The nearest hit of a ray (or of a pointer in NDC seen by camera) on the meshes.
function createPicker(meshes) {
  const raycaster = new Raycaster();
  const hits = [];
  return (rayOrPointer, camera) => {
    let ray = rayOrPointer;
    if (typeof ray?.intersectObjects !== 'function') {
      if (!camera?.isCamera)
        throw new TypeError(
          'intersect needs a THREE.Raycaster, or a pointer { x, y } in NDC and a camera',
        );
      raycaster.setFromCamera(rayOrPointer, camera);
      ray = raycaster;
    }
    hits.length = 0;
    ray.intersectObjects(meshes, false, hits);
    const hit = hits[0];
    if (!hit) return null;
    const joint = hit.object.userData.joint;
    return { member: hit.instanceId, joint, point: hit.point, distance: hit.distance };
  };
}

function checkMember(member, n) {
  if (!Number.isInteger(member) || member < 0 || member >= n)
    throw new RangeError(`member must be an integer 0 to ${n - 1}, got ${member}`);
}

// crowd: kb.createCrowd({ members, matrices: true, matrixLayout: 'joint' });
// options.segments: [{ joint, geometry, material?, matrix? }] (default
// crowdBodySegments(crowd.bind)); options.material: for segments without one.
export function createCrowdInstances(crowd, options = {}) {
  checkCrowd(crowd);
  checkOptions(options);
  const given = options.segments !== undefined;
  const segments = checkSegments(given ? options.segments : crowdBodySegments(crowd.bind));
  const ownMaterial = options.material
    ? null
    : new MeshStandardMaterial({ color: 0x3d6fb6, roughness: 0.7 });
  const n = crowd.count;
  const { group, meshes, copies, joints, attributes } = buildMeshes(
    crowd,
    segments,
    options.material ?? ownMaterial,
  );
  const owned = [...(given ? [] : segments.map((s) => s.geometry)), ...copies];
  const bounds = createBounds(
    crowd,
    meshes,
    segments.map((s) => s.joint),
  );
  bounds.moved(); // the bounds from the start, so culling never drops the crowd
  const pick = createPicker(meshes);
  let colors = null;
  let live = true;

  function checkLive() {
    if (!live) throw new Error('kblend: these crowd instances were disposed');
    if (crowd.worldMatrices.length === 0) throw new Error('kblend: the crowd was disposed');
  }

  // After every crowd.evaluate (crowd.movedJoints tells the last one only):
  // flags for upload the instance matrices of the joints that moved (all of
  // them, with new bounds, when roots moved). Returns how many.
  function update() {
    checkLive();
    const all = bounds.moved();
    const moved = crowd.movedJoints;
    let count = 0;
    for (let k = 0; k < joints.length; k++)
      if (all || moved[joints[k]]) {
        attributes[k].needsUpdate = true;
        count++;
      }
    return count;
  }

  return {
    object: group,
    meshes,
    // crowd.evaluate(t), then update(); t in seconds.
    apply(t) {
      checkLive();
      if (typeof t !== 'number')
        throw new TypeError(`apply(t) needs t in seconds, got ${typeof t}`);
      crowd.evaluate(t);
      return update();
    },
    update,
    // Member i drawn in color (every segment); a THREE.Color.
    setColorAt(member, color) {
      checkLive();
      checkMember(member, n);
      if (!color?.isColor) throw new TypeError(`color must be a THREE.Color, got ${typeof color}`);
      if (!colors) {
        colors = new InstancedBufferAttribute(new Float32Array(3 * n).fill(1), 3);
        for (const mesh of meshes) mesh.instanceColor = colors;
      }
      color.toArray(colors.array, 3 * member);
      colors.needsUpdate = true;
    },
    // The member nearest along a ray (a THREE.Raycaster, or normalized
    // device coordinates with a camera): { member, joint, point, distance } or null.
    intersect(rayOrPointer, camera) {
      checkLive();
      return pick(rayOrPointer, camera);
    },
    // The world matrix of member i's joint j as drawn (a THREE.Matrix4).
    matrixAt(member, joint, target = new Matrix4()) {
      checkLive();
      checkMember(member, n);
      const j = jointIndex(joint, 'matrixAt');
      return target
        .fromArray(crowd.worldMatrices, MATRIX * (n * j + member))
        .premultiply(group.matrixWorld);
    },
    // Removes the meshes from the scene and frees what this made (the
    // geometries it built or transformed, its default material); the
    // crowd, and geometries and materials given, stay the caller's.
    dispose() {
      if (!live) return;
      live = false;
      group.removeFromParent();
      for (const mesh of meshes) mesh.dispose();
      for (const geometry of owned) geometry.dispose();
      ownMaterial?.dispose();
    },
  };
}
