// The element's figure: a light mannequin drawn from a pose's world joint
// positions (forward kinematics in the core): one instanced cylinder per
// bone (parent joint to joint), a sphere at each joint and a head. Two
// draw calls whatever the pose; no skinning, no per-element geometry.
import {
  CylinderGeometry,
  InstancedMesh,
  Group,
  Matrix4,
  MeshStandardMaterial,
  Quaternion,
  SphereGeometry,
  Vector3,
} from 'three';

// Bone radii (m) by the joint the bone ends at; other bones are limbs.
const TORSO = { spine1: 0.1, spine2: 0.11, spine3: 0.12, left_hip: 0.07, right_hip: 0.07 };
const LIMB_RADIUS = 0.042;
const JOINT_RADIUS = 0.05;
const HEAD_RADIUS = 0.11;
const HEAD_LIFT = 0.09;

const UP = new Vector3(0, 1, 0);

export function createMannequin(kb) {
  const { names, parents } = kb.skeleton;
  const bones = parents.map((p, j) => [p, j]).filter(([p]) => p >= 0);
  const body = new MeshStandardMaterial({ color: 0x4f7cc4, roughness: 0.6 });
  const limbs = new InstancedMesh(new CylinderGeometry(1, 1, 1, 12), body, bones.length);
  // one sphere per joint, and the head as the last one
  const joints = new InstancedMesh(new SphereGeometry(1, 16, 12), body, names.length + 1);
  for (const mesh of [limbs, joints]) mesh.frustumCulled = false;
  const object = new Group();
  object.add(limbs, joints);
  const head = names.indexOf('head');
  const radius = bones.map(([, j]) => TORSO[names[j]] ?? LIMB_RADIUS);

  const a = new Vector3();
  const b = new Vector3();
  const mid = new Vector3();
  const scale = new Vector3();
  const turn = new Quaternion();
  const matrix = new Matrix4();
  const at = (positions, j, out) => out.fromArray(positions, 3 * j);

  function poseLimbs(positions) {
    bones.forEach(([p, j], i) => {
      at(positions, p, a);
      at(positions, j, b);
      mid.addVectors(a, b).multiplyScalar(0.5);
      b.sub(a);
      const length = b.length();
      turn.setFromUnitVectors(UP, length > 1e-9 ? b.divideScalar(length) : UP);
      scale.set(radius[i], length, radius[i]);
      limbs.setMatrixAt(i, matrix.compose(mid, turn, scale));
    });
    limbs.instanceMatrix.needsUpdate = true;
  }

  function poseJoints(positions) {
    turn.identity();
    for (let j = 0; j < names.length; j++) {
      scale.setScalar(JOINT_RADIUS);
      joints.setMatrixAt(j, matrix.compose(at(positions, j, a), turn, scale));
    }
    at(positions, head, a).y += HEAD_LIFT;
    scale.setScalar(HEAD_RADIUS);
    joints.setMatrixAt(names.length, matrix.compose(a, turn, scale));
    joints.instanceMatrix.needsUpdate = true;
  }

  return {
    object,
    /** Places every part at 66 world joint positions. */
    pose(positions) {
      poseLimbs(positions);
      poseJoints(positions);
    },
  };
}
