// Onion skin in the browser: picking 2 ghosts and a 0.2 s spacing in the
// panel shows 2 ghosts before and 2 after the playhead at those times (only
// those inside the clip near its start), with the two wrist trails; 0 turns
// it off.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, app, launchBrowser, openFolder, openPage } from './browser.js';

let browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const onion = (page) => app(page, () => window.kblendApp.onion());
const seek = (page, t) => app(page, (time) => window.kblendApp.seek(time), t);

describe('onion skin', () => {
  it('shows N ghosts each side of the playhead and the wrist trails', async () => {
    const { page, context, log } = await openPage(browser, '', { width: 1280, height: 800 });
    await app(page, () => window.kblendApp.setParams({ gesture: 'wave', duration: 3 }));
    await app(page, () => window.kblendApp.pause());
    await openFolder(page, 'view', 'onion skin');
    await page.locator('[data-param="onionCount"] select').selectOption('2');
    const spacing = page.locator('[data-param="onionSpacing"] input').first();
    await spacing.fill('0.3');
    await spacing.press('Enter');
    await seek(page, 1.5);
    const mid = await onion(page);
    expect(mid).toMatchObject({ count: 2, spacing: 0.3, visibleGhosts: 4, trails: 2 });
    [0.9, 1.2, 1.8, 2.1].forEach((t, i) => expect(mid.times[i]).toBeCloseTo(t, 6));
    await page.screenshot({ path: join(SCREENSHOTS, 'onion-skin.png') });
    // near the start only the ghosts after the playhead are in the clip
    await seek(page, 0.1);
    expect((await onion(page)).visibleGhosts).toBe(2);
    await page.locator('[data-param="onionCount"] select').selectOption('0');
    await seek(page, 1.5);
    expect(await onion(page)).toMatchObject({ visibleGhosts: 0, trails: 0 });
    expect(log.errors).toEqual([]);
    await context.close();
  });
});
