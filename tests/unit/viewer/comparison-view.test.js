// The comparison mode's pure parts: the choice parameters (shape, follower,
// comparison switch, joint) in params and links, the sphere view of the
// Hopf inset, the figure formats and the camera framing of the row of rigs
// (or, narrow, the rigs stacked two by two).
import { describe, expect, it } from 'vitest';
import './library.js';
import fc from 'fast-check';
import {
  AUTO_JOINT,
  CHOICE_DEFAULTS,
  CHOICE_PARAMS,
  autoJoint,
  canonicalChoice,
  encodeChoice,
  readChoice,
  resolveJoint,
} from '../../../web/link/choice-params.js';
import {
  FIGURE_ROWS,
  METHOD_VIEWS,
  formatFigure,
  RIG_SPACING,
  frameRow,
  frameStack,
  rigOffset,
  rigPlaces,
} from '../../../web/viewer/compare/method-figures.js';
import {
  NUMERIC_PARAMS,
  TUNING_DEFAULTS,
  canonicalParams,
  canonicalValue,
} from '../../../web/link/params.js';
import { parseShareHash, serializeShareHash } from '../../../web/link/share-link.js';
import {
  basisForPath,
  projectPath,
  projectPoint,
  tickIndices,
  viewBasis,
  wireframeCircles,
} from '../../../web/viewer/compare/sphere-projection.js';
import { getGesture, gestureNames } from '../../../web/lib/kblend.js';

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

describe('choice parameters', () => {
  it('accepts exactly the listed values and names the allowed ones otherwise', () => {
    expect(canonicalChoice('shape', 'kli')).toBe('kli');
    expect(canonicalValue('follower', 'kli')).toBe('kli');
    expect(canonicalValue('compare', true)).toBe(true);
    expect(canonicalValue('joint', 'left_elbow')).toBe('left_elbow');
    expect(() => canonicalValue('shape', 'cubic')).toThrow(
      "shape must be one of smoothstep, kli, got 'cubic'",
    );
    expect(() => canonicalValue('compare', 1)).toThrow(/compare must be one of 0, 1, got 1/);
    expect(() => canonicalValue('joint', 'tail')).toThrow(RangeError);
    expect(() => canonicalChoice('colour', 'red')).toThrow(TypeError);
  });

  it('are in the defaults and kept by canonicalParams', () => {
    expect(TUNING_DEFAULTS).toMatchObject(CHOICE_DEFAULTS);
    const numeric = Object.fromEntries(Object.keys(NUMERIC_PARAMS).map((k) => [k, 0.5]));
    const p = canonicalParams({ gesture: 'wave', ...numeric, shape: 'kli', compare: true });
    expect(p.shape).toBe('kli');
    expect(p.compare).toBe(true);
    expect(p).not.toHaveProperty('follower'); // absent stays absent
    expect(() => canonicalParams({ gesture: 'wave', ...numeric, follower: 'lerp' })).toThrow(
      /follower must be one of exp, kli/,
    );
  });

  it('reads a link value or falls back with an inert notice', () => {
    const notices = [];
    const quote = (raw) => `'${raw}'`;
    expect(readChoice('compare', '1', false, notices, quote)).toBe(true);
    expect(readChoice('compare', 'true', false, notices, quote)).toBe(false);
    expect(readChoice('joint', 'head', AUTO_JOINT, notices, quote)).toBe('head');
    expect(notices).toEqual(["cmp='true' is not one of 0, 1; using 0"]);
    expect(encodeChoice(true)).toBe('1');
    expect(encodeChoice('kli')).toBe('kli');
  });

  it("picks a wrist the gesture moves for 'auto', else the farthest arm joint", () => {
    expect(autoJoint(getGesture('clap'))).toBe('right_wrist');
    expect(autoJoint(getGesture('wave'))).toBe('right_wrist');
    expect(autoJoint(getGesture('point'))).toBe('right_elbow');
    expect(autoJoint({ keyframes: [{ rotations: { head: [0, 10, 0] } }] })).toBe('head');
    expect(autoJoint({ keyframes: [{ rotations: {} }] })).toBe('right_wrist');
    expect(resolveJoint('left_hip', getGesture('clap'))).toBe('left_hip');
    for (const name of gestureNames) {
      expect(CHOICE_PARAMS.joint.values).toContain(autoJoint(getGesture(name)));
    }
  });
});

