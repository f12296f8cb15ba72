// The page loads, draws a scene, logs no errors and stays on its origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, pixelStats } from './browser.js';

let browser;
let opened;

beforeAll(async () => {
  browser = await launchBrowser();
  const started = Date.now();
  opened = await openPage(browser, '', { playing: true });
  opened.readyMs = Date.now() - started;
});

afterAll(async () => {
  await browser?.close();
});

describe('the viewer page', () => {
  it('becomes ready', async () => {
    const { page, readyMs } = opened;
    const { readyMs: inPage } = await page.evaluate(() => window.kblendApp.stats());
    console.log(
      `page ready ${inPage.toFixed(0)} ms after navigation (${readyMs} ms with the browser context)`,
    );
    const params = await page.evaluate(() => window.kblendApp.params);
    expect(Object.keys(params).sort()).toEqual(
      [
        'apose',
        'attack',
        'compare',
        'duration',
        'epsilon',
        'follower',
        'gesture',
        'ik',
        'jitter',
        'joint',
        'lambda',
        'release',
        'seed',
        'shape',
      ].sort(),
    );
    const pose = await page.evaluate(() => Array.from(window.kblendApp.pose()));
    expect(pose).toHaveLength(88);
  });

  it('draws a scene, not one colour', async () => {
    const stats = await pixelStats(opened.page);
    expect(stats.width).toBeGreaterThan(100);
    expect(stats.colours).toBeGreaterThan(50);
    expect(stats.max - stats.min).toBeGreaterThan(60);
  });

  it('logs no console errors and opens no dialog', () => {
    expect(opened.log.errors).toEqual([]);
    expect(opened.log.dialogs).toEqual([]);
  });

  it('makes no request beyond its origin', () => {
    const origin = new URL(baseURL()).origin;
    expect(opened.log.requests.length).toBeGreaterThan(0);
    for (const url of opened.log.requests) {
      const parsed = new URL(url);
      if (parsed.protocol === 'data:') continue;
      expect(parsed.origin).toBe(origin);
    }
  });

  it('declares a Content-Security-Policy without unsafe script sources', async () => {
    const csp = await opened.page.getAttribute(
      'meta[http-equiv="Content-Security-Policy"]',
      'content',
    );
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/'unsafe-eval'|'unsafe-inline'/);
  });

  it('shows the clap check with a pass or fail mark per rule, in the open phase only', async () => {
    const { page } = opened;
    const rowsAt = (t) =>
      page.evaluate(async (time) => {
        await window.kblendApp.seek(time);
        const trs = document.querySelectorAll('.readout-table:first-of-type tr');
        return [...trs].map((tr) => ({
          pass: tr.classList.contains('pass'),
          fail: tr.classList.contains('fail'),
          value: tr.querySelector('.value').textContent,
        }));
      }, t);
    // at the start the hands hang apart in the attack, which the rules do
    // not judge: no mark, and the verdict says so
    const atStart = await rowsAt(0);
    expect(atStart).toHaveLength(6);
    for (const row of atStart) expect(row.pass || row.fail).toBe(false);
    expect(atStart[5].value).toBe('not judged now');
    // in the hold's open phase every rule has a mark, and the clap passes
    const open = await page.evaluate(async () => {
      const hook = window.kblendApp;
      for (let k = 0; k / 30 <= hook.params.duration; k++) {
        await hook.seek(k / 30);
        if (hook.clapCheck().phase === 'open') return k / 30;
      }
      return null;
    });
    expect(open).not.toBeNull();
    const rows = await rowsAt(open);
    for (const row of rows) {
      expect(row.pass !== row.fail).toBe(true);
      expect(row.value).not.toBe('–');
    }
    expect(rows[5]).toMatchObject({ pass: true, value: 'pass' });
  });

  it('reports the core time per frame', async () => {
    const { page } = opened;
    await page.evaluate(() => window.kblendApp.play());
    await page.waitForTimeout(1500);
    const stats = await page.evaluate(() => window.kblendApp.stats());
    console.log(`core time per frame ${(stats.coreTimeMs * 1000).toFixed(1)} µs`);
    expect(stats.coreTimeMs).toBeGreaterThanOrEqual(0);
    expect(stats.coreTimeMs).toBeLessThan(50);
  });
});
