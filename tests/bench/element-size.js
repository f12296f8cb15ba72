// The size of kblend/element's own JavaScript: the entry and everything it
// imports (the link parser included), minified and gzipped, with three,
// kblend and fflate left out (they are the page's anyway). Fails over the
// budget of 40 kB gzipped. Run: node tests/bench/element-size.js
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET = 40 * 1024;
const root = fileURLToPath(new URL('../../', import.meta.url));
const outDir = join(tmpdir(), `kblend-element-size-${process.pid}`);

await build({
  configFile: false,
  logLevel: 'warn',
  root,
  build: {
    outDir,
    emptyOutDir: true,
    minify: true,
    lib: { entry: join(root, 'web/element/index.js'), formats: ['es'], fileName: 'element' },
    rollupOptions: { external: [/^three($|\/)/, /^kblend($|\/)/, 'fflate'] },
  },
});
let minified = 0;
let gzipped = 0;
for (const file of readdirSync(outDir)) {
  const bytes = readFileSync(join(outDir, file));
  minified += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
}
rmSync(outDir, { recursive: true, force: true });
console.log(
  `kblend/element: ${minified} bytes minified, ${gzipped} bytes gzipped (budget ${BUDGET})`,
);
if (gzipped > BUDGET) process.exitCode = 1;
