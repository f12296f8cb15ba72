// Screenshots of gestures in the production build, for a person to look at:
// each gesture at a time of its clip (default mid-hold) from the front, the
// side and three-quarter, cropped to the character. Serves dist/ with
// `vite preview` on a free port of 127.0.0.1 and stops it afterwards.
//
//   npx vite build
//   node tests/figures/gesture-views.js [--close] [gesture[@seconds] ...]
//
// --close: the trunk and arms only, at twice the pixels.
// writes test-results/gesture-views/<gesture>-<seconds>.png: the three
// views side by side.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../', import.meta.url));
const OUT = `${root}test-results/gesture-views/`;
const VIEWS = ['front', 'side', 'threeQuarter'];
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startPreview() {
  if (!existsSync(`${root}dist/index.html`))
    throw new Error('dist/ is missing: run npx vite build');
  const port = await freePort();
  const args = ['preview', '--host', '127.0.0.1', '--port', `${port}`, '--strictPort'];
  const child = spawn(process.execPath, [`${root}node_modules/vite/bin/vite.js`, ...args], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 150; tries++) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error(`vite preview did not answer at ${url}`);
}

// "akimbo@1.5" → { gesture: 'akimbo', time: 1.5 }; no time: mid-hold.
const parseShot = (text) => {
  const [gesture, time] = text.split('@');
  return { gesture, time: time === undefined ? null : Number(time) };
};

async function shoot(page, { gesture, time }, close) {
  const shown = await page.evaluate(
    async ({ g, t }) => {
      const app = window.kblendApp;
      const p = app.setParams({ gesture: g });
      const at = t ?? ((p.attack + 1 - p.release) / 2) * p.duration;
      await app.seek(at);
      return at;
    },
    { g: gesture, t: time },
  );
  const stage = page.locator('#stage');
  const box = await stage.boundingBox();
  // the character stands in the middle of the stage
  const [left, top, width, height] = close ? [0.34, 0.1, 0.32, 0.55] : [0.3, 0.05, 0.4, 0.9];
  const clip = {
    x: box.x + box.width * left,
    y: box.y + box.height * top,
    width: box.width * width,
    height: box.height * height,
  };
  const images = [];
  for (const view of VIEWS) {
    await page.evaluate((v) => window.kblendApp.view(v), view);
    images.push((await page.screenshot({ clip })).toString('base64'));
  }
  const name = `${gesture}-${shown.toFixed(2)}${close ? '-close' : ''}`;
  return { name, images, width: clip.width, height: clip.height };
}

// The views side by side in one picture, composed on a blank page.
async function montage(page, { name, images, width, height }) {
  await page.setViewportSize({
    width: Math.ceil(width) * images.length,
    height: Math.ceil(height),
  });
  await page.setContent(
    `<body style="margin:0;display:flex">${images
      .map((b64) => `<img width="${width}" height="${height}" src="data:image/png;base64,${b64}">`)
      .join('')}</body>`,
  );
  const path = `${OUT}${name}.png`;
  await page.screenshot({ path });
  return path;
}

async function main(args) {
  const close = args.includes('--close');
  const requested = args.filter((a) => a !== '--close');
  mkdirSync(OUT, { recursive: true });
  const { url, child } = await startPreview();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: close ? 2 : 1,
    });
    await page.goto(`${url}/`);
    await page.evaluate(() => window.kblendApp.ready);
    await page.evaluate(() => window.kblendApp.pause());
    const list = requested.length
      ? requested
      : await page.evaluate(() => window.kblendApp.gestureNames());
    const shots = [];
    for (const text of list) shots.push(await shoot(page, parseShot(text), close));
    const sheet = await browser.newPage();
    for (const shot of shots) console.log(await montage(sheet, shot));
  } finally {
    await browser.close();
    child.kill();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
