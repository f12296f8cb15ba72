// Your own character, in the browser: a Mixamo-named GLB made in the test
// (+Y bone axes, other proportions) loads by the picker, follows kblend's
// FK segment directions within 2° in every gesture, stands alone or beside
// kblend's character, and gives way back; a broken file keeps the previous
// character.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { mixamoGlb, vrm1FromGlb } from '../fixtures/characters/mixamo-glb.js';
import {
  SCREENSHOTS,
  app,
  launchBrowser,
  midHold,
  openCharacterFolder,
  openPage,
} from './browser.js';
import { characterAt, loadCharacterFile, worstSegmentAngle } from './character-checks.js';

let kb;
let browser;
let opened;
let scratch;
let glbPath;
let vrmPath;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'kblend-character-'));
  kb = await loadKBlend();
  const { glb } = await mixamoGlb(kb, { height: 1.6 });
  glbPath = join(scratch, 'mixamo_hero.glb');
  writeFileSync(glbPath, Buffer.from(glb));
  vrmPath = join(scratch, 'hero_1_0.vrm');
  writeFileSync(vrmPath, Buffer.from(vrm1FromGlb(glb)));
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1280, height: 800 });
  await openCharacterFolder(opened.page);
});

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('a Mixamo GLB character', () => {
  it('loads by the picker, every joint bound, at its own height', async () => {
    const { page } = opened;
    const status = await loadCharacterFile(page, glbPath, 'mixamo_hero.glb');
    expect(status.state).toBe('done');
    const { character } = await characterAt(page, 0);
    expect(character).toMatchObject({
      name: 'mixamo_hero.glb',
      format: 'gltf',
      skinned: true,
      unmapped: [],
    });
    expect(character.mapped).toHaveLength(22);
    expect(character.height).toBeGreaterThan(1.3);
    expect(character.height).toBeLessThan(1.65);
    // the clap check at the character's size
    expect(character.clapHeight).toBeCloseTo(character.height, 6);
    const choice = page.locator('[data-param="character"] select');
    expect(await choice.inputValue()).toBe('mixamo_hero.glb');
  });

  it('follows kblend’s FK segment directions within 2° in every gesture', async () => {
    const { page } = opened;
    const names = (await app(page, () => window.kblendApp.gestureNames())).filter(
      (n) => !n.startsWith('bvh: '),
    );
    for (const gesture of names) {
      const params = await app(page, (g) => window.kblendApp.setParams({ gesture: g }), gesture);
      for (const t of [0, params.duration * params.attack * 0.5, midHold(params)]) {
        const shown = await characterAt(page, t);
        expect(worstSegmentAngle(kb, shown), `${gesture} at ${t}`).toBeLessThan(2);
      }
    }
    await app(page, () => window.kblendApp.setParams({ gesture: 'wave' }));
    await characterAt(page, 2);
    await app(page, () => window.kblendApp.view('front'));
    await page.locator('#stage').screenshot({ path: `${SCREENSHOTS}byo-user-glb-wave.png` });
  });

  it('stands beside kblend’s character, and gives way back to it', async () => {
    const { page } = opened;
    await page.getByRole('checkbox', { name: 'kblend beside it' }).check();
    const beside = await characterAt(page, 2);
    expect(beside.character.besideRig).toBe(true);
    expect(worstSegmentAngle(kb, beside)).toBeLessThan(2);
    await page.locator('#stage').screenshot({ path: `${SCREENSHOTS}byo-user-glb-beside.png` });
    await page.locator('[data-param="character"] select').selectOption('skinned');
    const back = await characterAt(page, 2);
    expect(back.character).toMatchObject({ name: 'skinned', besideRig: false, clapHeight: 1.75 });
    await page.locator('[data-param="character"] select').selectOption('mixamo_hero.glb');
    expect((await characterAt(page, 2)).character.name).toBe('mixamo_hero.glb');
  });

  it('a broken or unsupported file says why and keeps the character shown', async () => {
    const { page } = opened;
    const broken = join(scratch, 'broken.glb');
    writeFileSync(broken, Buffer.from('glTF\u0002\u0000\u0000\u0000garbage that is no glTF'));
    const status = await loadCharacterFile(page, broken, 'broken.glb');
    expect(status.state).toBe('failed');
    expect(await page.locator('#notice').innerText()).toMatch(
      /broken\.glb could not be loaded; the character shown stays:\s+broken\.glb is not a glTF or VRM model this page can read/,
    );
    expect((await characterAt(page, 1)).character.name).toBe('mixamo_hero.glb');
    const stray = join(scratch, 'notes.txt');
    writeFileSync(stray, 'hello');
    await page.locator('#character-file').setInputFiles(stray);
    await page.waitForFunction(() =>
      window.kblendApp.characterStatus().message.includes('notes.txt'),
    );
    expect((await app(page, () => window.kblendApp.characterStatus())).message).toBe(
      'notes.txt is not a character file (allowed: .glb, .gltf, .vrm)',
    );
    expect((await characterAt(page, 1)).character.name).toBe('mixamo_hero.glb');
    expect(await page.locator('#character-file').getAttribute('accept')).toBe('.glb,.gltf,.vrm');
    expect(await page.locator('#bvh-file').getAttribute('accept')).toBe('.bvh');
  });
});

