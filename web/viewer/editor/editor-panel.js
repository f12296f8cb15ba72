// The panel's edit folder: which gesture is edited (the shown one, as a
// copy of a library gesture, or a new one from the pose shown), the joint
// and keyframe selected, the joint's X/Y/Z degrees at that keyframe, the
// hands' shapes at that keyframe (hand-fields.js), keys
// and keyframes added and deleted, undo and redo, and saving the gesture
// as a file. Every edit goes through the editor model (validated, undoable);
// a refused edit is said in a notice.
import { download } from '../export/download.js';
import { eulerDegreesOf } from './euler.js';
import { addHandFields } from './hand-fields.js';
import { gestureFileName, gestureFileText } from '../../link/gesture-file.js';
import { keepTypedValues } from '../panel/typed-values.js';

const NO_KEYFRAME = '(none)';
// Each field's tooltip, by the model key it edits.
const HELP = {
  editShown: 'Edit the gesture shown: a library gesture as a copy, a custom one as it is',
  fromPose: 'A new gesture holding the pose shown now (one keyframe)',
  name: 'The gesture’s name (the file’s "name")',
  duration: 'The gesture’s own clip length in seconds',
  loop: 'Repeat the keyframes with the loop period (times in seconds)',
  period: 'Seconds after which a looping gesture starts over',
  joint: 'The joint to edit (or click the character); the rotation gizmo sits on it',
  keyframe: 'The keyframe edited, at its time (seconds, or hold fractions)',
  x: 'Rotation about X at the keyframe, degrees (XYZ order, from the T-pose)',
  y: 'Rotation about Y at the keyframe, degrees (XYZ order, from the T-pose)',
  z: 'Rotation about Z at the keyframe, degrees (XYZ order, from the T-pose)',
  addKeyframe: 'Key the selected joint as shown, at the playhead',
  deleteKey: 'Remove the selected joint from the selected keyframe',
  deleteKeyframe: 'Remove the selected keyframe',
  undo: 'Undo the last change, edits and tuning alike (Ctrl+Z)',
  redo: 'Redo what was undone (Ctrl+Shift+Z or Ctrl+Y)',
  save: 'The edited gesture as a gesture file (loads again with "load gesture JSON…")',
};

function addTooltips(folder) {
  for (const controller of folder.controllers) {
    const help = HELP[controller.property];
    if (help) controller.domElement.title = help;
  }
}
const TIME_DECIMALS = 4;

// A joint's rotation in the pose shown, as XYZ degrees.
function poseDegrees(pose, names, joint) {
  const j = names.indexOf(joint);
  return eulerDegreesOf(Array.from(pose.subarray(4 * j, 4 * j + 4)));
}

// Clip time t in the gesture's time unit (seconds, or hold fractions).
function gestureTime(t, file, { attack, release, duration }) {
  if (file.timeUnit !== 'hold') return Number(t.toFixed(TIME_DECIMALS));
  const hold = (1 - attack - release) * duration;
  const fraction = hold > 0 ? (t - attack * duration) / hold : 0;
  return Number(Math.min(1, Math.max(0, fraction)).toFixed(TIME_DECIMALS));
}

function saveGesture(editor) {
  const file = editor.gesture();
  const bytes = new TextEncoder().encode(gestureFileText(file));
  download({ filename: gestureFileName(file), mime: 'application/json', bytes });
}

// The gesture's header fields: name, length, loop and period.
function addHeaderFields(folder, header, setHeader) {
  return [
    folder
      .add(header, 'name')
      .name('gesture name')
      .onFinishChange((name) => setHeader({ name })),
    folder
      .add(header, 'duration', 0.1, 20, 0.05)
      .name('duration (s)')
      .onFinishChange((duration) => setHeader({ duration })),
    folder
      .add(header, 'loop')
      .name('loop')
      .onChange((loop) => setHeader(loop ? { loop, period: header.period } : { loop })),
    folder
      .add(header, 'period', 0.05, 10, 0.05)
      .name('loop period (s)')
      .onFinishChange((period) => setHeader({ loop: true, period })),
  ];
}

// The gesture's header: name, length, loop and period; show(file) shows a file's.
function addHeader(folder, editor, guarded) {
  const header = { name: '', duration: 1, loop: false, period: 1 };
  const fields = addHeaderFields(folder, header, (changes) =>
    guarded(() => editor.setHeader(changes)),
  );
  return { show: (file) => showHeader(header, fields, file) };
}

