// Typed values are kept exactly: a number typed into a box of the panel is
// the value the page takes (attack 0.123 stays 0.123, not the slider's step
// 0.12, nor the default nearby), the slider's fill shows its position, and
// a value past the range is clamped with a note saying the value set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, field, launchBrowser, openAuthoring, openPage, setNumber } from './browser.js';

let browser;
let opened;

beforeAll(async () => {
  browser = await launchBrowser();
  opened = await openPage(browser);
  await app(opened.page, () => window.kblendApp.pause());
});

afterAll(async () => {
  await browser?.close();
});

const params = (page) => app(page, () => window.kblendApp.params);
const fillWidth = (page, name) =>
  page
    .locator(`.panel [data-param="${name}"] .lil-fill`)
    .evaluate((node) => Number.parseFloat(node.style.width));

describe('typed values', () => {
  it('are kept as typed, off the slider step and near the default', async () => {
    const { page } = opened;
    await setNumber(page, 'attack', 0.123);
    await setNumber(page, 'lambda (1/s)', 7.25);
    expect((await params(page)).attack).toBe(0.123);
    expect((await params(page)).lambda).toBe(7.25);
    await setNumber(page, 'release', 0.203); // within half a step of the default 0.2
    expect((await params(page)).release).toBe(0.203);
    // the boxes read back what was typed; the slider shows the position
    expect(await field(page, 'textbox', 'attack').inputValue()).toBe('0.123');
    expect(await fillWidth(page, 'attack')).toBeCloseTo(12.3, 1);
    await expect.poll(() => page.locator('.clamp-note').isVisible()).toBe(false);
  });

  it('past the range are clamped, and a note says the value set', async () => {
    const { page } = opened;
    await setNumber(page, 'epsilon ε (rad)', 1);
    expect((await params(page)).epsilon).toBe(0.1);
    const note = page.locator('.clamp-note');
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toMatch(/epsilon ε \(rad\): 1 is outside .* set to 0\.1/);
    await setNumber(page, 'lambda (1/s)', 1000);
    const lambdaMax = (await params(page)).lambda;
    expect(await note.textContent()).toContain(`set to ${lambdaMax} (the largest)`);
    await page.screenshot({ path: 'test-results/screenshots/clamp-note.png' });
    await setNumber(page, 'lambda (1/s)', 12.75);
    expect((await params(page)).lambda).toBe(12.75);
    await expect.poll(() => note.isVisible()).toBe(false);
  });

  it('an angle typed in the editor is keyed as typed', async () => {
    const { page } = opened;
    await app(page, () => window.kblendApp.setParams({ gesture: 'wave' }));
    await openAuthoring(page, 'edit gesture');
    await page.locator('.lil-gui button', { hasText: 'edit shown gesture (a copy)' }).click();
    await page
      .locator('.lil-controller', { hasText: /^joint/ })
      .locator('select')
      .selectOption('head');
    await setNumber(page, 'X (°)', 12.3);
    const key = await app(page, () => window.kblendApp.editor.gesture().keyframes[0].rotations);
    expect(key.head[0]).toBe(12.3);
  });
});
