// Named tuning presets: the envelope and filter values (not the gesture or
// its length), kept in localStorage and exported or imported as a JSON
// file. Every value read back (from storage or a file) goes through the
// viewer's canonical params, so a preset holds only values the panel could
// set; a value outside the panel's range is clamped and the clamp named in a
// notice. A bad file is refused whole with a message naming the preset, the
// key and the value. What storage holds is never dropped: a store this
// viewer cannot read (a newer version, too many presets, broken text) is
// copied under a second key before anything is written over it, and a store
// with some unreadable presets keeps the others; either way the set-aside
// text can be downloaded. No DOM beyond the storage object given.
import { NUMERIC_PARAMS, canonicalValue } from '../../link/params.js';

const PRESETS_FORMAT = 'kblend-presets';
const PRESETS_VERSION = 1;
export const STORAGE_KEY = 'kblend.presets.v1';
// Stores (their text, as found) this viewer could not read in full: a JSON
// list, each kept until the user deletes the key, none written over.
export const SET_ASIDE_KEY = 'kblend.presets.set-aside';
const SET_ASIDE_FORMAT = 'kblend-presets-set-aside';
export const MAX_PRESETS = 100;
const MAX_PRESET_NAME = 64;
const MAX_PRESETS_FILE_CHARS = 256 * 1024;
// What a preset holds.
const PRESET_KEYS = Object.freeze([
  'attack',
  'release',
  'shape',
  'epsilon',
  'lambda',
  'follower',
  'jitter',
  'seed',
  'apose',
]);

const isPlainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const show = (v) => (typeof v === 'string' ? JSON.stringify(v.slice(0, 40)) : String(v));

function checkPresetName(name) {
  if (typeof name !== 'string')
    throw new TypeError(`preset name must be a string, got ${show(name)}`);
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_PRESET_NAME) {
    throw new RangeError(
      `preset name must be 1 to ${MAX_PRESET_NAME} characters, got ${show(name)}`,
    );
  }
  return trimmed;
}

// A preset's values from the shown params, or checked from a file. A number
// outside the panel's range is clamped; `clamped` (optional) receives a
// line naming each clamp.
function presetValues(source, where = 'preset', clamped = []) {
  if (!isPlainObject(source))
    throw new TypeError(`${where} must be an object, got ${show(source)}`);
  const out = {};
  for (const key of PRESET_KEYS) {
    const value = source[key];
    if (value === undefined) throw new RangeError(`${where}: "${key}" is missing`);
    try {
      out[key] = canonicalValue(key, value);
    } catch (error) {
      throw new RangeError(`${where}: "${key}" ${show(value)} is refused (${error.message})`);
    }
    const spec = NUMERIC_PARAMS[key];
    if (spec && (value < spec.min || value > spec.max)) {
      clamped.push(
        `${where}: "${key}" ${show(value)} is outside [${spec.min}, ${spec.max}]; clamped to ${out[key]}`,
      );
    }
  }
  return out;
}

// The checks of a whole presets object (file or storage) before its presets.
function checkPresetsHeader(data, label) {
  if (!isPlainObject(data)) throw new TypeError(`${label} must hold a JSON object`);
  if (data.format !== PRESETS_FORMAT) {
    throw new RangeError(
      `${label}: "format" must be "${PRESETS_FORMAT}", got ${show(data.format)}`,
    );
  }
  if (data.version !== PRESETS_VERSION) {
    throw new RangeError(
      `${label}: "version" ${show(data.version)} is not supported (${PRESETS_VERSION})`,
    );
  }
  if (!isPlainObject(data.presets)) throw new TypeError(`${label}: "presets" must be an object`);
  const entries = Object.entries(data.presets);
  if (entries.length > MAX_PRESETS) {
    throw new RangeError(`${label}: ${entries.length} presets is past the limit of ${MAX_PRESETS}`);
  }
  return entries;
}

function readPreset(name, values, label, clamped) {
  const key = checkPresetName(name);
  const extra = isPlainObject(values) && Object.keys(values).find((k) => !PRESET_KEYS.includes(k));
  if (extra) throw new RangeError(`${label}: preset ${show(key)}: unknown key ${show(extra)}`);
  return [key, presetValues(values, `${label}: preset ${show(key)}`, clamped)];
}

// A file's presets: refused whole at the first bad one.
function readPresetsObject(data, label, clamped = []) {
  const entries = checkPresetsHeader(data, label);
  return new Map(entries.map(([name, values]) => readPreset(name, values, label, clamped)));
}

// Storage's presets: the readable ones kept, each unreadable one's reason
// in `refused`.
function readStoredPresets(text, label) {
  const entries = checkPresetsHeader(JSON.parse(text), label);
  const presets = new Map();
  const refused = [];
  const clamped = [];
  for (const [name, values] of entries) {
    try {
      const [key, checked] = readPreset(name, values, label, clamped);
      presets.set(key, checked);
    } catch (error) {
      refused.push(error.message);
    }
  }
  return { presets, refused, clamped };
}

