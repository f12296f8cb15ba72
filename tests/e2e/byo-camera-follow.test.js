// The camera follows a travelling clip: an imported walk that goes 5.4 m
// sideways and a little forward keeps the character in view while the follow
// toggle is on (its default); off, the camera stays and the walk leaves
// the frame.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { travellingWalk } from '../fixtures/bvh/travelling-walk.js';
import { SCREENSHOTS, app, launchBrowser, openPage } from './browser.js';

let kb;
let browser;
let opened;
let scratch;
let walk;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'kblend-follow-'));
  kb = await loadKBlend();
  walk = travellingWalk(kb, { seconds: 6, heading: [1, 0, 0.25] });
  writeFileSync(join(scratch, 'long_walk.bvh'), walk.text);
  browser = await launchBrowser();
  opened = await openPage(browser, '', { width: 1280, height: 800 });
});

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

// Where the character's box lands in the view at time t (normalized device
// coordinates: [-1, 1] is on the canvas), and the clip's root.
const framedAt = (page, t) =>
  app(
    page,
    async (time) => {
      await window.kblendApp.seek(time);
      return { box: window.kblendApp.framing(), root: window.kblendApp.root() };
    },
    t,
  );
const inView = ({ box }) => box.minX > -1 && box.maxX < 1 && box.minY > -1 && box.maxY < 1;

describe('the camera follows a travelling clip', () => {
  it('imports a walk that leaves any fixed view; the follow toggle is on', async () => {
    const { page } = opened;
    await page.locator('#bvh-file').setInputFiles(join(scratch, 'long_walk.bvh'));
    await page.waitForFunction(() => window.kblendApp.importStatus().state === 'done', undefined, {
      timeout: 60000,
    });
    expect((await app(page, () => window.kblendApp.params)).gesture).toBe('bvh: long_walk.bvh');
    const folder = page.locator('.lil-gui .lil-title', { hasText: /^playback$/ });
    if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
    expect(await page.getByRole('checkbox', { name: 'camera follows' }).isChecked()).toBe(true);
  });

  it('keeps the character in view over the whole walk', async () => {
    const { page } = opened;
    await app(page, () => window.kblendApp.view('front'));
    const { duration } = await app(page, () => window.kblendApp.params);
    let worst = 0;
    let travelled = 0;
    for (let k = 0; k <= 16; k++) {
      const t = (duration * k) / 16;
      const framed = await framedAt(page, t);
      travelled = Math.max(travelled, Math.hypot(framed.root[0], framed.root[2]));
      worst = Math.max(worst, ...[framed.box.minX, framed.box.maxX].map(Math.abs));
      expect(inView(framed), `t = ${t.toFixed(2)}: ${JSON.stringify(framed.box)}`).toBe(true);
    }
    console.log(
      `follow on: the walk travels ${travelled.toFixed(2)} m; the character's box stays within ` +
        `|x| ≤ ${worst.toFixed(2)} of the view's half-width`,
    );
    expect(travelled).toBeGreaterThan(0.9 * walk.distance);
    await framedAt(page, duration * 0.7);
    await app(page, () => window.kblendApp.view('threeQuarter'));
    await framedAt(page, duration * 0.7);
    await page.locator('#stage').screenshot({ path: `${SCREENSHOTS}byo-follow-walk.png` });
  });

  it('with the toggle off the camera stays and the walk leaves the frame', async () => {
    const { page } = opened;
    await framedAt(page, 0);
    await app(page, () => window.kblendApp.view('front'));
    await page.getByRole('checkbox', { name: 'camera follows' }).uncheck();
    const { duration } = await app(page, () => window.kblendApp.params);
    const start = await framedAt(page, 0);
    expect(inView(start)).toBe(true);
    const end = await framedAt(page, duration);
    expect(end.box.minX, JSON.stringify(end.box)).toBeGreaterThan(1);
    // on again: it takes the character up where it is
    await page.getByRole('checkbox', { name: 'camera follows' }).check();
    expect(inView(await framedAt(page, duration))).toBe(true);
    expect(opened.log.errors).toEqual([]);
  });
});
