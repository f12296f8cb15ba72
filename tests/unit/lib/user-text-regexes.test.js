// Every regular expression the code applies to user text (share links and
// their cg= blobs, gesture files and names, BVH joint names, bone names,
// character files, element attributes, command-line arguments) costs time
// linear in that text. Each is driven through its real function with the
// worst case for its pattern (runs of digits that never end as a number,
// runs of separators, of '_', of partial keywords) at a length and at ten
// times it: a pattern that backtracks costs about 100× there (the old
// number pattern took 20 s on 100 K digits), a linear one about 10×, and
// the budget is 30×. Inputs are capped where the code caps them first
// (a link's 2000 characters, a blob's 8192).
//
// The inventory below lists every file under web/ that holds a regex, with
// the patterns reviewed and why they are safe; a regex added anywhere (a
// literal, a RegExp constructor, or a string given to match/matchAll/search)
// fails the inventory test until it is looked at and listed.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';
import { parseAst } from 'vite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConvertArgs } from '../../../web/cli/args.js';
import { outputPath } from '../../../web/cli/plan.js';
import { sliderNames } from '../../../web/element/controls-bar.js';
import { nameKey, mapJointNames } from '../../../web/lib/bvh/joint-names.js';
import { mapJoints } from '../../../web/lib/bvh/map-joints.js';
import { parseBvh } from '../../../web/lib/bvh/parse.js';
import { restPositions } from '../../../web/lib/bvh/source-motion.js';
import { deriveHandMarkers } from '../../../web/viewer/characters/character-hands.js';
import { embeddedGltfToGlb } from '../../../web/viewer/characters/embedded-gltf.js';
import { checkGltf } from '../../../web/viewer/characters/gltf-guard.js';
import { shortReason } from '../../../web/viewer/characters/user-character.js';
import { gestureFileName } from '../../../web/link/gesture-file.js';
import { isGestureFile } from '../../../web/viewer/editor/gesture-loader.js';
import { baseName } from '../../../web/viewer/export/exporter.js';
import { jsSnippet } from '../../../web/viewer/export/params-file.js';
import { escapeAttribute } from '../../../web/viewer/share/embed-snippets.js';
import { MAX_BLOB_CHARS, decodeGestureBlob } from '../../../web/link/gesture-blob.js';
import { createLinkSync } from '../../../web/viewer/share/link-sync.js';
import { MAX_HASH_LENGTH, parseShareHash, quoteForNotice } from '../../../web/link/share-link.js';
import { splitCustomGesture } from '../../../web/link/split-custom-gesture.js';
// the viewer's params configured from the library, as the page does at load
import '../viewer/library.js';
import { linkContext, linkDefaults } from '../viewer/link-context.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SIZE = 10_000; // characters; the long input is ten times this
const GROWTH = 10;
const BUDGET = 30; // × the short input's time

// CPU time of this process (ms): unlike the wall clock it does not count
// the time other processes of a busy machine take the core away.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

// Best of `tries` runs of `reps` calls.
function bestMs(fn, reps, tries) {
  let best = Infinity;
  for (let t = 0; t < tries; t++) {
    const start = cpuMs();
    for (let r = 0; r < reps; r++) fn();
    best = Math.min(best, cpuMs() - start);
  }
  return best;
}

// read(craft(n)) at n and GROWTH × n. The short input is repeated until a
// run takes a few milliseconds (so the timer's grain does not count), the
// long one as often; the long runs stop at the first one within budget,
// since only the least disturbed run counts.
function expectLinear(craft, read, n = SIZE) {
  const short = craft(n);
  const long = craft(GROWTH * n);
  for (const input of [short, long]) if (typeof input === 'string') input.charCodeAt(0); // flatten
  read(short); // warm the code paths
  let reps = 1;
  while (reps < 1 << 16 && bestMs(() => read(short), reps, 2) < 2) reps *= 2;
  const shortMs = bestMs(() => read(short), reps, 3);
  let longMs = Infinity;
  for (let t = 0; t < 3 && longMs >= BUDGET * shortMs; t++) {
    longMs = Math.min(
      longMs,
      bestMs(() => read(long), reps, 1),
    );
  }
  const growth = `${reps} × ${n}: ${shortMs.toFixed(2)} ms → ${reps} × ${GROWTH * n}: ${longMs.toFixed(2)} ms`;
  expect(longMs, growth).toBeLessThan(BUDGET * shortMs);
  return growth;
}

