// The capsule tables of kb.bodyContacts are kept for a bounded number of
// body heights: once kept per distinct height forever (~6 KB each, so a
// sweep over 20,000 heights held 113 MB).
import { describe, expect, it } from 'vitest';
import { CAPSULE_CACHE_LIMIT, createBodyContactsApi } from '../../../web/lib/body-contacts.js';
import { kb } from '../support.js';

const tpose = () => {
  const pose = new Float32Array(88);
  for (let j = 0; j < 22; j++) pose[4 * j + 3] = 1;
  return pose;
};

// The contacts API over the library, counting the capsule tables it builds
// (each one asks for the bind positions at its height).
function countingApi() {
  const counted = Object.create(kb);
  counted.built = 0;
  counted.bindPositions = (height) => {
    counted.built++;
    return kb.bindPositions(height);
  };
  return { api: createBodyContactsApi(counted), counted };
}

describe('capsule table cache', () => {
  it('keeps a bounded number of heights after 20,000 distinct ones', () => {
    const { api, counted } = countingApi();
    const pose = tpose();
    const heights = Array.from({ length: 20000 }, (_, i) => 1.2 + i * 2e-5);
    for (const height of heights) api.bodyContacts(pose, { height });
    expect(counted.built).toBe(20000);
    // newest first: the kept ones answer without a new table until the
    // first that was dropped; after that, every one is built again
    let kept = 0;
    for (let i = heights.length - 1; i >= 0 && counted.built === 20000; i--) {
      api.bodyContacts(pose, { height: heights[i] });
      if (counted.built === 20000) kept++;
    }
    expect(kept).toBe(CAPSULE_CACHE_LIMIT);
    expect(CAPSULE_CACHE_LIMIT).toBeLessThanOrEqual(16);
  });

  it('answers the same from a kept table as from a new one', () => {
    const { api } = countingApi();
    const pose = tpose();
    const first = api.bodyCapsules(pose, { height: 1.6 });
    for (let i = 0; i < 3 * CAPSULE_CACHE_LIMIT; i++)
      api.bodyCapsules(pose, { height: 1.0 + i / 100 });
    expect(api.bodyCapsules(pose, { height: 1.6 })).toEqual(first);
    expect(kb.bodyCapsules(pose, { height: 1.6 })).toEqual(first);
  });
});
