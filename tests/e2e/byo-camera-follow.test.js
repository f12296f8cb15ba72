// A travelling clip reads as travel: an imported walk that goes 5.4 m
// sideways and a little forward. With "camera follows" on (its default) the
// camera glides after the figure on a damped spring while the floor grid
// stays where it is in the world, so the figure is seen walking over it
// (its root's trail drawn on the floor); off, the camera frames the whole
// path and the figure crosses a still view. The import strip sits under the
// scene and never covers the figure, at every window size; a range end
// typed before its start is refused with a note.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { travellingWalk } from '../fixtures/bvh/travelling-walk.js';
import {
  SCREENSHOTS,
  app,
  boxesOverlap,
  launchBrowser,
  openFolder,
  openPage,
  setNumber,
} from './browser.js';

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
// coordinates: [-1, 1] is on the canvas), the clip's root and the camera's
// and floor's places.
const framedAt = (page, t) =>
  app(
    page,
    async (time) => {
      await window.kblendApp.seek(time);
      return {
        box: window.kblendApp.framing(),
        root: window.kblendApp.root(),
        travel: window.kblendApp.travel(),
      };
    },
    t,
  );
const inView = ({ box }) => box.minX > -1 && box.maxX < 1 && box.minY > -1 && box.maxY < 1;
const followToggle = (page) => page.getByRole('checkbox', { name: 'camera follows' });

// The figure's box on the page (px), from its box in the view.
async function figureOnPage(page, box) {
  const canvas = await page.locator('#stage canvas').boundingBox();
  const x = (ndc) => canvas.x + ((ndc + 1) / 2) * canvas.width;
  const y = (ndc) => canvas.y + ((1 - ndc) / 2) * canvas.height;
  return {
    x: x(box.minX),
    y: y(box.maxY),
    width: x(box.maxX) - x(box.minX),
    height: y(box.minY) - y(box.maxY),
  };
}

