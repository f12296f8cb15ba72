// The panel's presets folder: a name, the saved presets, and buttons to
// save, load, delete, export (a JSON file) and import one. Loading goes
// through the app state like any tuning change (`apply`).
import { download } from '../export/download.js';
import { createPresetStore } from './preset-store.js';

const NONE = '(none saved)';

function storageOrNull() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage refused (a sandboxed page): presets for this page only
  }
}

// The hidden file input the import button opens.
function presetsFileInput() {
  const input = document.createElement('input');
  input.type = 'file';
  input.id = 'presets-file';
  input.accept = '.json,application/json';
  input.hidden = true;
  input.setAttribute('aria-label', 'presets file to import');
  document.body.append(input);
  return input;
}

// A download of JSON text under filename.
const jsonFile = (filename, text) => ({
  filename,
  mime: 'application/json',
  bytes: new TextEncoder().encode(text),
});

/**
 * @param {object} options
 * @param {object} options.gui  the panel's lil-gui root
 * @param {() => object} options.params  the shown params
 * @param {(values: object) => { ok: boolean, error?: string }} options.apply
 * @param {object} options.notice  createNotice's result
 */
export function createPresetPanel({ gui, params, apply, notice }) {
  const store = createPresetStore(storageOrNull());
  if (store.loadNote) notice.show(store.loadNote);
  const folder = gui.addFolder('presets');
  folder.close();
  const model = {
    name: 'my preset',
    saved: store.names()[0] ?? NONE,
    save: () => guarded(() => save(model.name)),
    load: () => guarded(() => load(model.saved)),
    remove: () => guarded(() => remove(model.saved)),
    exportFile: () => download(exportFile()),
    importFile: () => input.click(),
    exportSetAside: () => guarded(() => download(setAsideFile())),
  };
  const add = (key, label, help, ...args) => {
    const controller = folder.add(model, key, ...args).name(label);
    controller.domElement.title = help;
    return controller;
  };
  add('name', 'preset name', 'The name the tuning is saved under');
  const pickerHelp = 'The presets saved in this browser';
  let picker = add('saved', 'saved presets', pickerHelp, [NONE]);
  add('save', 'save preset', 'Save the envelope and filter values shown under the name');
  add('load', 'load preset', 'Apply the selected preset (undo brings back what was shown)');
  add('remove', 'delete preset', 'Delete the selected preset from this browser');
  add('exportFile', 'export presets JSON', 'All saved presets as one JSON file');
  add(
    'importFile',
    'import presets JSON…',
    'Add the presets of a JSON file (a bad file changes nothing)',
  );
  const setAsideButton = add(
    'exportSetAside',
    'download set-aside presets',
    'The saved presets this viewer could not read, as they were found (a JSON file)',
  );
  setAsideButton.show(store.setAsideCount > 0);
  refresh();

  const input = presetsFileInput();
  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    guarded(async () => {
      const { names, clamped } = importFile(await file.text(), file.name);
      notice.show(
        `Imported ${names.length} preset(s) from ${file.name}: ${names.join(', ')}.`,
        clamped.length ? clamped.map((line) => `clamped: ${line}`) : undefined,
      );
    });
  });

  async function guarded(action) {
    try {
      await action();
    } catch (error) {
      notice.show('Presets:', [error.message]);
    }
  }

  function refresh(selected) {
    const names = store.names();
    model.saved = selected && names.includes(selected) ? selected : (names[0] ?? NONE);
    picker = picker.options(names.length ? names : [NONE]).name('saved presets');
    picker.domElement.title = pickerHelp;
    picker.updateDisplay();
  }

  function save(name) {
    const key = store.save(name, params());
    refresh(key);
    return key;
  }
  function load(name) {
    const values = store.get(name);
    if (!values) throw new RangeError(`no preset named ${JSON.stringify(name)}`);
    const change = apply(values);
    if (!change.ok) throw new RangeError(change.error);
    return { ...values };
  }
  function remove(name) {
    const had = store.remove(name);
    refresh();
    return had;
  }
  const exportFile = () => jsonFile('kblend-presets.json', store.exportText());
  function importFile(text, label) {
    const imported = store.importFile(text, label);
    refresh(imported.names[0]);
    return imported;
  }
  function importText(text, label) {
    return importFile(text, label).names;
  }
  function setAsideFile() {
    const text = store.setAsideText();
    if (text === null) throw new RangeError('no saved presets were set aside');
    return jsonFile('kblend-presets-set-aside.json', text);
  }

  return {
    folder,
    names: () => store.names(),
    get: (name) => store.get(name),
    save,
    load,
    remove,
    exportText: () => store.exportText(),
    importText: (text) => importText(text, 'presets file'),
  };
}
