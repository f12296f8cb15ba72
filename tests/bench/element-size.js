// The size of kblend/element's own JavaScript: the entry and everything it
// imports (the link parser and kblend's skinned figure, web/figures/,
// included), minified and gzipped, with three, kblend and fflate left out
// (they are the page's anyway). Fails over the budget of 40 kB gzipped.
// Also prints the size without web/figures/, the share of the figure.
// Run: node tests/bench/element-size.js; the unit test
// tests/unit/element/element-size.test.js holds the budget in every run.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

export const ELEMENT_BUDGET = 40 * 1024;
const root = fileURLToPath(new URL('../../', import.meta.url));

async function measure(external) {
  // a folder per call: two measures may run at once (a test and the command)
  const outDir = mkdtempSync(join(tmpdir(), 'kblend-element-size-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root,
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      lib: { entry: join(root, 'web/element/index.js'), formats: ['es'], fileName: 'element' },
      rollupOptions: { external: [/^three($|\/)/, /^kblend($|\/)/, 'fflate', ...external] },
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
  return { minified, gzipped };
}

/** The element's bytes, minified and gzipped, with and without web/figures/. */
export async function measureElementSize() {
  const all = await measure([]);
  const withoutFigures = await measure([/\/figures\//]);
  return { ...all, withoutFigures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { minified, gzipped, withoutFigures } = await measureElementSize();
  console.log(
    `kblend/element: ${minified} bytes minified, ${gzipped} bytes gzipped (budget ${ELEMENT_BUDGET}); ` +
      `without web/figures/: ${withoutFigures.minified} minified, ${withoutFigures.gzipped} gzipped`,
  );
  if (gzipped > ELEMENT_BUDGET) process.exitCode = 1;
}
