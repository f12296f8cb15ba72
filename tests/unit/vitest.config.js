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
    // files share a worker's module cache (the library and its WebAssembly
    // module load once per worker, not once per file): 155 s to 70 s on
    // two busy cores. So no file may leave global state behind.
    isolate: false,
    // both cores (Vitest's default leaves one free): 38 s to 26 s
    maxWorkers: Number(process.env.UNIT_WORKERS ?? 2),
    testTimeout: 60000,
  },
});
