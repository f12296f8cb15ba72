// The tuning and playback panel (lil-gui), built from PANEL_TABLE. The
// panel only reports what the user did — `onTune(name, value)` for a
// parameter (in the library's units: ratios, radians, seconds),
// `onSetting(name, value)` for a view or playback setting, `onAction(name)`
// for a button — and shows what the page decided (`show(params)`). It
// changes nothing itself, so a link, a reset and a slider all go one way.
import GUI from 'lil-gui';
import 'lil-gui/style.css';
import {
  FOLDERS,
  PANEL_TABLE,
  formatValue,
  fromSlider,
  rowRange,
  sliderRange,
  toSlider,
} from './panel-table.js';
import { clampNote, keepTypedValues } from './typed-values.js';
import { guardPanelWheel } from './wheel-guard.js';

function noteElement(className) {
  const note = document.createElement('div');
  note.className = `panel-note ${className}`;
  note.setAttribute('role', 'status');
  note.hidden = true;
  return note;
}

// What the page says about an imported clip's playback.
const SHAPING_NOTES = Object.freeze({
  captured:
    'Imported clip: plays as captured (envelope off; the envelope and filter sliders leave it alone).',
  shaped: 'Imported clip: shaped with the envelope and the filter (the sliders act on it).',
});

function withHelp(controller, row) {
  controller.domElement.title = row.help;
  controller.domElement.dataset.param = row.name;
  return controller;
}

// One row's controllers (a log row has two: its value box and its slider).
function addRow(parent, model, row, report, defaults) {
  const { kind, name, label } = row;
  if (kind === 'action') return [parent.add(model, name).name(label)];
  if (kind === 'choice') {
    const values = row.values ?? model.gestureNames;
    return [
      parent
        .add(model, name, values)
        .name(label)
        .onChange((v) => report.tune(name, v)),
    ];
  }
  if (kind === 'toggle') {
    return [
      parent
        .add(model, name)
        .name(label)
        .onChange((v) => report.tune(name, v)),
    ];
  }
  if (kind === 'switch') {
    return [
      parent
        .add(model, name)
        .name(label)
        .onChange((v) => report.setting(name, v)),
    ];
  }
  if (kind === 'switch-choice') {
    return [
      parent
        .add(model, name, row.values)
        .name(label)
        .onChange((v) => report.setting(name, v)),
    ];
  }
  if (kind === 'switch-number') {
    return [
      parent
        .add(model, name, row.min, row.max, row.step)
        .name(label)
        .onChange((v) => report.setting(name, v)),
    ];
  }
  const slider = `${name}Slider`;
  const { min, max } = sliderRange(row);
  const fromPosition = (position) => fromSlider(row, position, defaults[name]);
  if (kind === 'log') {
    const box = parent
      .add(model, name)
      .name(label)
      .onFinishChange((v) => {
        const typed = Number(v);
        const range = rowRange(row);
        const value = Math.min(range.max, Math.max(range.min, typed));
        const kept = !Number.isFinite(typed) || value === typed;
        report.clamped(kept ? '' : clampNote(label, v, value, range), box);
        report.tune(name, typed);
      });
    const logSlider = parent
      .add(model, slider, min, max, row.step)
      .name('ε (log scale)')
      .onChange((position) => report.tune(name, fromPosition(position)));
    logSlider.domElement.classList.add('log-slider');
    return [box, logSlider];
  }
  const controller = parent.add(model, slider, min, max, row.step).name(label);
  // a typed value is kept as typed (the slider snaps to the default nearby)
  const typed = keepTypedValues(controller, {
    onClamped: (note) => report.clamped(note, controller),
  });
  controller.onChange((position) =>
    report.tune(name, typed.typing ? fromSlider(row, position) : fromPosition(position)),
  );
  if (kind === 'degrees') controller.decimals(1);
  return [controller];
}

// What lil-gui edits: buttons call onAction, settings start as given; the
// params are filled in by fillModel.
function initialModel(gestureNames, settings, report) {
  const model = { gestureNames };
  for (const row of PANEL_TABLE) {
    if (row.kind === 'action') model[row.name] = () => report.onAction(row.name);
    else if (['switch', 'switch-number', 'switch-choice'].includes(row.kind)) {
      model[row.name] = settings[row.name] ?? row.initial;
    }
  }
  return model;
}

// The table's folders, the less common ones folded.
// A folder may sit in another one (`parent`: a key listed before it).
function addFolders(gui) {
  const folders = new Map();
  for (const f of FOLDERS) {
    const folder = (f.parent ? folders.get(f.parent) : gui).addFolder(f.title);
    if (!f.open) folder.close();
    folders.set(f.key, folder);
  }
  return folders;
}

// A folder's own controls first, the folders inside it after them (lil-gui
// lists children in the order added, and the folders are made first): the
// common controls stay at the top of their folder, the folded extras below.
function subfoldersLast(folders) {
  for (const f of FOLDERS) {
    if (f.parent) folders.get(f.parent).$children.append(folders.get(f.key).domElement);
  }
}

// Buttons of one kind on one row (the camera views): a row each would push
// the common controls past the foot of the panel at 1280×800.
function sideBySide(...buttons) {
  const row = document.createElement('div');
  row.className = 'panel-button-row';
  buttons[0].domElement.before(row);
  row.append(...buttons.map((controller) => controller.domElement));
}

