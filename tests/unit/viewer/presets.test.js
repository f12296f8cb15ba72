// Tuning presets: saved, kept in storage, exported and imported as a file;
// a bad file is refused whole, naming the preset, the key and the value.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PRESETS,
  SET_ASIDE_KEY,
  STORAGE_KEY,
  createPresetStore,
} from '../../../web/viewer/presets/preset-store.js';
import { TUNING_DEFAULTS, useLibrary } from '../../../web/link/params.js';
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

  it('sets aside a stored preset it cannot read with a note', () => {
    const storage = memoryStorage();
    const text = '{"format":"kblend-presets","version":1,"presets":{"a":{"attack":"no"}}}';
    storage.setItem(STORAGE_KEY, text);
    const store = createPresetStore(storage);
    expect(store.names()).toEqual([]);
    expect(store.loadNote).toMatch(/1 saved preset\(s\) could not be read and were set aside/);
    expect(JSON.parse(storage.getItem(SET_ASIDE_KEY))).toEqual([text]);
  });

  // Stores this viewer cannot read at all: kept under the second key, the
  // next save leaves them there, and they download as they were.
  const UNREADABLE = [
    ['version 2 (a newer viewer)', () => file({ a: values() }, { version: 2 })],
    [
      '101 presets',
      () =>
        file(
          Object.fromEntries(
            Array.from({ length: MAX_PRESETS + 1 }, (_, i) => [`p${i}`, values()]),
          ),
        ),
    ],
    ['broken text', () => '{"format":"kblend-presets","vers'],
  ];
  it.each(UNREADABLE)(
    'keeps an unreadable store (%s) under a second key, not overwritten',
    (_, make) => {
      const storage = memoryStorage();
      const text = make();
      storage.setItem(STORAGE_KEY, text);
      const store = createPresetStore(storage);
      expect(store.names()).toEqual([]);
      expect(store.loadNote).toMatch(
        /could not be read .*; they were set aside, not deleted: "download set-aside presets" saves them as a file/,
      );
      expect(store.setAsideCount).toBe(1);
      store.save('new', tuned());
      expect(JSON.parse(storage.getItem(SET_ASIDE_KEY))).toEqual([text]);
      // a second page load, and a second save, still keep it
      const again = createPresetStore(storage);
      expect(again.names()).toEqual(['new']);
      again.save('newer', tuned());
      expect(JSON.parse(storage.getItem(SET_ASIDE_KEY))).toEqual([text]);
      const exported = JSON.parse(again.setAsideText());
      expect(exported.format).toBe('kblend-presets-set-aside');
      expect(exported.stores).toEqual([text.endsWith('vers') ? text : JSON.parse(text)]);
    },
  );

  it('a second unreadable store is added beside the first, and a foreign set-aside key is kept', () => {
    const storage = memoryStorage();
    storage.setItem(SET_ASIDE_KEY, 'not a list');
    storage.setItem(STORAGE_KEY, file({}, { version: 3 }));
    const store = createPresetStore(storage);
    expect(store.setAsideCount).toBe(2);
    expect(JSON.parse(storage.getItem(SET_ASIDE_KEY))).toEqual([
      'not a list',
      file({}, { version: 3 }),
    ]);
  });

  it('leaves an unreadable store where it is when storage refuses the copy', () => {
    const storage = memoryStorage();
    const text = file({ a: values() }, { version: 2 });
    storage.setItem(STORAGE_KEY, text);
    const setItem = storage.setItem;
    storage.setItem = (k, v) => {
      if (k === SET_ASIDE_KEY) throw new Error('QuotaExceededError');
      setItem(k, v);
    };
    const store = createPresetStore(storage);
    expect(store.loadNote).toMatch(/storage is full, so they were left as they are/);
    store.save('new', tuned());
    expect(storage.getItem(STORAGE_KEY)).toBe(text);
    expect(store.names()).toEqual(['new']); // for this page
  });

  it('keeps the readable presets of a store with one bad preset', () => {
    const storage = memoryStorage();
    const text = file({ good: values(), bad: { ...values(), attack: 'x' }, fine: values() });
    storage.setItem(STORAGE_KEY, text);
    const store = createPresetStore(storage);
    expect(store.names()).toEqual(['fine', 'good']);
    expect(store.get('good')).toEqual(values());
    expect(store.loadNote).toMatch(
      /1 saved preset\(s\) could not be read and were set aside \(the other 2 are kept; .*preset "bad": "attack" "x" is refused/,
    );
    expect(JSON.parse(store.setAsideText()).stores).toEqual([JSON.parse(text)]);
  });

  it('names each value clamped, from storage and from a file', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, file({ hot: { ...values(), lambda: 1e308, jitter: -3 } }));
    const store = createPresetStore(storage);
    expect(store.get('hot')).toMatchObject({ lambda: 120, jitter: 0 });
    expect(store.loadNote).toBe(
      'Clamped: saved presets: preset "hot": "lambda" 1e+308 is outside [0.5, 120]; clamped to 120; ' +
        'saved presets: preset "hot": "jitter" -3 is outside [0, 0.2]; clamped to 0.',
    );
    const { names, clamped } = store.importFile(
      file({ cold: { ...values(), seed: 1e6 } }),
      'f.json',
    );
    expect(names).toEqual(['cold']);
    expect(clamped).toEqual([
      'f.json: preset "cold": "seed" 1000000 is outside [0, 99999]; clamped to 99999',
    ]);
    expect(store.importFile(file({ ok: values() })).clamped).toEqual([]);
  });
});
