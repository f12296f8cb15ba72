// Joint mapping shared by BVH import and rig binding: every naming
// convention's names, then topology where names fail.
import { describe, expect, it } from 'vitest';
import { mapJoints } from '../../../web/lib/bvh/map-joints.js';
import { mapJointNames, nameKey } from '../../../web/lib/bvh/joint-names.js';
import { JOINT_NAMES } from '../../../web/lib/skeleton-names.js';

// A skeleton given as [name, parent name, [x, y, z]] rows.
function skeleton(rows) {
  return {
    names: rows.map((r) => r[0]),
    parents: rows.map((r) => rows.findIndex((s) => s[0] === r[1])),
    rest: rows.map((r) => r[2]),
  };
}

// A humanoid in a T-pose with names from `name(kblendJoint)`, extra
// joints (twists, fingers, a head top) where real rigs have them.
function humanoid(name, { extras = [] } = {}) {
  const at = {
    pelvis: [null, [0, 95, 0]],
    left_hip: ['pelvis', [9, 90, 0]],
    left_knee: ['left_hip', [9, 50, 0]],
    left_ankle: ['left_knee', [9, 8, 0]],
    left_foot: ['left_ankle', [9, 2, 14]],
    spine1: ['pelvis', [0, 105, 0]],
    spine2: ['spine1', [0, 118, 0]],
    spine3: ['spine2', [0, 131, 0]],
    neck: ['spine3', [0, 146, 0]],
    head: ['neck', [0, 156, 0]],
    left_collar: ['spine3', [4, 141, 0]],
    left_shoulder: ['left_collar', [18, 143, 0]],
    left_elbow: ['left_shoulder', [46, 143, 0]],
    left_wrist: ['left_elbow', [71, 143, 0]],
  };
  const rows = [];
  for (const [joint, [parent, p]] of Object.entries(at)) {
    rows.push([name(joint), parent && name(parent), p]);
    if (joint.startsWith('left_')) {
      const right = joint.replace('left_', 'right_');
      const rp = parent?.startsWith('left_') ? parent.replace('left_', 'right_') : parent;
      rows.push([name(right), rp && name(rp), [-p[0], p[1], p[2]]]);
    }
  }
  rows.push(...extras);
  return skeleton(rows);
}