describe('share links with choices', () => {
  const defaults = {
    gesture: 'clap',
    ...TUNING_DEFAULTS,
    duration: 2.4,
  };
  const context = { gestureNames: ['clap', 'wave'], defaults, durationOf: () => 2.4 };

  it('writes shape=, fol=, cmp= and jnt= and reads them back', () => {
    const params = { ...defaults, shape: 'kli', follower: 'kli', compare: true, joint: 'head' };
    const hash = serializeShareHash(params, 1.2);
    expect(hash).toContain('&shape=kli&fol=kli&cmp=1&jnt=head&');
    expect(hash).toMatch(/&t=1\.2$/);
    const back = parseShareHash(`#${hash}`, context);
    expect(back.notices).toEqual([]);
    expect(back.params).toEqual(params);
  });

  it('repairs unknown values to the defaults with one notice each', () => {
    const { params, notices } = parseShareHash(
      '#v=1&shape=%3Cimg%20src%3Dx%3E&fol=exp&cmp=yes&jnt=tail',
      context,
    );
    expect(params.shape).toBe('smoothstep');
    expect(params.follower).toBe('exp');
    expect(params.compare).toBe(false);
    expect(params.joint).toBe('auto');
    expect(notices).toHaveLength(3);
    expect(notices[0]).toBe("shape='<img src=x>' is not one of smoothstep, kli; using smoothstep");
  });

  it('round-trips any choice values exactly', () => {
    const anyChoices = fc.record(
      Object.fromEntries(
        Object.entries(CHOICE_PARAMS).map(([name, spec]) => [
          name,
          fc.constantFrom(...spec.values),
        ]),
      ),
    );
    fc.assert(
      fc.property(anyChoices, (choices) => {
        const params = { ...defaults, ...choices };
        const back = parseShareHash(`#${serializeShareHash(params)}`, context);
        expect(back.notices).toEqual([]);
        expect(back.params).toEqual(params);
      }),
      { numRuns: 200 },
    );
  });
});

