// The 22 joints of the kblend skeleton (Kimodo/SMPL-X body topology), in
// the order of the C core (c_src/skeleton.c) and SPEC §3.
export const JOINT_NAMES = Object.freeze([
  'pelvis',
  'left_hip',
  'right_hip',
  'spine1',
  'left_knee',
  'right_knee',
  'spine2',
  'left_ankle',
  'right_ankle',
  'spine3',
  'left_foot',
  'right_foot',
  'neck',
  'left_collar',
  'right_collar',
  'head',
  'left_shoulder',
  'right_shoulder',
  'left_elbow',
  'right_elbow',
  'left_wrist',
  'right_wrist',
]);

export const JOINT_PARENTS = Object.freeze([
  -1, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 12, 13, 14, 16, 17, 18, 19,
]);

export const JOINT_COUNT = JOINT_NAMES.length;