// X/Y/Z degree fields of the selected joint at the selected keyframe; a
// typed angle is kept as typed (the step is the slider's).
function addAngleFields(folder, model, onFinishChange, onClamped) {
  return ['x', 'y', 'z'].map((axis) => {
    const field = folder
      .add(model, axis, -180, 180, 0.5)
      .name(`${axis.toUpperCase()} (°)`)
      .onFinishChange(onFinishChange);
    keepTypedValues(field, { onClamped });
    return field;
  });
}

function showHeader(header, fields, file) {
  Object.assign(header, {
    name: file.name,
    duration: file.duration,
    loop: file.loop === true,
    period: file.period ?? header.period,
  });
  fields.forEach((c) => c.updateDisplay());
}

// The keyframe list of the file (the selection kept when it still exists);
// returns the field lil-gui rebuilt.
function showKeyframes(keyField, model, file, onChange) {
  const unit = file.timeUnit === 'hold' ? 'hold' : 's';
  const times = file.keyframes.map((k) => String(k.time));
  if (!times.includes(model.keyframe)) model.keyframe = times[0] ?? NO_KEYFRAME;
  const field = keyField.options(times.length ? times : [NO_KEYFRAME]).name(`keyframe (${unit})`);
  field.onChange(onChange);
  field.domElement.title = HELP.keyframe;
  field.updateDisplay();
  return field;
}

// What the folder's buttons do; guarded runs an edit and says a refusal.
function editActions(editor, guarded, { addKeyframe, joint, selectedTime }) {
  return {
    editShown: () => guarded(() => editor.startFromShown()),
    fromPose: () => guarded(() => editor.startFromPose()),
    addKeyframe: () => guarded(addKeyframe),
    deleteKey: () => guarded(() => editor.removeKey(joint(), selectedTime())),
    deleteKeyframe: () => guarded(() => editor.removeKeyframe(selectedTime())),
    undo: () => editor.undo(),
    redo: () => editor.redo(),
    save: () => saveGesture(editor),
  };
}

// The joint picker; the folder says the selection (null while closed).
function addJointField(folder, model, names, { onJoint, onSelect, onOpenClose }) {
  const field = folder
    .add(model, 'joint', names)
    .name('joint')
    .onChange(() => {
      onJoint();
      onSelect?.(model.joint);
    });
  folder.onOpenClose(() => {
    onSelect?.(folder._closed ? null : model.joint);
    onOpenClose?.(!folder._closed);
  });
  return field;
}

function addStartButtons(folder, model) {
  folder.add(model, 'editShown').name('edit shown gesture (a copy)');
  folder.add(model, 'fromPose').name('new gesture from this pose');
}

function addActionButtons(folder, model) {
  folder.add(model, 'addKeyframe').name('add keyframe at playhead');
  folder.add(model, 'deleteKey').name('delete this joint’s key');
  folder.add(model, 'deleteKeyframe').name('delete keyframe');
  folder.add(model, 'undo').name('undo (Ctrl+Z)');
  folder.add(model, 'redo').name('redo (Ctrl+Shift+Z)');
  folder.add(model, 'save').name('save gesture JSON');
}

// The selected joint's angles at the selected keyframe (its key, or what
// the keyframe holds for it when it has none: computed from the file, as
// the pose drawn may not show this keyframe yet), else in the pose shown.
function selectedDegrees(kb, file, model, apose, currentPose) {
  const names = kb.skeleton.names;
  const key = selectedKeyframe(file, model);
  if (key?.rotations[model.joint]) return key.rotations[model.joint];
  const pose = key ? kb.keyframePose(key, apose) : currentPose();
  return poseDegrees(pose, names, model.joint);
}

// The selected keyframe of the file (undefined when none is).
const selectedKeyframe = (file, model) =>
  file.keyframes.find((k) => String(k.time) === model.keyframe);

// The hands' fields; a change goes to the keyframe edits go to (one edit).
function addHands(folder, model, { editor, guarded, notice, editTime }) {
  const onHand = (side, hand) =>
    guarded(() => {
      const time = editTime();
      editor.setHand(time, side, hand);
      model.keyframe = String(time);
    });
  return addHandFields(folder, { onHand, onClamped: (note) => note && notice.show(note) });
}

// An edit run so that a refusal is a notice, the fields shown again after.
function guardEdits(notice, refresh) {
  return (action) => {
    try {
      action();
    } catch (error) {
      notice.show('The edit was refused; nothing changed:', [error.message]);
    }
    refresh();
  };
}

