// The packed package as another project gets it: `npm pack`, installed
// from the tarball into a temporary project outside the repository
// (`npm install --prefer-offline`: its one dependency, fflate, comes from
// npm's cache where `npm ci` left it, with only its metadata fetched when the
// cache lacks it; three, vite and three's types are linked from this
// repository's node_modules), then used by name from
// Node, from TypeScript, and from a Vite + three.js page in Chromium.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const fixture = fileURLToPath(new URL('../package/', import.meta.url));
const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

let temp;
let project;
let packed;

beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), 'kblend-package-'));
  [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', temp], repo));
  project = join(temp, 'consumer');
  cpSync(fixture, project, { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'kblend-consumer', private: true, type: 'module' }),
  );
  run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', join(temp, packed.filename)],
    project,
  );
  for (const name of ['three', 'vite', '@types/three']) {
    const link = join(project, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(repo, 'node_modules', name), link, 'dir');
  }
}, 180000);

afterAll(() => temp && rmSync(temp, { recursive: true, force: true }));

describe('npm pack', () => {
  it('holds the library with its WebAssembly core, kblend/three and the gestures, nothing else', () => {
    const files = packed.files.map((f) => f.path);
    for (const needed of [
      'web/lib/kblend.js',
      'web/lib/kblend.d.ts',
      'web/lib/bvh/index.d.ts',
      'web/lib/wasm/kblend_core.js',
      'web/lib/wasm/kblend_core.wasm',
      'web/lib/wasm/kblend_body.js',
      'web/three/index.js',
      'web/three/index.d.ts',
      'web/gestures/clap.json',
      'web/element/index.js',
      'web/element/index.d.ts',
      'web/link/index.js',
      'web/link/params.js',
      'web/figures/skinned-character.js',
      'web/figures/hand.js',
      'web/lib/hand-shapes.js',
    ]) {
      expect(files).toContain(needed);
    }
    // kblend/element, kblend's figures (web/figures/) and the share link's
    // reader (web/link/, with the parameters' ranges): no viewer file
    const allowed =
      /^(package\.json|README\.md|web\/lib\/.+\.(js|d\.ts|wasm)|web\/three\/.+\.(js|d\.ts)|web\/gestures\/[a-z_]+\.json|web\/(element|link|figures)\/[a-z-]+\.(js|d\.ts)|web\/cli\/[a-z-]+\.js)$/;
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
    console.log(`kblend tarball: ${packed.size} bytes, ${packed.entryCount} files`);
  });

  it('installs with one dependency (fflate: cg= links and the npz writer of kblend convert), three an optional peer', () => {
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules/kblend/package.json'), 'utf8'),
    );
    expect(manifest.dependencies).toEqual({ fflate: '0.8.3' });
    expect(manifest.peerDependenciesMeta.three.optional).toBe(true);
    expect(existsSync(join(project, 'node_modules/kblend/web/lib/wasm/kblend_core.wasm'))).toBe(
      true,
    );
  });
});

describe('the installed package by name', () => {
  it('runs in Node: library, BVH out and in, kblend/three on a Mixamo-named rig', () => {
    const result = JSON.parse(run(process.execPath, ['node.mjs'], project));
    expect(result.tracks).toBe(22);
    expect(result.bvhFrames).toBeGreaterThan(60);
    expect(result.method).toBe('direct');
    expect(result.armAngle).toBeLessThan(1e-4);
    expect(result.mapped).toBe(8);
    expect(result.refused).toMatch(
      /line 8: expected "Frames: N" with N a decimal integer, got "Frames: 0x10"/,
    );
  });

  it('require()s from a CommonJS file, on a Node that engines allows', () => {
    const { engines } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
    // require() of an ES module works unflagged from Node 20.19 (and 22.12)
    expect(engines.node).toBe('>=20.19.0');
    const [major, minor] = process.versions.node.split('.').map(Number);
    expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
    const result = JSON.parse(run(process.execPath, ['require.cjs'], project));
    expect(result).toMatchObject({ joints: 22, envelope: 1, frames: 91 });
  });

  it('runs its command: kblend convert writes an npz of the three arrays and the frame rate', () => {
    const input = join(repo, 'tests/fixtures/bvh/vrm_humanoid_m_60fps.bvh');
    const out = join(temp, 'converted');
    run(join(project, 'node_modules/.bin/kblend'), ['convert', input, '--out', out], project);
    const npz = unzipSync(readFileSync(join(out, 'vrm_humanoid_m_60fps.npz')));
    expect(Object.keys(npz).sort()).toEqual([
      'fps.npy',
      'positions.npy',
      'root.npy',
      'rotations.npy',
    ]);
  });

  it('type-checks with TypeScript against its declarations and three.js types', () => {
    const tsc = join(repo, 'node_modules/typescript/bin/tsc');
    let output = '';
    try {
      run(process.execPath, [tsc, '-p', 'tsconfig.json'], project);
    } catch (error) {
      output = `${error.stdout}${error.stderr}`;
    }
    expect(output).toBe('');
  });

  it('builds with Vite (no config, no plugin) and runs in Chromium with no console errors', async () => {
    run(
      process.execPath,
      [join(project, 'node_modules/vite/bin/vite.js'), 'build', 'app', '--logLevel', 'warn'],
      project,
    );
    const dist = join(project, 'app/dist');
    expect(existsSync(join(dist, 'index.html'))).toBe(true);
    const server = await serve(dist);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
      await page.goto(`http://127.0.0.1:${server.address().port}/`);
      await page.waitForFunction(() => window.kblendResult, null, { timeout: 45000 });
      const result = await page.evaluate(() => window.kblendResult);
      expect(result.error).toBeUndefined();
      expect(errors).toEqual([]);
      expect(result.frames).toBe(45);
      expect(result.mapped).toBe(20);
      expect(result.tracks).toBe(20);
      expect(result.written).toBeGreaterThan(45);
      expect(result.armAngle).toBeLessThan(1e-4);
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('kblend/element from the installed package', () => {
  it('a Vite app that imports kblend/element shows a live <kblend-preview>', async () => {
    run(
      process.execPath,
      [
        join(project, 'node_modules/vite/bin/vite.js'),
        'build',
        'element-app',
        '--logLevel',
        'warn',
      ],
      project,
    );
    const server = await serve(join(project, 'element-app/dist'));
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const errors = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
      await page.goto(`http://127.0.0.1:${server.address().port}/`);
      await page.waitForFunction(() => window.kblendElementResult, null, { timeout: 45000 });
      const result = await page.evaluate(() => window.kblendElementResult);
      expect(result).toMatchObject({ gesture: 'wave', attack: 0.2, advanced: true, bar: true });
      expect(result.drawn).toBeGreaterThan(1);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

// A static server for the built app on a free port of 127.0.0.1.
function serve(root) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/favicon.ico') return response.writeHead(204).end(); // the browser asks for it
    const file = join(root, path === '/' ? 'index.html' : path);
    if (!file.startsWith(root) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
