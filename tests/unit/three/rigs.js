// Humanoid rigs built in the tests, as other tools make them: a bone per
// kblend joint under each convention's names, other proportions, bone axes
// either +Y along the bone (Mixamo) or identity at rest (VRM normalized),
// a T-pose or A-pose rest, optional extra bones (twist, fingers).
import { Group, Object3D, Quaternion, Vector3, Bone } from 'three';

export const MIXAMO = {
  pelvis: 'mixamorig:Hips',
  left_hip: 'mixamorig:LeftUpLeg',
  right_hip: 'mixamorig:RightUpLeg',
  spine1: 'mixamorig:Spine',
  left_knee: 'mixamorig:LeftLeg',
  right_knee: 'mixamorig:RightLeg',
  spine2: 'mixamorig:Spine1',
  left_ankle: 'mixamorig:LeftFoot',
  right_ankle: 'mixamorig:RightFoot',
  spine3: 'mixamorig:Spine2',
  left_foot: 'mixamorig:LeftToeBase',
  right_foot: 'mixamorig:RightToeBase',
  neck: 'mixamorig:Neck',
  left_collar: 'mixamorig:LeftShoulder',
  right_collar: 'mixamorig:RightShoulder',
  head: 'mixamorig:Head',
  left_shoulder: 'mixamorig:LeftArm',
  right_shoulder: 'mixamorig:RightArm',
  left_elbow: 'mixamorig:LeftForeArm',
  right_elbow: 'mixamorig:RightForeArm',
  left_wrist: 'mixamorig:LeftHand',
  right_wrist: 'mixamorig:RightHand',
};

export const VRM = {
  pelvis: 'hips',
  left_hip: 'leftUpperLeg',
  right_hip: 'rightUpperLeg',
  spine1: 'spine',
  left_knee: 'leftLowerLeg',
  right_knee: 'rightLowerLeg',
  spine2: 'chest',
  left_ankle: 'leftFoot',
  right_ankle: 'rightFoot',
  spine3: 'upperChest',
  left_foot: 'leftToes',
  right_foot: 'rightToes',
  neck: 'neck',
  left_collar: 'leftShoulder',
  right_collar: 'rightShoulder',
  head: 'head',
  left_shoulder: 'leftUpperArm',
  right_shoulder: 'rightUpperArm',
  left_elbow: 'leftLowerArm',
  right_elbow: 'rightLowerArm',
  left_wrist: 'leftHand',
  right_wrist: 'rightHand',
};

// Segment length factors per joint (its offset from its parent).
const PROPORTIONS = {
  left_knee: 1.12,
  right_knee: 1.12,
  left_elbow: 0.9,
  right_elbow: 0.9,
  head: 1.3,
};

// Rest positions of the joints: kblend's FK of restPose (T-pose bind or
// the idle A-pose) with every segment scaled by its factor and the body by
// `scale`.
function restPositions(kb, restPose, scale) {
  const fk = kb.forwardKinematics(restPose).positions;
  const out = [];
  kb.skeleton.names.forEach((name, j) => {
    const p = kb.skeleton.parents[j];
    const own = new Vector3(fk[3 * j], fk[3 * j + 1], fk[3 * j + 2]);
    if (p < 0) return out.push(own.multiplyScalar(scale));
    const parentFk = new Vector3(fk[3 * p], fk[3 * p + 1], fk[3 * p + 2]);
    const segment = own.sub(parentFk).multiplyScalar(scale * (PROPORTIONS[name] ?? 1));
    out.push(segment.add(out[p]));
  });
  return out;
}

// options: names (kblend joint → bone name), axes ('plusY' | 'identity'),
// restPose (88 numbers), scale, units (1 = m, 100 = cm under an
// Armature scaled 0.01), extras (twist bones and fingers), omit (joints
// the rig has no bone for).
export function buildRig(
  kb,
  { names, axes, restPose, scale = 1, units = 1, extras = false, omit = [] },
) {
  const joints = restPositions(kb, restPose, scale);
  const specs = kb.skeleton.names.map((name, j) => ({
    name: names[name],
    parent: kb.skeleton.parents[j],
    position: joints[j],
  }));
  if (extras) addExtras(kb, specs);
  // omitted joints: no bone, their children hang from their parent
  for (const joint of omit) {
    const j = kb.skeleton.names.indexOf(joint);
    specs[j].omit = true;
    specs.forEach((s) => s.parent === j && (s.parent = specs[j].parent));
  }
  const root = new Group();
  const armature = new Object3D();
  armature.name = 'Armature';
  armature.scale.setScalar(1 / units);
  root.add(armature);
  const world = [];
  const objects = [];
  const order = [];
  const visit = (i) => {
    order.push(i);
    specs.forEach((s, c) => s.parent === i && !s.omit && visit(c));
  };
  visit(0);
  order.forEach((i) => {
    const spec = specs[i];
    const child = specs.findIndex((s) => s.parent === i);
    const to = child >= 0 ? specs[child].position : null;
    const from = spec.parent >= 0 ? specs[spec.parent].position : null;
    const along = to
      ? to.clone().sub(spec.position)
      : spec.position.clone().sub(from ?? new Vector3(0, -1, 0));
    const q =
      axes === 'plusY'
        ? new Quaternion()
            .setFromUnitVectors(new Vector3(0, 1, 0), along.normalize())
            .multiply(new Quaternion().setFromAxisAngle(new Vector3(0, 1, 0), 0.4 * i))
        : new Quaternion();
    world[i] = q;
    const bone = new Bone();
    bone.name = spec.name;
    const parentQ = spec.parent >= 0 ? world[spec.parent] : new Quaternion();
    const offset = spec.position
      .clone()
      .sub(from ?? new Vector3())
      .multiplyScalar(units);
    bone.position.copy(offset.applyQuaternion(parentQ.clone().invert()));
    bone.quaternion.copy(parentQ.clone().invert().multiply(q));
    (spec.parent >= 0 ? objects[spec.parent] : armature).add(bone);
    objects[i] = bone;
  });
  root.updateMatrixWorld(true);
  return { root, bones: objects, specs };
}

// A twist bone halfway along each upper arm and forearm (the next joint
// hangs from it) and two finger bones past each wrist.
function addExtras(kb, specs) {
  for (const side of ['left', 'right']) {
    for (const [upper, lower] of [
      [`${side}_shoulder`, `${side}_elbow`],
      [`${side}_elbow`, `${side}_wrist`],
    ]) {
      const u = kb.skeleton.names.indexOf(upper);
      const l = kb.skeleton.names.indexOf(lower);
      const middle = specs[u].position.clone().lerp(specs[l].position, 0.5);
      specs.push({ name: `${specs[u].name}Twist`, parent: u, position: middle });
      specs[l].parent = specs.length - 1;
    }
    const w = kb.skeleton.names.indexOf(`${side}_wrist`);
    const sign = side === 'left' ? 1 : -1;
    const knuckle = specs[w].position.clone().add(new Vector3(0.08 * sign, 0, 0.02));
    specs.push({ name: `${specs[w].name}Index1`, parent: w, position: knuckle });
    const tip = knuckle.clone().add(new Vector3(0.03 * sign, 0, 0));
    specs.push({ name: `${specs[w].name}Index2`, parent: specs.length - 1, position: tip });
  }
}
