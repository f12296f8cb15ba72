// The mouse wheel over the panel scrolls it and never changes a value:
// every number controller of the panel, every folder unfolded, wheeled over
// with the pointer on its slider (or box); only a focused box or a held
// modifier lets the wheel change a number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, launchBrowser, openPage } from './browser.js';

let browser;
let opened;

beforeAll(async () => {
  browser = await launchBrowser();
  opened = await openPage(browser);
  await app(opened.page, () => window.kblendApp.pause());
  // every folder unfolded, outer ones first, so every number shows
  for (;;) {
    const closed = opened.page.locator('.lil-gui .lil-title[aria-expanded="false"]:visible');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
});

afterAll(async () => {
  await browser?.close();
});

// What every number of the panel shows, and the page's params.
const panelValues = (page) =>
  app(page, () => ({
    boxes: [...document.querySelectorAll('.panel .lil-number input')].map((i) => i.value),
    params: window.kblendApp.params,
  }));

const panelScroll = (page) => page.locator('.panel').evaluate((node) => node.scrollTop);

// The parts of each visible number controller the wheel could reach.
async function numberParts(page) {
  return page.locator('.panel .lil-number').evaluateAll((nodes) =>
    nodes
      .filter((node) => node.offsetParent !== null)
      .map((node, index) => {
        node.dataset.wheelIndex = String(index);
        return { index, slider: node.querySelector('.lil-slider') !== null };
      }),
  );
}

// Wheels over the centre of `part` by one notch, towards where the panel
// can still scroll; resolves once the browser scrolled.
async function wheelOver(page, part) {
  await part.scrollIntoViewIfNeeded();
  const box = await part.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const room = await page
    .locator('.panel')
    .evaluate((node) => node.scrollHeight - node.clientHeight - node.scrollTop);
  const delta = room > 50 ? 100 : -100;
  await page.mouse.wheel(0, delta);
  return delta;
}

describe('the wheel over the panel', () => {
  it('scrolls the panel and leaves every slider and box as it was', async () => {
    const { page } = opened;
    const parts = await numberParts(page);
    await page.locator('.panel').evaluate((node) => node.scrollTo(0, 0));
    // the panel's sliders: attack, release, epsilon, lambda, duration, ...
    expect(parts.filter((p) => p.slider).length).toBeGreaterThanOrEqual(8);
    const before = await panelValues(page);
    for (const { index, slider } of parts) {
      const controller = page.locator(`.panel .lil-number[data-wheel-index="${index}"]`);
      const part = controller.locator(slider ? '.lil-slider' : 'input');
      const scrollBefore = await panelScroll(page);
      const delta = await wheelOver(page, part);
      await expect.poll(() => panelScroll(page), { timeout: 3000 }).not.toBe(scrollBefore);
      const name = await controller.locator('.lil-name').textContent();
      expect(await panelValues(page), `after the wheel over '${name}' (${delta})`).toEqual(before);
    }
    await page.screenshot({ path: 'test-results/screenshots/panel-wheel.png' });
  });

  it('changes a number whose box has focus', async () => {
    const { page } = opened;
    const controller = page.locator('.panel [data-param="attack"]');
    await controller.scrollIntoViewIfNeeded();
    const before = await app(page, () => window.kblendApp.params.attack);
    await controller.locator('input').focus();
    const box = await controller.locator('.lil-slider').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -100);
    await expect.poll(() => app(page, () => window.kblendApp.params.attack)).not.toBe(before);
  });

  it('changes a number under a held modifier', async () => {
    const { page } = opened;
    await app(page, () => document.activeElement?.blur()); // nothing focused
    const controller = page.locator('.panel [data-param="lambda"]');
    await controller.scrollIntoViewIfNeeded();
    const before = await app(page, () => window.kblendApp.params.lambda);
    const box = await controller.locator('.lil-slider').boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.down('Alt');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Alt');
    await expect.poll(() => app(page, () => window.kblendApp.params.lambda)).not.toBe(before);
  });
});