// The list of set-aside store texts, and a new one added to it (once).
function readSetAside(storage) {
  try {
    const text = storage?.getItem(SET_ASIDE_KEY) ?? null;
    if (text === null) return [];
    let list;
    try {
      list = JSON.parse(text);
    } catch {
      return [text]; // not ours to drop: kept as one item
    }
    return Array.isArray(list) && list.every((item) => typeof item === 'string') ? list : [text];
  } catch {
    return []; // storage refused
  }
}

// A presets file's text: its presets and a line per value clamped.
function parsePresetsFile(text, label) {
  if (typeof text !== 'string') throw new TypeError(`${label} must be text`);
  if (text.length > MAX_PRESETS_FILE_CHARS) {
    throw new RangeError(
      `${label}: ${text.length} characters is past the limit of ${MAX_PRESETS_FILE_CHARS}`,
    );
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TypeError(`${label} is not valid JSON: ${error.message}`);
  }
  const clamped = [];
  return { read: readPresetsObject(data, label, clamped), clamped };
}

// The set-aside stores as one file: each as it was found, parsed where it
// is JSON.
function setAsideFile(list) {
  const stores = list.map((text) => {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  });
  return `${JSON.stringify({ format: SET_ASIDE_FORMAT, stores }, null, 2)}\n`;
}

const ASIDE_ACTION = 'download set-aside presets';

// What storage holds, read: the presets kept and the load notice. keepAside
// copies a store's text under the second key; it returns false when storage
// refused the copy.
function loadStored(text, keepAside) {
  let read;
  try {
    read = readStoredPresets(text, 'saved presets');
  } catch (error) {
    const kept = keepAside(text)
      ? `they were set aside, not deleted: "${ASIDE_ACTION}" saves them as a file`
      : 'storage is full, so they were left as they are and presets saved now last for this page only';
    return {
      note: `The saved presets could not be read (${error.message}); ${kept}.`,
      loaded: new Map(),
    };
  }
  const lines = [];
  if (read.refused.length > 0) {
    keepAside(text);
    lines.push(
      `${read.refused.length} saved preset(s) could not be read and were set aside ` +
        `(the other ${read.presets.size} are kept; "${ASIDE_ACTION}" saves the whole store as it was): ` +
        `${read.refused.join('; ')}.`,
    );
  }
  if (read.clamped.length > 0) lines.push(`Clamped: ${read.clamped.join('; ')}.`);
  return { note: lines.join(' '), loaded: read.presets };
}

/**
 * @param {Storage | null} storage  localStorage, or null to keep presets in memory
 */
export function createPresetStore(storage) {
  let setAside = readSetAside(storage);
  // false while an unreadable store could not be copied aside: nothing is
  // written over it then, and presets live for this page only
  let writable = true;
  function keepAside(text) {
    if (!setAside.includes(text)) {
      try {
        storage.setItem(SET_ASIDE_KEY, JSON.stringify([...setAside, text]));
        setAside = [...setAside, text];
      } catch {
        writable = false;
      }
    }
    return writable;
  }
  let stored = null;
  try {
    stored = storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    // storage refused: nothing to read
  }
  const { note: loadNote, loaded } = stored
    ? loadStored(stored, keepAside)
    : { note: '', loaded: new Map() };
  let presets = loaded;

  const fileObject = () => ({
    format: PRESETS_FORMAT,
    version: PRESETS_VERSION,
    presets: Object.fromEntries(presets),
  });
  function persist() {
    if (!writable) return;
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(fileObject()));
    } catch {
      // storage full or refused: presets stay for this page
    }
  }
  // Adds (or replaces) the file's presets: their names and the clamps.
  function importFile(text, label = 'presets file') {
    const { read, clamped } = parsePresetsFile(text, label);
    const merged = new Map([...presets, ...read]);
    if (merged.size > MAX_PRESETS) {
      throw new RangeError(
        `${label}: importing would make ${merged.size} presets, past the limit of ${MAX_PRESETS}`,
      );
    }
    presets = merged;
    persist();
    return { names: [...read.keys()], clamped };
  }

  return {
    get loadNote() {
      return loadNote;
    },
    names: () => [...presets.keys()].sort(),
    get: (name) => (presets.has(name) ? { ...presets.get(name) } : null),
    save(name, params) {
      const key = checkPresetName(name);
      if (!presets.has(key) && presets.size >= MAX_PRESETS) {
        throw new RangeError(`at most ${MAX_PRESETS} presets; delete one first`);
      }
      presets.set(key, presetValues(params));
      persist();
      return key;
    },
    remove(name) {
      const had = presets.delete(name);
      persist();
      return had;
    },
    exportText: () => `${JSON.stringify(fileObject(), null, 2)}\n`,
    // How many stores were set aside; all of them as one file's text, or null.
    get setAsideCount() {
      return setAside.length;
    },
    setAsideText: () => (setAside.length ? setAsideFile(setAside) : null),
    importFile,
    importText: (text, label) => importFile(text, label).names,
  };
}
