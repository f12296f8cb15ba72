// Layout at every size (issue 14): from a 390×844 phone to 2560×1440,
// nothing overlaps, nothing is cut, the plot keeps a readable width, the
// camera frames the whole body in every view, the panel's common controls
// fit at 1280×800, notices sit outside the scene and fade, and in the
// comparison the cards sit apart under their rigs. Screenshots of each size
// go to test-results/screenshots/ for a person to look at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, app, boxesOverlap, launchBrowser, openPage } from './browser.js';

const SIZES = [
  [390, 844],
  [1024, 640],
  [1280, 800],
  [1920, 1080],
  [2560, 1440],
];
const PARTS = ['#stage', '.timeline', '#plot', '#readouts', '#panel'];

let browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const boxOf = (page, selector) => page.locator(selector).first().boundingBox();

async function pauseAtMidHold(page) {
  await app(page, async () => {
    const hook = window.kblendApp;
    hook.pause();
    const p = hook.params;
    await hook.seek(((p.attack + 1 - p.release) / 2) * p.duration);
  });
}

describe('layout at every size', () => {
  for (const [width, height] of SIZES) {
    it(`${width}×${height}: parts apart and whole, plot readable, body in view`, async () => {
      const { page, context, log } = await openPage(browser, '', { width, height });
      await pauseAtMidHold(page);
      const boxes = {};
      for (const part of PARTS) boxes[part] = await boxOf(page, part);
      for (const [i, a] of PARTS.entries()) {
        const box = boxes[a];
        expect(box, a).not.toBeNull();
        expect(box.x, a).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, a).toBeLessThanOrEqual(width + 0.5);
        for (const b of PARTS.slice(i + 1)) {
          expect(boxesOverlap(box, boxes[b]), `${a} overlaps ${b}`).toBe(false);
        }
      }
      const scroll = await app(page, () => ({
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
      }));
      expect(scroll.width, 'no sideways scrolling').toBeLessThanOrEqual(width);
      if (width >= 1024) expect(scroll.height, 'fits the window').toBeLessThanOrEqual(height);
      // the plot: a readable width and height, its canvas inside its box
      expect(boxes['#plot'].width).toBeGreaterThanOrEqual(Math.min(300, width - 16));
      const canvas = await boxOf(page, '#plot canvas');
      expect(canvas.height).toBeGreaterThanOrEqual(80);
      // the plot follows its box on the next resize callback: wait for it
      await expect
        .poll(
          async () => {
            const [c, p] = [await boxOf(page, '#plot canvas'), await boxOf(page, '#plot')];
            return c.x + c.width - (p.x + p.width);
          },
          { timeout: 3000 },
        )
        .toBeLessThanOrEqual(1);
      // no readout value cut
      const cut = await page
        .locator('#readouts .value')
        .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).length);
      expect(cut).toBe(0);
      // the whole body in every view
      for (const view of ['front', 'side', 'threeQuarter']) {
        const f = await app(
          page,
          (v) => {
            window.kblendApp.view(v);
            return window.kblendApp.framing();
          },
          view,
        );
        for (const edge of [f.minX, f.maxX, f.minY, f.maxY]) {
          expect(Math.abs(edge), `${view} view`).toBeLessThanOrEqual(1);
        }
      }
      await app(page, () => window.kblendApp.view('threeQuarter'));
      await page.screenshot({ path: `${SCREENSHOTS}layout-${width}x${height}.png` });
      expect(log.errors).toEqual([]);
      await context.close();
    });
  }

  it('1280×800: the common controls, reset and copy link fit without scrolling', async () => {
    const { page, context } = await openPage(browser, '', { width: 1280, height: 800 });
    const panel = await app(page, () => {
      const node = document.getElementById('panel');
      return { scroll: node.scrollHeight, client: node.clientHeight };
    });
    expect(panel.scroll).toBeLessThanOrEqual(panel.client + 1);
    for (const label of ['reset to defaults', 'copy link', 'attack', 'release', 'gesture']) {
      const box = await page.locator('.lil-controller', { hasText: label }).first().boundingBox();
      expect(box, label).not.toBeNull();
      expect(box.y + box.height, label).toBeLessThanOrEqual(800);
    }
    await context.close();
  });

  it('a notice sits above the scene, never over it, and fades', async () => {
    const { page, context } = await openPage(browser, '#v=1&a=-5', { width: 1280, height: 800 });
    const notice = page.locator('#notice');
    expect(await notice.isVisible()).toBe(true);
    const [noticeBox, stageBox] = [await notice.boundingBox(), await boxOf(page, '#stage')];
    expect(boxesOverlap(noticeBox, stageBox)).toBe(false);
    await expect.poll(() => notice.isHidden(), { timeout: 25000, interval: 500 }).toBe(true);
    await context.close();
  }, 40000);

  for (const [width, height] of [
    [1024, 640],
    [1280, 800],
    [1920, 1080],
  ]) {
    it(`${width}×${height} comparison: cards apart, clear of the inset, inside the scene`, async () => {
      const { page, context } = await openPage(browser, '#v=1&cmp=1', { width, height });
      await pauseAtMidHold(page);
      // the cards follow the camera's framing: read them once they rest
      const readCards = () =>
        page.locator('.compare-card').evaluateAll((nodes) =>
          nodes.map((n) => {
            const r = n.getBoundingClientRect();
            return { x: r.x, y: r.y, width: r.width, height: r.height };
          }),
        );
      let cards = await readCards();
      await expect
        .poll(async () => {
          const previous = JSON.stringify(cards);
          await page.waitForTimeout(200);
          cards = await readCards();
          return JSON.stringify(cards) === previous;
        })
        .toBe(true);
      expect(cards).toHaveLength(4);
      const inset = await boxOf(page, '.hopf-inset');
      const stage = await boxOf(page, '#stage');
      for (const [i, card] of cards.entries()) {
        expect(boxesOverlap(card, inset), `card ${i} and the inset`).toBe(false);
        expect(card.y + card.height, `card ${i}`).toBeLessThanOrEqual(stage.y + stage.height + 1);
        expect(card.x, `card ${i}`).toBeGreaterThanOrEqual(stage.x - 1);
        expect(card.x + card.width, `card ${i}`).toBeLessThanOrEqual(stage.x + stage.width + 1);
        for (const other of cards.slice(i + 1)) expect(boxesOverlap(card, other)).toBe(false);
      }
      // the cards are under the rigs: below the middle of the scene
      for (const card of cards) expect(card.y).toBeGreaterThan(stage.y + stage.height / 2);
      // each card under its own rig, not over it: below the rig's feet on
      // screen, its middle within the rig's width
      const { rigs } = await app(page, () => window.kblendApp.comparison());
      for (const [i, card] of cards.entries()) {
        const rig = rigs[i].screen;
        expect(card.y - stage.y, `card ${i} below its rig`).toBeGreaterThanOrEqual(rig.bottom - 1);
        const middle = card.x - stage.x + card.width / 2;
        expect(middle, `card ${i}`).toBeGreaterThanOrEqual(rig.left);
        expect(middle, `card ${i}`).toBeLessThanOrEqual(rig.right);
        expect(rig.top, `rig ${i} inside the scene`).toBeGreaterThanOrEqual(0);
      }
      // the method plots and their legends above the fold, no page scrolling
      const plots = await boxOf(page, '#method-plots');
      expect(plots.y + plots.height, 'method plots above the fold').toBeLessThanOrEqual(height + 1);
      const legends = await page
        .locator('#method-plots .u-legend')
        .evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().bottom));
      expect(legends.length).toBeGreaterThan(0);
      for (const bottom of legends) expect(bottom).toBeLessThanOrEqual(height + 1);
      expect(await app(page, () => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
        height,
      );
      const cut = await page
        .locator('.compare-card .value')
        .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).length);
      expect(cut).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}layout-compare-${width}x${height}.png` });
      await context.close();
    });
  }
});