// The function refuses or accepts: only the time counts here.
const quietly = (fn) => (input) => {
  try {
    fn(input);
  } catch {
    // refused
  }
};

const digits = (n) => '1'.repeat(n);
const repeatTo = (unit, n) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

describe('the command line', () => {
  const convert = (...flags) => parseConvertArgs(['in.bvh', '--out', 'out', ...flags]);

  it('a number argument that is a run of digits ending in a letter', () => {
    expect(() => convert('--fps', '12x')).toThrow(
      "--fps must be a number from 1 to 1000, got '12x'",
    );
    expect(convert('--fps', ' 2.5e1 ').fps).toBe(25);
    expectLinear(
      (n) => `${digits(n)}x`,
      quietly((text) => convert('--fps', text)),
    );
    expectLinear(
      (n) => `${digits(n / 2)}.${digits(n / 2)}e+`,
      quietly((text) => convert('--epsilon', text)),
    );
  });

  it('a shard argument of digit runs', () => {
    expectLinear(
      (n) => `${digits(n / 2)}/${digits(n / 2)}x`,
      quietly((t) => convert('--shard', t)),
    );
  });

  it("an unknown option's message, cut before parseArgs' advice", () => {
    expect(() => convert('--fsp')).toThrow("Unknown option '--fsp'");
    expectLinear(
      (n) => `--${repeatTo('. To specify a positiona', n)}`,
      quietly((flag) => convert(flag)),
    );
  });

  it("an output path's extension", () => {
    expect(outputPath('out', 'a/take.BVH', 'npz')).toBe(join('out', 'a/take.npz'));
    expectLinear(
      (n) => `${repeatTo('.bvh', n)}x`,
      (path) => outputPath('out', path, 'npz'),
    );
  });
});

describe("the element's attributes", () => {
  it('the controls attribute, split on runs of whitespace', () => {
    expect(sliderNames(' attack \t\n release ').names).toEqual(['attack', 'release']);
    expectLinear((n) => `${repeatTo(' \t\n', n)}x`, sliderNames);
    expectLinear((n) => repeatTo('a ', n), sliderNames);
  });
});

describe('joint and bone names', () => {
  const NAMES = {
    'no namespace mark': (n) => 'a'.repeat(n),
    'mixamorig and digits, then lower case': (n) => `mixamorig${digits(n)}a`,
    'Bip0…01 then spaces': (n) => `Bip${'0'.repeat(n / 2)}1${' '.repeat(n / 2)}x`,
    'a side after a long run of separators': (n) => `a${'_. -'.repeat(n / 4)}x`,
    'pairs of a letter and a separator': (n) => `${repeatTo('a_', n)}!`,
    'sides that never end the name': (n) => `${repeatTo('l_l', n)}!`,
    'capital sides that never end the name': (n) => `${repeatTo('aL', n)}1`,
    'lines of colons': (n) => repeatTo('a:\n', n),
  };
  for (const [label, craft] of Object.entries(NAMES)) {
    it(`nameKey: ${label}`, () => {
      expectLinear(craft, nameKey);
      expectLinear(craft, (name) => mapJointNames([name], [-1]));
    });
  }

  it('names read the same as before', () => {
    expect(nameKey('mixamorig:LeftArm')).toBe('leftarm');
    expect(nameKey('mixamorig12_LeftArm')).toBe('leftarm');
    expect(nameKey('Bip01 L Thigh')).toBe('lthigh');
    expect(nameKey('UpperArm_L')).toBe('leftupperarm');
    expect(nameKey('UpperArmR')).toBe('rightupperarm');
  });

  it('a skeleton mapped by its shape, its names twist and roll look-alikes', () => {
    const parsed = parseBvh(
      readFileSync(new URL('../../fixtures/bvh/vrm_humanoid_m_60fps.bvh', import.meta.url), 'utf8'),
    );
    const parents = parsed.joints.map((j) => j.parent);
    const rest = restPositions(parsed.joints);
    const namesOf = (n) => parents.map((_, j) => repeatTo(j % 2 ? 'twisx' : 'rolx', n / 22));
    const mapped = mapJoints({ names: namesOf(SIZE), parents, rest });
    expect(mapped.unmapped).toEqual([]); // the shape alone maps them
    expectLinear(namesOf, (names) => mapJoints({ names, parents, rest }));
  });

  it("a character's finger bone names (the thumb by name)", () => {
    const handWith = (name) => {
      const hand = new THREE.Bone();
      for (const [i, x] of [0.08, 0.09, 0.07].entries()) {
        const finger = new THREE.Bone();
        finger.name = `${name}${i}`;
        finger.position.set(x, 0, 0.02 * i);
        hand.add(finger);
      }
      return hand;
    };
    expectLinear(
      (n) => handWith(repeatTo('thumx', n)),
      (hand) => deriveHandMarkers(hand, 'left', { height: 1.7 }),
    );
  });
});

