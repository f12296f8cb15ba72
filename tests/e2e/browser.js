// Shared browser setup for the end-to-end tests: Debian's Chromium driven
// by playwright-core (its path and flags: chromium.js).
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

export { CHROMIUM_ARGS };

export const baseURL = () => inject('baseURL');

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

// A page that records console errors, uncaught exceptions, dialogs and
// every request it makes. It opens paused unless `playing` (a playing page
// renders every frame on the CPU, beside the test's own work).
export async function openPage(
  browser,
  hash = '',
  { width = 1280, height = 800, deviceScaleFactor = 1, playing = false } = {},
) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const log = { errors: [], requests: [], dialogs: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') log.errors.push(message.text());
  });
  page.on('pageerror', (error) => log.errors.push(String(error)));
  page.on('request', (request) => log.requests.push(request.url()));
  page.on('dialog', async (dialog) => {
    log.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(`${baseURL()}/${hash}`);
  await page.evaluate(
    async (play) => {
      await window.kblendApp.ready;
      if (!play) window.kblendApp.pause();
    },
    playing || process.env.E2E_PLAYING === '1',
  );
  return { page, context, log };
}

// The same page loaded again, once the viewer is ready.
export async function reloadPage(page) {
  await page.reload();
  await page.evaluate(() => window.kblendApp.ready);
}

// --- helpers shared by the browser tests

// A link pasted into the open page's address bar: the page reads it on
// hashchange, as it would a link a person pastes.
export async function pasteLink(page, hash) {
  await page.evaluate(
    (h) =>
      new Promise((resolve, reject) => {
        if (location.hash === `#${h}`) reject(new Error('the page shows this link already'));
        window.addEventListener('hashchange', () => setTimeout(resolve, 0), { once: true });
        location.hash = h;
      }),
    hash,
  );
}

// A link shown in the open page, pasted (after another one if the page shows
// it already: pasting the same link again changes nothing).
export async function showLink(page, hash) {
  if ((await page.evaluate(() => location.hash)) === `#${hash}`) {
    await pasteLink(page, hash === 'v=1' ? 'v=1&g=wave' : 'v=1');
  }
  await pasteLink(page, hash);
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Folders of the panel unfolded, outer first (e.g. 'author & export', then
// 'presets'); a folder already open stays open (lil-gui marks a folder's
// title with aria-expanded).
export async function openFolder(page, ...titles) {
  for (const title of titles) {
    const heading = page.locator('.lil-gui .lil-title', {
      hasText: new RegExp(`^${escapeRegExp(title)}$`),
    });
    if ((await heading.getAttribute('aria-expanded')) === 'true') continue;
    await foldsSettled(page); // a folder still folding moves what is under it
    await heading.click();
    await foldsSettled(page);
  }
}

// No panel folder in its open or close animation (lil-gui marks it
// lil-transition for the 300 ms), as a person waits for it to end.
const foldsSettled = (page) =>
  page.waitForFunction(() => !document.querySelector('.lil-gui.lil-transition'));

// The folded character folder, opened, once its picker shows.
export async function openCharacterFolder(page) {
  await openFolder(page, 'character');
  await page.locator('[data-param="character"] select').waitFor({ state: 'visible' });
}

// The authoring folder (gesture files, export, presets, editor), opened,
// and one of its folders if named.
export const openAuthoring = (page, sub) =>
  openFolder(page, 'author & export', ...(sub ? [sub] : []));

export const SCREENSHOTS = fileURLToPath(
  new URL('../../test-results/screenshots/', import.meta.url),
);

// Run fn in the page (window.kblendApp is the viewer's test hook).
export const app = (page, fn, arg) => page.evaluate(fn, arg);

// Time of the middle of the hold, where a gesture is held in full.
export const midHold = (p) => ((p.attack + 1 - p.release) / 2) * p.duration;

// A file exported in the page ({ filename, mime, bytes, ms }); the bytes
// cross to the test as base64, far faster than as an array of numbers.
export async function exportIn(page, kind) {
  const file = await page.evaluate(async (k) => {
    const began = performance.now();
    const { bytes, ...rest } = await window.kblendApp.exportFile(k);
    const ms = performance.now() - began;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return { ...rest, base64: btoa(binary), ms };
  }, kind);
  const { base64, ...rest } = file;
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  console.log(`export ${kind}: ${file.filename}, ${bytes.length} bytes, ${file.ms.toFixed(0)} ms`);
  return { ...rest, bytes };
}

// The pose shown at time t (seeks there first, paused).
export const poseAt = (page, t) =>
  app(
    page,
    async (time) => {
      await window.kblendApp.seek(time);
      return Array.from(window.kblendApp.pose());
    },
    t,
  );

// lil-gui labels each field with its controller's name.
export const field = (page, role, label) => page.getByRole(role, { name: label, exact: true });

export async function setNumber(page, label, value) {
  const input = field(page, 'textbox', label);
  await input.fill(String(value));
  await input.press('Enter');
}

// One key of the page's share link, as the address bar holds it.
export const hashParam = (page, key) =>
  app(page, (k) => new URLSearchParams(location.hash.slice(1)).get(k), key);

// Distinct colours and luma spread of a PNG of the canvas, decoded in the page.
export async function pixelStats(page) {
  const png = await page.locator('#stage canvas').screenshot();
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set();
    let min = 255;
    let max = 0;
    for (let i = 0; i < data.length; i += 4) {
      colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      const luma = (data[i] + data[i + 1] + data[i + 2]) / 3;
      min = Math.min(min, luma);
      max = Math.max(max, luma);
    }
    return { colours: colours.size, min, max, width: canvas.width, height: canvas.height };
  }, png.toString('base64'));
}

// Whether two bounding boxes ({ x, y, width, height }) overlap by more than
// `slack` px in both directions.
export function boxesOverlap(a, b, slack = 0.5) {
  const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const dy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return dx > slack && dy > slack;
}

// How many pixels differ (by more than 30 in R + G + B) between two PNG
// screenshots, decoded in the page.
export function differingPixels(page, a, b) {
  return page.evaluate(
    async ([first, second]) => {
      const read = async (base64) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [image.width, image.height];
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const [p, q] = [await read(first), await read(second)];
      let n = 0;
      for (let i = 0; i < p.length; i += 4) {
        const d =
          Math.abs(p[i] - q[i]) + Math.abs(p[i + 1] - q[i + 1]) + Math.abs(p[i + 2] - q[i + 2]);
        if (d > 30) n++;
      }
      return n;
    },
    [a.toString('base64'), b.toString('base64')],
  );
}
