// createCrowdInstances: every segment's instance matrix is its joint's
// world matrix from FK of the same preview evaluated alone, for every frame
// of every gesture, members moved or not; uploads flagged only for joints
// that moved; bounds that keep the crowd in the frustum; the member from a
// ray; dispose; bad input refused with the parameter named.
import {
  BoxGeometry,
  Color,
  Frustum,
  Matrix4,
  MeshBasicMaterial,
  PerspectiveCamera,
  Quaternion,
  Raycaster,
  Scene,
  Vector3,
} from 'three';
import { describe, expect, it } from 'vitest';
import { createCrowdInstances, crowdBodySegments } from '../../../web/three/index.js';
import { kb } from '../support.js';

const joint = (options) => ({ ...options, matrices: true, matrixLayout: 'joint' });

// max |a − b| over the 16 elements of member i's joint matrices on every mesh
function worstAgainstFk(instances, crowd, alonePoses, roots) {
  const m = new Matrix4();
  const expected = new Matrix4();
  const q = new Quaternion();
  const p = new Vector3();
  const one = new Vector3(1, 1, 1);
  let worst = 0;
  alonePoses.forEach((pose, i) => {
    const root = roots.slice(3 * i, 3 * i + 3);
    const { positions, rotations } = kb.forwardKinematics(pose, root, { height: crowd.height });
    for (const mesh of instances.meshes) {
      const j = mesh.userData.joint;
      q.fromArray(rotations, 4 * j);
      p.fromArray(positions, 3 * j);
      expected.compose(p, q, one);
      mesh.getMatrixAt(i, m);
      for (let e = 0; e < 16; e++)
        worst = Math.max(worst, Math.abs(m.elements[e] - expected.elements[e]));
    }
  });
  return worst;
}

