// A capture as the reference, in the browser: a BVH file kblend wrote
// with known tuning (salute, attack 0.22, release 0.31, 2.7 s) is imported,
// picked as the reference in the panel, and "fit to reference" is clicked:
// the panel takes the fitted gesture and envelope, the ghost draws on the
// stage, and the angle between the preview and the reference drops to the
// fit's residual. A gesture file loaded into the page is a reference too:
// it plays as it was tuned when picked, and the fit recovers that tuning.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import {
  SCREENSHOTS,
  app,
  differingPixels,
  launchBrowser,
  openFolder,
  openPage,
} from './browser.js';

const TRUTH = { gesture: 'salute', attack: 0.22, release: 0.31, duration: 2.7 };
const FILE = 'salute_reference.bvh';
const CLIP = `bvh: ${FILE}`;

let browser;
let opened;
let scratch;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'kblend-reference-'));
  const kb = await loadKBlend();
  const preview = kb.createPreview(TRUTH);
  writeFileSync(join(scratch, FILE), kb.exportBvh(preview));
  preview.dispose();
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1280, height: 800 });
});

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// a gesture file of the user's: the library's salute under another name
const SALUTE = JSON.parse(
  readFileSync(new URL('../../web/gestures/salute.json', import.meta.url), 'utf8'),
);
const MINE = { ...SALUTE, name: 'my salute' };
const FROZEN = { attack: 0.25, release: 0.3, duration: SALUTE.duration };

const reference = (page) => app(page, () => window.kblendApp.reference());

