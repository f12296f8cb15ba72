// The layer rule: the viewer reaches the library only through its package
// entries ('kblend', 'kblend/three'), the library imports neither three.js
// nor the layers above it, the three.js adapter reaches the library only
// through 'kblend' and never the viewer, the element (web/element/) and the
// share link's reader (web/link/) not the viewer, and the command-line
// tools (web/cli/) use the library's public entry only. Every import and
// export-from of every .js and .d.ts under web/ is read.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = fileURLToPath(new URL('../../web/', import.meta.url));

// `import x from '…'`, `import { a, b as c } from '…'`, `import '…'`,
// `export * from '…'`, `export { a } from '…'`: a statement at the start of
// a line, specifiers made of names, braces, commas and stars only.
const STATIC = /^\s*(?:import|export)\s+(?:[\w$\s{},*]+?\s+from\s*)?(['"])([^'"\n]+)\1/gm;
const DYNAMIC = /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;
// every `from '…'` ending a line (import attributes allowed), to check
// that STATIC missed none
const FROM_AT_LINE_END = /\bfrom\s*(['"])[^'"\n]+\1(?:\s+with\s*\{[^}\n]*\})?;?\s*$/gm;

function specifiers(source) {
  return [...source.matchAll(STATIC), ...source.matchAll(DYNAMIC)].map((m) => m[2]);
}

// Shared by the viewer and the element: kblend's own figures (web/figures/:
// the skinned character, its bones, the hand shapes) import three.js and
// 'kblend' only, never the viewer, the element or a library file by path;
// the share link's reader (web/link/), used by the viewer and the element,
// imports only its own files and 'kblend'.

const layerOf = (path) => relative(WEB, path).split(sep)[0];

// Why `spec`, imported by a file of layer `from` (resolving to layer `to`
// when relative), breaks the rule, or null when it does not.
function violation(from, spec, to) {
  const relativeImport = spec.startsWith('.');
  const bare = relativeImport ? null : spec;
  const entries = ['kblend/three', 'kblend/element'];
  const kblendSubpath = bare?.startsWith('kblend/') && !entries.includes(bare);
  if (kblendSubpath)
    return `'${spec}' is not a package entry ('kblend', 'kblend/three', 'kblend/element')`;
  switch (from) {
    case 'viewer':
      if (relativeImport && !['viewer', 'figures', 'link'].includes(to))
        return `reaches into web/${to}/; import 'kblend' or 'kblend/three'`;
      return null;
    case 'link':
      if (relativeImport && to !== 'link')
        return `the share link's reader imports web/${to}/ (${spec})`;
      return null;
    case 'figures':
      if (relativeImport && to !== 'figures')
        return `kblend's figures import web/${to}/; they use 'three' and 'kblend' only`;
      if (bare && bare !== 'kblend' && bare !== 'three' && !bare.startsWith('three/'))
        return `kblend's figures import '${spec}'; they use 'three' and 'kblend' only`;
      return null;
    case 'lib':
      if (relativeImport && (to === 'three' || to === 'viewer' || to === 'cli'))
        return `the library imports web/${to}/, a layer above it`;
      if (bare === 'three' || bare?.startsWith('three/') || bare === 'kblend/three')
        return `the library imports three.js ('${spec}')`;
      return null;
    case 'three':
      if (relativeImport && to === 'lib')
        return `reaches into web/lib/; import the library's entry 'kblend'`;
      if (relativeImport && (to === 'viewer' || to === 'cli' || to === 'element'))
        return `the three.js adapter imports web/${to}/`;
      return null;
    case 'element':
      if (relativeImport && (to === 'viewer' || to === 'cli'))
        return `the element imports web/${to}/`;
      return null;
    case 'cli':
      if (relativeImport && to !== 'cli')
        return `reaches into web/${to}/; import the library's entry 'kblend'`;
      if (bare === 'kblend/three') return "the command-line tools use 'kblend' only";
      return null;
    default:
      return null;
  }
}

function jsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return /\.(js|d\.ts)$/.test(entry.name) ? [path] : [];
  });
}

describe('the layer rule', () => {
  const files = jsFiles(WEB);

  it('every import and export-from under web/ is read', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      const read = [...source.matchAll(STATIC)].filter((m) => /\bfrom\s*['"]/.test(m[0])).length;
      expect(read, relative(WEB, file)).toBe([...source.matchAll(FROM_AT_LINE_END)].length);
    }
  });

  it('no file imports across layers except through the package entries', () => {
    const broken = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        const to = spec.startsWith('.') ? layerOf(join(dirname(file), spec)) : null;
        const why = violation(from, spec, to);
        if (why) broken.push(`web/${relative(WEB, file)}: '${spec}': ${why}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the reader finds every form of import and export-from', () => {
    const source = [
      "import three from 'three';",
      "import { a, b as c } from './a.js';",
      'import {',
      '  d,',
      '  e,',
      "} from '../lib/b.js';",
      "import * as ns from '../three/c.js';",
      "import clap from '../gestures/clap.json' with { type: 'json' };",
      "import './style.css';",
      "export { f } from './f.js';",
      "export * from '../viewer/g.js';",
      "export * as h from 'kblend/three';",
      "const lazy = await import('mediabunny');",
      'export const text = \'import x from "nowhere"\';',
      "// import y from 'commented';",
    ].join('\n');
    expect(specifiers(source).sort()).toEqual(
      [
        'three',
        './a.js',
        '../lib/b.js',
        '../three/c.js',
        '../gestures/clap.json',
        './style.css',
        './f.js',
        '../viewer/g.js',
        'kblend/three',
        'mediabunny',
      ].sort(),
    );
  });

  it('refuses each crossing the rule forbids, and allows the entries', () => {
    expect(violation('viewer', '../../lib/core.js', 'lib')).toMatch(/web\/lib\//);
    expect(violation('viewer', '../../three/index.js', 'three')).toMatch(/kblend\/three/);
    expect(violation('viewer', 'kblend/web/lib/core.js', null)).toMatch(/package entry/);
    expect(violation('viewer', 'kblend', null)).toBeNull();
    expect(violation('viewer', 'kblend/three', null)).toBeNull();
    expect(violation('viewer', './ui/panel.js', 'viewer')).toBeNull();
    expect(violation('viewer', 'kblend/element', null)).toBeNull();
    expect(violation('viewer', '../../figures/skinned-character.js', 'figures')).toBeNull();
    expect(violation('figures', 'three', null)).toBeNull();
    expect(violation('figures', 'kblend', null)).toBeNull();
    expect(violation('figures', './loft.js', 'figures')).toBeNull();
    expect(violation('figures', '../viewer/stage/rig.js', 'viewer')).toMatch(/web\/viewer/);
    expect(violation('figures', '../element/figures.js', 'element')).toMatch(/web\/element/);
    expect(violation('figures', '../lib/core.js', 'lib')).toMatch(/web\/lib/);
    expect(violation('figures', 'lil-gui', null)).toMatch(/'three' and 'kblend' only/);
    expect(violation('element', '../viewer/stage/rig.js', 'viewer')).toMatch(/web\/viewer/);
    expect(violation('element', '../figures/hand-shapes.js', 'figures')).toBeNull();
    expect(violation('element', '../link/index.js', 'link')).toBeNull();
    expect(violation('viewer', '../../link/share-link.js', 'link')).toBeNull();
    expect(violation('link', './gesture-file.js', 'link')).toBeNull();
    expect(violation('link', './params.js', 'link')).toBeNull();
    expect(violation('link', 'kblend', null)).toBeNull();
    expect(violation('link', '../viewer/state/params.js', 'viewer')).toMatch(/web\/viewer/);
    expect(violation('link', '../viewer/share/link-sync.js', 'viewer')).toMatch(/web\/viewer/);
    expect(violation('link', '../element/figures.js', 'element')).toMatch(/web\/element/);
    expect(violation('lib', '../three/index.js', 'three')).toMatch(/layer above/);
    expect(violation('lib', '../viewer/main.js', 'viewer')).toMatch(/layer above/);
    expect(violation('lib', 'three', null)).toMatch(/three\.js/);
    expect(violation('lib', 'three/addons/x.js', null)).toMatch(/three\.js/);
    expect(violation('lib', '../gestures/clap.json', 'gestures')).toBeNull();
    expect(violation('three', '../viewer/main.js', 'viewer')).toMatch(/web\/viewer/);
    expect(violation('three', '../lib/skeleton-names.js', 'lib')).toMatch(/'kblend'/);
    expect(violation('three', '../lib/kblend.js', 'lib')).toMatch(/'kblend'/);
    expect(violation('three', './rig-plan.js', 'three')).toBeNull();
    expect(violation('three', 'kblend', null)).toBeNull();
    expect(violation('three', 'three', null)).toBeNull();
    expect(violation('element', '../viewer/state/app-state.js', 'viewer')).toMatch(/web\/viewer/);
    expect(violation('cli', '../lib/core.js', 'lib')).toMatch(/'kblend'/);
    expect(violation('cli', '../three/index.js', 'three')).toMatch(/'kblend'/);
    expect(violation('cli', 'kblend/three', null)).toMatch(/'kblend' only/);
    expect(violation('cli', 'kblend', null)).toBeNull();
    expect(violation('cli', './args.js', 'cli')).toBeNull();
  });
});
