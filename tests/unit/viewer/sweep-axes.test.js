// The sweep grid's model: each sweep's axes span their parameter's range in
// canonical values (what a click puts into the panel and the link), every
// cell carries the base params with the swept values in, and a sweep or
// size outside the lists is refused by name.
import { describe, expect, it } from 'vitest';
import { previewTuning } from '../../../web/viewer/clips/clip-sources.js';
import { kb } from './library.js';
import {
  SWEEP_NAMES,
  SWEEP_SIZES,
  panelCell,
  sweepAxes,
  sweepCells,
} from '../../../web/viewer/sweep/sweep-axes.js';
import { CHOICE_PARAMS } from '../../../web/link/choice-params.js';
import { TUNING_DEFAULTS, canonicalValue } from '../../../web/link/params.js';

describe('sweep axes', () => {
  it('every sweep and size gives canonical, distinct values and a cell per pair', () => {
    const base = { ...TUNING_DEFAULTS, gesture: 'wave', duration: 2.4 };
    for (const name of SWEEP_NAMES.slice(1))
      for (const size of SWEEP_SIZES) {
        const grid = sweepCells(name, size, base);
        for (const axis of [grid.x, grid.y].filter(Boolean)) {
          expect(new Set(axis.values).size, `${name} ${size}`).toBe(axis.values.length);
          for (const v of axis.values) expect(canonicalValue(axis.param, v)).toBe(v);
          expect(axis.labels).toHaveLength(axis.values.length);
        }
        expect(grid.cells).toHaveLength(grid.rows * grid.cols);
        expect(grid.cols).toBeLessThanOrEqual(10);
        expect(grid.rows).toBeLessThanOrEqual(10);
        for (const cell of grid.cells) {
          expect(cell.params).toMatchObject(cell.values);
          expect(cell.params.gesture).toBe('wave');
          // every cell is a preview the library accepts
          kb.createPreview(previewTuning(cell.params)).dispose();
        }
      }
  });

  it('attack × release at 5 a side reads as the panel writes it', () => {
    const { x, y } = sweepAxes('attack-release', '5');
    expect(x.values).toEqual([0.05, 0.15, 0.25, 0.35, 0.45]);
    expect(y.labels).toEqual(['0.05', '0.15', '0.25', '0.35', '0.45']);
    expect(sweepAxes('apose', '3').y).toBeNull();
    const kli = sweepAxes('kli', '10'); // two values each, whatever the size
    expect([kli.x.param, kli.x.values, kli.y.param, kli.y.values]).toEqual([
      'shape',
      ['smoothstep', 'kli'],
      'follower',
      ['exp', 'kli'],
    ]);
  });

  it('the link keys sw= and sws= take exactly these lists', () => {
    expect(CHOICE_PARAMS.sweep).toEqual({ key: 'sw', values: SWEEP_NAMES });
    expect(CHOICE_PARAMS.sweepSize).toEqual({ key: 'sws', values: SWEEP_SIZES });
  });

  it('refuses an unknown sweep or size by name', () => {
    expect(() => sweepAxes('speed', '5')).toThrow(
      /sweep must be one of attack-release.*got 'speed'/,
    );
    expect(() => sweepAxes('off', '5')).toThrow(RangeError);
    expect(() => sweepAxes('jitter', '7')).toThrow(/sweep size must be one of 3, 5, 10, got '7'/);
  });
});

describe('the cell matching the panel', () => {
  const base = { ...TUNING_DEFAULTS, gesture: 'wave', duration: 2.4 };
  const grid = (name, size, params = base) => sweepCells(name, size, params);

  it('is the cell with the panel’s values, exact, for every cell of every sweep', () => {
    for (const name of SWEEP_NAMES.slice(1)) {
      const layout = grid(name, '5');
      layout.cells.forEach((cell, index) => {
        const found = panelCell(layout, cell.params);
        expect(found, `${name} ${index}`).toEqual({
          index,
          col: cell.col,
          row: cell.row,
          exact: true,
        });
      });
    }
  });

  it('between the values: the nearest on each axis, linear or log as it spans, not exact', () => {
    const ar = grid('attack-release', '5');
    expect(panelCell(ar, { ...base, attack: 0.12, release: 0.41 })).toEqual({
      index: 4 * 5 + 1,
      col: 1,
      row: 4,
      exact: false,
    });
    // past the span: the end cell
    expect(panelCell(ar, { ...base, attack: 0.9, release: 0 })).toMatchObject({ col: 4, row: 0 });
    // epsilon is spanned in log10: 6e-4 is nearer 1.73e-3 than 1e-4 in
    // log (on a linear scale it would be nearer 1e-4)
    const el = grid('epsilon-lambda', '3');
    expect(el.x.values).toEqual([1e-4, 0.00173, 0.03]);
    expect(panelCell(el, { ...base, epsilon: 6e-4, lambda: 50 })).toMatchObject({
      col: 1,
      row: 2,
      exact: false,
    });
    expect(panelCell(el, { ...base, epsilon: 3e-4, lambda: 2 })).toMatchObject({ col: 0, row: 0 });
    // one axis only: row 0
    const apose = grid('apose', '3');
    expect(panelCell(apose, { ...base, apose: 1.4 })).toMatchObject({ index: 2, row: 0 });
  });

  it('none for a value no axis holds', () => {
    const kli = grid('kli', '3');
    expect(panelCell(kli, { ...base, shape: 'linear' })).toBeNull();
    expect(panelCell(grid('jitter', '3'), { ...base, jitter: Number.NaN })).toBeNull();
  });
});
