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
    // one browser at a time: the machine has two cores and SwiftShader
    // renders on the CPU
    fileParallelism: false,
    testTimeout: 60000,
    hookTimeout: 60000,
  },
});
