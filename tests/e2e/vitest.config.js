// Browser end-to-end tests: the built viewer in Debian's Chromium.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // the package's entries, as the viewer imports them (see vite.config.js)
  resolve: {
    alias: [
      { find: /^kblend$/, replacement: here('../../web/lib/kblend.js') },
      { find: /^kblend\/three$/, replacement: here('../../web/three/index.js') },
    ],
  },
  root: fileURLToPath(new URL('../../', import.meta.url)),
  test: {
    include: ['tests/e2e/**/*.test.js'],
    globalSetup: ['tests/e2e/global-setup.js'],
    // two files at a time, each with its own browser (launched in its
    // beforeAll): two cores, and SwiftShader renders on the CPU, so a third
    // would only wait; E2E_WORKERS=1 runs them one by one
    fileParallelism: true,
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    // files share a worker's module cache (playwright and the helpers load
    // once per worker); each file still launches and closes its browser
    isolate: false,
    testTimeout: 60000,
    hookTimeout: 60000,
  },
});
