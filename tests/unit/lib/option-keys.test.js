// checkOptions with the names it knows: a misspelt key is a TypeError that
// names the key and the nearest known one; known keys pass untouched.
import { describe, expect, it } from 'vitest';
import { checkOptions, nearestName } from '../../../web/lib/validate.js';

const known = ['attack', 'release', 'epsilon', 'map', 'units'];

describe('checkOptions with known keys', () => {
  it('passes known keys and undefined', () => {
    expect(checkOptions('o', { attack: 1, map: {} }, known)).toEqual({ attack: 1, map: {} });
    expect(checkOptions('o', undefined, known)).toEqual({});
  });

  it.each([
    ['atack', 'attack'],
    ['maps', 'map'],
    ['unit', 'units'],
    ['Epsilon', 'epsilon'],
  ])('refuses %s and suggests %s', (key, near) => {
    expect(() => checkOptions('createPreview options', { [key]: 1 }, known)).toThrow(
      new TypeError(`createPreview options: unknown option '${key}' — did you mean '${near}'?`),
    );
  });

  it('lists the known keys when nothing is near', () => {
    expect(() => checkOptions('o', { zzzzzzzz: 1 }, known)).toThrow(/known: attack, release/);
  });

  it('keeps a hostile key short in the message', () => {
    const key = 'x'.repeat(10000);
    let message = '';
    try {
      checkOptions('o', { [key]: 1 }, known);
    } catch (error) {
      message = error.message;
    }
    expect(message.length).toBeLessThan(200);
    expect(nearestName(key, known)).toBe(null);
  });
});