describe('character files', () => {
  const gltfBytes = (uris) =>
    new TextEncoder().encode(
      JSON.stringify({
        asset: { version: '2.0' },
        buffers: uris.map((uri) => ({ uri, byteLength: 0 })),
      }),
    ).buffer;
  const headRun = (n) => `data:${repeatTo(';base64', n)}x,`;
  const spacedBody = (n) => `data:application/octet-stream;base64,${repeatTo(' \n', n)}QUJD`;

  it('data: URIs of a .gltf, decoded into a GLB', () => {
    expectLinear((n) => gltfBytes([headRun(n), spacedBody(n)]), quietly(embeddedGltfToGlb));
  });

  it('data: URIs sized by the guard', () => {
    expectLinear(
      (n) => gltfBytes([headRun(n)]),
      quietly((b) => checkGltf(b, 'crafted.gltf')),
    );
  });

  it("a loader's message shortened for a notice", () => {
    expect(shortReason(' a \n\t b ')).toBe('a b');
    expectLinear((n) => `${repeatTo(' \n\t', n)}x`, shortReason);
  });
});

describe('gesture names and files', () => {
  it('the file name of a gesture', () => {
    expect(gestureFileName({ name: 'my wave!' })).toBe('my_wave_.json');
    expectLinear((n) => ({ name: `${repeatTo(' !', n)}a` }), gestureFileName);
  });

  it('a dropped file taken for a gesture file by its name', () => {
    expectLinear((n) => ({ name: `${repeatTo('.json', n)}x`, type: '' }), isGestureFile);
  });

  it("an export's base name, its runs of '_' trimmed", () => {
    expect(baseName('custom: __my wave__')).toBe('kblend-my_wave');
    expect(baseName('bvh: take 1.BVH')).toBe('kblend-take_1');
    expect(baseName('___')).toBe('kblend-gesture');
    expectLinear((n) => `custom: a${'_'.repeat(n)}a`, baseName);
    expectLinear((n) => `bvh: ${repeatTo('a _', n)}.bvh`, baseName);
  });

  it('the JS snippet, its keys unquoted', () => {
    expect(jsSnippet({ gesture: 'clap', attack: 0.1 })).toContain('gesture: "clap"');
    expectLinear((n) => ({ gesture: 'a'.repeat(n) }), jsSnippet);
    expectLinear((n) => ({ gesture: repeatTo('"a', n) }), jsSnippet);
  });
});

describe('share links and snippets', () => {
  afterEach(() => vi.unstubAllGlobals());
  const context = linkContext(linkDefaults(), { clap: 2.4 });
  // The link's cap comes first: the long input is just inside it.
  const LINK = Math.floor((MAX_HASH_LENGTH - 20) / GROWTH);

  it('a link value that is a run of digits ending in a letter', () => {
    const read = (hash) => parseShareHash(hash, context);
    expect(read('v=1&a=0.3').params.attack).toBe(0.3);
    expect(read(`v=1&a=${digits(1900)}x`).notices[0]).toContain('is not a number');
    expectLinear((n) => `#v=1&a=${digits(n)}x`, read, LINK);
    expectLinear((n) => `#v=1&t=${digits(n / 2)}.${digits(n / 2)}e`, read, LINK);
    expectLinear((n) => `#v=1&${repeatTo('&', n)}`, read, LINK);
  });

  it('a value quoted in a notice', () => {
    expectLinear((n) => repeatTo('\u0001\u009f', n), quoteForNotice);
  });

  it("a hash's custom gesture split off", () => {
    expect(splitCustomGesture('#g=clap&cg=1.x')).toEqual({ rest: 'g=clap', blobs: ['1.x'] });
    expectLinear((n) => repeatTo('#', n), splitCustomGesture);
    expectLinear((n) => `#${repeatTo('&cg', n)}`, splitCustomGesture);
  });

  it('a cg= blob that is not base64url, and one that is', () => {
    const n = Math.floor((MAX_BLOB_CHARS - 4) / GROWTH);
    const decode = quietly((blob) => decodeGestureBlob(blob, JSON.parse));
    expectLinear((k) => `1.${'A'.repeat(k)}!`, decode, n);
    expectLinear((k) => `1.${repeatTo('-_', k - (k % 4))}`, decode, n);
  });

  it('the hash the page keeps in step', () => {
    const location = { hash: '', href: '' };
    vi.stubGlobal('location', location);
    expectLinear(
      (n) => `#${repeatTo('#a', n)}`,
      (hash) => {
        location.hash = hash;
        const sync = createLinkSync();
        sync.adopt(hash);
        return sync.isForeign(hash);
      },
    );
  });

  it('attribute values of the element snippet', () => {
    expect(escapeAttribute('a"<&>')).toBe('a&quot;&lt;&amp;&gt;');
    expectLinear((n) => repeatTo('&"<>', n), escapeAttribute);
  });
});

