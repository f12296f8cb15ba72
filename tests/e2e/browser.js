// Shared browser setup for the end-to-end tests: Debian's Chromium driven
// by playwright-core, headless, WebGL through SwiftShader.
import { chromium } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];

export const baseURL = () => inject('baseURL');

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

// A page that records console errors, uncaught exceptions, dialogs and
// every request it makes.
export async function openPage(browser, hash = '', { width = 1280, height = 800 } = {}) {
  const context = await browser.newContext({
    viewport: { width, height },
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
  await page.evaluate(() => window.kblendApp.ready);
  return { page, context, log };
}
