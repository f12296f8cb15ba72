// Every gesture of the library at mid-hold, from the front and the side,
// written to test-results/screenshots/ for a person to look at.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, launchBrowser, openPage } from './browser.js';

const OUT = SCREENSHOTS;

let browser;
let opened;

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1100, height: 760 });
});

afterAll(async () => {
  await browser?.close();
});

describe('gesture screenshots', () => {
  it('shows every gesture at mid-hold, away from idle', async () => {
    const { page } = opened;
    const names = await page.evaluate(() =>
      // the first picker of the panel is the gesture's
      Array.from(document.querySelector('.lil-gui select').options, (o) => o.value),
    );
    expect(names.length).toBeGreaterThanOrEqual(8);
    const idle = await page.evaluate(async () => {
      await window.kblendApp.seek(0);
      return Array.from(window.kblendApp.pose());
    });
    const stage = page.locator('#stage');
    for (const gesture of names) {
      const pose = await page.evaluate(async (g) => {
        const app = window.kblendApp;
        const p = app.setParams({ gesture: g });
        await app.seek(((p.attack + 1 - p.release) / 2) * p.duration);
        return Array.from(app.pose());
      }, gesture);
      expect(pose, gesture).not.toEqual(idle);
      for (const view of ['front', 'side']) {
        await page.evaluate((v) => window.kblendApp.view(v), view);
        await stage.screenshot({ path: `${OUT}${gesture}-${view}.png` });
      }
    }
    // the skeleton overlay over the body, three-quarter view
    await page.getByRole('checkbox', { name: 'skeleton overlay' }).check();
    await page.evaluate(() => window.kblendApp.view('threeQuarter'));
    await stage.screenshot({ path: `${OUT}skeleton-overlay.png` });
    expect(opened.log.errors).toEqual([]);
  });
});