// Undo and redo give back the joint and keyframe selected at that step;
// onJointChanged runs when the joint given back is another one.
function keepSelectionWithSteps(editor, model, onJointChanged) {
  editor.trackSelection({
    read: () => ({ joint: model.joint, keyframe: model.keyframe }),
    apply(selected) {
      if (!selected) return;
      const jointChanged = selected.joint !== model.joint;
      Object.assign(model, selected);
      if (jointChanged) onJointChanged();
    },
  });
}

/**
 * @param {object} options
 * @param {object} options.gui  the panel's lil-gui root
 * @param {object} options.editor  createGestureEditor's result
 * @param {object} options.kb  the loaded library
 * @param {() => number} options.playhead  the clip time shown (s)
 * @param {() => object} options.params  the shown params
 * @param {() => Float32Array} options.currentPose  the pose shown
 * @param {object} options.notice  createNotice's result
 * @param {(joint: string | null) => void} [options.onSelect]  the joint selected (null: folder closed)
 * @param {(open: boolean) => void} [options.onOpenClose]  the folder opened or closed
 */
export function createEditorPanel({
  onOpenClose,
  gui,
  editor,
  kb,
  playhead,
  params,
  currentPose,
  notice,
  onSelect,
}) {
  const names = kb.skeleton.names;
  const folder = gui.addFolder('edit gesture');
  folder.close();
  const model = { joint: 'right_elbow', keyframe: NO_KEYFRAME, x: 0, y: 0, z: 0 };
  Object.assign(
    model,
    editActions(editor, (action) => guarded(action), {
      addKeyframe: () => addKeyframe(),
      joint: () => model.joint,
      selectedTime: () => selectedTime(),
    }),
  );
  addStartButtons(folder, model);
  const header = addHeader(folder, editor, (action) => guarded(action));
  const jointField = addJointField(folder, model, names, {
    onJoint: () => showAngles(),
    onSelect,
    onOpenClose,
  });
  let keyField = folder.add(model, 'keyframe', [NO_KEYFRAME]).name('keyframe');
  const axes = addAngleFields(
    folder,
    model,
    () => guarded(setAngles),
    (note) => note && notice.show(note),
  );
  const hands = addHands(folder, model, { editor, notice, guarded: (a) => guarded(a), editTime });
  addActionButtons(folder, model);

  const guarded = guardEdits(notice, () => refresh());

  const selectedTime = () => (model.keyframe === NO_KEYFRAME ? null : Number(model.keyframe));

  // The playhead in the gesture's time unit.
  const playheadTime = (file) => gestureTime(playhead(), file, params());
  // the keyframe an edit goes to: the selected one, else the playhead
  function editTime() {
    return selectedTime() ?? playheadTime(editor.gesture());
  }

  function addKeyframe() {
    const file = editor.gesture();
    const time = playheadTime(file);
    editor.setKey(model.joint, time, poseDegrees(currentPose(), names, model.joint));
    model.keyframe = String(time);
  }

  function setAngles() {
    const time = editTime();
    editor.setKey(model.joint, time, [model.x, model.y, model.z]);
    model.keyframe = String(time);
  }

  // the selected joint's angles and the hands at the selected keyframe
  const showAngles = () => {
    const file = editor.gesture();
    showDegrees(selectedDegrees(kb, file, model, params().apose, currentPose));
    hands.show(selectedKeyframe(file, model));
  };

  function showDegrees(degrees) {
    [model.x, model.y, model.z] = degrees;
    axes.forEach((c) => c.updateDisplay());
  }

  function refresh() {
    const file = editor.gesture();
    header.show(file);
    keyField = showKeyframes(keyField, model, file, showAngles);
    jointField.updateDisplay();
    showAngles();
  }
  editor.onChange(refresh);
  keepSelectionWithSteps(editor, model, () => {
    jointField.updateDisplay();
    if (!folder._closed) onSelect?.(model.joint);
  });
  refresh();
  addTooltips(folder);

  return {
    folder,
    refresh,
    selectJoint(joint) {
      if (!names.includes(joint)) return;
      model.joint = joint;
      jointField.updateDisplay();
      showAngles();
      onSelect?.(joint);
    },
    // the gizmo's rotation while it is dragged, then keyed at the keyframe
    showDragged: showDegrees,
    keyDragged(degrees) {
      [model.x, model.y, model.z] = degrees;
      guarded(setAngles);
    },
    editTime,
    // select the keyframe at this gesture time
    selectKeyframe(time) {
      model.keyframe = String(time);
      refresh();
    },
    get selection() {
      return { joint: model.joint, keyframe: selectedTime() };
    },
  };
}
