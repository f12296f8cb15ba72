// The gesture editor's model: a draft gesture file, edited key by key, shown
// as a custom gesture through the app state, with undo and redo over every
// change of the page's params (tuning from the panel, presets and links
// included) and of the draft. An edit is validated as a gesture file
// (kb.parseGesture) before anything changes; a refused edit throws and
// leaves the page as it was. No DOM.
import { gestureToFile } from '../../link/gesture-file.js';
import {
  draftFromPose,
  moveKeyframe,
  removeKey,
  removeKeyframe,
  setHand,
  setHeader,
  setKey,
  setKeys,
} from './gesture-draft.js';
import { ARM_JOINTS, reachPose } from './arm-reach.js';
import { eulerDegreesOf } from './euler.js';
import { createHistory } from './history.js';

const LABEL = 'edited gesture';

// The pose of the keyframe at `time` (idle where it names no joint).
function keyframePose(kb, file, time, apose) {
  const key = file.keyframes.find((k) => k.time === time) ?? { rotations: {} };
  return kb.keyframePose(key, apose);
}

// A draft holding the pose shown (one keyframe, relative to the idle pose).
function draftOfPose(kb, state, pose, name) {
  const idle = kb.createPreview({ gesture: kb.gestureNames[0], apose: state.params.apose });
  const idlePose = idle.evaluate(0);
  idle.dispose();
  return draftFromPose(pose, idlePose, kb.skeleton.names, {
    name,
    duration: state.params.duration,
  });
}

// The gesture shown, as a draft to edit: a library gesture as a copy, a
// custom one as it is, anything else (an imported clip) from its pose.
function draftOfShownGesture(kb, state, sources, currentPose) {
  const { gesture } = state.params;
  const custom = sources.customGesture(gesture);
  if (custom) return gestureToFile(custom);
  if (kb.gestureNames.includes(gesture)) {
    return { ...gestureToFile(kb.getGesture(gesture)), name: `${gesture}_edit` };
  }
  return draftOfPose(kb, state, currentPose(), 'new_gesture');
}

// The arm joints of a solved pose as XYZ degrees, by joint name.
function armDegrees(kb, pose, side) {
  const rotations = {};
  for (const joint of ARM_JOINTS[side]) {
    const j = kb.skeleton.names.indexOf(joint);
    rotations[joint] = eulerDegreesOf(Array.from(pose.subarray(4 * j, 4 * j + 4)));
  }
  return rotations;
}

// A draft's name in the gesture picker.
const pickerName = (file) => `custom: ${file.name}`;

// Posing an arm by its wrist: solveReach gives the solver's arm for a wrist
// target from the keyframe's pose (no edit), reach keys the solved shoulder
// and elbow at the keyframe (one edit).
function createReach(kb, state, gesture, edit) {
  function solveReach(side, time, target) {
    const from = keyframePose(kb, gesture(), time, state.params.apose);
    return reachPose(kb, from, side, target);
  }
  function reach(side, time, target) {
    const solved = solveReach(side, time, target);
    const rotations = armDegrees(kb, solved.pose, side);
    edit((d) => setKeys(d, time, rotations));
    return { cost: solved.cost, reached: solved.reached, iterations: solved.iterations };
  }
  return { reach, solveReach };
}

// The edits of the draft, each one step (`edit` validates and commits).
function draftEdits(edit) {
  return {
    setKey: (joint, time, eulerDegXYZ) => edit((d) => setKey(d, joint, time, eulerDegXYZ)),
    removeKey: (joint, time) => edit((d) => removeKey(d, joint, time)),
    removeKeyframe: (time) => edit((d) => removeKeyframe(d, time)),
    moveKeyframe: (time, newTime) => edit((d) => moveKeyframe(d, time, newTime)),
    setHeader: (changes) => edit((d) => setHeader(d, changes)),
    // one hand's { shape, curl } at the keyframe at `time`
    setHand: (time, side, hand) => edit((d) => setHand(d, time, side, hand)),
  };
}

