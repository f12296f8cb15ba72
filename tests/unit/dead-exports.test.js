// Every export of a module under web/ is imported somewhere (web/ or
// tests/), except the public entries' (the package's exports and the
// command line), which are for users. An export nobody imports is module
// scope made to look like an interface: a reader must search the tree to
// learn that nothing depends on it. Imports are read by parsing; a
// namespace import, export *, a dynamic import, a worker's URL or a
// '/web/…' path in a page script counts as using every export.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GENERATED = join(ROOT, 'web', 'lib', 'wasm');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
// 'kblend', 'kblend/three', … → the file each names
const ENTRIES = Object.fromEntries(
  Object.entries(PACKAGE.exports).map(([key, target]) => [
    key === '.' ? PACKAGE.name : `${PACKAGE.name}/${key.slice(2)}`,
    relative(ROOT, join(ROOT, target.default ?? target)),
  ]),
);
const isPublic = (file) => Object.values(ENTRIES).includes(file) || file.startsWith('web/cli/');
function jsFiles(dir) {
  if (dir === GENERATED) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return /\.m?js$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

function target(from, spec) {
  if (ENTRIES[spec]) return ENTRIES[spec];
  if (!spec.startsWith('.')) return null;
  const path = resolve(dirname(join(ROOT, from)), spec);
  return relative(ROOT, existsSync(path) || !existsSync(`${path}.js`) ? path : `${path}.js`);
}

const nameOf = (node) => node.name ?? node.value;

// One module's exports and what it takes from others: { exports, uses },
// uses a list of [file, name] ('*': every export).
function readModule(file) {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const exports = [];
  const uses = [];
  for (const node of parseAst(source).body) {
    const from = node.source ? target(file, node.source.value) : null;
    if (node.type === 'ImportDeclaration' && from) {
      for (const s of node.specifiers) {
        if (s.type === 'ImportNamespaceSpecifier') uses.push([from, '*']);
        else if (s.type === 'ImportDefaultSpecifier') uses.push([from, 'default']);
        else uses.push([from, nameOf(s.imported)]);
      }
    } else if (node.type === 'ExportAllDeclaration') {
      if (from) uses.push([from, '*']);
    } else if (node.type === 'ExportDefaultDeclaration') exports.push('default');
    else if (node.type === 'ExportNamedDeclaration') {
      const d = node.declaration;
      if (d?.declarations) exports.push(...d.declarations.map((v) => v.id.name));
      else if (d) exports.push(d.id.name);
      for (const s of node.specifiers) {
        exports.push(nameOf(s.exported));
        if (from) uses.push([from, nameOf(s.local)]);
      }
    }
  }
  const everything =
    /import\(\s*['"]([^'"]+)['"]\s*\)|new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g;
  for (const m of source.matchAll(everything)) {
    const to = target(file, m[1] ?? m[2]);
    if (to) uses.push([to, '*']);
  }
  for (const m of source.matchAll(/['"`]\/(web\/[\w/.-]+\.js)['"`]/g)) uses.push([m[1], '*']);
  return { exports, uses };
}

// `file name` of every export of files nobody imports it from (a public
// entry's and a file imported whole excepted).
function deadExports(files, modules, used) {
  return files
    .filter((file) => !isPublic(file) && !used.has(`${file} *`))
    .flatMap((file) => modules.get(file).exports.map((name) => `${file} ${name}`))
    .filter((key) => !used.has(key));
}

describe('dead exports', () => {
  const web = jsFiles(join(ROOT, 'web'));
  const modules = new Map(
    [...web, ...jsFiles(join(ROOT, 'tests'))].map((file) => [file, readModule(file)]),
  );
  const used = new Set();
  for (const { uses } of modules.values())
    for (const [file, name] of uses) used.add(`${file} ${name}`);
  const dead = deadExports(web, modules, used);

  it('the scan sees the imports it should', () => {
    expect(web.length).toBeGreaterThan(100);
    expect(used.has('web/lib/skeleton-names.js JOINT_NAMES')).toBe(true); // named import
    expect(used.has('web/three/index.js createRigBinding')).toBe(true); // by package name
    expect(used.has('web/lib/quaternion-math.js multiplyQuatAt')).toBe(true); // export-from
    expect(modules.get('web/link/params.js').exports).toContain('canonicalParams');
  });

  it('finds an export nobody imports, and spares a public entry', () => {
    const fake = new Map([
      ['web/a.js', { exports: ['used', 'unused'], uses: [] }],
      ['web/b.js', { exports: [], uses: [['web/a.js', 'used']] }],
      ['web/lib/kblend.js', { exports: ['forUsers'], uses: [] }],
    ]);
    const uses = new Set(['web/a.js used']);
    expect(deadExports([...fake.keys()], fake, uses)).toEqual(['web/a.js unused']);
  });

  it('every export under web/ is imported, but the public entries', () => {
    expect(dead).toEqual([]);
  });
});