// SMPL's short names (L_Hip, Spine1 …), as its model files spell them
// after their m_avg_/f_avg_ prefix.
function smplShort(j) {
  return CONVENTIONS['SMPL short (L_Hip …)'](j);
}
const CONVENTIONS = {
  'Kimodo/SMPL': (j) => j,
  'SMPL short (L_Hip …)': (j) =>
    ({
      pelvis: 'Pelvis',
      spine1: 'Spine1',
      spine2: 'Spine2',
      spine3: 'Spine3',
      neck: 'Neck',
      head: 'Head',
    })[j] ??
    j
      .replace(/^left_(.)/, (_, c) => `L_${c.toUpperCase()}`)
      .replace(/^right_(.)/, (_, c) => `R_${c.toUpperCase()}`),
  'SMPL model file (m_avg_L_Hip …)': (j) => `m_avg_${smplShort(j)}`,
  'SMPL model file, female (f_avg_L_Hip …)': (j) => `f_avg_${smplShort(j)}`,
  'Mixamo with prefix': (j) => `mixamorig:${MIXAMO[j]}`,
  'Mixamo as three.js loaders name it': (j) => `mixamorig${MIXAMO[j]}`,
  'Mixamo plain': (j) => MIXAMO[j],
  VRM: (j) => VRM[j],
  'Poser/Daz, any case': (j) => POSER[j].toUpperCase(),
  'Daz Genesis': (j) => GENESIS[j],
  '3ds Max Biped': (j) => BIPED[j],
  'Unity humanoid (LeftUpperArm …)': (j) => VRM[j][0].toUpperCase() + VRM[j].slice(1),
  'Unity/Bandai, side after the name (UpperArm_L …)': (j) => BANDAI[j],
  'Unreal (thigh_l …)': (j) => UNREAL[j],
  'Blender (forearm.L …)': (j) => BLENDER[j],
};
const sided = (table) => {
  const out = {};
  for (const [joint, v] of Object.entries(table)) {
    if (!joint.startsWith('left_')) out[joint] = v;
    else {
      out[joint] = v('L', 'Left', 'l', 'left');
      out[joint.replace('left_', 'right_')] = v('R', 'Right', 'r', 'right');
    }
  }
  return out;
};
const MIXAMO = sided({
  pelvis: 'Hips',
  spine1: 'Spine',
  spine2: 'Spine1',
  spine3: 'Spine2',
  neck: 'Neck',
  head: 'Head',
  left_hip: (L, Left) => `${Left}UpLeg`,
  left_knee: (L, Left) => `${Left}Leg`,
  left_ankle: (L, Left) => `${Left}Foot`,
  left_foot: (L, Left) => `${Left}ToeBase`,
  left_collar: (L, Left) => `${Left}Shoulder`,
  left_shoulder: (L, Left) => `${Left}Arm`,
  left_elbow: (L, Left) => `${Left}ForeArm`,
  left_wrist: (L, Left) => `${Left}Hand`,
});
const VRM = sided({
  pelvis: 'hips',
  spine1: 'spine',
  spine2: 'chest',
  spine3: 'upperChest',
  neck: 'neck',
  head: 'head',
  left_hip: (L, Left, l, left) => `${left}UpperLeg`,
  left_knee: (L, Left, l, left) => `${left}LowerLeg`,
  left_ankle: (L, Left, l, left) => `${left}Foot`,
  left_foot: (L, Left, l, left) => `${left}Toes`,
  left_collar: (L, Left, l, left) => `${left}Shoulder`,
  left_shoulder: (L, Left, l, left) => `${left}UpperArm`,
  left_elbow: (L, Left, l, left) => `${left}LowerArm`,
  left_wrist: (L, Left, l, left) => `${left}Hand`,
});
const POSER = sided({
  pelvis: 'hip',
  spine1: 'abdomen',
  spine2: 'abdomen2',
  spine3: 'chest',
  neck: 'neck',
  head: 'head',
  left_hip: (L, Left, l) => `${l}Thigh`,
  left_knee: (L, Left, l) => `${l}Shin`,
  left_ankle: (L, Left, l) => `${l}Foot`,
  left_foot: (L, Left, l) => `${l}Toe`,
  left_collar: (L, Left, l) => `${l}Collar`,
  left_shoulder: (L, Left, l) => `${l}Shldr`,
  left_elbow: (L, Left, l) => `${l}ForeArm`,
  left_wrist: (L, Left, l) => `${l}Hand`,
});
const GENESIS = sided({
  ...POSER,
  spine1: 'abdomenLower',
  spine2: 'abdomenUpper',
  spine3: 'chestUpper',
  neck: 'neckLower',
  left_hip: (L, Left, l) => `${l}ThighBend`,
  left_shoulder: (L, Left, l) => `${l}ShldrBend`,
  left_elbow: (L, Left, l) => `${l}ForearmBend`,
  left_knee: (L, Left, l) => `${l}Shin`,
  left_ankle: (L, Left, l) => `${l}Foot`,
  left_foot: (L, Left, l) => `${l}Toe`,
  left_collar: (L, Left, l) => `${l}Collar`,
  left_wrist: (L, Left, l) => `${l}Hand`,
});
const BIPED = sided({
  pelvis: 'Bip01 Pelvis',
  spine1: 'Bip01 Spine',
  spine2: 'Bip01 Spine1',
  spine3: 'Bip01 Spine2',
  neck: 'Bip01 Neck',
  head: 'Bip01 Head',
  left_hip: (L) => `Bip01 ${L} Thigh`,
  left_knee: (L) => `Bip01 ${L} Calf`,
  left_ankle: (L) => `Bip01 ${L} Foot`,
  left_foot: (L) => `Bip01 ${L} Toe0`,
  left_collar: (L) => `Bip01 ${L} Clavicle`,
  left_shoulder: (L) => `Bip01 ${L} UpperArm`,
  left_elbow: (L) => `Bip01 ${L} Forearm`,
  left_wrist: (L) => `Bip01 ${L} Hand`,
});

