// Presets in the browser: saved and loaded by name, kept across a reload,
// exported as a file and imported in a fresh browser profile, giving the
// same params and the same pose bit for bit.
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

describe('presets', () => {
  it('save, load, reload, export and import in a fresh profile round trip', async () => {
    const { page, context, log } = await openPage(browser);
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
    const fresh = await openPage(browser);
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
    await context.close();
    await fresh.context.close();
  });
});
