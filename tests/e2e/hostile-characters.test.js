// Hostile character files in the browser: a 48 KB GLB whose accessor
// claims 200,000,000 elements without data (three's loader once allocated
// 2.4 GB for it and said "loaded"), and a glTF without a scene (once
// "Cannot read properties of undefined (reading 'traverse')"). Each is
// refused by the check in its worker with a notice naming the file and
// what is wrong, and the character shown before stays.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { mixamoGlb, readGlb, writeGlb } from '../fixtures/characters/mixamo-glb.js';
import { launchBrowser, openCharacterFolder, openPage } from './browser.js';
import { characterAt, loadCharacterFile } from './character-checks.js';

let browser;
let scratch;
const paths = {};

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'kblend-hostile-character-'));
  const kb = await loadKBlend();
  const { glb } = await mixamoGlb(kb, { height: 1.6 });
  const variant = (name, edit) => {
    const { json, bin } = readGlb(glb);
    edit(json);
    paths[name] = join(scratch, name);
    writeFileSync(paths[name], Buffer.from(writeGlb(json, bin)));
  };
  variant('hero.glb', () => {});
  variant('huge_count.glb', (json) =>
    json.accessors.push({ componentType: 5126, count: 200000000, type: 'VEC3' }),
  );
  variant('no_scene.glb', (json) => {
    delete json.scenes;
    delete json.scene;
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('hostile character files', () => {
  it('are refused with a notice naming the file, the previous character kept', async () => {
    const { page, context, log } = await openPage(browser);
    await openCharacterFolder(page);
    expect((await loadCharacterFile(page, paths['hero.glb'], 'hero.glb')).state).toBe('done');
    const cases = [
      [
        'huge_count.glb',
        /huge_count\.glb: accessors\[\d+\] \(count 200000000 × 12 bytes = 2288\.8 MB\) is past the limit/,
      ],
      ['no_scene.glb', /no_scene\.glb: has no scene \(its "scenes" list is missing or empty\)/],
    ];
    for (const [name, message] of cases) {
      const status = await loadCharacterFile(page, paths[name], name);
      expect(status.state, name).toBe('failed');
      expect(status.message, name).toMatch(message);
      expect(await page.locator('#notice').innerText(), name).toMatch(
        new RegExp(`${name.replace('.', '\\.')} could not be loaded; the character shown stays:`),
      );
      expect((await characterAt(page, 1)).character.name, name).toBe('hero.glb');
    }
    // the page still loads a good file after them
    expect((await loadCharacterFile(page, paths['hero.glb'], 'hero.glb')).state).toBe('done');
    expect(log.errors).toEqual([]);
    await context.close();
  }, 90000);
});
