// The Chromium the browser tests and the worker bench drive: Debian's,
// headless, WebGL through SwiftShader. Kept apart from browser.js, which
// reads Vitest's state, so a plain Node script can launch the same browser.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
