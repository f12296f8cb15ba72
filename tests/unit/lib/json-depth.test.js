// Deeply nested JSON ([[[…]]], as a 120-character share link inflates to):
// refused at the nesting limit with a message naming the depth and the
// limit, after reading no more than that many levels, and the scan itself
// grows linearly with depth (it once copied the path at every level, so
// 20,000 levels cost seconds and 65,000 exhausted the page).
import { describe, expect, it } from 'vitest';
import { parseGestureJson } from '../../../web/lib/gestures.js';
import { MAX_JSON_DEPTH, findDuplicateKey, scanJson } from '../../../web/lib/json-keys.js';

const nested = (depth) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth) => '{"a":'.repeat(depth) + '0' + '}'.repeat(depth);

// The fastest of a few rounds, each repeating the call until it has run at
// least 20 ms, per call in ms: steady enough to compare two sizes.
function msPerCall(call) {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < 20) {
      call();
      calls++;
      elapsed = performance.now() - start;
    }
    best = Math.min(best, elapsed / calls);
  }
  return best;
}

describe('nesting depth', () => {
  it.each([20000, 65000])(
    'refuses %i levels through parseGestureJson, naming depth and limit',
    (depth) => {
      for (const text of [nested(depth), '['.repeat(depth), nestedObjects(depth)]) {
        expect(() => parseGestureJson(text, 'deep.json')).toThrow(
          new RangeError(
            `gesture file "deep.json": nesting reaches depth ${MAX_JSON_DEPTH + 1} at character ` +
              `${text.startsWith('{') ? 5 * MAX_JSON_DEPTH : MAX_JSON_DEPTH}; ` +
              `at most ${MAX_JSON_DEPTH} levels are allowed`,
          ),
        );
      }
    },
  );

  it('accepts nesting up to the limit and reports where the limit is passed', () => {
    expect(scanJson(nested(MAX_JSON_DEPTH))).toEqual({ duplicate: null, tooDeep: null });
    expect(scanJson(nested(MAX_JSON_DEPTH + 1)).tooDeep).toEqual({
      depth: MAX_JSON_DEPTH + 1,
      limit: MAX_JSON_DEPTH,
      offset: MAX_JSON_DEPTH,
    });
    // brackets inside strings are text, not levels
    expect(scanJson(`["${'['.repeat(1000)}"]`).tooDeep).toBeNull();
  });

  it('scans without a limit in time linear in the depth (2,000, 20,000 and 65,000 levels)', () => {
    const [tiny, small, large] = [2000, 20000, 65000].map(nestedObjects);
    expect(findDuplicateKey(large, Infinity)).toBeNull();
    const time = (text) => msPerCall(() => findDuplicateKey(text, Infinity));
    const [tTiny, tSmall, tLarge] = [tiny, small, large].map(time);
    // linear growth: 10× and then 3.25× (a path copied per level: 100× and
    // 10.6×); the margin is for the machine's noise and the collector, each
    // step compared with the one before, as caches and the collector treat
    // neighbouring sizes alike
    expect(tSmall / tTiny).toBeLessThan(30);
    expect(tLarge / tSmall).toBeLessThan(7);
  });

  it('still names the path of a duplicate deep inside the text', () => {
    const text = '{"a":[0,{"b":{"c":1,"c":2}}]}';
    expect(findDuplicateKey(text)).toEqual({ key: 'c', path: ['a', 1, 'b'] });
    expect(scanJson('{"k":1,"k":2}').duplicate).toEqual({ key: 'k', path: [] });
  });
});
