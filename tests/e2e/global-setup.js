// Serves the production build (dist/) with `vite preview` on a free port of
// 127.0.0.1 for the browser tests, and stops it afterwards.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForServer(url, child, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`vite preview did not answer at ${url} within ${timeoutMs} ms`);
}

export default async function setup({ provide }) {
  if (!existsSync(`${root}dist/index.html`)) {
    throw new Error('dist/ is missing: build the web bundle first (./build.sh build)');
  }
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      `${root}node_modules/vite/bin/vite.js`,
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      `${port}`,
      '--strictPort',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${url}/`, child);
  } catch (error) {
    child.kill();
    throw error;
  }
  provide('baseURL', url);
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
}
