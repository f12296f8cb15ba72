// A/B in the browser: "hold as B" (a click in the panel) freezes the
// tuning; the attack typed afterwards changes A only; B plays as a ghost on
// the stage (pixels differ with and without it), its envelope drawn over
// A's; the share link carries B as b=, and opening that link shows the same
// A and B; "clear B" removes the ghost and b=.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOTS,
  app,
  differingPixels,
  launchBrowser,
  openFolder,
  openPage,
  setNumber,
} from './browser.js';

let browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const ab = (page) => app(page, () => window.kblendApp.ab());
const button = (page, text) => page.locator('.lil-gui button', { hasText: text });

describe('A/B', () => {
  it('holds B, plays it as a ghost with its envelope overlaid, and carries it in the link', async () => {
    const { page, context, log } = await openPage(browser, '', { width: 1280, height: 800 });
    await app(page, () =>
      window.kblendApp.setParams({ gesture: 'salute', attack: 0.15, release: 0.2, duration: 3 }),
    );
    await openFolder(page, 'clip', 'reference & A/B');
    await button(page, 'hold as B').click();
    await setNumber(page, 'attack', 0.4);
    const params = await app(page, () => window.kblendApp.params);
    expect(params.attack).toBe(0.4);
    const held = await ab(page);
    expect(held.held).toMatchObject({ gesture: 'salute', attack: 0.15, release: 0.2, duration: 3 });
    expect(held.ghostVisible).toBe(true);
    // both envelopes in the plot, apart during the attack
    const series = await app(page, () => window.kblendApp.plotSeries());
    expect(series.b).not.toBe(null);
    const i = series.times.findIndex((t) => t >= 0.5);
    expect(series.b[i]).toBeGreaterThan(series.a[i] + 0.3);

    await app(page, async () => {
      window.kblendApp.pause();
      await window.kblendApp.seek(0.4);
    });
    const stage = page.locator('#stage canvas');
    const withB = await stage.screenshot();
    await page.screenshot({ path: join(SCREENSHOTS, 'ab-ghost.png') });

    // the link carries both
    await page.waitForFunction(() => new URLSearchParams(location.hash.slice(1)).has('b'));
    const hash = await app(page, () => location.hash);
    const inner = new URLSearchParams(new URLSearchParams(hash.slice(1)).get('b'));
    expect(inner.get('a')).toBe('0.15');
    expect(new URLSearchParams(hash.slice(1)).get('a')).toBe('0.4');
    const reopened = await openPage(browser, hash, { width: 1280, height: 800 });
    expect((await app(reopened.page, () => window.kblendApp.params)).attack).toBe(0.4);
    const again = await ab(reopened.page);
    expect(again.held).toEqual(held.held);
    expect(again.ghostVisible).toBe(true);
    expect(reopened.log.errors).toEqual([]);
    await reopened.context.close();

    await button(page, 'clear B').click();
    expect((await ab(page)).ghostVisible).toBe(false);
    await app(page, () => window.kblendApp.seek(0.4));
    const withoutB = await stage.screenshot();
    expect(await differingPixels(page, withB, withoutB)).toBeGreaterThan(500);
    await page.waitForFunction(() => !new URLSearchParams(location.hash.slice(1)).has('b'));
    expect((await app(page, () => window.kblendApp.plotSeries())).b).toBe(null);
    expect(log.errors).toEqual([]);
    await context.close();
  });
});
