// Screenshots of the default (skinned) character in every gesture at its
// mid-hold, front and side, to look at by eye. Not a test: run by hand,
//   node tests/figures/character-shots.js [outDir]
// (after the WebAssembly build); writes build/character-shots/*.png.
// SHOTS=clap,wave picks gestures ('bind' and 'idle' too); VIEWS picks
// 'sheet' (front, side, upper body front and three-quarter: the default),
// 'shoulders' (close-ups), 'front', 'side'.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS } from '../e2e/browser.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const outDir = process.argv[2] ?? `${repo}build/character-shots`;
const GESTURES = [
  'clap',
  'akimbo',
  'crossed_arms',
  'salute',
  'wave',
  'shrug',
  'point',
  'thumbs_up',
];
const VIEWS = (process.env.VIEWS ?? 'sheet').split(',');

async function main() {
  mkdirSync(outDir, { recursive: true });
  const server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('./character-page', import.meta.url)),
    server: { host: '127.0.0.1', port: 5199, fs: { allow: [repo] } },
    logLevel: 'warn',
  });
  await server.listen();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 960 } });
    const errors = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(server.resolvedUrls.local[0]);
    await page.waitForFunction(() => window.characterReady === true, null, { timeout: 60000 });
    for (const gesture of (process.env.SHOTS ?? ['bind', 'idle', ...GESTURES].join(',')).split(
      ',',
    )) {
      for (const view of VIEWS) {
        const shapes = await page.evaluate(([g, v]) => window.shot(g, v), [gesture, view]);
        await page.locator('#stage').screenshot({ path: `${outDir}/${gesture}-${view}.png` });
        if (view === 'sheet') console.log(gesture, JSON.stringify(shapes));
      }
    }
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
