// Presets in the browser: saved and loaded by name, kept across a reload,
// exported as a file and imported in a fresh browser profile, giving the
// same params and the same pose bit for bit.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, openAuthoring, openPage, reloadPage } from './browser.js';

let browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TUNED = {
  attack: 0.3,
  release: 0.25,
  epsilon: 0.004,
  lambda: 30,
  jitter: 0.02,
  seed: 9,
  follower: 'kli',
};

// Two browser profiles: one the presets are saved in (and a newer viewer's
// store written to, then reloaded), one fresh, that nothing was saved in.
let saving;
let freshProfile;

describe('presets', () => {
  it('a fresh profile shows no set-aside action', async () => {
    freshProfile = await openPage(browser);
    const { page } = freshProfile;
    await openAuthoring(page, 'presets');
    await page
      .locator('.lil-controller', { hasText: 'export presets JSON' })
      .waitFor({ state: 'visible' });
    expect(
      await page.locator('.lil-controller', { hasText: 'download set-aside presets' }).isVisible(),
    ).toBe(false);
  });

  it('save, load, reload, export and import in a fresh profile round trip', async () => {
    saving = await openPage(browser);
    const { page, log } = saving;
    const saved = await app(
      page,
      async (tuned) => {
        const a = window.kblendApp;
        a.setParams({ gesture: 'shrug', ...tuned });
        a.presets.save('loose');
        const params = a.params;
        await a.seek(1.5);
        const pose = Array.from(a.pose());
        a.setParams({ attack: 0.1, lambda: 5, follower: 'exp' });
        a.presets.load('loose');
        await a.seek(1.5);
        return { params, pose, loaded: a.params, loadedPose: Array.from(a.pose()) };
      },
      TUNED,
    );
    expect(saved.loaded).toEqual(saved.params);
    expect(saved.loadedPose).toEqual(saved.pose);
    // the panel lists it, and the page keeps it across a reload
    await openAuthoring(page, 'presets');
    await expect
      .poll(() =>
        page
          .locator('[data-param], .lil-controller')
          .filter({ hasText: 'saved presets' })
          .locator('select')
          .inputValue(),
      )
      .toBe('loose');
    await page.screenshot({ path: 'test-results/screenshots/presets-panel.png' });
    await reloadPage(page);
    expect(await app(page, () => window.kblendApp.presets.names())).toEqual(['loose']);
    const text = await app(page, () => window.kblendApp.presets.exportText());
    expect(JSON.parse(text).presets.loose.lambda).toBe(30);

    // a fresh profile: nothing saved, then the file brings it
    const fresh = freshProfile;
    const imported = await app(
      fresh.page,
      async (file) => {
        const a = window.kblendApp;
        const before = a.presets.names();
        const names = a.presets.importText(file);
        a.setParams({ gesture: 'shrug' });
        a.presets.load('loose');
        await a.seek(1.5);
        return { before, names, params: a.params, pose: Array.from(a.pose()) };
      },
      text,
    );
    expect(imported.before).toEqual([]);
    expect(imported.names).toEqual(['loose']);
    expect(imported.params).toEqual(saved.params);
    expect(imported.pose).toEqual(saved.pose);
    // a bad file through the picker is refused with a notice
    await fresh.page.locator('#presets-file').setInputFiles({
      name: 'bad-presets.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        '{"format":"kblend-presets","version":1,"presets":{"x":{"attack":"NaN"}}}',
      ),
    });
    await expect
      .poll(() => fresh.page.locator('#notice').textContent())
      .toMatch(/bad-presets\.json: preset "x"/);
    expect(log.errors).toEqual([]);
    expect(fresh.log.errors).toEqual([]);
    await fresh.context.close();
  });

  it('a store from a newer viewer is set aside, kept through a save and downloadable', async () => {
    const { page, context, log } = saving; // its store is replaced, then read at a reload
    const stored = JSON.stringify({
      format: 'kblend-presets',
      version: 2,
      presets: { future: { attack: 0.2, curve: 'new' } },
    });
    await page.evaluate((text) => localStorage.setItem('kblend.presets.v1', text), stored);
    await reloadPage(page);
    await expect
      .poll(() => page.locator('#notice').textContent())
      .toMatch(/could not be read .*"version" 2 is not supported.*set aside, not deleted/);
    await app(page, () => window.kblendApp.presets.save('mine'));
    const kept = await page.evaluate(() => ({
      aside: JSON.parse(localStorage.getItem('kblend.presets.set-aside')),
      main: JSON.parse(localStorage.getItem('kblend.presets.v1')),
    }));
    expect(kept.aside).toEqual([stored]);
    expect(Object.keys(kept.main.presets)).toEqual(['mine']);
    // the panel's action downloads it as it was
    await openAuthoring(page, 'presets');
    const button = page.locator('.lil-controller', { hasText: 'download set-aside presets' });
    await button.waitFor({ state: 'visible' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      button.locator('button').click(),
    ]);
    expect(download.suggestedFilename()).toBe('kblend-presets-set-aside.json');
    const file = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(file).toEqual({ format: 'kblend-presets-set-aside', stores: [JSON.parse(stored)] });
    // a file with a value out of range: imported, the clamp named
    await page.locator('#presets-file').setInputFiles({
      name: 'hot.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({
          format: 'kblend-presets',
          version: 1,
          presets: { hot: { ...kept.main.presets.mine, lambda: 1e308 } },
        }),
      ),
    });
    await expect
      .poll(() => page.locator('#notice').textContent())
      .toMatch(
        /clamped: hot\.json: preset "hot": "lambda" 1e\+308 is outside \[0\.5, 120\]; clamped to 120/,
      );
    expect(await app(page, () => window.kblendApp.presets.get('hot').lambda)).toBe(120);
    expect(log.errors).toEqual([]);
    await context.close();
  }, 60000);
});