/**
 * @param {object} options
 * @param {object} options.kb  the loaded library
 * @param {object} options.state  the app state
 * @param {object} options.sources  withCustomGestures' result
 * @param {() => Float32Array} options.currentPose  the pose shown
 * @param {() => void} [options.onGesturesChanged]  the picker's list changed
 */
export function createGestureEditor({ kb, state, sources, currentPose, onGesturesChanged }) {
  let draft = null; // the gesture file being edited
  let restoring = false;
  const history = createHistory();
  const listeners = new Set();
  const notify = () => listeners.forEach((listener) => listener());
  // the editor panel's selection (joint, keyframe), kept with each step
  let selection = { read: () => null, apply: () => {} };
  // what the page held after the last step: the draft and the custom gestures
  const held = () => ({ draft, customs: sources.customEntries() });
  let settled = held();

  // every accepted change of the params is one step of the history: the
  // params before it, and the draft, custom gestures and selection then
  // (the changes of one typing session in a text field are one step)
  let sessionOf = () => null;
  let lastSession = null;
  state.onChange(({ previous }) => {
    if (restoring) return;
    const session = sessionOf();
    if (session === null || session !== lastSession) {
      history.record({ params: previous, ...settled, selection: selection.read() });
    }
    lastSession = session;
    settled = held();
    notify();
  });

  const editing = () => draft !== null && state.params.gesture === pickerName(draft);

  const draftOfShown = () => draftOfShownGesture(kb, state, sources, currentPose);

  // Show a new draft: validated, registered, then set through the state. A
  // renamed draft leaves the picker under its old name.
  function commit(next) {
    const parsed = kb.parseGesture(next, LABEL);
    const name = pickerName(next);
    const customsBefore = sources.customEntries();
    const before = draft;
    if (editing() && pickerName(before) !== name) sources.removeCustom(pickerName(before));
    sources.addCustom(parsed);
    draft = next;
    const change = state.setParams({ gesture: name });
    if (!change.ok) {
      draft = before;
      sources.restoreCustoms(customsBefore);
      throw new RangeError(`${LABEL}: ${change.error}`);
    }
    onGesturesChanged?.();
    return gesture();
  }

  const edit = (change) => commit(change(editing() ? draft : draftOfShown()));

  const { reach, solveReach } = createReach(kb, state, gesture, edit);

  function restore(entry) {
    restoring = true;
    try {
      sources.restoreCustoms(entry.customs);
      draft = entry.draft;
      state.setParams(entry.params);
    } finally {
      restoring = false;
    }
    settled = held();
    lastSession = null;
    selection.apply(entry.selection);
    onGesturesChanged?.();
    notify();
  }
  const present = () => ({ params: state.params, ...held(), selection: selection.read() });
  // an undo or redo step, when there is one: the page as it was then
  const step = (entry) => (entry === null ? false : (restore(entry), true));

  function gesture() {
    const source = editing() ? draft : draftOfShown();
    return JSON.parse(JSON.stringify(source));
  }

  return {
    // start a draft: from the pose shown, or the shown gesture (a copy of a library one)
    startFromPose: (name = 'new_gesture') => commit(draftOfPose(kb, state, currentPose(), name)),
    startFromShown: () => commit(draftOfShown()),
    ...draftEdits(edit),
    // pose an arm by its wrist (kb.solveIK): reach keys it, solveReach only solves
    reach,
    solveReach,
    undo: () => step(history.undo(present())),
    redo: () => step(history.redo(present())),
    get canUndo() {
      return history.canUndo;
    },
    get canRedo() {
      return history.canRedo;
    },
    // the gesture edited (or the one shown, when no draft is), as its file
    gesture,
    get editing() {
      return editing();
    },
    // sessionOf() names the typing session under way (null: none); the
    // changes made within one are one step
    mergeStepsWithin(sessionOfTyping) {
      sessionOf = sessionOfTyping;
    },
    // The selection to keep with each step: read() gives it, apply(it) puts it back.
    trackSelection(tracked) {
      selection = tracked;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
