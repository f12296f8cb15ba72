// A plain static server for pages that use no build step: the repository's
// sources as they are (web/, three and fflate from node_modules, the test
// pages), on a free port of 127.0.0.1. Only those folders are served.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SERVED = ['web/', 'node_modules/three/', 'node_modules/fflate/', 'tests/e2e/pages/'];
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
};

async function answer(request, response) {
  if (request.url === '/favicon.ico') {
    response.writeHead(204).end();
    return;
  }
  const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).slice(1);
  const allowed =
    SERVED.some((folder) => path.startsWith(folder)) && !path.split(sep).includes('..');
  const file = `${root}${path}`;
  const info = allowed ? await stat(file).catch(() => null) : null;
  if (!info?.isFile()) {
    response.writeHead(404).end('not found');
    return;
  }
  response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
}

/** Starts the server; resolves to { url, close() }. */
export function serveSources() {
  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.writeHead(500).end());
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(done)),
      });
    });
  });
}
