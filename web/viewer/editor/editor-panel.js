// The panel's edit folder: which gesture is edited (the shown one, as a
// copy of a library gesture, or a new one from the pose shown), the joint
// and keyframe selected, the joint's X/Y/Z degrees at that keyframe, keys
// and keyframes added and deleted, undo and redo, and saving the gesture
// as a file. Every edit goes through the editor model (validated, undoable);
// a refused edit is said in a notice.
import { download } from '../export/download.js';
import { eulerDegreesOf } from './euler.js';
import { gestureFileName, gestureFileText } from './gesture-file.js';

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
  const model = {
    joint: 'right_elbow',
    keyframe: NO_KEYFRAME,
    x: 0,
    y: 0,
    z: 0,
    editShown: () => guarded(() => editor.startFromShown()),
    fromPose: () => guarded(() => editor.startFromPose()),
    addKeyframe: () => guarded(addKeyframe),
    deleteKey: () => guarded(() => editor.removeKey(model.joint, selectedTime())),
    deleteKeyframe: () => guarded(() => editor.removeKeyframe(selectedTime())),
    undo: () => editor.undo(),
    redo: () => editor.redo(),
    save: () => {
      const file = editor.gesture();
      const text = gestureFileText(file);
      const bytes = new TextEncoder().encode(text);
      download({ filename: gestureFileName(file), mime: 'application/json', bytes });
    },
  };
  folder.add(model, 'editShown').name('edit shown gesture (a copy)');
  folder.add(model, 'fromPose').name('new gesture from this pose');
  // the gesture's header: name, length, loop and period
  const header = { name: '', duration: 1, loop: false, period: 1 };
  const setHeader = (changes) => guarded(() => editor.setHeader(changes));
  const headerFields = [
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
  const jointField = folder
    .add(model, 'joint', names)
    .name('joint')
    .onChange(() => {
      showAngles();
      onSelect?.(model.joint);
    });
  folder.onOpenClose(() => {
    onSelect?.(folder._closed ? null : model.joint);
    onOpenClose?.(!folder._closed);
  });
  let keyField = folder.add(model, 'keyframe', [NO_KEYFRAME]).name('keyframe');
  const axes = ['x', 'y', 'z'].map((axis) =>
    folder
      .add(model, axis, -180, 180, 0.5)
      .name(`${axis.toUpperCase()} (°)`)
      .onFinishChange(() => guarded(setAngles)),
  );
  folder.add(model, 'addKeyframe').name('add keyframe at playhead');
  folder.add(model, 'deleteKey').name('delete this joint’s key');
  folder.add(model, 'deleteKeyframe').name('delete keyframe');
  folder.add(model, 'undo').name('undo (Ctrl+Z)');
  folder.add(model, 'redo').name('redo (Ctrl+Shift+Z)');
  folder.add(model, 'save').name('save gesture JSON');

  function guarded(action) {
    try {
      action();
    } catch (error) {
      notice.show('The edit was refused; nothing changed:', [error.message]);
    }
    refresh();
  }

  const selectedTime = () => (model.keyframe === NO_KEYFRAME ? null : Number(model.keyframe));

  // The playhead in the gesture's time unit.
  function playheadTime(file) {
    const t = playhead();
    if (file.timeUnit !== 'hold') return Number(t.toFixed(TIME_DECIMALS));
    const { attack, release, duration } = params();
    const hold = (1 - attack - release) * duration;
    const fraction = hold > 0 ? (t - attack * duration) / hold : 0;
    return Number(Math.min(1, Math.max(0, fraction)).toFixed(TIME_DECIMALS));
  }

  function addKeyframe() {
    const file = editor.gesture();
    const time = playheadTime(file);
    const j = names.indexOf(model.joint);
    const angles = eulerDegreesOf(Array.from(currentPose().subarray(4 * j, 4 * j + 4)));
    editor.setKey(model.joint, time, angles);
    model.keyframe = String(time);
  }

  function setAngles() {
    const time = selectedTime() ?? playheadTime(editor.gesture());
    editor.setKey(model.joint, time, [model.x, model.y, model.z]);
    model.keyframe = String(time);
  }

  // The selected joint's angles at the selected keyframe (its key, or the
  // pose shown when that keyframe has none).
  function showAngles() {
    const file = editor.gesture();
    const key = file.keyframes.find((k) => String(k.time) === model.keyframe);
    const j = names.indexOf(model.joint);
    const angles =
      key?.rotations[model.joint] ??
      eulerDegreesOf(Array.from(currentPose().subarray(4 * j, 4 * j + 4)));
    [model.x, model.y, model.z] = angles;
    axes.forEach((c) => c.updateDisplay());
  }

  function refresh() {
    const file = editor.gesture();
    Object.assign(header, {
      name: file.name,
      duration: file.duration,
      loop: file.loop === true,
      period: file.period ?? header.period,
    });
    headerFields.forEach((c) => c.updateDisplay());
    const unit = file.timeUnit === 'hold' ? 'hold' : 's';
    const times = file.keyframes.map((k) => String(k.time));
    if (!times.includes(model.keyframe)) model.keyframe = times[0] ?? NO_KEYFRAME;
    keyField = keyField.options(times.length ? times : [NO_KEYFRAME]).name(`keyframe (${unit})`);
    keyField.onChange(showAngles);
    keyField.domElement.title = HELP.keyframe;
    keyField.updateDisplay();
    jointField.updateDisplay();
    showAngles();
  }
  editor.onChange(refresh);
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
    showDragged(degrees) {
      [model.x, model.y, model.z] = degrees;
      axes.forEach((c) => c.updateDisplay());
    },
    keyDragged(degrees) {
      [model.x, model.y, model.z] = degrees;
      guarded(setAngles);
    },
    // the keyframe an edit goes to: the selected one, else the playhead
    editTime: () => selectedTime() ?? playheadTime(editor.gesture()),
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
