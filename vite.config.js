// Vite builds the viewer (web/index.html) into dist/ and serves it.
// The JS library loads its WebAssembly file with
// `new URL('./wasm/kblend_core.wasm', import.meta.url)`, which Vite emits as
// an asset of the build; base './' keeps every URL relative to the page.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./web'),
  base: './',
  publicDir: false,
  resolve: {
    alias: {
      // lil-gui's stylesheet is not in its package exports; the viewer
      // bundles it instead of letting lil-gui inject an inline <style>
      // (the page's Content-Security-Policy allows no inline styles).
      'lil-gui/style.css': here('./node_modules/lil-gui/dist/lil-gui.css'),
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // three.js is one large module; it is bundled whole on purpose.
    chunkSizeWarningLimit: 1200,
    // never inline the wasm (or anything) as a data: URL
    assetsInlineLimit: 0,
  },
  preview: {
    host: '127.0.0.1',
  },
});
