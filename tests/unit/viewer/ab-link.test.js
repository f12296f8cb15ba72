// B of an A/B comparison in the share link: `b=` holds B's params under the
// same keys, read by the same rules (clamped, repaired with a "b: " note),
// and nothing in it can hold a time or another B.
import { describe, expect, it } from 'vitest';
import './library.js'; // the viewer's ranges and defaults from the library
import { parseShareHash, serializeB, serializeShareHash } from '../../../web/link/share-link.js';
import { canonicalParams } from '../../../web/link/params.js';
import { linkContext, linkDefaults } from './link-context.js';

const defaults = canonicalParams(linkDefaults());
const context = linkContext(defaults);

describe('b= in a share link', () => {
  const a = canonicalParams({ ...defaults, gesture: 'wave', attack: 0.3, duration: 3 });
  const b = canonicalParams({
    ...defaults,
    gesture: 'salute',
    attack: 0.22,
    release: 0.31,
    duration: 2.7,
  });

  it('round trips A and B exactly', () => {
    const hash = `${serializeShareHash(a, 1.5)}&${serializeB(b)}`;
    const opened = parseShareHash(hash, context);
    expect(opened.params).toEqual(a);
    expect(opened.time).toBe(1.5);
    expect(opened.b).toEqual(b);
    expect(opened.notices).toEqual([]);
  });

  it('is absent without b=', () => {
    expect(parseShareHash(serializeShareHash(a), context).b).toBeUndefined();
  });

  it('clamps and repairs B as the rest, saying so with "b: "', () => {
    const inner = encodeURIComponent('v=1&g=nope&a=7&r=0.2');
    const opened = parseShareHash(`${serializeShareHash(a)}&b=${inner}`, context);
    expect(opened.params).toEqual(a);
    expect(opened.b.gesture).toBe(defaults.gesture);
    expect(opened.b.attack + opened.b.release).toBeLessThanOrEqual(1);
    expect(opened.notices.some((n) => n.startsWith("b: g='nope'"))).toBe(true);
    expect(opened.notices.every((n) => n.startsWith('b: '))).toBe(true);
  });

  it('refuses a B holding a time or another B', () => {
    for (const inner of ['v=1&t=1', `v=1&${serializeB(b)}`]) {
      const opened = parseShareHash(
        `${serializeShareHash(a)}&b=${encodeURIComponent(inner)}`,
        context,
      );
      expect(opened.b).toBe(null);
      expect(opened.notices.some((n) => /cannot be part of b/.test(n))).toBe(true);
    }
  });
});
