// The parameters file and its snippets: the C initializer compiles against
// c_src/kblend.h and gives the core the very floats the JS preview uses;
// the JS snippet builds a preview with the same poses; the file's preview
// settings read back into kb.createPreview.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cSnippet,
  jsSnippet,
  paramsFile,
  previewSettings,
} from '../../../web/viewer/export/params-file.js';
import { kb } from '../support.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'kblend-snippet-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CASES = [
  {
    gesture: 'wave',
    attack: 0.2,
    release: 0.2,
    shape: 'smoothstep',
    epsilon: 0.001,
    lambda: 18,
    follower: 'exp',
    duration: 3,
    jitter: 0.01,
    seed: 5,
    apose: 1.18,
    fps: 30,
  },
  {
    gesture: 'clap',
    attack: 0.1234,
    release: 0.0001,
    shape: 'kli',
    epsilon: 1.23e-5,
    lambda: 0.5,
    follower: 'kli',
    duration: 2.345,
    jitter: 0,
    seed: 99999,
    apose: 0,
    fps: 30,
  },
];

// Compile a program that fills kb_preview_params from each snippet, checks
// it with the core and prints every field.
function runCSnippets(snippets) {
  const blocks = snippets.map((code, i) => `  {\n${code}\n    print_params(${i}, &params);\n  }`);
  const program = `#include <stdio.h>
#include "kblend.h"
static void print_params(int i, const kb_preview_params *p) {
  printf("%d %d %.9g %.9g %.9g %.9g %.9g %u %.9g %d %d %.9g %.9g %.9g %d\\n", i,
         (int)kb_preview_check_params(p), p->attack, p->release, p->duration, p->fps,
         p->jitter, p->seed, p->apose, p->shape, p->order, p->filter.epsilon,
         p->filter.lambda, p->filter.dt_max, p->filter.follower);
}
int main(void) {
${blocks.join('\n')}
  return 0;
}
`;
  writeFileSync(join(work, 'snippet.c'), program);
  const sources = readdirSync(join(root, 'c_src'))
    .filter((f) => f.endsWith('.c'))
    .map((f) => join(root, 'c_src', f));
  const exe = join(work, 'snippet');
  execFileSync('gcc', [
    '-std=c11',
    '-Wall',
    '-Wextra',
    '-O0',
    `-I${join(root, 'c_src')}`,
    join(work, 'snippet.c'),
    ...sources,
    '-lm',
    '-o',
    exe,
  ]);
  return execFileSync(exe, { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.split(' ').map(Number));
}

const f32 = (v) => Number(Math.fround(v).toPrecision(9));

describe('parameters file and snippets', () => {
  it('the C initializer compiles and gives the core the floats of the JS values', () => {
    const rows = runCSnippets(CASES.map((c) => cSnippet(c, kb.defaults)));
    rows.forEach((row, i) => {
      const c = CASES[i];
      const [
        index,
        status,
        attack,
        release,
        duration,
        fps,
        jitter,
        seed,
        apose,
        shape,
        order,
        epsilon,
        lambda,
        dtMax,
        follower,
      ] = row;
      expect(index).toBe(i);
      expect(status).toBe(0); // KB_OK
      expect([attack, release, duration, fps, jitter, apose, epsilon, lambda]).toEqual(
        [c.attack, c.release, c.duration, c.fps, c.jitter, c.apose, c.epsilon, c.lambda].map(f32),
      );
      expect(seed).toBe(c.seed);
      expect(shape).toBe(c.shape === 'kli' ? 1 : 0);
      expect(follower).toBe(c.follower === 'kli' ? 1 : 0);
      expect(order).toBe(0);
      expect(dtMax).toBe(f32(kb.defaults.dtMax));
    });
  }, 120000);

  it('the JS snippet and the file reproduce the preview bit for bit', () => {
    for (const c of CASES) {
      const direct = kb.createPreview(c);
      const snippet = new Function('kb', `${jsSnippet(c)}\nreturn preview;`)(kb);
      const file = JSON.parse(JSON.stringify(paramsFile(c)));
      const fromFile = kb.createPreview(file.preview);
      for (const t of [0, 0.4, 1.1, c.duration]) {
        const expected = Array.from(direct.evaluate(t));
        expect(Array.from(snippet.evaluate(t))).toEqual(expected);
        expect(Array.from(fromFile.evaluate(t))).toEqual(expected);
      }
      [direct, snippet, fromFile].forEach((p) => p.dispose());
    }
  });

  it('a custom gesture travels in the file as a gesture file', () => {
    const gesture = kb.parseGesture(
      { name: 'nod', duration: 1.5, keyframes: [{ time: 0, rotations: { head: [20, 0, 0] } }] },
      'custom',
    );
    const settings = previewSettings({ ...CASES[0], gesture });
    expect(settings.gesture).toEqual({
      name: 'nod',
      duration: 1.5,
      timeUnit: 'seconds',
      keyframes: [{ time: 0, rotations: { head: [20, 0, 0] } }],
    });
    const a = kb.createPreview({ ...CASES[0], gesture });
    const b = kb.createPreview(JSON.parse(JSON.stringify(settings)));
    expect(Array.from(b.evaluate(0.7))).toEqual(Array.from(a.evaluate(0.7)));
    expect(cSnippet({ ...CASES[0], gesture }, kb.defaults)).toContain('custom gesture');
  });
});