describe('reference and fit', () => {
  it('picks an imported clip as the reference, fits it by a click, and shows the ghost and the error', async () => {
    const { page, log } = opened;
    await page.locator('#bvh-file').setInputFiles(join(scratch, FILE));
    await page.waitForFunction(
      (name) => {
        const s = window.kblendApp.importStatus();
        return s.state === 'done' && s.message.includes(name);
      },
      FILE,
      { timeout: 60000 },
    );
    // a tuning away from the truth: the library's salute at the defaults
    await app(page, () =>
      window.kblendApp.setParams({ gesture: 'salute', attack: 0.15, release: 0.2, duration: 3 }),
    );
    await app(page, () => window.kblendApp.pause());
    const stage = page.locator('#stage canvas');
    await app(page, () => window.kblendApp.seek(0.45));
    const without = await stage.screenshot();

    await openFolder(page, 'clip', 'reference & A/B');
    await page.locator('[data-param="reference"] select').selectOption(CLIP);
    await app(page, () => window.kblendApp.seek(0.45));
    const before = await reference(page);
    expect(before).toMatchObject({ name: CLIP, ghostVisible: true, plotShown: true });
    expect(before.samples).toBeGreaterThan(60);
    // the defaults' timing is not the capture's: a clear angle between them
    expect(before.overall.mean).toBeGreaterThan(0.01);
    const withGhost = await stage.screenshot();
    expect(await differingPixels(page, without, withGhost)).toBeGreaterThan(500);
    await page.screenshot({ path: join(SCREENSHOTS, 'reference-before-fit.png') });

    await page.locator('.lil-gui button', { hasText: 'fit to reference' }).click();
    const params = await app(page, () => window.kblendApp.params);
    expect(params.gesture).toBe('custom: fitted');
    expect(Math.abs(params.attack - TRUTH.attack)).toBeLessThan(0.01);
    expect(Math.abs(params.release - TRUTH.release)).toBeLessThan(0.01);
    expect(Math.abs(params.duration - TRUTH.duration)).toBeLessThan(0.01);
    expect(params.shape).toBe('smoothstep');
    // the panel's sliders show the fitted values
    const attackText = await page.locator('[data-param="attack"] input').first().inputValue();
    expect(Math.abs(Number(attackText) - TRUTH.attack)).toBeLessThan(0.01);
    const after = await reference(page);
    expect(after.fit.residual.mean).toBeLessThan(1e-3);
    expect(after.overall.mean).toBeLessThan(2e-3);
    expect(after.overall.mean).toBeLessThan(before.overall.mean / 10);
    expect(after.figures).toMatch(/over the clip: mean [\d.]+°, worst [\d.]+° · fit residual mean/);
    const notice = await page.locator('#notice').textContent();
    expect(notice).toMatch(/Fitted to the reference: residual mean/);
    await app(page, () => window.kblendApp.seek(0.45));
    await page.screenshot({ path: join(SCREENSHOTS, 'reference-after-fit.png') });

    // no reference: the ghost and the plot go
    await page.locator('[data-param="reference"] select').selectOption('none');
    expect(await reference(page)).toMatchObject({
      name: 'none',
      ghostVisible: false,
      plotShown: false,
    });
    expect(log.errors).toEqual([]);
  });

  it('picks a loaded gesture file as the reference, frozen at its tuning, and fits back to it', async () => {
    const { page, context, log } = await openPage(browser, '', { width: 1280, height: 800 });
    await page.locator('#gesture-file').setInputFiles({
      name: 'my_salute.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(MINE)),
    });
    await page.waitForFunction(() => window.kblendApp.params.gesture === 'custom: my salute');
    await app(page, (tuning) => window.kblendApp.setParams(tuning), {
      attack: FROZEN.attack,
      release: FROZEN.release,
    });
    await app(page, () => window.kblendApp.pause());
    const stage = page.locator('#stage canvas');
    await app(page, () => window.kblendApp.seek(0.45));
    const without = await stage.screenshot();

    await openFolder(page, 'clip', 'reference & A/B');
    const choice = page.locator('[data-param="reference"] select');
    expect(await choice.locator('option').allTextContents()).toContain('custom: my salute');
    await choice.selectOption('custom: my salute');
    const picked = await reference(page);
    expect(picked).toMatchObject({
      name: 'custom: my salute',
      ghostVisible: true,
      plotShown: true,
    });
    expect(picked.frozen).toMatchObject({ gesture: 'custom: my salute', ...FROZEN });
    // the same tuning as the reference: nothing between them
    expect(picked.overall.mean).toBeLessThan(1e-4);

    // a new tuning moves the preview, not the reference
    await app(page, () =>
      window.kblendApp.setParams({ attack: 0.1, release: 0.15, duration: 3.4 }),
    );
    await app(page, () => window.kblendApp.seek(0.45));
    const before = await reference(page);
    expect(before.frozen).toMatchObject(FROZEN);
    expect(before.samples).toBeGreaterThan(60);
    expect(before.overall.mean).toBeGreaterThan(0.01);
    expect(before.figures).toMatch(/over the clip: mean [\d.]+°, worst [\d.]+°/);
    const withGhost = await stage.screenshot();
    expect(await differingPixels(page, without, withGhost)).toBeGreaterThan(500);
    await page.screenshot({ path: join(SCREENSHOTS, 'reference-gesture-before-fit.png') });

    await page.locator('.lil-gui button', { hasText: 'fit to reference' }).click();
    const params = await app(page, () => window.kblendApp.params);
    expect(params.gesture).toBe('custom: fitted');
    expect(Math.abs(params.attack - FROZEN.attack)).toBeLessThan(0.01);
    expect(Math.abs(params.release - FROZEN.release)).toBeLessThan(0.01);
    expect(Math.abs(params.duration - FROZEN.duration)).toBeLessThan(0.01);
    const after = await reference(page);
    expect(after.name).toBe('custom: my salute');
    expect(after.fit.residual.mean).toBeLessThan(1e-3);
    expect(after.overall.mean).toBeLessThan(2e-3);
    // the fitted gesture joins both lists
    expect(await choice.locator('option').allTextContents()).toContain('custom: fitted');
    expect(log.errors).toEqual([]);
    await context.close();
  });
});
