// The comparison mode in the browser: four rigs with their figures (the
// same numbers as kb.compareMethods for the page's params), the speed and
// hold plots, the Hopf inset with the paper's example, and a share link
// that carries the envelope shape and the filter follower.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIG_SPACING } from '../../web/viewer/compare/method-figures.js';
import { launchBrowser, openPage, pasteLink, showLink } from './browser.js';

const SHOTS = 'test-results/screenshots';
const APOSE = 1.18; // the viewer's default A-pose angle (rad)
const DECIMALS = { jumpAtStart: 3, endError: 3, peakSpeed: 2, updatedPerFrame: 1 };

let browser;
let shared; // the first case's page; the later cases paste their links into it

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

// The cards as the page shows them: method → figure → number.
function readCards(page) {
  return page.$$eval('.compare-card', (cards) =>
    Object.fromEntries(
      cards.map((card) => [
        card.dataset.method,
        {
          visible: card.offsetParent !== null && !card.hidden,
          name: card.querySelector('.compare-card-name').textContent,
          figures: Object.fromEntries(
            [...card.querySelectorAll('[data-figure]')].map((cell) => [
              cell.dataset.figure,
              cell.textContent,
            ]),
          ),
        },
      ]),
    ),
  );
}

describe('comparison mode', () => {
  it('shows four rigs with the figures of kb.compareMethods, and the plots', async () => {
    shared = await openPage(browser);
    const { page, log } = shared;
    await page.evaluate(() => window.kblendApp.pause());
    await page
      .locator('.lil-gui .lil-controller', { hasText: 'compare methods' })
      .locator('input')
      .check();
    await page.waitForFunction(() => window.kblendApp.params.compare === true);
    await page.waitForFunction(() => location.hash.includes('cmp=1'));
    await page.evaluate(() => window.kblendApp.seek(0.3));

    const state = await page.evaluate(() => window.kblendApp.comparison());
    expect(state.on).toBe(true);
    expect(state.joint).toBe('right_wrist'); // the clap's wrist, right first
    // the figures wait for the tuning to rest; give them that time
    await page.waitForFunction(
      () => document.querySelector('.compare-card [data-figure]')?.textContent !== '…',
    );
    const cards = await readCards(page);
    expect(Object.keys(cards)).toEqual(['kblend', 'naiveEuler', 'seed', 'kliShape']);
    for (const [key, card] of Object.entries(cards)) {
      expect(card.visible, key).toBe(true);
      for (const [figure, decimals] of Object.entries(DECIMALS)) {
        const shown = Number(card.figures[figure]);
        const expected = state.expected[key][figure];
        expect(Math.abs(shown - expected), `${key} ${figure}`).toBeLessThanOrEqual(
          0.5 * 10 ** -decimals + 1e-9,
        );
      }
    }
    // the rigs in a row, and at t = 0 the naive rig's T-pose arms end short
    // of its neighbours' chests (0.29 m to each side of their middles)
    await page.evaluate(() => window.kblendApp.seek(0));
    const { rigs } = await page.evaluate(() => window.kblendApp.comparison());
    const xs = rigs.map((r) => r.x);
    expect(xs[2] - xs[1]).toBeCloseTo(RIG_SPACING, 6);
    expect(xs[1] - xs[0]).toBeCloseTo(RIG_SPACING, 6);
    const [left, naive, right] = rigs;
    expect(naive.max[0] - naive.min[0], 'the T-pose: arms out').toBeGreaterThan(1.8);
    expect(naive.max[0]).toBeLessThan(right.x - 0.29);
    expect(naive.min[0]).toBeGreaterThan(left.x + 0.29);
    await page.evaluate(() => window.kblendApp.seek(0.3));
    // the naive baseline snaps to the T-pose: a jump of the A-pose angle
    expect(Math.abs(Number(cards.naiveEuler.figures.jumpAtStart) - APOSE)).toBeLessThan(0.01);
    expect(cards.kblend.figures.jumpAtStart).toBe('0.000');
    expect(cards.kblend.figures.endError).toBe('0.000');
    // the seed's order misses the rest pose at the end
    expect(Number(cards.seed.figures.endError)).toBeGreaterThan(0.01);

    // a tuning change recomputes the figures
    await page.evaluate(() => window.kblendApp.setParams({ apose: 0.9 }));
    const lowered = await page.evaluate(() => window.kblendApp.comparison());
    expect(Math.abs(Number(lowered.shown.naiveEuler.jumpAtStart) - 0.9)).toBeLessThan(0.01);
    expect(lowered.shown).toEqual(
      Object.fromEntries(
        Object.entries(lowered.expected).map(([key, figures]) => [
          key,
          Object.fromEntries(
            Object.entries(DECIMALS).map(([name, d]) => [name, figures[name].toFixed(d)]),
          ),
        ]),
      ),
    );

    // the plots: a speed series per method and the hold ratio, with playheads
    const plots = await page.evaluate(() => ({
      visible: !document.getElementById('method-plots').hidden,
      speedLegend: [...document.querySelectorAll('.speed-plot .u-legend .u-label')].map(
        (l) => l.textContent,
      ),
      playheads: document.querySelectorAll('.method-plot .plot-playhead').length,
      title: document.querySelector('.speed-plot .method-plot-title').textContent,
    }));
    expect(plots.visible).toBe(true);
    expect(plots.speedLegend).toEqual(['kblend', 'naive Euler × E', "seed's order", 'KLI shape']);
    expect(plots.playheads).toBe(2);
    expect(plots.title).toContain('right_wrist');

    // the joint picker: the speed plot and the Hopf inset follow it
    await page
      .locator('.lil-gui .lil-controller', { hasText: 'plotted joint' })
      .locator('select')
      .selectOption('left_shoulder');
    await page.waitForFunction(() => window.kblendApp.params.joint === 'left_shoulder');
    const picked = await page.evaluate(() => ({
      joint: window.kblendApp.comparison().joint,
      title: document.querySelector('.speed-plot .method-plot-title').textContent,
      caption: window.kblendApp.hopfInset().caption,
    }));
    expect(picked.joint).toBe('left_shoulder');
    expect(picked.title).toContain('left_shoulder');
    expect(picked.caption).toContain('left_shoulder');
    await page.waitForFunction(() => location.hash.includes('jnt=left_shoulder'));

    await page.waitForTimeout(300); // let the cards and the rigs settle
    await page.screenshot({ path: `${SHOTS}/comparison.png` });
    expect(log.errors).toEqual([]);
  });

  it('draws the Hopf inset and its paper preset with the stop time 11.66', async () => {
    const { page, log } = shared;
    await pasteLink(page, 'v=1&g=wave&cmp=1&t=0.3');
    await page.waitForSelector('.hopf-inset canvas');
    const joint = await page.evaluate(() => window.kblendApp.hopfInset());
    expect(joint.visible).toBe(true);
    expect(joint.preset).toBe(false);
    expect(joint.caption).toContain('right_wrist');
    // something was drawn: the canvas is not blank
    const inked = await page.$eval('.hopf-inset canvas', (canvas) => {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) count++;
      return count;
    });
    expect(inked).toBeGreaterThan(1000);

    await page.locator('.hopf-preset').click();
    const paper = await page.evaluate(() => window.kblendApp.hopfInset());
    expect(paper.preset).toBe(true);
    expect(paper.paperStopTime.toFixed(2)).toBe('11.66');
    await expect(page.locator('.hopf-caption').textContent()).resolves.toContain('t = 11.66');
    await page.locator('.hopf-inset').screenshot({ path: `${SHOTS}/hopf-inset.png` });
    expect(log.errors).toEqual([]);
  });

  it('carries the shape and the follower in the link, to the same pose', async () => {
    const first = shared;
    await showLink(first.page, 'v=1'); // the defaults
    await first.page.evaluate(() => window.kblendApp.pause());
    await first.page
      .locator('.lil-gui .lil-controller', { hasText: 'shape' })
      .locator('select')
      .selectOption('kli');
    await first.page
      .locator('.lil-gui .lil-controller', { hasText: 'follower' })
      .locator('select')
      .selectOption('kli');
    await first.page.waitForFunction(
      () => window.kblendApp.params.shape === 'kli' && window.kblendApp.params.follower === 'kli',
    );
    const shown = await first.page.evaluate(async () => {
      await window.kblendApp.seek(0.25);
      return {
        params: window.kblendApp.params,
        pose: Array.from(window.kblendApp.pose()),
      };
    });
    await first.page.waitForFunction(() => location.hash.includes('t=0.25'));
    const hash = await first.page.evaluate(() => location.hash);
    expect(hash).toContain('&shape=kli&fol=kli&');

    // a page of its own: the link read at load
    const second = await openPage(browser, hash);
    const restored = await second.page.evaluate(() => ({
      params: window.kblendApp.params,
      pose: Array.from(window.kblendApp.pose()),
      notices: window.kblendApp.notices,
    }));
    expect(restored.notices).toEqual([]);
    expect(restored.params).toEqual(shown.params);
    expect(restored.pose).toEqual(shown.pose);
    // the KLI shape and follower give another pose than the defaults
    const plain = await second.page.evaluate(() => {
      window.kblendApp.setParams({ shape: 'smoothstep', follower: 'exp' });
      return Array.from(window.kblendApp.pose());
    });
    expect(plain).not.toEqual(shown.pose);
    expect(first.log.errors).toEqual([]);
    expect(second.log.errors).toEqual([]);
    await second.context.close();
  });

  it('repairs an unknown shape, follower or joint in a link with a notice', async () => {
    const { page } = shared;
    await pasteLink(page, 'v=1&shape=cubic&fol=%3Cb%3E&jnt=tail');
    const state = await page.evaluate(() => ({
      params: window.kblendApp.params,
      notices: window.kblendApp.notices,
      text: document.querySelector('#notice').textContent,
    }));
    expect(state.params.shape).toBe('smoothstep');
    expect(state.params.follower).toBe('exp');
    expect(state.params.joint).toBe('auto');
    expect(state.notices).toHaveLength(3);
    expect(state.text).toContain("shape='cubic' is not one of smoothstep, kli");
    expect(state.text).toContain("fol='<b>'");
  });
});