// Files under web/ with regexes: each pattern as written, and why it is
// safe. USER: applied to user text and timed above (or bounded where said);
// OWN: applied to the code's own strings only.
const REVIEWED = {
  'web/cli/args.js': {
    why: 'USER argv: one way to match each digit; the message cut is a literal then .* (timed)',
    patterns: [
      /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i,
      /^(\d+)\/(\d+)$/,
      /\. To specify a positional.*$/s,
    ],
  },
  'web/cli/plan.js': {
    why: 'USER paths: a literal suffix, constant work per position (timed)',
    patterns: [/\.bvh$/i],
  },
  'web/cli/walk.js': {
    why: 'USER directory entries, at most 255 bytes (NAME_MAX); the same literal suffix as plan.js',
    patterns: [/\.bvh$/i],
  },
  'web/element/controls-bar.js': {
    why: 'USER controls attribute: split on one greedy class (timed)',
    patterns: [/\s+/],
  },
  'web/element/kblend-preview.js': {
    why: 'USER link attribute: no quantifier, constant work per position; runs inside the custom element (browser only)',
    patterns: [/(^|[#&])cg=/],
  },
  'web/lib/bvh/joint-names.js': {
    why: 'USER joint/bone names: start-anchored, one backtracking run each; /shoulder$/ reads our joint names (timed)',
    patterns: [
      /^.*[:|]/,
      /^mixamorig\d*_?(?=[A-Z])/,
      /^bip0*1(?=\s|_|$)\s*_?/i,
      /^[mf]_avg_/i,
      /^l_/,
      /^r_/,
      /^(.*[A-Za-z0-9])[\s._-]+(l|r|left|right)$/i,
      /^(.*[a-z])(L|R|Left|Right)$/,
      /[^a-z0-9]/g,
      /shoulder$/,
    ],
  },
  'web/lib/bvh/topology.js': {
    why: 'USER joint names: literal alternation (timed); /^(left|right)_/ reads our joint names',
    patterns: [/twist|roll/i, /^(left|right)_/],
  },
  'web/lib/ik-layout.js': {
    why: "OWN: the core's option names (camelCase to KB_IK_OPTION_…)",
    patterns: [/[A-Z]/g],
  },
  'web/viewer/characters/character-hands.js': {
    why: 'USER bone names: a literal (timed)',
    patterns: [/thumb/i],
  },
  'web/viewer/characters/embedded-gltf.js': {
    why: 'USER data: URIs: a literal suffix, one class (timed)',
    patterns: [/;base64$/i, /\s/g],
  },
  'web/viewer/characters/gltf-guard.js': {
    why: 'USER data: URIs: a literal suffix (timed)',
    patterns: [/;base64$/i],
  },
  'web/viewer/characters/user-character.js': {
    why: "USER a loader's message (may hold a file's text): one greedy class (timed)",
    patterns: [/\s+/g],
  },
  'web/link/gesture-file.js': {
    why: 'USER gesture names: one greedy class (timed)',
    patterns: [/[^A-Za-z0-9_.-]+/g],
  },
  'web/viewer/editor/gesture-loader.js': {
    why: 'USER file names: a literal suffix (timed)',
    patterns: [/\.json$/i],
  },
  'web/viewer/export/exporter.js': {
    why: "USER gesture labels: the trailing '_' run tried from its start only (timed)",
    patterns: [/^(custom|bvh): /, /\.bvh$/i, /[^A-Za-z0-9_-]+/g, /^_+|(?<!_)_+$/g],
  },
  'web/viewer/export/params-file.js': {
    why: 'USER names inside JSON text: a quote, one class run, a literal (timed); /[.eE]/ reads String(number)',
    patterns: [/"([A-Za-z_][A-Za-z0-9_]*)":/g, /[.eE]/],
  },
  'web/viewer/share/embed-snippets.js': {
    why: 'USER attribute values: single characters (timed)',
    patterns: [/&/g, /"/g, /</g, />/g],
  },
  'web/link/gesture-blob.js': {
    why: "USER blob text: one class, single characters (timed); the '=' padding is of btoa's own output",
    patterns: [/^[A-Za-z0-9_-]*$/, /\+/g, /\//g, /(?<!=)=+$/, /-/g, /_/g],
  },
  'web/viewer/share/link-sync.js': {
    why: 'USER location.hash: one anchored character (timed)',
    patterns: [/^#/, /^#/, /^#/, /^#/],
  },
  'web/link/share-link.js': {
    why: 'USER link values: one way to match each digit; control characters one by one (timed)',
    patterns: [
      /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i,
      /[\u0000-\u001f\u007f-\u009f]/g,
      /^#/,
    ],
  },
  'web/link/split-custom-gesture.js': {
    why: 'USER hash: one anchored character (timed)',
    patterns: [/^#/],
  },
  'web/viewer/stage/scene.js': {
    why: "OWN: the WebGL renderer's name",
    patterns: [/swiftshader|llvmpipe|softpipe|software/i],
  },
};

// The JavaScript files under web/ (the generated WebAssembly loader in
// web/lib/wasm/ is the compiler's, not ours, and is not committed).
function webFiles(dir = join(ROOT, 'web')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path.endsWith(join('web', 'lib', 'wasm')) ? [] : webFiles(path);
    return entry.name.endsWith('.js') ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

const IMPLICIT = new Set(['match', 'matchAll', 'search']); // a string argument becomes a RegExp

// Every regex of a file's syntax tree, as text: literals as written,
// RegExp constructors and strings given to match/matchAll/search by their source.
function regexesOf(source) {
  const found = [];
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    if (node.type === 'Literal' && node.regex)
      found.push(`/${node.regex.pattern}/${node.regex.flags}`);
    const callee = node.callee;
    if ((node.type === 'NewExpression' || node.type === 'CallExpression') && callee) {
      const first = node.arguments[0];
      if (callee.type === 'Identifier' && callee.name === 'RegExp') {
        found.push(`RegExp(${source.slice(node.start, node.end)})`);
      } else if (IMPLICIT.has(callee.property?.name) && first && !first.regex) {
        found.push(`${callee.property.name}(${source.slice(first.start, first.end)})`);
      }
    }
    for (const key of Object.keys(node)) if (key !== 'start' && key !== 'end') visit(node[key]);
  };
  visit(parseAst(source));
  return found.sort();
}

describe('the inventory of regexes under web/', () => {
  const files = webFiles();
  const found = Object.fromEntries(
    files
      .map((file) => [file, regexesOf(readFileSync(join(ROOT, file), 'utf8'))])
      .filter(([, list]) => list.length > 0),
  );

  it('sees the files it reviews', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(regexesOf('a.match(x); new RegExp(y); /a+/.test(b)')).toEqual([
      '/a+/',
      'RegExp(new RegExp(y))',
      'match(x)',
    ]);
  });

  it('every regex is reviewed, and every reviewed one is still there', () => {
    const listed = Object.fromEntries(
      Object.entries(REVIEWED).map(([file, { patterns }]) => [file, patterns.map(String).sort()]),
    );
    for (const [file, list] of Object.entries(found)) {
      expect(list, `${file}: review these regexes and list them in REVIEWED`).toEqual(
        listed[file] ?? [],
      );
    }
    for (const file of Object.keys(listed)) {
      expect(found[file] ?? [], `${file}: REVIEWED lists regexes the file no longer has`).toEqual(
        listed[file],
      );
    }
    for (const { why } of Object.values(REVIEWED)) expect(why).toMatch(/^(USER|OWN)\b/);
  });
});
