// The comparison's row of rigs: spaced so that no rig's arms pass through a
// neighbour, in particular the naive baseline's T-pose at t = 0 (its arms
// held straight out), through every clip of the library, on the capsule
// model of the body placed at each rig's offset in the row.
import { describe, expect, it } from 'vitest';
import { previewTuning } from '../../../web/viewer/clips/clip-sources.js';
import { segmentDistance } from '../../../web/lib/body-contacts.js';
import { createComparisonModel } from '../../../web/viewer/compare/comparison-model.js';
import {
  METHOD_VIEWS,
  RIG_SPACING,
  rigOffset,
} from '../../../web/viewer/compare/method-figures.js';
import { TUNING_DEFAULTS, canonicalParams } from '../../../web/link/params.js';
import { kb } from './library.js';

const NAIVE = METHOD_VIEWS.findIndex((m) => m.key === 'naiveEuler');
const CLEARANCE = 0.05; // m between surfaces, so the drawn body stays apart too

// Each rig's capsules at time t, moved to its place in the row.
function rowCapsules(model, t) {
  const rows = [];
  model.posesAt(t, (i, pose) => {
    rows[i] = kb.bodyCapsules(pose, { root: [rigOffset(i), 0, 0] });
  });
  return rows;
}

// The smallest gap between the arms and hands of `from` and any part of `to`.
function armGap(from, to) {
  let gap = Infinity;
  for (const a of from.filter((c) => /arm|hand/.test(c.part))) {
    for (const b of to) {
      const d = segmentDistance(a.a, a.b, b.a, b.b).distance - a.radius - b.radius;
      gap = Math.min(gap, d);
    }
  }
  return gap;
}

function modelFor(gesture) {
  const duration = kb.getGesture(gesture).duration;
  const params = canonicalParams({ ...TUNING_DEFAULTS, gesture, duration, compare: true });
  const model = createComparisonModel(kb);
  model.setParams(params, { ...previewTuning(params), fps: 30 });
  return { model, duration };
}

describe('the row of rigs', () => {
  it('the naive T-pose at t = 0 reaches past its own body but not into a neighbour', () => {
    const { model } = modelFor('clap');
    const rows = rowCapsules(model, 0);
    const hands = rows[NAIVE].filter((c) => c.part.endsWith('_hand'));
    const reach = Math.max(
      ...hands.flatMap((c) => [c.a[0], c.b[0]].map((x) => Math.abs(x - rigOffset(NAIVE)))),
    );
    expect(reach).toBeGreaterThan(0.9); // the arms are out: the T-pose
    for (const side of [NAIVE - 1, NAIVE + 1]) {
      expect(armGap(rows[NAIVE], rows[side]), `rig ${side}`).toBeGreaterThan(CLEARANCE);
    }
    // and the old spacing (1.25 m) did pass through
    const old = rows[NAIVE].map((c) => ({
      ...c,
      a: [c.a[0] + (RIG_SPACING - 1.25), c.a[1], c.a[2]],
      b: [c.b[0] + (RIG_SPACING - 1.25), c.b[1], c.b[2]],
    }));
    expect(armGap(old, rows[NAIVE + 1])).toBeLessThan(0);
    model.dispose();
  });

  it('keeps every rig’s arms clear of its neighbours through every clip', () => {
    for (const gesture of kb.gestureNames) {
      const { model, duration } = modelFor(gesture);
      for (let k = 0; k <= 40; k++) {
        const t = (k / 40) * duration;
        const rows = rowCapsules(model, t);
        for (let i = 0; i < rows.length; i++) {
          for (const n of [i - 1, i + 1].filter((n) => n >= 0 && n < rows.length)) {
            const gap = armGap(rows[i], rows[n]);
            expect(gap, `${gesture} t = ${t.toFixed(2)}: rig ${i} into ${n}`).toBeGreaterThan(
              CLEARANCE,
            );
          }
        }
      }
      model.dispose();
    }
  });
});
