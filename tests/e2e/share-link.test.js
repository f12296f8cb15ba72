// Share links in the browser: a link reproduces the same pose at the same
// time in a fresh page; a hostile link runs nothing and opens valid params.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage } from './browser.js';

let browser;
let opened; // the first case's first page, the link of the second pasted into it

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const RANGES = {
  attack: [0, 1],
  release: [0, 1],
  epsilon: [1e-5, 0.1],
  lambda: [0.5, 120],
  duration: [0.5, 20],
  jitter: [0, 0.2],
  seed: [0, 99999],
  apose: [0, 1.5708],
};

describe('share links', () => {
  it('a copied link reproduces the same pose at the same time in a fresh page', async () => {
    const first = await openPage(browser);
    opened = first;
    const shown = await first.page.evaluate(async () => {
      const app = window.kblendApp;
      app.setParams({
        gesture: 'wave',
        attack: 0.25,
        epsilon: 0.002,
        jitter: 0.03,
        seed: 7,
      });
      await app.seek(1.2345);
      return {
        params: app.params,
        time: app.time,
        pose: Array.from(app.pose()),
      };
    });
    await first.page.waitForFunction(() => location.hash.includes('t=1.2345'));
    await first.page.locator('.lil-gui button', { hasText: 'copy link' }).click();
    const copied = await first.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await first.page.evaluate(() => location.href));
    expect(new URL(copied).hash).toMatch(/^#v=1&g=wave&a=0\.25&/);

    const second = await openPage(browser, new URL(copied).hash);
    const restored = await second.page.evaluate(() => ({
      params: window.kblendApp.params,
      time: window.kblendApp.time,
      playing: window.kblendApp.playing,
      pose: Array.from(window.kblendApp.pose()),
      notices: window.kblendApp.notices,
    }));
    expect(restored.notices).toEqual([]);
    expect(restored.params).toEqual(shown.params);
    expect(restored.time).toBe(shown.time);
    expect(restored.playing).toBe(false);
    expect(restored.pose).toEqual(shown.pose);
    expect(first.log.errors).toEqual([]);
    expect(second.log.errors).toEqual([]);
    await second.context.close();
  });

  it('a link pasted into an open page takes effect', async () => {
    const { page, context, log } = opened;
    await page.evaluate(() => {
      location.hash = '#v=1&g=shrug&a=0.3&r=0.3&t=1.1';
    });
    await page.waitForFunction(() => window.kblendApp.params.gesture === 'shrug');
    const state = await page.evaluate(() => ({
      params: window.kblendApp.params,
      time: window.kblendApp.time,
      playing: window.kblendApp.playing,
    }));
    expect(state.params).toMatchObject({ gesture: 'shrug', attack: 0.3, release: 0.3 });
    expect(state.time).toBe(1.1);
    expect(state.playing).toBe(false);
    expect(log.errors).toEqual([]);
    await context.close();
  });

  it('a hostile link runs nothing, shows the notice and opens valid params', async () => {
    const hostile = [
      'v=1',
      `g=${encodeURIComponent('<img src=x onerror="window.__pwned=1">')}`,
      'a=-5',
      'r=NaN',
      'eps=1e999',
      'lam=abc',
      'dur=-3',
      'jit=1e308',
      `seed=${encodeURIComponent('<script>window.__pwned=2</script>')}`,
      'apose=Infinity',
      't=1e400',
      `x=${encodeURIComponent('javascript:window.__pwned=3')}`,
    ].join('&');
    // a page of its own: the link opened at load (every request it makes checked)
    const { page, context, log } = await openPage(browser, `#${hostile}`);
    const notice = page.locator('#notice');
    expect(await notice.isVisible()).toBe(true);
    const text = await notice.textContent();
    expect(text).toMatch(/repaired/);
    expect(text).toContain("g='<img src=x onerror=\"wind…'");
    expect(text).toMatch(/a='-5' is outside \[0, 1\]/);

    const result = await page.evaluate(() => ({
      pwned: window.__pwned,
      injected: document.querySelectorAll('img, script:not([src])').length,
      params: window.kblendApp.params,
      time: window.kblendApp.time,
    }));
    expect(result.pwned).toBeUndefined();
    expect(result.injected).toBe(0);
    expect(result.params.gesture).toBe('clap');
    for (const [name, [min, max]] of Object.entries(RANGES)) {
      expect(Number.isFinite(result.params[name]), name).toBe(true);
      expect(result.params[name], name).toBeGreaterThanOrEqual(min);
      expect(result.params[name], name).toBeLessThanOrEqual(max);
    }
    expect(result.params.attack + result.params.release).toBeLessThanOrEqual(1);
    expect(result.time).toBe(result.params.duration);
    // the address bar now holds the repaired, valid state
    await page.waitForFunction(() => location.hash.startsWith('#v=1&g=clap&a=0&'));
    expect(log.dialogs).toEqual([]);
    expect(log.errors).toEqual([]);
    const origin = new URL(baseURL()).origin;
    for (const url of log.requests) {
      if (!url.startsWith('data:')) expect(new URL(url).origin).toBe(origin);
    }
    await context.close();
  });
});
