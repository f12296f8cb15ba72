import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/unit/**/*.test.js'],
    environment: 'node',
    testTimeout: 60000,
  },
});
