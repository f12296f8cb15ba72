// Bone names per kblend joint, from a list or a { kblendJoint: name } map.
import { JOINT_COUNT, JOINT_NAMES } from 'kblend';

export function boneNameList(boneNames) {
  if (boneNames === undefined) return JOINT_NAMES.slice();
  if (Array.isArray(boneNames)) {
    if (boneNames.length !== JOINT_COUNT)
      throw new RangeError(
        `boneNames must list ${JOINT_COUNT} names (kblend's joint order), got ${boneNames.length}`,
      );
    return boneNames.slice();
  }
  if (boneNames && typeof boneNames === 'object') {
    for (const key of Object.keys(boneNames)) {
      if (!JOINT_NAMES.includes(key))
        throw new RangeError(
          `boneNames: ${JSON.stringify(key)} is not a kblend joint (allowed: ${JOINT_NAMES.join(', ')})`,
        );
    }
    return JOINT_NAMES.map((joint) => boneNames[joint] ?? null);
  }
  throw new TypeError(
    'boneNames must be an array of 22 names or an object { kblendJoint: boneName }',
  );
}
