// Mapping another skeleton's joints onto ours by name: plain names and
// parents, no three.js, so BVH files and three.js rigs share one table.
// Names are compared without case, separators, a namespace prefix
// ("mixamorig:", "Armature|"), 3ds Max Biped's "Bip01 " prefix or the
// SMPL model files' "m_avg_"/"f_avg_" (m_avg_L_Hip, m_avg_Spine1, …); a
// side written after the name (Unity's and Bandai's UpperArm_L, Unreal's
// thigh_l, Blender's forearm.L) reads as one written before it.
import { JOINT_COUNT, JOINT_NAMES, jointChain } from '../skeleton-names.js';

// Left-side names per joint, across the conventions people have:
// Mixamo (LeftUpLeg, LeftArm, LeftForeArm …), CMU/MotionBuilder BVH (the
// same plus LowerBack, Neck1), VRM humanoid (leftUpperLeg, leftLowerArm,
// leftToes …), Poser/Daz (lThigh, lShin, lShldr, lCollar, Genesis'
// lThighBend, lShldrBend, lForearmBend), 3ds Max Biped (L Thigh, L Calf,
// L UpperArm, L Forearm, L Clavicle, L Toe0), Unity humanoid and Bandai
// (LeftUpperArm, UpperArm_L, Shoulder_L for the collar, Toes_L), Unreal
// (thigh_l, calf_l, ball_l). Kimodo/SMPL names (left_hip, L_Hip …) match
// before these. Right names are derived.
const LEFT_ALIASES = {
  left_hip: ['leftupleg', 'leftupperleg', 'leftthigh', 'lthigh', 'lthighbend', 'lupleg', 'lefthip'],
  left_knee: ['leftleg', 'leftlowerleg', 'leftshin', 'lshin', 'lcalf', 'leftcalf', 'lknee'],
  left_ankle: ['leftfoot', 'lfoot', 'leftankle', 'lankle'],
  left_foot: [
    'lefttoebase',
    'lefttoe',
    'lefttoes',
    'ltoe',
    'ltoes',
    'ltoebase',
    'ltoe0',
    'leftball',
  ],
  left_collar: ['leftshoulder', 'leftclavicle', 'lclavicle', 'leftcollar', 'lcollar'],
  left_shoulder: ['leftarm', 'leftupperarm', 'leftuparm', 'luparm', 'lupperarm', 'lshldr'],
  left_elbow: ['leftforearm', 'leftlowerarm', 'leftlowarm', 'llowarm', 'lforearm', 'lelbow'],
  left_wrist: ['lefthand', 'lhand', 'leftwrist', 'lwrist'],
};
const EXTRA_LEFT = {
  left_knee: ['leftknee', 'lleg'],
  left_shoulder: ['lhumerus', 'lshldrbend'],
  left_elbow: ['lforearmbend', 'leftelbow'],
};

const toRight = (alias) =>
  alias.startsWith('left') ? 'right' + alias.slice(4) : 'r' + alias.slice(1);

const NAME_ALIASES = Object.freeze(buildAliases());

function buildAliases() {
  const table = { pelvis: ['hips', 'hip', 'pelvis', 'root'] };
  for (const [joint, names] of Object.entries(LEFT_ALIASES)) {
    const all = [...names, ...(EXTRA_LEFT[joint] ?? [])];
    table[joint] = all;
    table[joint.replace('left_', 'right_')] = all.map(toRight);
  }
  table.neck = ['neck', 'lowerneck', 'necklower', 'neck1'];
  table.head = ['head'];
  return table;
}

const SPINE = Object.freeze(['spine1', 'spine2', 'spine3']);

// "mixamorig:LeftArm" and three.js's sanitized "mixamorigLeftArm" →
// "LeftArm"; "Bip01 L Thigh" → "L Thigh"; "m_avg_L_Hip" → "L_Hip".
function withoutPrefix(name) {
  return name
    .replace(/^.*[:|]/, '')
    .replace(/^mixamorig\d*_?(?=[A-Z])/, '')
    .replace(/^bip0*1(?=\s|_|$)\s*_?/i, '')
    .replace(/^[mf]_avg_/i, '');
}

// Kimodo/SMPL spelling: lower case, "l_"/"r_" spelled out.
function smplName(name) {
  return withoutPrefix(name).toLowerCase().replace(/^l_/, 'left_').replace(/^r_/, 'right_');
}

