// Tuning presets: saved, kept in storage, exported and imported as a file;
// a bad file is refused whole, naming the preset, the key and the value.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PRESETS,
  STORAGE_KEY,
  createPresetStore,
} from '../../../web/viewer/presets/preset-store.js';
import { TUNING_DEFAULTS, useLibrary } from '../../../web/viewer/state/params.js';
import { kb } from '../support.js';

beforeAll(() => useLibrary(kb));

function memoryStorage() {
  const items = new Map();
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    items,
  };
}

const tuned = () => ({
  ...TUNING_DEFAULTS,
  gesture: 'wave',
  duration: 3,
  attack: 0.25,
  release: 0.3,
  epsilon: 0.002,
  lambda: 24.5,
  jitter: 0.01,
  seed: 42,
  apose: 1.1,
  shape: 'kli',
  follower: 'kli',
});

describe('presets', () => {
  it('save, reload from storage, export and import round trip the values exactly', () => {
    const storage = memoryStorage();
    const store = createPresetStore(storage);
    expect(store.save('  soft  ', tuned())).toBe('soft');
    const saved = store.get('soft');
    expect(saved).toEqual({
      attack: 0.25,
      release: 0.3,
      shape: 'kli',
      epsilon: 0.002,
      lambda: 24.5,
      follower: 'kli',
      jitter: 0.01,
      seed: 42,
      apose: 1.1,
    });
    expect(saved.gesture).toBeUndefined(); // a preset is tuning, not a gesture
    const reopened = createPresetStore(storage);
    expect(reopened.names()).toEqual(['soft']);
    expect(reopened.get('soft')).toEqual(saved);
    const other = createPresetStore(memoryStorage());
    expect(other.importText(store.exportText())).toEqual(['soft']);
    expect(other.get('soft')).toEqual(saved);
    expect(store.remove('soft')).toBe(true);
    expect(createPresetStore(storage).names()).toEqual([]);
  });

  const file = (presets, extra = {}) =>
    JSON.stringify({ format: 'kblend-presets', version: 1, presets, ...extra });
  // a preset's values, as the store keeps them
  const values = () => {
    const store = createPresetStore(null);
    store.save('x', tuned());
    return store.get('x');
  };
  const BAD = [
    ['not JSON', '{"format"', /not valid JSON/],
    ['wrong format', file({}, { format: 'other' }), /"format" must be "kblend-presets"/],
    ['wrong version', file({}, { version: 2 }), /"version" 2 is not supported/],
    [
      'a bad value',
      file({ a: { ...values(), attack: 'x' } }),
      /preset "a": "attack" "x" is refused/,
    ],
    ['a value out of range', file({ a: { ...values(), lambda: 1e9 } }), null],
    [
      'a missing value',
      file({ a: { ...values(), seed: undefined } }),
      /preset "a": "seed" is missing/,
    ],
    ['an unknown key', file({ a: { ...values(), gesture: 'wave' } }), /unknown key "gesture"/],
    ['an empty name', file({ ' ': values() }), /preset name must be 1 to 64 characters/],
    [
      'too many',
      file(
        Object.fromEntries(Array.from({ length: MAX_PRESETS + 1 }, (_, i) => [`p${i}`, values()])),
      ),
      /past the limit of 100/,
    ],
  ];
  it.each(BAD)('refuses a presets file with %s and keeps what it had', (_, text, message) => {
    const store = createPresetStore(null);
    store.save('kept', tuned());
    if (message === null) {
      // out of range is clamped to the panel's range, as a link is
      store.importText(text);
      expect(store.get('a').lambda).toBe(120);
      return;
    }
    expect(() => store.importText(text)).toThrow(message);
    expect(store.names()).toEqual(['kept']);
  });

  it('sets aside unreadable storage with a note', () => {
    const storage = memoryStorage();
    storage.setItem(
      STORAGE_KEY,
      '{"format":"kblend-presets","version":1,"presets":{"a":{"attack":"no"}}}',
    );
    const store = createPresetStore(storage);
    expect(store.names()).toEqual([]);
    expect(store.loadNote).toMatch(/could not be read/);
  });
});
