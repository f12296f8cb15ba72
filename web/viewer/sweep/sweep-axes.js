// The parameter sweeps the grid offers: one or two parameters varied
// across the axes, every other value the panel's. Pure: no DOM, no three.
// A cell's values go through canonicalValue, so clicking a rig puts into
// the panel (and the link) exactly the number the rig was computed with.
import { canonicalValue } from '../../link/params.js';
import { SWEEP_NAMES, SWEEP_OFF, SWEEP_SIZES } from '../../link/sweep-names.js';

export { SWEEP_NAMES, SWEEP_OFF, SWEEP_SIZES };

// A span gives an axis' n values; its scale says how far apart two values
// are (the panel's value is matched to the nearest on that scale).
const spanOf = (values, scale) => Object.assign(values, { scale });
const linear = (lo, hi) =>
  spanOf(
    (n) => Array.from({ length: n }, (_, i) => (n === 1 ? lo : lo + ((hi - lo) * i) / (n - 1))),
    'linear',
  );
const log = (lo, hi) =>
  spanOf((n) => linear(Math.log10(lo), Math.log10(hi))(n).map((e) => 10 ** e), 'log');
const choices = (values) => spanOf(() => values, 'choice');

// Each parameter's span across an axis (n values) and how a value reads.
const AXES = {
  attack: { span: linear(0.05, 0.45), label: 'attack', format: (v) => v.toFixed(2) },
  release: { span: linear(0.05, 0.45), label: 'release', format: (v) => v.toFixed(2) },
  epsilon: { span: log(1e-4, 3e-2), label: 'epsilon (rad)', format: (v) => v.toExponential(1) },
  lambda: { span: log(2, 60), label: 'lambda (1/s)', format: (v) => v.toPrecision(3) },
  jitter: { span: linear(0, 0.02), label: 'jitter (mrad)', format: (v) => (v * 1000).toFixed(1) },
  apose: { span: linear(0, 1.5708), label: 'A-pose (°)', format: (v) => (v * 57.29578).toFixed(0) },
  shape: { span: choices(['smoothstep', 'kli']), label: 'shape', format: String },
  follower: { span: choices(['exp', 'kli']), label: 'follower', format: String },
};

// How far a value is from an axis value on the axis' scale.
const DISTANCE = {
  linear: (a, b) => Math.abs(a - b),
  log: (a, b) => Math.abs(Math.log10(a) - Math.log10(b)),
  choice: (a, b) => (a === b ? 0 : Infinity),
};

// The parameters each sweep varies: x, then y when there are two.
export const SWEEP_PARAMS = Object.freeze({
  'attack-release': ['attack', 'release'],
  'epsilon-lambda': ['epsilon', 'lambda'],
  'jitter-epsilon': ['jitter', 'epsilon'],
  apose: ['apose'],
  jitter: ['jitter'],
  kli: ['shape', 'follower'],
});

// The axes of a sweep: x always, y for two-parameter sweeps (else null).
export function sweepAxes(name, size) {
  if (!SWEEP_NAMES.includes(name) || name === SWEEP_OFF)
    throw new RangeError(`sweep must be one of ${SWEEP_NAMES.slice(1).join(', ')}, got '${name}'`);
  if (!SWEEP_SIZES.includes(String(size)))
    throw new RangeError(`sweep size must be one of ${SWEEP_SIZES.join(', ')}, got '${size}'`);
  const n = Number(size);
  const axis = (param) => {
    const spec = AXES[param];
    const values = spec.span(n).map((v) => canonicalValue(param, v));
    return {
      param,
      label: spec.label,
      scale: spec.span.scale,
      values,
      labels: values.map(spec.format),
    };
  };
  const [x, y] = SWEEP_PARAMS[name];
  return { x: axis(x), y: y ? axis(y) : null };
}

// Every cell, row by row (row 0 at the top): its column, row and the
// params it shows (the base params with the swept values put in).
export function sweepCells(name, size, base) {
  const { x, y } = sweepAxes(name, size);
  const rows = y ? y.values.length : 1;
  const cells = [];
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < x.values.length; col++) {
      const values = { [x.param]: x.values[col] };
      if (y) values[y.param] = y.values[row];
      cells.push({ col, row, values, params: { ...base, ...values } });
    }
  return { x, y, rows, cols: x.values.length, cells };
}

// The index of the axis value nearest `value` on the axis' scale, -1 for
// none (a choice not on the axis, or a value that is not a number).
function nearestOnAxis(axis, value) {
  const distance = DISTANCE[axis.scale];
  let best = -1;
  let bestD = Infinity;
  axis.values.forEach((v, i) => {
    const d = distance(v, value);
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

/**
 * The cell that matches the panel's tuning: on each axis the value nearest
 * the panel's (linear or log as the axis spans it; a choice exactly).
 * @param {object} layout  sweepCells(...)
 * @param {object} params  the panel's params
 * @returns {{ index: number, col: number, row: number, exact: boolean } | null}
 *   exact: the cell's values are the panel's; null: no cell is near
 */
export function panelCell(layout, params) {
  const col = nearestOnAxis(layout.x, params[layout.x.param]);
  const row = layout.y ? nearestOnAxis(layout.y, params[layout.y.param]) : 0;
  if (col < 0 || row < 0) return null;
  const index = row * layout.cols + col;
  const { values } = layout.cells[index];
  const exact = Object.entries(values).every(([name, v]) => params[name] === v);
  return { index, col, row, exact };
}
