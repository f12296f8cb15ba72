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
