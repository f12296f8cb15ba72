// kb.importBvh against three's BVHLoader.parse where the viewer runs its
// import: a dedicated module worker in Debian's Chromium (the e2e tests'
// browser and flags), on the three texts of the Node bench (import.js),
// with its timing. Vite's dev server, on 127.0.0.1, serves the sources as
// they are: it resolves the bare imports ('kblend', 'three'), which a
// worker cannot map itself (import maps do not reach workers). Without
// Chromium the part is skipped, so the bench runs on any machine.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { IMPORT_FILES, IMPORT_TIMING } from './import.js';
import { SMOKE } from './timing.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// The repository's Vite config (its 'kblend' aliases and isolation headers,
// so performance.now() keeps its fine resolution) over the whole tree. No
// dependency pre-bundling: it would scan every page of the tree, and a
// late re-bundle reloads the page under the running worker.
async function startServer() {
  const server = await createServer({
    configFile: `${ROOT}vite.config.js`,
    root: ROOT,
    cacheDir: `${ROOT}build/vite-worker-bench`,
    logLevel: 'warn',
    clearScreen: false,
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { host: '127.0.0.1', port: 0, hmr: false, ws: false },
  });
  await server.listen();
  return server;
}

// The texts to the worker, its results back; the worker is started from
// the page so it is a real dedicated module worker of that origin.
function runInWorker(page, files, timing) {
  return page.evaluate(
    (message) =>
      new Promise((resolve, reject) => {
        const worker = new Worker('/tests/bench/import-worker-thread.js', { type: 'module' });
        worker.onerror = (event) => reject(new Error(event.message || 'the worker did not load'));
        worker.onmessage = ({ data }) => {
          worker.terminate();
          if (data.error) reject(new Error(data.error));
          else resolve(data);
        };
        worker.postMessage(message);
      }),
    { files, timing },
  );
}

// The lines of one file, as the Node bench prints them (import.js).
function reportFile(report, { kind, joints, frames, method, stats, ratios }) {
  const name = `${kind}, ${joints} joints, ${frames} frames`;
  if (method !== 'transfer')
    throw new Error(`${name}: the import ran '${method}', not the transfer`);
  const importMs = stats[1].median;
  const ratio = ratios[0];
  report(`${name}: kb.importBvh`, importMs, `${Math.round((frames / importMs) * 1000)} frames/s`);
  report(
    `${name}: BVHLoader.parse`,
    stats[0].median,
    `import ÷ BVHLoader ${ratio.median.toFixed(2)}× [${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}]`,
  );
}

// One browser on the running server: the worker's results, printed.
async function benchInBrowser(url, files, report) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    await page.goto(new URL('tests/bench/import-worker.html', url).href);
    const { results, isolated } = await runInWorker(page, files, IMPORT_TIMING);
    console.log(
      `\nBVH import in a Chromium ${browser.version()} module worker` +
        `${isolated ? '' : ' (not cross-origin isolated: coarse clock)'}: ` +
        'kb.importBvh against three BVHLoader.parse, same text:',
    );
    for (const result of results) reportFile(report, result);
  } finally {
    await browser.close();
  }
}

export async function benchImportWorker(report) {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`\nBVH import in a browser worker: skipped (no Chromium at ${CHROMIUM_PATH})`);
    return;
  }
  // a server and a browser cost ~13 s: more than the whole smoke run's budget
  if (SMOKE) {
    console.log(
      '\nBVH import in a browser worker: skipped in the smoke run (npm run bench runs it)',
    );
    return;
  }
  const files = IMPORT_FILES.map(([kind, make]) => ({ kind, text: make() }));
  const server = await startServer();
  try {
    await benchInBrowser(server.resolvedUrls.local[0], files, report);
  } finally {
    await server.close();
  }
}

// Run alone: node tests/bench/import-worker.js
if (import.meta.url === `file://${process.argv[1]}`) {
  await benchImportWorker((name, ms, extra) => {
    console.log(`${name.padEnd(52)} ${ms.toFixed(4).padStart(12)} ms  ${extra}`);
  });
}
