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

// The dev server injects each stylesheet as an inline <style> (for hot
// reload), which the page's policy forbids; in `vite` dev only, the policy
// allows inline styles. The build and `vite preview` keep the strict one.
const relaxStylesForDevServer = {
  name: 'kblend-dev-inline-styles',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace("style-src 'self';", "style-src 'self' 'unsafe-inline';"),
};

export default defineConfig({
  root: here('./web'),
  base: './',
  plugins: [relaxStylesForDevServer],
  publicDir: false,
  resolve: {
    // The viewer reaches the library only through its package entries,
    // as another three.js app would; in this repository they resolve to
    // the sources.
    alias: [
      { find: /^kblend$/, replacement: here('./web/lib/kblend.js') },
      { find: /^kblend\/three$/, replacement: here('./web/three/index.js') },
      { find: /^kblend\/element$/, replacement: here('./web/element/index.js') },
      // lil-gui's stylesheet is not in its package exports; the viewer
      // bundles it instead of letting lil-gui inject an inline <style>
      // (the page's Content-Security-Policy allows no inline styles).
      { find: 'lil-gui/style.css', replacement: here('./node_modules/lil-gui/dist/lil-gui.css') },
    ],
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    // three.js is one large module; it is bundled whole on purpose.
    chunkSizeWarningLimit: 1200,
    // never inline the wasm (or anything) as a data: URL
    assetsInlineLimit: 0,
    // the viewer, and its embed page (one <kblend-preview> reading the hash)
    rollupOptions: {
      input: { index: here('./web/index.html'), embed: here('./web/embed.html') },
    },
  },
  // Cross-origin isolation gives performance.now() its fine resolution,
  // which the viewer's "core time per frame" readout needs (a pose takes
  // microseconds; the coarse clock ticks in 100 µs).
  preview: {
    host: '127.0.0.1',
    headers: isolationHeaders,
  },
  server: {
    headers: isolationHeaders,
  },
});