const BANDAI = sided({
  pelvis: 'Hips',
  spine1: 'Spine',
  spine2: 'Chest',
  spine3: 'UpperChest',
  neck: 'Neck',
  head: 'Head',
  left_hip: (L) => `UpperLeg_${L}`,
  left_knee: (L) => `LowerLeg_${L}`,
  left_ankle: (L) => `Foot_${L}`,
  left_foot: (L) => `Toes_${L}`,
  left_collar: (L) => `Shoulder_${L}`,
  left_shoulder: (L) => `UpperArm_${L}`,
  left_elbow: (L) => `LowerArm_${L}`,
  left_wrist: (L) => `Hand_${L}`,
});
const UNREAL = sided({
  pelvis: 'pelvis',
  spine1: 'spine_01',
  spine2: 'spine_02',
  spine3: 'spine_03',
  neck: 'neck_01',
  head: 'head',
  left_hip: (L, Left, l) => `thigh_${l}`,
  left_knee: (L, Left, l) => `calf_${l}`,
  left_ankle: (L, Left, l) => `foot_${l}`,
  left_foot: (L, Left, l) => `ball_${l}`,
  left_collar: (L, Left, l) => `clavicle_${l}`,
  left_shoulder: (L, Left, l) => `upperarm_${l}`,
  left_elbow: (L, Left, l) => `lowerarm_${l}`,
  left_wrist: (L, Left, l) => `hand_${l}`,
});
const BLENDER = sided({
  pelvis: 'hips',
  spine1: 'spine',
  spine2: 'spine.001',
  spine3: 'chest',
  neck: 'neck',
  head: 'head',
  left_hip: (L) => `thigh.${L}`,
  left_knee: (L) => `shin.${L}`,
  left_ankle: (L) => `foot.${L}`,
  left_foot: (L) => `toe.${L}`,
  left_collar: (L) => `shoulder.${L}`,
  left_shoulder: (L) => `upper_arm.${L}`,
  left_elbow: (L) => `forearm.${L}`,
  left_wrist: (L) => `hand.${L}`,
});

describe('mapJoints by name', () => {
  for (const [label, name] of Object.entries(CONVENTIONS)) {
    it(`${label}: all 22 joints to the right names`, () => {
      const { indexOf, unmapped, mapped } = mapJoints(humanoid(name));
      expect(unmapped).toEqual([]);
      JOINT_NAMES.forEach((joint) => expect([joint, mapped[joint]]).toEqual([joint, name(joint)]));
      expect(new Set(indexOf).size).toBe(22);
    });
  }

  it('nameKey drops namespaces, three.js-sanitized prefixes, Biped prefixes, case and separators', () => {
    expect(
      ['mixamorig:LeftArm', 'mixamorigLeftArm', 'Armature|Left_Arm', 'LEFTARM'].map(nameKey),
    ).toEqual(Array(4).fill('leftarm'));
    expect(nameKey('Bip01 L UpperArm')).toBe('lupperarm');
    expect(nameKey('Bip001 R Calf')).toBe('rcalf');
  });

  it("a side after the name reads as one before it, and never eats a name's last letter", () => {
    expect(
      ['UpperArm_L', 'upperarm_l', 'upper_arm.L', 'UpperArm L', 'UpperArmL'].map(nameKey),
    ).toEqual(Array(5).fill('leftupperarm'));
    expect(['Collar', 'Spine', 'Chest', 'HeadTop_End'].map(nameKey)).toEqual([
      'collar',
      'spine',
      'chest',
      'headtopend',
    ]);
  });

  it("SMPL's shoulder is the upper arm, unless the file names an upper arm beside it", () => {
    const smpl = mapJoints(humanoid(CONVENTIONS['SMPL short (L_Hip …)']));
    expect([smpl.mapped.left_collar, smpl.mapped.left_shoulder]).toEqual([
      'L_Collar',
      'L_Shoulder',
    ]);
    const unity = (j) =>
      BANDAI[j].replace(
        /^(\w+)_([LR])$/,
        (_, part, s) => `${s === 'L' ? 'Left' : 'Right'}_${part}`,
      );
    const both = mapJoints(humanoid(unity));
    expect([both.mapped.left_collar, both.mapped.left_shoulder]).toEqual([
      'Left_Shoulder',
      'Left_UpperArm',
    ]);
  });

  it('extra bones (twists, fingers, a head top, a root above the hips) are ignored', () => {
    const rig = humanoid((j) => `mixamorig:${MIXAMO[j]}`, {
      extras: [
        ['mixamorig:LeftForeArmTwist', 'mixamorig:LeftForeArm', [60, 143, 0]],
        ['mixamorig:LeftHandIndex1', 'mixamorig:LeftHand', [78, 143, 1]],
        ['mixamorig:HeadTop_End', 'mixamorig:Head', [0, 175, 0]],
      ],
    });
    const { unmapped, ignored, mapped } = mapJoints(rig);
    expect(unmapped).toEqual([]);
    expect(mapped.head).toBe('mixamorig:Head');
    expect(ignored).toEqual([
      'mixamorig:LeftForeArmTwist',
      'mixamorig:LeftHandIndex1',
      'mixamorig:HeadTop_End',
    ]);
  });

  it('mapJointNames keeps its old answer for SMPL and CMU names', () => {
    const cmu = ['Hips', 'LowerBack', 'Spine', 'Spine1', 'Neck', 'Neck1', 'Head'];
    const m = mapJointNames(
      cmu,
      cmu.map((_, i) => i - 1),
    );
    expect([3, 6, 9, 12, 15].map((j) => cmu[m.indexOf[j]])).toEqual([
      'LowerBack',
      'Spine',
      'Spine1',
      'Neck',
      'Head',
    ]);
  });
});

