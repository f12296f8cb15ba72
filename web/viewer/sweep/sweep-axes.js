// The parameter sweeps the grid offers: one or two parameters varied
// across the axes, every other value the panel's. Pure: no DOM, no three.
// A cell's values go through canonicalValue, so clicking a rig puts into
// the panel (and the link) exactly the number the rig was computed with.
import { canonicalValue } from '../../link/params.js';
import { SWEEP_NAMES, SWEEP_OFF, SWEEP_SIZES } from '../../link/sweep-names.js';

export { SWEEP_NAMES, SWEEP_OFF, SWEEP_SIZES };

const linear = (lo, hi) => (n) =>
  Array.from({ length: n }, (_, i) => (n === 1 ? lo : lo + ((hi - lo) * i) / (n - 1)));
const log = (lo, hi) => (n) => linear(Math.log10(lo), Math.log10(hi))(n).map((e) => 10 ** e);
const choices = (values) => () => values;

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
    return { param, label: spec.label, values, labels: values.map(spec.format) };
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
