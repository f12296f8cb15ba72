import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // the package's entries, as the viewer imports them (see vite.config.js)
    alias: [
      { find: /^kblend$/, replacement: here('../../web/lib/kblend.js') },
      { find: /^kblend\/three$/, replacement: here('../../web/three/index.js') },
    ],
  },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/unit/**/*.test.js'],
    environment: 'node',
    testTimeout: 60000,
  },
});