describe('mapJoints by topology where names fail', () => {
  it('a rig of meaningless names maps every joint from its hierarchy and rest pose', () => {
    const rig = humanoid((j) => `b_${JOINT_NAMES.indexOf(j)}`);
    const { mapped, unmapped } = mapJoints(rig);
    expect(unmapped).toEqual([]);
    JOINT_NAMES.forEach((joint, j) => expect([joint, mapped[joint]]).toEqual([joint, `b_${j}`]));
  });

  it('a body facing −Z: left and right from where the toes point, not from ±X', () => {
    const rig = humanoid((j) => `b_${JOINT_NAMES.indexOf(j)}`);
    rig.rest = rig.rest.map(([x, y, z]) => [-x, y, -z]); // turned half round
    const { mapped, unmapped } = mapJoints(rig);
    expect(unmapped).toEqual([]);
    JOINT_NAMES.forEach((joint, j) => expect([joint, mapped[joint]]).toEqual([joint, `b_${j}`]));
  });

  it('names first, topology for the rest: odd arm names and a twist bone', () => {
    const odd = { shoulder: 'ArmA', elbow: 'ArmB', wrist: 'ArmC' };
    const name = (j) => {
      const [, side, part] = /^(left|right)_(shoulder|elbow|wrist)$/.exec(j) ?? [];
      return part ? `${odd[part]}_${side[0]}` : MIXAMO[j];
    };
    const rig = humanoid(name, { extras: [['UpperTwist_l', 'ArmA_l', [32, 143, 0]]] });
    rig.parents[rig.names.indexOf('ArmB_l')] = rig.names.indexOf('UpperTwist_l');
    const { mapped, unmapped, ignored } = mapJoints(rig);
    expect(unmapped).toEqual([]);
    expect([mapped.left_shoulder, mapped.left_elbow, mapped.left_wrist]).toEqual([
      'ArmA_l',
      'ArmB_l',
      'ArmC_l',
    ]);
    expect([mapped.right_shoulder, mapped.right_elbow, mapped.right_wrist]).toEqual([
      'ArmA_r',
      'ArmB_r',
      'ArmC_r',
    ]);
    expect(ignored).toEqual(['UpperTwist_l']);
  });

  it('a snake maps no limbs', () => {
    const snake = skeleton(
      [0, 1, 2, 3].map((i) => [`s${i}`, i ? `s${i - 1}` : null, [0, 10, -20 * i]]),
    );
    const { unmapped } = mapJoints(snake);
    expect(unmapped).toContain('left_hip');
    expect(unmapped).toContain('right_elbow');
  });
});