// "UpperArm_L", "thigh_l", "forearm.L", "Hand L", "UpperArmL" →
// "LeftUpperArm" …: a side after a separator in either case, or a capital
// L/R after a lower-case letter (so "Collar" or "Spine" never lose a letter).
const SIDE_AFTER_SEPARATOR = /^(.*[A-Za-z0-9])[\s._-]+(l|r|left|right)$/i;
const SIDE_AFTER_CAPITAL = /^(.*[a-z])(L|R|Left|Right)$/;
function sideFirst(name) {
  const match = SIDE_AFTER_SEPARATOR.exec(name) ?? SIDE_AFTER_CAPITAL.exec(name);
  if (!match) return name;
  return (match[2][0].toLowerCase() === 'l' ? 'Left' : 'Right') + match[1];
}

export function nameKey(name) {
  return sideFirst(withoutPrefix(name))
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

// Spine joints by hierarchy: whatever lies between the pelvis and the
// neck (or the collars' parent) is spread over spine1..spine3, so
// "Spine, Spine1, Spine2" (Mixamo), "LowerBack, Spine, Spine1" (CMU),
// "abdomen, chest" (Poser), "spine, chest, upperChest" (VRM) and
// "spine1..3" (Kimodo) all land right. Only spine joints still free.
export function mapSpine(indexOf, parents, taken = new Set(indexOf.filter((i) => i >= 0))) {
  const at = (name) => indexOf[JOINT_NAMES.indexOf(name)];
  const pelvis = at('pelvis');
  let top = at('neck');
  for (const collar of ['left_collar', 'right_collar', 'left_shoulder']) {
    if (top >= 0) break;
    if (at(collar) >= 0) top = parents[at(collar)];
  }
  if (pelvis < 0 || top < 0) return;
  // below the pelvis down to the top (a neck itself is no spine joint)
  const below = jointChain(parents, pelvis, top) ?? [];
  const chain = (top === at('neck') ? below.slice(0, -1) : below).filter((s) => !taken.has(s));
  if (chain.length === 0) return;
  const picks =
    chain.length === 1
      ? [null, null, chain[0]]
      : chain.length === 2
        ? [chain[0], null, chain[1]]
        : [chain[0], chain[Math.floor((chain.length - 1) / 2)], chain[chain.length - 1]];
  picks.forEach((source, k) => {
    const joint = JOINT_NAMES.indexOf(SPINE[k]);
    if (source !== null && indexOf[joint] < 0) {
      indexOf[joint] = source;
      taken.add(source);
    }
  });
}

// indexOf (source index per our joint, −1 when none) filled by name:
// Kimodo/SMPL names first, then the alias table in its order, then the
// spine by hierarchy (Mixamo's Spine1 is the middle one, Kimodo's the
// lowest: names cannot tell). Joints already set are kept.
export function mapByName(names, parents, indexOf = new Array(JOINT_COUNT).fill(-1)) {
  const taken = new Set(indexOf.filter((i) => i >= 0));
  const claim = (joint, source) => {
    if (indexOf[joint] < 0 && !taken.has(source)) {
      indexOf[joint] = source;
      taken.add(source);
    }
  };
  const keys = names.map(nameKey);
  // SMPL's L_Shoulder is the upper arm; a file that also names an upper
  // arm on that side (Left_Shoulder beside Left_UpperArm) means the collar
  const upperArmNamed = (joint) =>
    /shoulder$/.test(joint) && NAME_ALIASES[joint].some((alias) => keys.includes(alias));
  names.forEach((name, i) => {
    const joint = JOINT_NAMES.indexOf(smplName(name));
    if (joint < 0 || SPINE.includes(JOINT_NAMES[joint])) return;
    if (!upperArmNamed(JOINT_NAMES[joint])) claim(joint, i);
  });
  for (const [joint, aliases] of Object.entries(NAME_ALIASES)) {
    for (const alias of aliases) {
      const i = keys.indexOf(alias);
      if (i >= 0 && !taken.has(i)) {
        claim(JOINT_NAMES.indexOf(joint), i);
        break;
      }
    }
  }
  mapSpine(indexOf, parents, taken);
  return indexOf;
}

// names: the source's joint names; parents: their parent indices (−1 for a
// root). Returns indexOf, unmapped (our joints without a source) and
// ignored (source joints we do not use).
export function mapJointNames(names, parents) {
  if (!Array.isArray(names) || !Array.isArray(parents) || names.length !== parents.length) {
    throw new TypeError('mapJointNames needs arrays of names and parents of the same length');
  }
  return describeMapping(names, mapByName(names, parents));
}

export function describeMapping(names, indexOf) {
  const used = new Set(indexOf.filter((i) => i >= 0));
  const mapped = {};
  JOINT_NAMES.forEach((joint, j) => {
    if (indexOf[j] >= 0) mapped[joint] = names[indexOf[j]];
  });
  return {
    indexOf,
    mapped,
    unmapped: JOINT_NAMES.filter((_, j) => indexOf[j] < 0),
    ignored: names.filter((_, i) => !used.has(i)),
  };
}
