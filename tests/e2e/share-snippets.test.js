// The viewer's share actions through real clicks: "copy <iframe> embed"
// puts an <iframe> of embed.html#<the link> on the clipboard, and that page
// (one <kblend-preview> with a play bar, under the viewer's policy) shows
// the same gesture and tuning: its pose at a time is the viewer's bit for
// bit. "copy <kblend-preview>" puts an element with the tuning as named
// attributes; placed on a page it reads back the viewer's params.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, baseURL, launchBrowser, openAuthoring, openPage } from './browser.js';

let browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LINK = '#v=1&g=salute&a=0.25&r=0.3&eps=0.002&lam=9&fol=kli';
const TIME = 1.2;
const TUNED = [
  'gesture',
  'attack',
  'release',
  'epsilon',
  'lambda',
  'duration',
  'follower',
  'shape',
];

const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());
const click = (page, label) => page.locator('.lil-gui button', { hasText: label }).click();

describe('share snippets', () => {
  let page;
  let context;
  let log;
  let viewer;
  beforeAll(async () => {
    ({ page, context, log } = await openPage(browser, LINK));
    viewer = await app(
      page,
      async (t) => {
        await window.kblendApp.seek(t);
        return { params: window.kblendApp.params, pose: Array.from(window.kblendApp.pose()) };
      },
      TIME,
    );
    expect(viewer.params.gesture).toBe('salute');
    await openAuthoring(page, 'share on a page');
  });
  afterAll(async () => {
    expect(log.errors).toEqual([]);
    await context?.close();
  });

  it('copy <iframe> embed: the embed page shows the same gesture, tuning and pose', async () => {
    await click(page, 'copy <iframe> embed');
    await expect
      .poll(() => page.locator('#notice').textContent())
      .toContain('Embed snippet copied');
    const snippet = await clipboard(page);
    console.log('iframe snippet:', snippet);
    const src = snippet.match(/^<iframe src="([^"]+)"/)[1].replace(/&amp;/g, '&');
    const viewerHash = await page.evaluate(() => location.hash);
    expect(new URL(src).pathname).toMatch(/\/embed\.html$/);
    expect(new URL(src).hash).toBe(viewerHash);

    const embed = await context.newPage();
    const errors = [];
    embed.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    embed.on('pageerror', (e) => errors.push(String(e)));
    await embed.goto(src);
    await embed.waitForFunction(() => document.querySelector('kblend-preview')?.drawCount > 0);
    const shown = await embed.evaluate((t) => {
      const el = document.querySelector('kblend-preview');
      el.pause();
      el.seek(t);
      return {
        params: el.params,
        pose: Array.from(el.pose()),
        bar: Boolean(el.shadowRoot.querySelector('.bar button')),
        notice: el.shadowRoot.querySelector('.notice').hidden,
      };
    }, TIME);
    for (const name of TUNED) expect(shown.params[name], name).toEqual(viewer.params[name]);
    expect(shown.pose).toEqual(viewer.pose);
    expect(shown.bar).toBe(true);
    expect(shown.notice).toBe(true); // no repair notice
    // the play bar plays
    await embed.locator('kblend-preview').locator('.bar button').click();
    const t0 = await embed.evaluate(() => document.querySelector('kblend-preview').currentTime);
    await embed.waitForFunction(
      (t) => document.querySelector('kblend-preview').currentTime !== t,
      t0,
    );
    expect(errors).toEqual([]);
    await embed.close();
  });

  it('copy <kblend-preview>: the element reads back the viewer’s tuning', async () => {
    await click(page, 'copy <kblend-preview>');
    await expect
      .poll(() => page.locator('#notice').textContent())
      .toContain('Element snippet copied');
    const snippet = await clipboard(page);
    console.log('element snippet:', snippet);
    expect(snippet).toMatch(/^<kblend-preview gesture="salute" attack="0.25" release="0.3" /);
    const embed = await context.newPage();
    await embed.goto(`${baseURL()}/embed.html#v=1`);
    await embed.waitForFunction(() => document.querySelector('kblend-preview')?.drawCount > 0);
    const read = await embed.evaluate(async (html) => {
      document.body.innerHTML = html;
      const el = document.querySelector('kblend-preview');
      await new Promise((resolve) => el.addEventListener('ready', resolve, { once: true }));
      return el.params;
    }, snippet);
    for (const name of TUNED) expect(read[name], name).toEqual(viewer.params[name]);
    await embed.close();
  });
});
