// Layout at every size (issue 14): from a 390×844 phone to 2560×1440,
// nothing overlaps, nothing is cut, the plot keeps a readable width, the
// camera frames the whole body in every view, the panel's common controls
// fit at 1280×800, notices sit outside the scene and fade, and in the
// comparison the cards sit apart under their rigs (at phone size stacked two
// by two, every rig and card whole, the inset small); at 1024×640 the panel
// scrolls with a scrollbar in sight and its main actions stay reachable.
// Screenshots of each size go to test-results/screenshots/ for a person to
// look at. Two pages are loaded, at the phone's size and at 1280×800 (a
// viewport at load is where a layout is first laid out); the other sizes
// resize the second, as a person resizes a window, and the links of the
// cases are pasted into them.
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  SCREENSHOTS,
  app,
  boxesOverlap,
  launchBrowser,
  openPage,
  showLink,
} from './browser.js';

const AT_LOAD = [
  [390, 844],
  [1280, 800],
];
const RESIZED = [
  [1024, 640],
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

// The page loaded at 390×844 for that size, the one loaded at 1280×800 for
// every other (resized to the size asked for), showing `hash` (pasted; the
// defaults at load).
const loaded = {};
async function pageAt(width, height, hash = 'v=1') {
  const key = width === 390 ? '390x844' : '1280x800';
  const fresh = !loaded[key];
  if (fresh) {
    const [w, h] = key.split('x').map(Number);
    loaded[key] = await openPage(browser, '', { width: w, height: h });
  }
  const { page } = loaded[key];
  const size = page.viewportSize();
  if (size.width !== width || size.height !== height) {
    await page.setViewportSize({ width, height });
    // two frames: the layout and the scene follow the new size
    await app(
      page,
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
  }
  if (!fresh || hash !== 'v=1') await showLink(page, hash);
  return loaded[key];
}

const boxOf = (page, selector) => page.locator(selector).first().boundingBox();

// The scene canvas's drawing buffer and its box on the page.
const canvasAndBox = (page) =>
  app(page, () => {
    const canvas = document.querySelector('#stage canvas');
    const { width, height } = canvas;
    const fits = width === canvas.clientWidth && height === canvas.clientHeight;
    return { width, height, boxWidth: canvas.clientWidth, boxHeight: canvas.clientHeight, fits };
  });

// The comparison's cards on the page, once they rest (they follow the
// camera's framing).
async function restingCards(page) {
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
  return cards;
}

const inside = (box, frame, slack = 1) =>
  box.x >= frame.x - slack &&
  box.y >= frame.y - slack &&
  box.x + box.width <= frame.x + frame.width + slack &&
  box.y + box.height <= frame.y + frame.height + slack;

async function pauseAtMidHold(page) {
  await app(page, async () => {
    const hook = window.kblendApp;
    hook.pause();
    const p = hook.params;
    await hook.seek(((p.attack + 1 - p.release) / 2) * p.duration);
  });
}

describe('layout at every size', () => {
  const sizeCase = ([width, height]) =>
    it(`${width}×${height}: parts apart and whole, plot readable, body in view`, async () => {
      const { page, log } = await pageAt(width, height);
      await pauseAtMidHold(page);
      // the scene's drawing buffer has followed a window that grew or
      // shrank a lot: as many pixels as its box (pixel ratio 1)
      await expect.poll(() => canvasAndBox(page)).toMatchObject({ fits: true });
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
    });
  AT_LOAD.forEach(sizeCase);

  it('1280×800: the common controls, reset and copy link fit without scrolling', async () => {
    const { page } = await pageAt(1280, 800);
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
  });

  it('a notice sits above the scene, never over it, and fades', async () => {
    const { page } = await pageAt(1280, 800, 'v=1&a=-5');
    const notice = page.locator('#notice');
    expect(await notice.isVisible()).toBe(true);
    const [noticeBox, stageBox] = [await notice.boundingBox(), await boxOf(page, '#stage')];
    expect(boxesOverlap(noticeBox, stageBox)).toBe(false);
    await expect.poll(() => notice.isHidden(), { timeout: 25000, interval: 500 }).toBe(true);
  }, 40000);

  // a fit of a capture that does not start at rest says so in several
  // long notes: the notice stays a few lines tall and scrolls inside
  const LONG_NOTES = Array.from(
    { length: 6 },
    (_, i) =>
      `note ${i + 1}: the capture does not start near rest (0.42 rad from the idle pose at left_shoulder): the envelope ratio at that end is 0 (a step) and only the part it has is fitted`,
  );
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ]) {
    it(`${width}×${height}: a notice of many long notes leaves the scene at least 70 % of its height`, async () => {
      const { page } = await pageAt(width, height);
      expect(await page.locator('#notice').isHidden()).toBe(true);
      const without = await boxOf(page, '#stage');
      const buffer = await canvasAndBox(page);
      await app(
        page,
        (notes) => window.kblendApp.showNotice('Fitted to the reference:', notes),
        LONG_NOTES,
      );
      const notice = page.locator('#notice');
      expect(await notice.isVisible()).toBe(true);
      const [noticeBox, stageBox] = [await notice.boundingBox(), await boxOf(page, '#stage')];
      console.log(
        `${width}×${height} long notice: ${Math.round(noticeBox.height)} px tall; scene ${Math.round(stageBox.height)} of ${Math.round(without.height)} px`,
      );
      expect(boxesOverlap(noticeBox, stageBox)).toBe(false);
      expect(stageBox.height).toBeGreaterThanOrEqual(0.7 * without.height);
      // a box a little smaller keeps the scene's drawing buffer (reallocating
      // it would stall a software-rendered page about 100 ms), scaled to fit
      const kept = await canvasAndBox(page);
      expect([kept.width, kept.height]).toEqual([buffer.width, buffer.height]);
      // the rest of the notes scroll inside it, and its dismiss button shows
      const text = await app(page, () => {
        const node = document.querySelector('#notice .notice-text');
        return { scroll: node.scrollHeight, client: node.clientHeight };
      });
      expect(text.scroll).toBeGreaterThan(text.client);
      expect(await page.locator('#notice .notice-close').isVisible()).toBe(true);
      // a frame drawn at the new size, the notice's fade-in done
      await app(page, () => window.kblendApp.seek(1));
      await page.screenshot({
        path: `${SCREENSHOTS}layout-long-notice-${width}x${height}.png`,
        animations: 'disabled',
      });
      // dismissed: the page goes on to the next case without it
      await page.locator('#notice .notice-close').click();
      await expect.poll(() => notice.isHidden()).toBe(true);
    });
  }

  RESIZED.forEach(sizeCase);

  for (const [width, height] of [
    [1024, 640],
    [1280, 800],
    [1920, 1080],
  ]) {
    it(`${width}×${height} comparison: cards apart, clear of the inset, inside the scene`, async () => {
      const { page } = await pageAt(width, height, 'v=1&cmp=1');
      await pauseAtMidHold(page);
      const cards = await restingCards(page);
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
    });
  }

  it('390×844 comparison: the rigs stacked two by two, each rig and card whole, the inset small', async () => {
    const [width, height] = [390, 844];
    const { page, log } = await pageAt(width, height, 'v=1&cmp=1');
    await pauseAtMidHold(page);
    const cards = await restingCards(page);
    const { rigs, stacked } = await app(page, () => window.kblendApp.comparison());
    expect(stacked).toBe(true);
    const stage = await boxOf(page, '#stage');
    const screen = { x: 0, y: 0, width, height };
    expect(inside(stage, screen), 'the whole scene on screen').toBe(true);
    const inset = await boxOf(page, '.hopf-inset');
    const insetShare = (inset.width * inset.height) / (stage.width * stage.height);
    console.log(
      `390×844 comparison: scene ${stage.width}×${stage.height.toFixed(0)} px, inset ` +
        `${inset.width.toFixed(0)}×${inset.height.toFixed(0)} px (` +
        `${(100 * insetShare).toFixed(1)} % of the scene); rigs ` +
        rigs.map((r) => `${(r.screen.bottom - r.screen.top).toFixed(0)}`).join(', ') +
        ' px tall',
    );
    expect(insetShare, 'the inset covers a small part of the scene').toBeLessThan(0.08);
    const rigBoxes = rigs.map(({ screen: r }) => ({
      x: stage.x + r.left,
      y: stage.y + r.top,
      width: r.right - r.left,
      height: r.bottom - r.top,
    }));
    for (const [i, rig] of rigBoxes.entries()) {
      const card = cards[i];
      expect(inside(rig, stage), `rig ${i} whole in the scene`).toBe(true);
      expect(inside(card, stage), `card ${i} whole in the scene`).toBe(true);
      expect(inside(card, screen), `card ${i} whole on screen`).toBe(true);
      expect(rig.height, `rig ${i} tall enough to read`).toBeGreaterThan(120);
      expect(boxesOverlap(rig, inset), `rig ${i} and the inset`).toBe(false);
      expect(boxesOverlap(card, inset), `card ${i} and the inset`).toBe(false);
      // under its own rig
      expect(card.y, `card ${i} below its rig`).toBeGreaterThanOrEqual(rig.y + rig.height - 1);
      const middle = card.x + card.width / 2;
      expect(middle).toBeGreaterThanOrEqual(rig.x);
      expect(middle).toBeLessThanOrEqual(rig.x + rig.width);
      for (const [j, other] of cards.entries()) {
        if (j !== i) expect(boxesOverlap(card, other), `cards ${i} and ${j}`).toBe(false);
        if (j !== i) expect(boxesOverlap(rigBoxes[j], card), `rig ${j} and card ${i}`).toBe(false);
      }
    }
    // two rows of two
    expect(Math.abs(rigBoxes[0].y - rigBoxes[1].y)).toBeLessThan(2);
    expect(rigBoxes[2].y).toBeGreaterThan(cards[0].y + cards[0].height - 1);
    const cut = await page
      .locator('.compare-card .value')
      .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).length);
    expect(cut).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS}layout-compare-390x844.png` });
    // back to one rig: the floor and the three-quarter view again
    await page.getByRole('checkbox', { name: 'compare methods' }).uncheck();
    expect(await app(page, () => window.kblendApp.comparison().on)).toBe(false);
    expect(log.errors).toEqual([]);
  });

  it('1024×640: the panel scrolls with its scrollbar in sight; reset and copy link stay reachable', async () => {
    // a browser that draws scrollbars (the shared one hides them from
    // screenshots), so a page of its own
    const drawing = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ['--hide-scrollbars'],
    });
    const [width, height] = [1024, 640];
    const { page, context } = await openPage(drawing, '', { width, height });
    const panelBox = () =>
      app(page, () => {
        const node = document.getElementById('panel');
        const r = node.getBoundingClientRect();
        return {
          scrollHeight: node.scrollHeight,
          clientHeight: node.clientHeight,
          scrollbar: node.offsetWidth - node.clientWidth,
          scrollTop: node.scrollTop,
          bottom: r.bottom,
        };
      });
    const panel = await panelBox();
    console.log(`1024×640 panel: ${JSON.stringify(panel)}`);
    expect(panel.scrollHeight, 'the panel has more than it shows').toBeGreaterThan(
      panel.clientHeight,
    );
    expect(panel.scrollbar, 'its scrollbar takes room, so it shows').toBeGreaterThan(0);
    const actions = ['reset to defaults', 'copy link'];
    const inSight = async (label) => {
      const box = await page.getByRole('button', { name: label, exact: true }).boundingBox();
      return (
        box !== null && box.y >= 0 && box.y + box.height <= Math.min(height, panel.bottom) + 0.5
      );
    };
    for (const label of actions) expect(await inSight(label), label).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}layout-panel-1024x640.png` });
    // scrolled half-way with the wheel, they are still there, and answer a click
    await page.locator('#panel').hover();
    await page.mouse.wheel(0, 200);
    await expect.poll(async () => (await panelBox()).scrollTop).toBeGreaterThan(0);
    for (const label of actions) expect(await inSight(label), `${label}, scrolled`).toBe(true);
    await page.getByRole('button', { name: 'copy link', exact: true }).click();
    await expect.poll(() => page.locator('#notice').textContent()).toContain('Link copied.');
    await context.close();
    await drawing.close();
  });
});