// The main actions (reset, copy link) in a row of their own that sticks to
// the foot of the panel while the rest scrolls under it (a short window).
function keepActionsInSight(...actions) {
  const row = document.createElement('div');
  row.className = 'panel-actions';
  actions[0].domElement.before(row);
  row.append(...actions.map((controller) => controller.domElement));
}

/**
 * @param {object} options
 * @param {HTMLElement} options.container
 * @param {string[]} options.gestureNames
 * @param {object} options.params  canonical params to show first
 * @param {object} options.defaults  the defaults (a slider near one gives it exactly)
 * @param {object} options.settings  initial view/playback settings (loop, speed, ...)
 * @param {{ onTune: Function, onSetting: Function, onAction: Function }} options.report
 */
export function createControlsPanel({
  container,
  gestureNames,
  params,
  defaults,
  settings,
  report,
}) {
  const gui = new GUI({ container, title: 'kblend', injectStyles: false, width: 300 });
  guardPanelWheel(gui.domElement);
  const model = initialModel(gestureNames, settings, report);
  const folders = addFolders(gui);
  // a typed value past its range: the note says what was set
  const clampedNote = noteElement('clamp-note');
  const reporter = {
    tune: report.onTune,
    setting: report.onSetting,
    // under the controller typed in
    clamped: (text, controller) => {
      if (text) controller.domElement.after(clampedNote);
      showNote(clampedNote, text);
    },
  };
  const controllers = {};
  const tuned = []; // [row, controller] of rows that show a param
  fillModel(params);
  for (const row of PANEL_TABLE) {
    const parent = row.folder ? folders.get(row.folder) : gui;
    const made = addRow(parent, model, row, reporter, defaults).map((c) => withHelp(c, row));
    controllers[row.name] = made[0];
    if (!['action', 'switch', 'switch-number', 'switch-choice'].includes(row.kind))
      tuned.push(...made);
  }
  subfoldersLast(folders);
  controllers.ik.show(params.gesture === 'clap'); // the switch is the clap's
  const ratioNote = noteElement('ratio-note');
  controllers.release.domElement.after(ratioNote);
  const errorNote = noteElement('error-note');
  folders.get('gesture').domElement.before(errorNote);
  // which way an imported clip plays; the switch shows only for one
  const shapingNote = noteElement('shaping-note');
  controllers.shapeImport.domElement.after(shapingNote);
  controllers.shapeImport.show(false);
  keepActionsInSight(controllers.reset, controllers.copyLink);
  sideBySide(controllers.front, controllers.side, controllers.threeQuarter);

  function fillModel(current) {
    for (const row of PANEL_TABLE) {
      if (!(row.name in current)) continue;
      const value = current[row.name];
      if (['number', 'log', 'degrees'].includes(row.kind)) {
        model[`${row.name}Slider`] = toSlider(row, value);
        if (row.kind === 'log') model[row.name] = formatValue(row, value);
      } else model[row.name] = value;
    }
  }

  function showNote(note, text) {
    note.textContent = text ?? '';
    note.hidden = !text;
  }

  return {
    gui,
    // Show the page's current params (after clamping and the a + r rule).
    show(current) {
      fillModel(current);
      for (const controller of tuned) controller.updateDisplay();
      controllers.ik.show(current.gesture === 'clap');
    },
    setPlaying(playing) {
      controllers.playPause.name(playing ? 'pause (Space)' : 'play (Space)');
    },
    // The attack/release rule and step warnings, in words under the sliders.
    setRatioNote(text) {
      showNote(ratioNote, text);
    },
    // How the clip shown plays: null (not an imported clip: the switch
    // hidden), 'captured' or 'shaped'.
    setClipShaping(mode) {
      controllers.shapeImport.show(mode !== null);
      if (mode !== null) {
        model.shapeImport = mode === 'shaped';
        controllers.shapeImport.updateDisplay();
      }
      showNote(shapingNote, mode === null ? '' : SHAPING_NOTES[mode]);
    },
    // An option the library refused, with its message.
    setError(text) {
      showNote(errorNote, text);
    },
    // The gesture picker's list (the library's, then imported clips).
    setGestureNames(names) {
      // lil-gui replaces a controller whose options change: wire the new one
      const old = controllers.gesture;
      const row = PANEL_TABLE.find((r) => r.name === 'gesture');
      controllers.gesture = withHelp(old.options(names), row).onChange((v) =>
        report.onTune('gesture', v),
      );
      tuned[tuned.indexOf(old)] = controllers.gesture;
      controllers.gesture.updateDisplay();
    },
    // A list setting's choices (the characters, with those loaded).
    setSettingChoices(name, values) {
      const old = controllers[name];
      const row = PANEL_TABLE.find((r) => r.name === name);
      controllers[name] = withHelp(old.options(values), row).onChange((v) =>
        report.onSetting(name, v),
      );
      controllers[name].updateDisplay();
    },
    setSetting(name, value) {
      model[name] = value;
      controllers[name].updateDisplay();
    },
    get error() {
      return errorNote.textContent;
    },
  };
}
