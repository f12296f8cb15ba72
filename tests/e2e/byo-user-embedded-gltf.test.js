// A .gltf as Khronos ships its samples, its buffer a data: URI: a Z-up,
// RiggedFigure-like character (anonymous names, no collars, arms 27° below
// level with bent elbows) loads through the page's file input with the
// page's policy as it is (connect-src 'self': the buffer is decoded by the
// page, not fetched), binds through its scene by topology and follows
// kblend's FK in wave, clap and salute. A refusal shows a short reason
// (never a whole URI) and clears when the next load succeeds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { riggedFigureGltf } from '../fixtures/characters/rigged-figure.js';
import { SCREENSHOTS, app, launchBrowser, midHold, openPage } from './browser.js';
import { characterAt, loadCharacterFile, worstLimbAngle } from './character-checks.js';

let kb;
let browser;
let opened;
let scratch;
let figurePath;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'kblend-embedded-'));
  kb = await loadKBlend();
  figurePath = join(scratch, 'figure.gltf');
  writeFileSync(figurePath, (await riggedFigureGltf()).text);
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1280, height: 800 });
});

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('an embedded-buffer .gltf character', () => {
  it('a refusal names the reason in a line, never the whole URI', async () => {
    const { page } = opened;
    const json = JSON.parse((await riggedFigureGltf()).text);
    // a buffer in a separate file with a very long name: refused, shortly
    json.buffers[0].uri = `${'x'.repeat(5000)}.bin`;
    const path = join(scratch, 'split.gltf');
    writeFileSync(path, JSON.stringify(json));
    const status = await loadCharacterFile(page, path, 'split.gltf');
    expect(status.state).toBe('failed');
    const notice = await page.locator('#notice').innerText();
    expect(notice).toMatch(/split\.gltf could not be loaded/);
    expect(notice).toMatch(/separate file/);
    expect(notice.length).toBeLessThan(400);
    expect(await page.locator('#notice').isVisible()).toBe(true);
  });

  it('loads through the file input, binds by topology and clears the notice', async () => {
    const { page } = opened;
    const status = await loadCharacterFile(page, figurePath, 'figure.gltf');
    expect(status.state, status.message).toBe('done');
    expect(await page.locator('#notice').isVisible()).toBe(false);
    const { character } = await characterAt(page, 0);
    expect(character.name).toBe('figure.gltf');
    expect(character.mapped).toHaveLength(19);
    expect(character.unmapped).toEqual(['spine2', 'left_collar', 'right_collar']);
    expect(character.restArmAngle).toBeCloseTo((27 * Math.PI) / 180, 3);
    expect(opened.log.errors).toEqual([]);
  });

  it('follows kblend’s FK limb directions within 3° in wave, clap and salute', async () => {
    const { page } = opened;
    for (const gesture of ['wave', 'clap', 'salute']) {
      const params = await app(page, (g) => window.kblendApp.setParams({ gesture: g }), gesture);
      for (const t of [params.duration * params.attack * 0.5, midHold(params)]) {
        const shown = await characterAt(page, t);
        expect(worstLimbAngle(kb, shown), `${gesture} at ${t}`).toBeLessThan(3);
      }
    }
    const wave = await app(page, () => window.kblendApp.setParams({ gesture: 'wave' }));
    await characterAt(page, midHold(wave));
    await app(page, () => window.kblendApp.view('front'));
    await page
      .locator('#stage')
      .screenshot({ path: `${SCREENSHOTS}byo-user-embedded-gltf-wave.png` });
    expect(opened.log.errors).toEqual([]);
  });
});
