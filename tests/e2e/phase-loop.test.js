// A phase looped on its own, in the browser: a click on the hold's segment
// of the timeline loops the hold, the panel's "phase loop speed" picks ½×
// and ¼×, and the clip's time advances at that rate against the page's own
// clock (performance.now), staying inside the hold; a second click stops it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, app, launchBrowser, openFolder, openPage } from './browser.js';

let browser;
let opened;

beforeAll(async () => {
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1280, height: 800 });
});

afterAll(async () => {
  await browser?.close();
});

// Clip seconds per wall second over `ms` of animation frames, measured in
// the page on the frames' own timestamps (the clock the playback advances
// by, so a slow frame does not count against the rate; a wrap of the loop
// counts its span), and the times seen.
const measure = (page, ms) =>
  app(
    page,
    (duration) =>
      new Promise((resolve) => {
        const hook = window.kblendApp;
        const span = hook.phaseLoop().range;
        let first = null;
        let last = 0;
        let advanced = 0;
        let [lo, hi] = [Infinity, -Infinity];
        const tick = (now) => {
          const t = hook.time;
          if (first === null) first = { wall: now, time: t };
          else advanced += t >= last ? t - last : t - last + (span.end - span.start);
          [lo, hi, last] = [Math.min(lo, t), Math.max(hi, t), t];
          const wall = now - first.wall;
          if (wall < duration) requestAnimationFrame(tick);
          else resolve({ rate: advanced / (wall / 1000), lo, hi, span });
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );

describe('phase loop', () => {
  it('loops the hold at ½× and ¼× speed against the wall clock', async () => {
    const { page, log } = opened;
    await app(page, () =>
      window.kblendApp.setParams({ gesture: 'salute', attack: 0.15, release: 0.2, duration: 3 }),
    );
    await openFolder(page, 'playback');
    await page.locator('[data-param="phaseSpeed"] select').selectOption('½×');
    await page.locator('.timeline-segment.hold').click();
    const loop = await app(page, () => window.kblendApp.phaseLoop());
    expect(loop.phase).toBe('hold');
    expect(loop.range.start).toBeCloseTo(0.45, 6);
    expect(loop.range.end).toBeCloseTo(2.4, 6);
    expect(await page.locator('.timeline-segment.hold.looped').count()).toBe(1);
    expect(await app(page, () => window.kblendApp.playing)).toBe(true);
    const half = await measure(page, 1500);
    expect(Math.abs(half.rate - 0.5)).toBeLessThan(0.1);
    expect(half.lo).toBeGreaterThanOrEqual(0.45 - 1e-9);
    expect(half.hi).toBeLessThan(2.4);
    await page.locator('[data-param="phaseSpeed"] select').selectOption('¼×');
    const quarter = await measure(page, 1500);
    expect(Math.abs(quarter.rate - 0.25)).toBeLessThan(0.05);
    await page.screenshot({ path: join(SCREENSHOTS, 'phase-loop-hold.png') });
    // a second click on the looped segment stops the loop: the whole clip again
    await page.locator('.timeline-segment.hold').click();
    expect(await app(page, () => window.kblendApp.phaseLoop().phase)).toBe(null);
    expect(await page.locator('.timeline-segment.looped').count()).toBe(0);
    expect(log.errors).toEqual([]);
  });
});
