// The panel's table: every control has its label, help and range from the
// parameters' limits; every default is reachable exactly from its slider.
import { describe, expect, it } from 'vitest';
import { kb } from './library.js';
import {
  FOLDERS,
  PANEL_TABLE,
  formatValue,
  fromSlider,
  rowRange,
  sliderRange,
  toSlider,
} from '../../../web/viewer/panel/panel-table.js';
import { NUMERIC_PARAMS, TUNING_DEFAULTS, canonicalValue } from '../../../web/link/params.js';

const sliders = PANEL_TABLE.filter((row) => ['number', 'log', 'degrees'].includes(row.kind));
// lil-gui snaps a slider to multiples of its step
const snap = (position, step) => Math.round(position / step) * step;

describe('PANEL_TABLE', () => {
  it('gives every control a label, a one-line help and a known folder', () => {
    const folders = new Set(FOLDERS.map((f) => f.key));
    const names = new Set();
    for (const row of PANEL_TABLE) {
      expect(row.label, row.name).toBeTruthy();
      expect(row.help.length, row.name).toBeGreaterThan(10);
      expect(row.help, row.name).not.toMatch(/\n/);
      if (row.folder !== null) expect(folders.has(row.folder), row.name).toBe(true);
      expect(names.has(row.name), row.name).toBe(false);
      names.add(row.name);
    }
  });

  it('keeps the onion skin folded inside the view folder, apart from the reference', () => {
    const folderOf = (name) =>
      FOLDERS.find((f) => f.key === PANEL_TABLE.find((r) => r.name === name).folder);
    for (const name of ['onionCount', 'onionSpacing']) {
      expect(folderOf(name), name).toMatchObject({
        title: 'onion skin',
        parent: 'view',
        open: false,
      });
    }
    expect(folderOf('reference')).toMatchObject({ title: 'reference & A/B', parent: 'clip' });
  });

  it('takes every numeric range from the parameters’ limits', () => {
    expect(sliders.map((row) => row.name).sort()).toEqual(Object.keys(NUMERIC_PARAMS).sort());
    for (const row of sliders) {
      const { min, max } = rowRange(row);
      expect(min, row.name).toBe(NUMERIC_PARAMS[row.name].min);
      expect(max, row.name).toBe(NUMERIC_PARAMS[row.name].max);
      // within the library's limits
      expect(min, row.name).toBeGreaterThanOrEqual(kb.limits[row.name].min);
      expect(max, row.name).toBeLessThanOrEqual(kb.limits[row.name].max);
    }
  });

  it('reaches every default exactly from the nearest slider step (5e-4, 1.18 …)', () => {
    // the duration's default is the gesture's own: a gesture of 2.4 s
    const defaults = { ...TUNING_DEFAULTS, duration: 2.4 };
    for (const row of sliders) {
      const d = defaults[row.name];
      const position = snap(toSlider(row, d), row.step);
      expect(fromSlider(row, position, d), row.name).toBe(d);
    }
    const epsilon = PANEL_TABLE.find((row) => row.name === 'epsilon');
    expect(fromSlider(epsilon, -3.3, 0.0005)).toBe(0.0005);
    expect(canonicalValue('epsilon', fromSlider(epsilon, -3.3))).toBe(0.000501); // without the snap
    const apose = PANEL_TABLE.find((row) => row.name === 'apose');
    expect(fromSlider(apose, 67.6, 1.18)).toBe(1.18);
    expect(fromSlider(apose, 70, 1.18)).toBeCloseTo((70 * Math.PI) / 180, 12);
  });

  it('every slider end gives a value within the limits after canonical rounding', () => {
    for (const row of sliders) {
      const { min, max } = sliderRange(row);
      for (const position of [min, max]) {
        const value = canonicalValue(row.name, fromSlider(row, position));
        expect(value, row.name).toBeGreaterThanOrEqual(rowRange(row).min);
        expect(value, row.name).toBeLessThanOrEqual(rowRange(row).max);
      }
    }
  });

  it('shows epsilon in rad, not its exponent', () => {
    const epsilon = PANEL_TABLE.find((row) => row.name === 'epsilon');
    expect(formatValue(epsilon, 0.0005)).toBe('0.0005');
    expect(formatValue(epsilon, 10 ** -3.3)).toBe('0.000501');
  });
});