describe('a VRM 1.0 character', () => {
  it('loads through three-vrm and follows kblend’s FK within 2°', async () => {
    const { page } = opened;
    const status = await loadCharacterFile(page, vrmPath, 'hero_1_0.vrm');
    expect(status.state, status.message).toBe('done');
    const { character } = await characterAt(page, 0);
    expect(character).toMatchObject({
      name: 'hero_1_0.vrm',
      format: 'vrm 1.0',
      skinned: true,
      unmapped: [],
    });
    for (const gesture of ['wave', 'clap', 'salute', 'crossed_arms']) {
      const params = await app(page, (g) => window.kblendApp.setParams({ gesture: g }), gesture);
      const shown = await characterAt(page, midHold(params));
      expect(worstSegmentAngle(kb, shown), gesture).toBeLessThan(2);
    }
    await page
      .locator('#stage')
      .screenshot({ path: `${SCREENSHOTS}byo-user-vrm-crossed-arms.png` });
    expect(opened.log.errors).toEqual([]);
  });
});

describe('a character nothing maps by itself', () => {
  it('opens the mapping dialog with its bones; cancel keeps the character shown', async () => {
    const { page } = opened;
    const { glb } = await mixamoGlb(kb, { anonymous: true });
    const path = join(scratch, 'anonymous.glb');
    writeFileSync(path, Buffer.from(glb));
    const before = (await characterAt(page, 1)).character.name;
    await page.locator('#character-file').setInputFiles(path);
    const dialog = page.getByRole('dialog', { name: 'map joints' });
    await dialog.waitFor();
    const options = await dialog
      .getByLabel('file joint for left_elbow')
      .locator('option')
      .allInnerTexts();
    expect(options).toContain('bone_00');
    expect(options).toContain('bone_21');
    // the automatic pass's picks are where the dialog starts: the hips
    // (where the body branches) found, the arms (unnamed, all under the
    // hips) left to the user
    expect(await dialog.getByLabel('file joint for pelvis').inputValue()).toBe('bone_00');
    expect(await dialog.getByLabel('file joint for left_elbow').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'cancel' }).click();
    await page.waitForFunction(() => window.kblendApp.characterStatus().state === 'failed');
    expect((await app(page, () => window.kblendApp.characterStatus())).message).toMatch(
      /anonymous\.glb: no bone was found for/,
    );
    expect((await characterAt(page, 1)).character.name).toBe(before);
  });

  it('takes the picks, remembers them, and the next load needs no dialog', async () => {
    const { page } = opened;
    const path = join(scratch, 'anonymous.glb');
    await page.locator('#character-file').setInputFiles(path);
    const dialog = page.getByRole('dialog', { name: 'map joints' });
    await dialog.waitFor();
    const names = kb.skeleton.names;
    for (let j = 0; j < names.length; j++) {
      const bone = `bone_${String((j * 5) % 22).padStart(2, '0')}`;
      await dialog.getByLabel(`file joint for ${names[j]}`).selectOption(bone);
    }
    await dialog.getByRole('button', { name: 'apply' }).click();
    await page.waitForFunction(() => window.kblendApp.characterStatus().state === 'done');
    const shown = await characterAt(page, 1);
    expect(shown.character).toMatchObject({ name: 'anonymous.glb', unmapped: [] });
    expect(shown.character.mapped).toHaveLength(22);
    await page.locator('#character-file').setInputFiles(path);
    await page.waitForFunction(
      () => window.kblendApp.characterStatus().message === 'anonymous.glb loaded',
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
