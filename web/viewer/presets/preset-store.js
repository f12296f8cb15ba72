// Named tuning presets: the envelope and filter values (not the gesture or
// its length), kept in localStorage and exported or imported as a JSON
// file. Every value read back (from storage or a file) goes through the
// viewer's canonical params, so a preset holds only values the panel could
// set; a bad file is refused whole with a message naming the preset, the
// key and the value. No DOM beyond the storage object given.
import { canonicalValue } from '../state/params.js';

export const PRESETS_FORMAT = 'kblend-presets';
export const PRESETS_VERSION = 1;
export const STORAGE_KEY = 'kblend.presets.v1';
export const MAX_PRESETS = 100;
export const MAX_PRESET_NAME = 64;
export const MAX_PRESETS_FILE_CHARS = 256 * 1024;
// What a preset holds.
export const PRESET_KEYS = Object.freeze([
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

export function checkPresetName(name) {
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

// A preset's values from the shown params, or checked from a file.
export function presetValues(source, where = 'preset') {
  if (!isPlainObject(source))
    throw new TypeError(`${where} must be an object, got ${show(source)}`);
  const out = {};
  for (const key of PRESET_KEYS) {
    if (source[key] === undefined) throw new RangeError(`${where}: "${key}" is missing`);
    try {
      out[key] = canonicalValue(key, source[key]);
    } catch (error) {
      throw new RangeError(`${where}: "${key}" ${show(source[key])} is refused (${error.message})`);
    }
  }
  return out;
}

function readPresetsObject(data, label) {
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
  const out = new Map();
  for (const [name, values] of entries) {
    const key = checkPresetName(name);
    const extra =
      isPlainObject(values) && Object.keys(values).find((k) => !PRESET_KEYS.includes(k));
    if (extra) throw new RangeError(`${label}: preset ${show(key)}: unknown key ${show(extra)}`);
    out.set(key, presetValues(values, `${label}: preset ${show(key)}`));
  }
  return out;
}

/**
 * @param {Storage | null} storage  localStorage, or null to keep presets in memory
 */
export function createPresetStore(storage) {
  let presets = new Map();
  let loadNote = '';
  try {
    const text = storage?.getItem(STORAGE_KEY);
    if (text) presets = readPresetsObject(JSON.parse(text), 'saved presets');
  } catch (error) {
    loadNote = `The saved presets could not be read and were set aside (${error.message}).`;
  }

  const fileObject = () => ({
    format: PRESETS_FORMAT,
    version: PRESETS_VERSION,
    presets: Object.fromEntries(presets),
  });
  function persist() {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(fileObject()));
    } catch {
      // storage full or refused: presets stay for this page
    }
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
    // Adds (or replaces) the file's presets; returns their names.
    importText(text, label = 'presets file') {
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
      const read = readPresetsObject(data, label);
      const merged = new Map([...presets, ...read]);
      if (merged.size > MAX_PRESETS) {
        throw new RangeError(
          `${label}: importing would make ${merged.size} presets, past the limit of ${MAX_PRESETS}`,
        );
      }
      presets = merged;
      persist();
      return [...read.keys()];
    },
  };
}