describe('sphere projection', () => {
  const unitVector = fc
    .tuple(
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
    )
    .filter((v) => Math.hypot(...v) > 1e-3)
    .map((v) => v.map((x) => x / Math.hypot(...v)));

  it('builds a right-handed orthonormal basis looking along any direction', () => {
    fc.assert(
      fc.property(unitVector, (toward) => {
        const { right, up, forward } = viewBasis(toward);
        for (const v of [right, up, forward]) expect(dot(v, v)).toBeCloseTo(1, 9);
        expect(dot(right, up)).toBeCloseTo(0, 9);
        expect(dot(right, forward)).toBeCloseTo(0, 9);
        expect(dot(up, forward)).toBeCloseTo(0, 9);
        // right × up = forward
        const c = [
          right[1] * up[2] - right[2] * up[1],
          right[2] * up[0] - right[0] * up[2],
          right[0] * up[1] - right[1] * up[0],
        ];
        expect(dot(c, forward)).toBeCloseTo(1, 9);
        expect(dot(forward, toward)).toBeCloseTo(1, 9);
      }),
      { numRuns: 300 },
    );
    expect(viewBasis([0, 0, 0]).forward).toEqual([0, 0, 1]);
  });

  it('draws the looked-at point in the middle, world up as screen up, the far side as back', () => {
    const frame = { cx: 100, cy: 100, radius: 80 };
    const basis = viewBasis([0, 0, 1]);
    expect(projectPoint([0, 0, 1], basis, frame)).toMatchObject({ x: 100, y: 100, front: true });
    const top = projectPoint([0, 1, 0], basis, frame);
    expect(top.x).toBeCloseTo(100, 9);
    expect(top.y).toBeCloseTo(20, 9); // screen y grows downward
    expect(projectPoint([1, 0, 0], basis, frame).x).toBeCloseTo(180, 9);
    expect(projectPoint([0, 0, -1], basis, frame).front).toBe(false);
    fc.assert(
      fc.property(unitVector, unitVector, (toward, p) => {
        const q = projectPoint(p, viewBasis(toward), frame);
        expect(Math.hypot(q.x - 100, q.y - 100)).toBeLessThanOrEqual(80 + 1e-9);
      }),
    );
  });

  it('centres a path and projects it point by point', () => {
    const path = new Float32Array([1, 0, 0, Math.SQRT1_2, Math.SQRT1_2, 0, 0, 1, 0]);
    const basis = basisForPath(path);
    const projected = projectPath(path, basis, { cx: 0, cy: 0, radius: 1 });
    expect(projected).toHaveLength(3);
    expect(projected[1].x).toBeCloseTo(0, 6);
    expect(projected[1].y).toBeCloseTo(0, 6);
    expect(projected[0].x).toBeCloseTo(-projected[2].x, 6);
    expect(projected.every((p) => p.front)).toBe(true);
  });

  it('lays its wireframe on the unit sphere and its ticks evenly', () => {
    const circles = wireframeCircles();
    expect(circles).toHaveLength(5 + 6); // latitudes every 30°, meridians every 30°
    for (const circle of circles) {
      for (let i = 0; i < circle.length; i += 3) {
        expect(Math.hypot(circle[i], circle[i + 1], circle[i + 2])).toBeCloseTo(1, 12);
      }
    }
    expect(tickIndices(101, 11)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
    expect(tickIndices(5, 3)).toEqual([0, 2, 4]);
    expect(tickIndices(1, 3)).toEqual([0]);
  });
});

describe('method figures and the row of rigs', () => {
  it('lists the four methods and formats each figure to its precision', () => {
    expect(METHOD_VIEWS.map((m) => m.key)).toEqual(['kblend', 'naiveEuler', 'seed', 'kliShape']);
    expect(FIGURE_ROWS.map((r) => r.key)).toEqual([
      'jumpAtStart',
      'endError',
      'peakSpeed',
      'updatedPerFrame',
    ]);
    expect(formatFigure('jumpAtStart', 1.18004)).toBe('1.180');
    expect(formatFigure('peakSpeed', 31.756)).toBe('31.76');
    expect(formatFigure('updatedPerFrame', 5.55)).toBe('5.5');
    expect(formatFigure('endError', NaN)).toBe('–');
    expect(() => formatFigure('speed', 1)).toThrow(/unknown figure 'speed'/);
  });

  it('places the rigs symmetrically about the origin', () => {
    const xs = METHOD_VIEWS.map((_, i) => rigOffset(i));
    expect(xs[0]).toBeCloseTo(-xs[3], 12);
    expect(xs[1]).toBeCloseTo(-xs[2], 12);
    expect(xs[1] - xs[0]).toBeGreaterThan(1);
  });

  it('frames the row right of the inset with room for the cards under the feet', () => {
    const views = fc.record({
      width: fc.integer({ min: 300, max: 2000 }),
      height: fc.integer({ min: 250, max: 1200 }),
      leftPx: fc.integer({ min: 0, max: 200 }),
      belowPx: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(views, ({ width, height, leftPx, belowPx }) => {
        const row = { rowWidth: 5, rowHeight: 2, fovDegrees: 35, pad: 10 };
        const v = frameRow({ ...row, width, height, leftPx, belowPx });
        // a world point of the rigs' plane (z = 0) on screen, in pixels
        const toScreen = (x, y) => ({
          x: width / 2 + (x - v.centreX) / v.metresPerPixel,
          y: height / 2 - (y - v.centreY) / v.metresPerPixel,
        });
        const leftEnd = toScreen(-2.5, 0);
        const rightEnd = toScreen(2.5, 2);
        const eps = 1e-6;
        expect(leftEnd.x).toBeGreaterThanOrEqual(leftPx + 10 - eps);
        expect(rightEnd.x).toBeLessThanOrEqual(width - 10 + eps);
        expect(rightEnd.y).toBeGreaterThanOrEqual(10 - eps); // heads below the top
        expect(leftEnd.y + belowPx).toBeLessThanOrEqual(height - 10 + eps); // cards fit
        // the row sits in the middle of the space right of the inset
        expect((leftEnd.x + rightEnd.x) / 2).toBeCloseTo(leftPx + (width - leftPx) / 2, 6);
      }),
      { numRuns: 300 },
    );
  });

  it('stacks the rigs two by two in a narrow view, under the inset, each row with its cards', () => {
    const views = fc.record({
      width: fc.integer({ min: 280, max: 560 }),
      height: fc.integer({ min: 500, max: 1000 }),
      topPx: fc.integer({ min: 0, max: 160 }),
      belowPx: fc.integer({ min: 40, max: 100 }),
    });
    fc.assert(
      fc.property(views, ({ width, height, topPx, belowPx }) => {
        const row = { rowWidth: 3.1, rowHeight: 1.95, fovDegrees: 35, pad: 10 };
        const v = frameStack({ ...row, width, height, topPx, belowPx });
        const places = rigPlaces(true, v.rowStep);
        const toScreen = (x, y) => ({
          x: width / 2 + (x - v.centreX) / v.metresPerPixel,
          y: height / 2 - (y - v.centreY) / v.metresPerPixel,
        });
        const eps = 1e-6;
        // the first row's heads under the inset, the second row's cards above the foot
        expect(toScreen(0, places[0].y + row.rowHeight).y).toBeGreaterThanOrEqual(topPx + 10 - eps);
        expect(toScreen(0, places[3].y).y + belowPx).toBeLessThanOrEqual(height - 10 + eps);
        // the first row's cards above the second row's heads
        const secondTop = toScreen(0, places[2].y + row.rowHeight).y;
        expect(toScreen(0, places[0].y).y + belowPx).toBeLessThanOrEqual(secondTop + eps);
        // both columns, arms' reach included, inside the width
        expect(toScreen(places[0].x - 0.8, 0).x).toBeGreaterThanOrEqual(10 - eps);
        expect(toScreen(places[1].x + 0.8, 0).x).toBeLessThanOrEqual(width - 10 + eps);
      }),
      { numRuns: 300 },
    );
    expect(rigPlaces(true, 3)).toEqual([
      { x: -RIG_SPACING / 2, y: -0 },
      { x: RIG_SPACING / 2, y: -0 },
      { x: -RIG_SPACING / 2, y: -3 },
      { x: RIG_SPACING / 2, y: -3 },
    ]);
    expect(rigPlaces(false).map((p) => p.x)).toEqual(METHOD_VIEWS.map((_, i) => rigOffset(i)));
  });
});