describe('createCrowdInstances', () => {
  it('draws each member at the FK of the same preview alone, every frame of every gesture', () => {
    let worst = 0;
    let frames = 0;
    for (const gesture of kb.gestureNames) {
      const members = [
        { gesture },
        { gesture, jitter: 3e-4, seed: 3 },
        { gesture, shape: 'kli', follower: 'kli', apose: 0.8 },
      ];
      const roots = [0, 0, 0, 1.5, 0, -2, -3, 0.2, 1];
      const crowd = kb.createCrowd(joint({ members, roots }));
      const instances = createCrowdInstances(crowd);
      const alone = members.map((o) => kb.createPreview(o));
      for (let k = 0; k < alone[0].frameCount; k++) {
        const t = alone[0].frameTime(k);
        if (k % 10 === 3) crowd.roots[3 * (k % 3) + (k % 2) * 2] += 0.3; // a member moves
        instances.apply(t);
        const poses = alone.map((preview) => preview.evaluate(t));
        worst = Math.max(worst, worstAgainstFk(instances, crowd, poses, [...crowd.roots]));
        frames++;
      }
      instances.dispose();
      crowd.dispose();
      for (const preview of alone) preview.dispose();
    }
    expect(frames).toBeGreaterThan(400);
    expect(worst).toBeLessThan(2e-6); // float32 matrices, positions of a few m
  });

  it('uses the core matrices as they are: one view per joint, shared by its segments', () => {
    const crowd = kb.createCrowd(joint({ members: { count: 4, options: { gesture: 'clap' } } }));
    const instances = createCrowdInstances(crowd);
    const base = crowd.worldMatrices.byteOffset;
    for (const mesh of instances.meshes) {
      const array = mesh.instanceMatrix.array;
      expect(array.buffer).toBe(crowd.worldMatrices.buffer);
      expect(array.byteOffset).toBe(base + 4 * 16 * 4 * mesh.userData.joint);
      expect(array.length).toBe(16 * 4);
      expect(mesh.count).toBe(4);
    }
    const pelvis = instances.meshes.filter((m) => m.userData.joint === 0);
    expect(pelvis.length).toBe(3); // the bones to both hips and the spine
    expect(new Set(pelvis.map((m) => m.instanceMatrix)).size).toBe(1);
    instances.dispose();
    crowd.dispose();
  });

  it('flags for upload only the joints that moved, and all of them when a member moves', () => {
    const crowd = kb.createCrowd(joint({ members: { count: 3, options: { gesture: 'wave' } } }));
    const instances = createCrowdInstances(crowd);
    const versions = () => instances.meshes.map((m) => m.instanceMatrix.version);
    instances.apply(1.0);
    let before = versions();
    instances.apply(1.0); // the same frame: nothing moved
    expect(versions()).toEqual(before);
    instances.apply(1.1); // the wave moves the right forearm only here
    const after = versions();
    const bumped = instances.meshes.filter((_, s) => after[s] !== before[s]);
    const names = new Set(bumped.map((m) => kb.skeleton.names[m.userData.joint]));
    expect(names.has('right_elbow')).toBe(true);
    expect(names.has('right_shoulder')).toBe(false); // its bone stays still
    expect(names.has('left_knee')).toBe(false);
    expect(bumped.every((m) => crowd.movedJoints[m.userData.joint] === 1)).toBe(true);
    before = after;
    crowd.roots[3] = 4; // member 1 walks off: every segment, the same frame
    expect(instances.apply(1.1)).toBe(new Set(instances.meshes.map((m) => m.userData.joint)).size);
    expect(versions().every((v, s) => v === before[s] + 1)).toBe(true);
    const m = new Matrix4();
    instances.meshes[0].getMatrixAt(1, m);
    expect(m.elements[12]).toBeCloseTo(4, 6); // the pelvis at its new root
    instances.dispose();
    crowd.dispose();
  });

  it('keeps bounds holding every instance, so frustum culling follows the crowd', () => {
    const roots = Array.from({ length: 30 }, (_, k) => (k % 3 === 1 ? 0 : (k % 7) - 3));
    const crowd = kb.createCrowd(
      joint({ members: { count: 10, options: { gesture: 'wave' } }, roots }),
    );
    const instances = createCrowdInstances(crowd);
    const camera = new PerspectiveCamera(50, 1, 0.1, 100);
    camera.position.set(0, 1, 12);
    camera.lookAt(0, 1, 0);
    camera.updateMatrixWorld();
    const frustum = new Frustum().setFromProjectionMatrix(
      new Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse),
    );
    const scene = new Scene().add(instances.object);
    scene.updateMatrixWorld();
    const holds = () =>
      instances.meshes.every((mesh) => {
        const ours = mesh.boundingSphere.clone();
        mesh.computeBoundingSphere(); // three's own, over every instance
        const exact = mesh.boundingSphere;
        const inside = ours.center.distanceTo(exact.center) + exact.radius <= ours.radius + 1e-5;
        mesh.boundingSphere = ours;
        return inside;
      });
    for (const t of [0, 0.5, 1, 1.5, 2, 2.5]) {
      instances.apply(t);
      expect(holds()).toBe(true);
      expect(instances.meshes.every((mesh) => frustum.intersectsObject(mesh))).toBe(true);
    }
    for (let i = 0; i < 10; i++) crowd.roots[3 * i] += 200; // the whole crowd far off
    instances.apply(1);
    expect(holds()).toBe(true);
    expect(instances.meshes.some((mesh) => frustum.intersectsObject(mesh))).toBe(false);
    instances.dispose();
    crowd.dispose();
  });

  it('gives the member hit by a ray, and colours members', () => {
    const roots = [0, 0, 0, 1, 0, 0, 2, 0, 0];
    const crowd = kb.createCrowd(
      joint({ members: { count: 3, options: { gesture: 'clap' } }, roots }),
    );
    const instances = createCrowdInstances(crowd);
    const scene = new Scene().add(instances.object);
    instances.object.position.z = -1; // the crowd's group moved: rays and matrixAt follow
    scene.updateMatrixWorld();
    instances.apply(0);
    for (let i = 0; i < 3; i++) {
      const chest = new Vector3()
        .setFromMatrixPosition(instances.matrixAt(i, 'spine2'))
        .lerp(new Vector3().setFromMatrixPosition(instances.matrixAt(i, 'spine3')), 0.5);
      expect(chest.z).toBeCloseTo(-1, 6);
      const ray = new Raycaster(new Vector3(chest.x, chest.y, 5), new Vector3(0, 0, -1));
      const hit = instances.intersect(ray);
      expect(hit.member).toBe(i);
      expect(hit.joint).toBe(kb.skeleton.names.indexOf('spine2')); // its bone to spine3
    }
    const ray = new Raycaster(new Vector3(0.5, 1.1, 5), new Vector3(0, 0, -1)); // between two
    expect(instances.intersect(ray)).toBe(null);
    const camera = new PerspectiveCamera(50, 1, 0.1, 100);
    camera.position.set(1, 1.2, 6);
    camera.updateMatrixWorld();
    expect(instances.intersect({ x: 0, y: 0 }, camera).member).toBe(1);
    instances.setColorAt(2, new Color(1, 0.5, 0));
    const colors = instances.meshes[0].instanceColor;
    expect(instances.meshes.every((m) => m.instanceColor === colors)).toBe(true);
    expect([...colors.array.slice(6, 9)]).toEqual([1, 0.5, 0]);
    expect([...colors.array.slice(0, 3)]).toEqual([1, 1, 1]);
    instances.dispose();
    crowd.dispose();
  });

  it('takes segments of its own: placed in the joint frame by matrix, the caller keeping them', () => {
    const crowd = kb.createCrowd(joint({ members: [{ gesture: 'point' }, { gesture: 'salute' }] }));
    const geometry = new BoxGeometry(0.1, 0.3, 0.1);
    const material = new MeshBasicMaterial();
    const offset = new Matrix4().makeTranslation(0, -0.15, 0.02);
    const instances = createCrowdInstances(crowd, {
      segments: [
        { joint: 'right_elbow', geometry, matrix: offset },
        { joint: 16, geometry },
      ],
      material,
    });
    instances.apply(1.2);
    const [forearm, arm] = instances.meshes;
    expect(forearm.material).toBe(material);
    expect(arm.geometry).toBe(geometry);
    expect(forearm.geometry).not.toBe(geometry); // a transformed copy
    // a corner of the box, drawn, against the joint's world matrix × offset
    const corner = new Vector3(0.05, 0.15, 0.05);
    const m = new Matrix4();
    forearm.getMatrixAt(1, m);
    const drawn = new Vector3().fromBufferAttribute(forearm.geometry.attributes.position, 0);
    const source = new Vector3().fromBufferAttribute(geometry.attributes.position, 0);
    expect(source.distanceTo(corner)).toBeLessThan(1e-7);
    const a = drawn.applyMatrix4(m);
    const b = source.applyMatrix4(offset).applyMatrix4(instances.matrixAt(1, 'right_elbow'));
    expect(a.distanceTo(b)).toBeLessThan(1e-6);
    let disposed = [];
    geometry.addEventListener('dispose', () => disposed.push('given'));
    forearm.geometry.addEventListener('dispose', () => disposed.push('copy'));
    instances.dispose();
    expect(disposed).toEqual(['copy']);
    crowd.dispose();
  });

  it('after dispose: out of the scene, its own geometry freed, every method throws', () => {
    const crowd = kb.createCrowd(joint({ members: { count: 2 } }));
    const instances = createCrowdInstances(crowd);
    const scene = new Scene().add(instances.object);
    let freed = 0;
    for (const mesh of instances.meshes) mesh.geometry.addEventListener('dispose', () => freed++);
    instances.dispose();
    expect(instances.object.parent).toBe(null);
    expect(scene.children.length).toBe(0);
    expect(freed).toBe(instances.meshes.length);
    expect(() => instances.apply(0)).toThrow(/disposed/);
    expect(() => instances.update()).toThrow(/disposed/);
    instances.dispose(); // twice is harmless
    // a crowd disposed under live instances
    const other = createCrowdInstances(crowd);
    crowd.dispose();
    expect(() => other.update()).toThrow(/the crowd was disposed/);
    other.dispose();
  });

  it('refuses bad input with the parameter, the value and what is allowed', () => {
    const byMember = kb.createCrowd({ members: [{}], matrices: true });
    expect(() => createCrowdInstances(byMember)).toThrow(TypeError);
    expect(() => createCrowdInstances(byMember)).toThrow(
      /matrixLayout: 'joint'.*got matrixLayout member/,
    );
    expect(() => createCrowdInstances(null)).toThrow(/crowd must be a live kblend crowd/);
    byMember.dispose();
    const crowd = kb.createCrowd(joint({ members: [{}] }));
    const geometry = new BoxGeometry();
    const bad = (options, pattern, type = TypeError) => {
      expect(() => createCrowdInstances(crowd, options)).toThrow(type);
      expect(() => createCrowdInstances(crowd, options)).toThrow(pattern);
    };
    bad(null, /options must be an object, got null/);
    bad(
      { segment: [] },
      "createCrowdInstances options: unknown option 'segment' — did you mean 'segments'?",
    );
    bad({ material: 'red' }, /material must be a THREE.Material, got string/);
    bad({ segments: {} }, /segments must be an array/);
    bad({ segments: [] }, /segments must hold at least one segment, got 0/, RangeError);
    bad(
      { segments: [{ joint: 'tail', geometry }] },
      /segments\[0\].joint must be a kblend joint name or an index 0 to 21, got "tail"/,
      RangeError,
    );
    bad({ segments: [{ joint: 22, geometry }] }, /segments\[0\].joint .* got 22/, RangeError);
    bad(
      { segments: [{ joint: 'head' }] },
      /segments\[0\].geometry must be a THREE.BufferGeometry, got undefined/,
    );
    bad(
      { segments: [{ joint: 'head', geometry, matrix: [1] }] },
      /segments\[0\].matrix must be a THREE.Matrix4/,
    );
    bad(
      { segments: [{ joint: 'head', geometry, size: 2 }] },
      /segments\[0\].size is not a segment key/,
    );
    bad(
      { segments: [{ joint: 'head', geometry, material: {} }] },
      /segments\[0\].material must be a THREE.Material/,
    );
    const instances = createCrowdInstances(crowd);
    expect(() => instances.apply('1')).toThrow(/apply\(t\) needs t in seconds, got string/);
    expect(() => instances.setColorAt(1, new Color())).toThrow(
      /member must be an integer 0 to 0, got 1/,
    );
    expect(() => instances.setColorAt(0, 'red')).toThrow(/color must be a THREE.Color, got string/);
    expect(() => instances.intersect({ x: 0, y: 0 })).toThrow(/intersect needs a THREE.Raycaster/);
    expect(() => instances.matrixAt(0, 'tail')).toThrow(RangeError);
    expect(() => instances.matrixAt(3, 'head')).toThrow(/member must be an integer 0 to 0, got 3/);
    expect(() => crowdBodySegments([1, 2])).toThrow(/bind must be the 66 bind positions/);
    expect(() => crowdBodySegments(crowd.bind, { radius: 0 })).toThrow(
      /radius must be a number in \(0, 0.5\] m, got 0/,
    );
    expect(() => crowdBodySegments(crowd.bind, { raduis: 0.05 })).toThrow(
      new TypeError("crowdBodySegments options: unknown option 'raduis' — did you mean 'radius'?"),
    );
    instances.dispose();
    crowd.dispose();
  });
});
