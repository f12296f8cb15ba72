// The debounced hash writer against a pasted link, with the page's
// location and history stubbed (the race is one of event order).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createLinkSync } from '../../../web/viewer/share/link-sync.js';

const params = {
  gesture: 'clap',
  attack: 0.15,
  release: 0.2,
  epsilon: 0.0005,
  lambda: 18,
  duration: 4,
  jitter: 0,
  seed: 1,
  apose: 1.18,
};

beforeEach(() => {
  vi.useFakeTimers();
  const location = { hash: '' };
  vi.stubGlobal('location', location);
  vi.stubGlobal('history', {
    state: null,
    replaceState: vi.fn((state, title, url) => {
      location.hash = url;
    }),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('writes the hash after the debounce', () => {
  const link = createLinkSync();
  link.write(params);
  expect(history.replaceState).not.toHaveBeenCalled();
  vi.advanceTimersByTime(300);
  expect(location.hash).toMatch(/^#v=1&g=clap/);
  expect(link.isForeign(location.hash)).toBe(false);
});

it('leaves a pasted link in place until the page has read it', () => {
  const link = createLinkSync();
  link.write(params); // a tuning change, still to be written
  location.hash = '#v=1&g=salute'; // pasted before the write lands
  vi.advanceTimersByTime(300); // the write's timer fires before hashchange
  expect(history.replaceState).not.toHaveBeenCalled();
  expect(link.isForeign(location.hash)).toBe(true);
  link.adopt(location.hash); // the page reads it, then writes its own
  link.write({ ...params, gesture: 'salute' });
  vi.advanceTimersByTime(300);
  expect(location.hash).toMatch(/g=salute/);
  expect(link.isForeign(location.hash)).toBe(false);
});
