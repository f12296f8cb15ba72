// The element's attributes read as a share link: the same names, ranges,
// clamping and notices as the link, a named attribute over the link's key,
// a custom gesture from cg= or from a file, and the options for the core.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { kb } from '../viewer/library.js';
import { decodeGestureBlob, encodeGestureBlob } from '../../../web/link/gesture-blob.js';
import { NUMERIC_PARAMS, useLibrary } from '../../../web/link/index.js';
import {
  NUMERIC_ATTRIBUTES,
  TUNING_ATTRIBUTES,
  previewOptions,
  readTuning,
} from '../../../web/element/preview-attributes.js';

beforeAll(() => useLibrary(kb));

const read = (attributes, file = null) => readTuning(kb, attributes, file, decodeGestureBlob);

describe('readTuning', () => {
  it('names every tuning key of the link', () => {
    expect(TUNING_ATTRIBUTES).toEqual([
      'gesture',
      'attack',
      'release',
      'epsilon',
      'lambda',
      'duration',
      'jitter',
      'seed',
      'apose',
      'shape',
      'follower',
    ]);
    // every numeric parameter of the link, so a key the link gains is one
    // the element must take too
    expect(NUMERIC_ATTRIBUTES).toEqual(Object.keys(NUMERIC_PARAMS));
  });

  it('defaults: wave with the library tuning, no notice', () => {
    const { params, notices, gesture } = read({});
    expect(notices).toEqual([]);
    expect(gesture).toBe(null);
    expect(params).toMatchObject({ gesture: 'wave', attack: kb.defaults.attack, duration: 3 });
  });

  it('attributes by name, with the link’s checks and notices', () => {
    const { params, notices } = read({
      gesture: 'clap',
      attack: '0.7',
      release: '0.6',
      epsilon: '1e-9',
    });
    expect(params.gesture).toBe('clap');
    expect(params.attack + params.release).toBeLessThanOrEqual(1);
    expect(notices.some((n) => n.includes('exceeds 1'))).toBe(true);
    expect(notices.some((n) => n.startsWith("eps='1e-9' is outside"))).toBe(true);
    expect(read({ follower: 'spring' }).notices[0]).toMatch(/^fol='spring'/);
  });

  it('a named attribute wins over the same key in link', () => {
    const { params, notices } = read({ link: '#v=1&g=salute&a=0.1&lam=30', attack: '0.3' });
    expect(notices).toEqual([]);
    expect(params).toMatchObject({ gesture: 'salute', attack: 0.3, lambda: 30 });
  });

  it('a link without a version is read with the link’s notice', () => {
    expect(read({ link: '#g=wave' }).notices[0]).toContain('has no version');
  });

  it('a custom gesture from cg= or from a file (src)', () => {
    const file = JSON.parse(
      readFileSync(new URL('../../../web/gestures/clap.json', import.meta.url)),
    );
    const custom = kb.parseGesture({ ...file, name: 'mine' });
    const fromLink = read({ link: `#v=1&cg=${encodeGestureBlob(custom)}` });
    expect(fromLink.notices).toEqual([]);
    expect(fromLink.params.gesture).toBe('mine');
    expect(fromLink.gesture.name).toBe('mine');
    const fromFile = read({ attack: '0.2' }, custom);
    expect(fromFile.params).toMatchObject({ gesture: 'mine', attack: 0.2 });
    expect(read({ link: '#v=1&cg=1.AAAA' }).notices[0]).toContain('custom gesture was refused');
  });

  it('the core’s options: the tuning, the gesture (or custom gesture object)', () => {
    const { params } = read({ gesture: 'point', lambda: '12' });
    const options = previewOptions(params, null);
    expect(options).toMatchObject({ gesture: 'point', lambda: 12, fps: 30 });
    expect(() => kb.createPreview(options).dispose()).not.toThrow();
  });
});
