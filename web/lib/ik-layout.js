// The numbers the solver's flat entry points need, read by name from the
// core's ABI table, and the one reading of a joint given by name or index.
import { abiGroup, enumCodes } from './abi.js';
import { JOINT_COUNT, JOINT_NAMES } from './skeleton-names.js';
import { describe } from './validate.js';

// A joint given by name or index; allowWorld admits -1 (the world origin).
export function jointIndex(name, value, { allowWorld = false } = {}) {
  if (typeof value === 'number' && Number.isInteger(value)) {
    if ((allowWorld && value === -1) || (value >= 0 && value < JOINT_COUNT)) return value;
    throw new RangeError(
      `${name} must be a joint index in [${allowWorld ? -1 : 0}, ${JOINT_COUNT - 1}] or a joint name, got ${value}`,
    );
  }
  if (typeof value === 'string') {
    const index = JOINT_NAMES.indexOf(value);
    if (index >= 0) return index;
    throw new RangeError(
      `${name} must be a joint name (${JOINT_NAMES.join(', ')}), got ${describe(value)}`,
    );
  }
  throw new TypeError(`${name} must be a joint name or index, got ${describe(value)}`);
}

export function ikLayout(core) {
  const n = (name) => core.n(name);
  const stopCodes = enumCodes(core.abi, 'ikStop');
  const stops = [];
  for (const [name, code] of Object.entries(stopCodes)) stops[code] = name;
  const optionSlot = (key) =>
    n(`KB_IK_OPTION_${key.replace(/[A-Z]/g, (m) => '_' + m).toUpperCase()}`);
  // the solver's defaults (kb_ik_default_options) by option name
  const ikDefaults = abiGroup(core.abi, 'default.ik.');
  return {
    ikDefaults,
    dof: n('KB_IK_DOF'),
    poseDoubles: n('KB_IK_POSE_DOUBLES'),
    maxPairs: n('KB_IK_MAX_PAIRS'),
    maxTasks: n('KB_IK_MAX_TASKS'),
    maxRows: n('KB_IK_MAX_ROWS'),
    resultDoubles: n('KB_IK_RESULT_DOUBLES'),
    optionDoubles: n('KB_IK_OPTIONS_DOUBLES'),
    optionSlots: Object.fromEntries(Object.keys(ikDefaults).map((key) => [key, optionSlot(key)])),
    clapDoubles: n('KB_CLAP_OPTIONS_DOUBLES'),
    clapSlots: {
      separation: n('KB_CLAP_OPTION_SEPARATION'),
      chestForward: n('KB_CLAP_OPTION_CHEST_FORWARD'),
      chestDrop: n('KB_CLAP_OPTION_CHEST_DROP'),
      chestWeight: n('KB_CLAP_OPTION_CHEST_WEIGHT'),
      referenceWeight: n('KB_CLAP_OPTION_REFERENCE_WEIGHT'),
    },
    retargetResultDoubles: n('KB_RETARGET_RESULT_DOUBLES'),
    frameVector: n('KB_IK_TASK_FRAME_VECTOR'),
    retarget: n('KB_IK_TASK_RETARGET'),
    fvHeader: n('KB_IK_FV_HEADER'),
    fvPair: n('KB_IK_FV_PAIR'),
    rtHeader: n('KB_IK_RT_HEADER'),
    rtPair: n('KB_IK_RT_PAIR'),
    huber: enumCodes(core.abi, 'huber'),
    marker: enumCodes(core.abi, 'marker'),
    stops,
    result: (key) => n(`KB_IK_RESULT_${key}`),
  };
}