describe('a travelling clip reads as travel', () => {
  it('imports a walk that leaves any fixed view; the follow toggle is on', async () => {
    const { page } = opened;
    await page.locator('#bvh-file').setInputFiles(join(scratch, 'long_walk.bvh'));
    await page.waitForFunction(() => window.kblendApp.importStatus().state === 'done', undefined, {
      timeout: 60000,
    });
    expect((await app(page, () => window.kblendApp.params)).gesture).toBe('bvh: long_walk.bvh');
    await openFolder(page, 'playback');
    expect(await followToggle(page).isChecked()).toBe(true);
  });

  it('follows the figure over the whole walk while the floor stays in the world', async () => {
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
      // the camera is over the figure; the grid has not moved at all
      expect(framed.travel.lookAt[0]).toBeCloseTo(framed.root[0], 3);
      expect(framed.travel.floor).toEqual([0, 0, 0]);
      expect(framed.travel.trailPoints).toBeGreaterThan(100);
    }
    console.log(
      `follow on: the walk travels ${travelled.toFixed(2)} m over a floor that stays at ` +
        `the origin; the character's box stays within |x| ≤ ${worst.toFixed(2)} of the ` +
        `view's half-width`,
    );
    expect(travelled).toBeGreaterThan(0.9 * walk.distance);
    await app(page, () => window.kblendApp.view('threeQuarter'));
    for (const [name, t] of [
      ['early', 0.25],
      ['late', 0.75],
    ]) {
      await framedAt(page, duration * t);
      await page
        .locator('#stage')
        .screenshot({ path: `${SCREENSHOTS}byo-follow-walk-${name}.png` });
    }
  });

  it('glides after the figure while it plays, and comes to rest on it', async () => {
    const { page } = opened;
    await framedAt(page, 0.5);
    // every drawn frame for a second of play: the camera's point and the root
    const samples = await app(page, async () => {
      const hook = window.kblendApp;
      const out = [];
      hook.play();
      const began = performance.now();
      while (performance.now() - began < 1500) {
        // the frame's own time, as the page's clock reads it
        const at = await new Promise(requestAnimationFrame);
        const { lookAt } = hook.travel();
        out.push({ at, x: lookAt[0], root: hook.root()[0] });
      }
      hook.pause();
      return out;
    });
    expect(samples.length).toBeGreaterThan(3);
    const speeds = samples
      .slice(1)
      .map((s, i) => (s.x - samples[i].x) / ((s.at - samples[i].at) / 1000));
    const first = speeds.find((v) => v !== 0);
    const lag = samples.at(-1).root - samples.at(-1).x;
    const figureSpeed = 0.9 * (1 / Math.hypot(1, 0.25)); // m/s along x
    console.log(
      `follow while playing: ${samples.length} frames; camera speed ${first.toFixed(2)} m/s ` +
        `on the first, ${speeds.at(-1).toFixed(2)} m/s on the last (the figure's ` +
        `${figureSpeed.toFixed(2)}); lag ${lag.toFixed(3)} m`,
    );
    // damped: it starts slower than the figure, never runs backwards, lags
    // a little behind a steady walk, and never outruns it
    expect(first).toBeLessThan(0.8 * figureSpeed);
    expect(Math.min(...speeds)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...speeds)).toBeLessThan(1.2 * figureSpeed);
    expect(lag).toBeGreaterThan(0.02);
    expect(lag).toBeLessThan(0.6);
    // paused, it settles on the figure by itself
    await page.waitForFunction(
      () => Math.abs(window.kblendApp.travel().lookAt[0] - window.kblendApp.root()[0]) < 1e-3,
    );
  });

  it('the import strip covers the figure at no window size', async () => {
    const { page } = opened;
    const { duration } = await app(page, () => window.kblendApp.params);
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1024, height: 640 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      // the page laid out again and the scene resized to it, as a person
      // sees it a moment later
      await page.waitForFunction(() => {
        const canvas = document.querySelector('#stage canvas');
        const stage = canvas.parentElement;
        return (
          Math.max(1, stage.clientWidth) === canvas.clientWidth &&
          Math.max(1, stage.clientHeight) === canvas.clientHeight
        );
      });
      await app(
        page,
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await app(page, () => window.kblendApp.view('front'));
      const strip = await page.locator('#import-bar').boundingBox();
      for (const t of [0, duration / 2, duration]) {
        const framed = await framedAt(page, t);
        expect(inView(framed), `${size.width}×${size.height}, t = ${t}`).toBe(true);
        const figure = await figureOnPage(page, framed.box);
        expect(
          boxesOverlap(figure, strip),
          `${size.width}×${size.height}, t = ${t}: figure ${JSON.stringify(figure)}, strip ` +
            JSON.stringify(strip),
        ).toBe(false);
      }
      await page.screenshot({
        path: `${SCREENSHOTS}byo-import-strip-${size.width}x${size.height}.png`,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('refuses a range end typed before its start, saying why, and keeps the range', async () => {
    const { page } = opened;
    const start = page.getByRole('spinbutton', { name: 'range start (s)' });
    const end = page.getByRole('spinbutton', { name: 'range end (s)' });
    await start.fill('2');
    await start.press('Enter');
    await page.waitForFunction(() => window.kblendApp.params.duration === 4);
    await end.click();
    await end.fill('1.5');
    await end.press('Tab');
    const note = page.locator('#import-bar .import-note');
    await expect
      .poll(() => note.textContent())
      .toBe(
        'range end 1.5 s is not after the start 2 s: the end must be after 2 s, up to 6 s; ' +
          'the range is unchanged',
      );
    expect(await end.inputValue()).toBe('6');
    expect(await start.inputValue()).toBe('2');
    expect((await app(page, () => window.kblendApp.params)).duration).toBe(4);
    await page
      .locator('#import-bar')
      .screenshot({ path: `${SCREENSHOTS}byo-import-range-refused.png` });
    // a range that is one is taken, and the note goes
    await end.fill('5');
    await end.press('Enter');
    await page.waitForFunction(() => window.kblendApp.params.duration === 3);
    expect(await note.isHidden()).toBe(true);
    // the whole walk again, for the cases below
    await start.fill('0');
    await start.press('Enter');
    await end.fill('6');
    await end.press('Enter');
    await page.waitForFunction(() => window.kblendApp.params.duration === 6);
  });

  it('with the toggle off the camera frames the whole path and stays', async () => {
    const { page } = opened;
    await framedAt(page, 0);
    await app(page, () => window.kblendApp.view('front'));
    await followToggle(page).uncheck();
    const { duration } = await app(page, () => window.kblendApp.params);
    const start = await framedAt(page, 0);
    expect(start.travel.pathFramed).toBe(true);
    for (let k = 0; k <= 8; k++) {
      const framed = await framedAt(page, (duration * k) / 8);
      expect(inView(framed), `t = ${(duration * k) / 8}: ${JSON.stringify(framed.box)}`).toBe(true);
      expect(framed.travel.camera).toEqual(start.travel.camera);
    }
    const end = await framedAt(page, duration);
    // the figure crosses the view: from one side of it to the other
    expect(end.box.minX - start.box.minX).toBeGreaterThan(0.8);
    await page.locator('#stage').screenshot({ path: `${SCREENSHOTS}byo-follow-off-path.png` });
    // on again: the body's distance, and it takes the figure up where it is
    await followToggle(page).check();
    const again = await framedAt(page, duration);
    expect(inView(again)).toBe(true);
    expect(again.travel.pathFramed).toBe(false);
    expect(again.travel.lookAt[0]).toBeCloseTo(again.root[0], 3);
    // off again, and the camera moved by hand: a tuning change leaves it
    // where it was put (the path is the same, so it is not framed again)
    await followToggle(page).uncheck();
    await page.locator('#stage canvas').hover();
    await page.mouse.wheel(0, -120);
    const moved = await framedAt(page, duration / 2);
    expect(moved.travel.camera).not.toEqual(start.travel.camera);
    await setNumber(page, 'lambda (1/s)', 9);
    await page.waitForFunction(() => window.kblendApp.params.lambda === 9);
    expect((await framedAt(page, duration / 2)).travel.camera).toEqual(moved.travel.camera);
    await followToggle(page).check();
    expect(opened.log.errors).toEqual([]);
  });
});
