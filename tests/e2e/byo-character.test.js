// The character shown, in the browser: kblend's skinned character by
// default, the mannequin on choice, both following the core's FK exactly,
// with the skeleton overlay; screenshots of every gesture on the skinned
// character, front and side.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import {
  SCREENSHOTS,
  app,
  launchBrowser,
  midHold,
  openCharacterFolder,
  openPage,
} from './browser.js';

let kb;
let browser;
let opened;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  kb = await loadKBlend();
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1280, height: 800 });
  await openCharacterFolder(opened.page);
});

afterAll(async () => {
  await browser?.close();
});

// What the page shows at time t: its pose, the root, the character's joints.
const shownAt = (page, t) =>
  app(
    page,
    async (time) => {
      await window.kblendApp.seek(time);
      const character = window.kblendApp.character();
      return {
        pose: Array.from(window.kblendApp.pose()),
        root: window.kblendApp.root(),
        character: { ...character, joints: Array.from(character.jointWorldPositions()) },
      };
    },
    t,
  );

function expectFollowsFk(shown, tolerance = 1e-4) {
  const fk = kb.forwardKinematics(Float32Array.from(shown.pose), shown.root).positions;
  expect(shown.character.joints).toHaveLength(66);
  for (let i = 0; i < 66; i++)
    expect(Math.abs(shown.character.joints[i] - fk[i])).toBeLessThan(tolerance);
}

describe('the default character', () => {
  it('is the skinned character, every joint a bone, following the core’s FK', async () => {
    const { page } = opened;
    const params = await app(page, () => window.kblendApp.params);
    const shown = await shownAt(page, midHold(params));
    expect(shown.character).toMatchObject({
      name: 'skinned',
      skinned: true,
      unmapped: [],
      height: 1.75,
      clapHeight: 1.75,
    });
    expect(shown.character.mapped).toEqual(kb.skeleton.names);
    expect(shown.root).toEqual([0, 0, 0]);
    expectFollowsFk(shown);
    // one skinned mesh in the scene, the panel's choice says so
    const choice = page.locator('[data-param="character"] select');
    expect(await choice.inputValue()).toBe('skinned');
    expect(await choice.locator('option').allInnerTexts()).toEqual(['skinned', 'mannequin']);
  });

  it('switches to the mannequin and back from the panel, the overlay kept', async () => {
    const { page } = opened;
    const choice = page.locator('[data-param="character"] select');
    await choice.selectOption('mannequin');
    const params = await app(page, () => window.kblendApp.params);
    const shown = await shownAt(page, midHold(params));
    expect(shown.character).toMatchObject({ name: 'mannequin', skinned: false });
    expectFollowsFk(shown);
    await page.getByRole('checkbox', { name: 'skeleton overlay' }).check();
    await app(page, () => window.kblendApp.view('front'));
    await page.locator('#stage').screenshot({ path: `${SCREENSHOTS}byo-mannequin-overlay.png` });
    await choice.selectOption('skinned');
    await shownAt(page, midHold(params));
    await page.locator('#stage').screenshot({ path: `${SCREENSHOTS}byo-skinned-overlay.png` });
    await page.getByRole('checkbox', { name: 'skeleton overlay' }).uncheck();
    expect((await shownAt(page, 0)).character.name).toBe('skinned');
  });

  it('performs every gesture (screenshots front and side at mid-hold)', async () => {
    const { page } = opened;
    const names = await app(page, () => window.kblendApp.gestureNames());
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const gesture of names) {
      const params = await app(page, (g) => window.kblendApp.setParams({ gesture: g }), gesture);
      const shown = await shownAt(page, midHold(params));
      expectFollowsFk(shown);
      for (const view of ['front', 'side']) {
        await app(page, (v) => window.kblendApp.view(v), view);
        await page
          .locator('#stage')
          .screenshot({ path: `${SCREENSHOTS}byo-skinned-${gesture}-${view}.png` });
      }
    }
    expect(opened.log.errors).toEqual([]);
  });
});
