// What the comparison mode shows for each blending method: its label and
// colour, its place in the row of rigs, and its four figures as text. Pure
// data and functions, no DOM, no three.js.
import { COMPARISON_METHODS } from 'kblend';

const LOOK = {
  kblend: { label: 'kblend', colour: '#3fb97a', note: 'filter, then blend from idle' },
  naiveEuler: { label: 'naive Euler × E', colour: '#e5534b', note: 'snaps to the T-pose at t = 0' },
  seed: { label: "seed's order", colour: '#b08cf0', note: 'blend, then filter' },
  kliShape: { label: 'KLI shape', colour: '#f0a43a', note: 'Kuramoto–Lohe ease-out' },
};

// The methods in the order of the rigs, left to right on screen.
export const METHOD_VIEWS = Object.freeze(
  COMPARISON_METHODS.map((method) => Object.freeze({ ...method, ...LOOK[method.key] })),
);

// The four figures, as the cards show them.
export const FIGURE_ROWS = Object.freeze([
  {
    key: 'jumpAtStart',
    label: 'jump at t = 0',
    unit: 'rad',
    decimals: 3,
    help: 'largest joint angle between the idle pose and the pose at t = 0',
  },
  {
    key: 'endError',
    label: 'end − rest',
    unit: 'rad',
    decimals: 3,
    help: 'largest joint angle between the last pose and the rest (idle) pose',
  },
  {
    key: 'peakSpeed',
    label: 'peak speed',
    unit: 'rad/s',
    decimals: 2,
    help: 'largest angular speed of any joint between two frames',
  },
  {
    key: 'updatedPerFrame',
    label: 'joints / frame',
    unit: '/ 22',
    decimals: 1,
    help: 'joints updated per frame, on average (the deadband skips the others)',
  },
]);

export function formatFigure(key, value) {
  const row = FIGURE_ROWS.find((r) => r.key === key);
  if (!row) throw new RangeError(`formatFigure: unknown figure '${key}'`);
  if (!Number.isFinite(value)) return '–';
  return value.toFixed(row.decimals);
}

// Spacing of the rigs along X (m). The naive rig snaps to the T-pose at
// t = 0, its fingertips 0.997 m from its centre on the 1.75 m body; a
// neighbour's chest reaches 0.29 m to its side, and over the clips of the
// library the naive rig's arms come within 1.40 m of a neighbour's body
// (the wave's raised arm). 1.5 m keeps the arms of every method clear of
// every neighbour through every clip (tests/unit/viewer/comparison-row.test.js).
export const RIG_SPACING = 1.5;

// X of rig i of n, the row centred on the origin.
export function rigOffset(i, n = METHOD_VIEWS.length, spacing = RIG_SPACING) {
  return (i - (n - 1) / 2) * spacing;
}

/**
 * A level camera for a row of rigs `rowWidth` × `rowHeight` (m, feet at
 * y = 0, centred on x = 0) in a view of `width` × `height` px, leaving
 * `leftPx` free on the left (an inset) and `belowPx` under the feet (the
 * cards), with `pad` px at the edges. Returns the distance and the point
 * to look at (centreX, centreY), and the metres per pixel in the rigs'
 * plane.
 */
export function frameRow({
  rowWidth,
  rowHeight,
  fovDegrees,
  width,
  height,
  leftPx = 0,
  belowPx = 0,
  pad = 12,
}) {
  const halfTan = Math.tan((fovDegrees * Math.PI) / 360);
  const usableHeight = Math.max(1, height - belowPx - 2 * pad);
  const usableWidth = Math.max(1, width - leftPx - 2 * pad);
  const distance = Math.max(
    (rowHeight * height) / (2 * halfTan * usableHeight),
    (rowWidth * height) / (2 * halfTan * usableWidth),
  );
  const metresPerPixel = (2 * distance * halfTan) / height;
  const rowPx = rowHeight / metresPerPixel;
  const feetPx = (height - rowPx - belowPx) / 2 + rowPx; // the row and cards centred
  const regionCentre = leftPx + (width - leftPx) / 2;
  return {
    distance,
    centreX: -(regionCentre - width / 2) * metresPerPixel,
    centreY: (feetPx - height / 2) * metresPerPixel,
    metresPerPixel,
  };
}

/**
 * A level camera for the rigs stacked two by two (a narrow view: a phone),
 * each row `rowWidth` × `rowHeight` (m) with its cards `belowPx` under its
 * feet, in a view of `width` × `height` px leaving `topPx` free at the top
 * (the inset), with `pad` px at the edges. Returns what frameRow does and
 * rowStep: how far the second row's feet are below the first's (m).
 */
export function frameStack({
  rowWidth,
  rowHeight,
  fovDegrees,
  width,
  height,
  topPx = 0,
  belowPx = 0,
  pad = 12,
}) {
  const halfTan = Math.tan((fovDegrees * Math.PI) / 360);
  const usableWidth = Math.max(1, width - 2 * pad);
  const usableHeight = Math.max(1, height - topPx - 2 * pad - 2 * belowPx);
  const metresPerPixel = Math.max(rowWidth / usableWidth, (2 * rowHeight) / usableHeight);
  const blockPx = (2 * rowHeight) / metresPerPixel + 2 * belowPx;
  const blockTopPx = topPx + (height - topPx - blockPx) / 2; // the rows and cards centred
  return {
    distance: (metresPerPixel * height) / (2 * halfTan),
    centreX: 0,
    centreY: rowHeight - (height / 2 - blockTopPx) * metresPerPixel,
    metresPerPixel,
    rowStep: rowHeight + belowPx * metresPerPixel,
  };
}

// Where each rig stands (x, y of its feet, m): in one row, or stacked two by
// two with the second row's feet rowStep below the first's.
export function rigPlaces(stacked, rowStep = 0, n = METHOD_VIEWS.length) {
  return Array.from({ length: n }, (_, i) =>
    stacked
      ? { x: ((i % 2) - 0.5) * RIG_SPACING, y: -Math.floor(i / 2) * rowStep }
      : { x: rigOffset(i, n), y: 0 },
  );
}
