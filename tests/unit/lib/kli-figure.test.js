// README's KLI figure is generated from the library: it must match what
// the library draws now (regenerate with `node tests/figures/kli-figure.js`).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FIGURE_PATH, kliFigureSvg } from '../../figures/kli-figure.js';
import { kb } from '../support.js';

it('docs/kli-hopf.svg is the current drawing of the paper example', () => {
  const svg = kliFigureSvg(kb);
  expect(svg).toContain('t = 11.66 (1166 steps)');
  expect(svg).toContain('h(r)');
  expect(readFileSync(FIGURE_PATH, 'utf8')).toBe(svg);
});
