// Playback follows the wall clock: with every animation frame made slow
// (a busy loop of 150 ms in each, about 6 frames a second), the clip's time
// still advances one second per second of the page's clock
// (performance.now) — frames are skipped, never slowed — and the readout
// shows the frame rate drawn.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, app, launchBrowser, openPage } from './browser.js';

let browser;
let opened;

beforeAll(async () => {
  browser = await launchBrowser();
  opened = await openPage(browser);
});

afterAll(async () => {
  await browser?.close();
});

// Clip seconds per wall second over `ms` of animation frames while playing
// (a wrap of the looping clip counts its length), and the frames seen.
const measure = (page, ms) =>
  app(
    page,
    (duration) =>
      new Promise((resolve) => {
        const hook = window.kblendApp;
        const length = hook.params.duration;
        // from the first frame seen to the last, both read at the same point of a frame
        let start = null;
        let last = 0;
        let advanced = 0;
        let frames = 0;
        const tick = () => {
          const t = hook.time;
          if (start === null) start = performance.now();
          else {
            advanced += t >= last ? t - last : t - last + length;
            frames++;
          }
          last = t;
          const wall = performance.now() - start;
          if (wall < duration) requestAnimationFrame(tick);
          else resolve({ rate: advanced / (wall / 1000), frames, seconds: wall / 1000 });
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );

const frameRateShown = (page) => page.locator('.readout-table .frame-rate .value').textContent();

describe('true timing', () => {
  it('at about 6 frames a second the clip time keeps to the wall clock within 10 %', async () => {
    const { page, log } = opened;
    await app(page, () => {
      window.kblendApp.setParams({ gesture: 'wave', duration: 3 });
      // every frame takes 150 ms more: the page draws ~6 frames a second
      const burn = () => {
        const end = performance.now() + 150;
        while (performance.now() < end);
        requestAnimationFrame(burn);
      };
      requestAnimationFrame(burn);
      window.kblendApp.play();
    });
    const slow = await measure(page, 3000);
    expect(slow.frames / slow.seconds).toBeLessThan(8); // the frames are slow
    expect(Math.abs(slow.rate - 1), `clip s per wall s: ${slow.rate}`).toBeLessThan(0.1);
    // the readout says the rate drawn: a handful of frames per second
    const shown = await frameRateShown(page);
    expect(shown).toMatch(/^\d+ fps$/);
    // (the rate drawn, not the display's: a busy machine draws fewer)
    const drawn = slow.frames / slow.seconds;
    expect(Number.parseInt(shown, 10)).toBeLessThanOrEqual(8);
    expect(Number.parseInt(shown, 10)).toBeGreaterThanOrEqual(Math.max(1, Math.floor(drawn / 2)));
    await page.locator('#readouts').screenshot({ path: join(SCREENSHOTS, 'frame-rate.png') });
    // paused, nothing is drawn: the readout says so
    await app(page, () => window.kblendApp.pause());
    await expect.poll(() => frameRateShown(page), { timeout: 5000 }).toBe('idle');
    expect(log.errors).toEqual([]);
  });
});
