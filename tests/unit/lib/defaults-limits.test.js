// kb.defaults and kb.limits against the C header they come from, and every
// value at each limit accepted by the library and the core (the values a
// panel or a link can produce), the floats just beyond refused by name.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kb } from '../support.js';

// The header's #defines, evaluated (float suffixes dropped, names expanded).
function headerMacros() {
  const text = readFileSync(new URL('../../../c_src/kblend.h', import.meta.url), 'utf8');
  const raw = {};
  for (const m of text.matchAll(/^#define\s+(KB_\w+)\s+(.+?)\s*(?:\/\*.*)?$/gm)) raw[m[1]] = m[2];
  const values = {};
  const evaluate = (name) => {
    if (name in values) return values[name];
    const expr = raw[name]
      .replace(/\b(KB_\w+)\b/g, (id) => `(${evaluate(id).value})`)
      .replace(/(\d(?:\.\d*)?(?:e[-+]?\d+)?)f\b/gi, '$1')
      .replace(/\(float\)/g, 'Math.fround');
    values[name] = {
      value: Function(`return (${expr});`)(),
      float: /\df\b|\(float\)|KB_\w+_F\b/i.test(raw[name]),
    };
    return values[name];
  };
  for (const name of Object.keys(raw)) {
    try {
      evaluate(name);
    } catch {
      // not a numeric macro (header guard, function-like)
    }
  }
  return values;
}

const macros = headerMacros();
const jsName = (c) => c.toLowerCase().replace(/_([a-z])/g, (_, ch) => ch.toUpperCase());
const tunables = (prefix) =>
  Object.keys(macros)
    .filter((name) => name.startsWith(prefix))
    .map((name) => [jsName(name.slice(prefix.length)), macros[name]]);

function expectSameNumber(actual, header) {
  if (header.float) expect(Math.fround(actual)).toBe(Math.fround(header.value));
  else expect(actual).toBe(header.value);
}

describe('kb.limits and kb.defaults hold to kblend.h', () => {
  it('every KB_MIN_/KB_MAX_ pair of the header is a limit, and nothing else', () => {
    const mins = tunables('KB_MIN_');
    expect(mins.length).toBeGreaterThan(10);
    expect(Object.keys(kb.limits).sort()).toEqual(mins.map(([name]) => name).sort());
    for (const [name, header] of mins) {
      expectSameNumber(kb.limits[name].min, header);
      expectSameNumber(
        kb.limits[name].max,
        macros[`KB_MAX_${name.replace(/[A-Z]/g, (c) => '_' + c).toUpperCase()}`],
      );
    }
  });

  it('every KB_DEFAULT_ of the header is a default (enums by name)', () => {
    const enumKinds = { shape: 'KB_SHAPE_', order: 'KB_ORDER_', follower: 'KB_FOLLOWER_' };
    for (const [name, header] of tunables('KB_DEFAULT_')) {
      if (/^ik[A-Z]/.test(name)) continue; // the solver's: kb.ikDefaults, below
      if (enumKinds[name]) {
        const code = kb.abi[enumKinds[name] + kb.defaults[name].toUpperCase().replace('-', '_')];
        expect(code, name).toBe(header.value);
      } else {
        expectSameNumber(kb.defaults[name], header);
      }
    }
    expect(kb.defaults.gesture).toBe('clap');
  });

  it("every KB_DEFAULT_IK_ of the header is one of kb.ikDefaults (docs/design.md §7's figures)", () => {
    const ik = tunables('KB_DEFAULT_IK_');
    expect(Object.keys(kb.ikDefaults).sort()).toEqual(ik.map(([name]) => name).sort());
    for (const [name, header] of ik) expectSameNumber(kb.ikDefaults[name], header);
    expect(kb.ikDefaults).toEqual({
      maxIterations: 100,
      lambda0: 1e-3,
      lambdaMin: 1e-5,
      lambdaMax: 1e10,
      acceptRatio: 1e-3,
      costTolerance: 1e-9,
      stepTolerance: 1e-10,
      gradientTolerance: 1e-12,
      decreaseTolerance: 1e-6,
    });
    expect(Object.isFrozen(kb.ikDefaults)).toBe(true);
  });

  it('the hand axes come from the header: palm normal −Y, thumb +Z', () => {
    const axis = (prefix) => ['X', 'Y', 'Z'].map((c) => macros[`${prefix}_${c}`].value);
    expect(axis('KB_PALM_NORMAL')).toEqual([0, -1, 0]);
    expect(axis('KB_THUMB')).toEqual([0, 0, 1]);
    for (const [key, prefix] of [
      ['palmNormal', 'KB_PALM_NORMAL'],
      ['thumb', 'KB_THUMB'],
    ]) {
      expect(['x', 'y', 'z'].map((c) => kb.abi[`hand.${key}.${c}`])).toEqual(axis(prefix));
    }
    // a hand at the bind: the markers' world axes are the table's
    const frame = kb.createPreview({ gesture: 'wave', apose: 0 });
    const bind = frame.evaluateFrame(-1, { markers: true }).markers;
    frame.dispose();
    expect(bind.left.palmNormal.map((v) => Math.round(v * 1e6) / 1e6 + 0)).toEqual([0, -1, 0]);
    expect(bind.left.thumbDirection.map((v) => Math.round(v * 1e6) / 1e6 + 0)).toEqual([0, 0, 1]);
  });

  it('are frozen', () => {
    expect(Object.isFrozen(kb.defaults)).toBe(true);
    expect(Object.isFrozen(kb.limits)).toBe(true);
    for (const limit of Object.values(kb.limits)) expect(Object.isFrozen(limit)).toBe(true);
    expect(Object.isFrozen(kb.abi)).toBe(true);
  });

  it('the defaults lie within the limits', () => {
    for (const [name, { min, max }] of Object.entries(kb.limits)) {
      if (kb.defaults[name] === undefined) continue;
      expect(kb.defaults[name], name).toBeGreaterThanOrEqual(min);
      expect(kb.defaults[name], name).toBeLessThanOrEqual(max);
    }
  });
});

// The float just beyond a bound, as a user could type it.
const beyond = (value, direction) => {
  const f = new Float32Array([value]);
  const bits = new Int32Array(f.buffer);
  const up = direction > 0;
  if (value === 0) return up ? 1e-30 : -1e-30;
  bits[0] += value > 0 === up ? 1 : -1;
  return f[0];
};

const PREVIEW_TUNABLES = [
  'epsilon',
  'lambda',
  'dtMax',
  'duration',
  'fps',
  'jitter',
  'seed',
  'apose',
  'height',
];

describe('every value at each limit is accepted by createPreview and the core', () => {
  it.each(PREVIEW_TUNABLES)('%s at min and max', (name) => {
    for (const value of [kb.limits[name].min, kb.limits[name].max]) {
      const preview = kb.createPreview({ gesture: 'wave', [name]: value });
      const pose = preview.evaluate(preview.duration / 2);
      expect(pose.every(Number.isFinite)).toBe(true);
      expect(preview.options[name]).toBe(value);
      preview.dispose();
    }
  });

  it.each(PREVIEW_TUNABLES.filter((n) => !kb.limits[n].integer))(
    '%s just beyond each end is refused, naming it',
    (name) => {
      const { min, max } = kb.limits[name];
      for (const value of [beyond(min, -1), beyond(max, +1)]) {
        expect(() => kb.createPreview({ gesture: 'wave', [name]: value })).toThrow(RangeError);
        expect(() => kb.createPreview({ gesture: 'wave', [name]: value })).toThrow(
          new RegExp(`^${name} must be`),
        );
      }
    },
  );

  it('attack and release at their ends (the other at 0)', () => {
    for (const [attack, release] of [
      [kb.limits.attack.max, 0],
      [0, kb.limits.release.max],
      [kb.limits.attack.min, kb.limits.release.min],
    ]) {
      const preview = kb.createPreview({ gesture: 'clap', attack, release });
      expect(preview.evaluate(1).every(Number.isFinite)).toBe(true);
      preview.dispose();
    }
  });

  it('shape, order and follower: every name is accepted, kept and gives a pose', () => {
    for (const shape of ['smoothstep', 'kli'])
      for (const follower of ['exp', 'kli'])
        for (const order of ['kblend', 'seed', 'naive-euler']) {
          const preview = kb.createPreview({ shape, follower, order });
          expect(preview.options).toMatchObject({ shape, follower, order });
          const pose = preview.evaluate(preview.duration / 2);
          expect(pose).toHaveLength(88);
          expect(pose.every(Number.isFinite)).toBe(true);
          preview.dispose();
        }
    for (const key of ['shape', 'follower', 'order']) {
      const make = () => kb.createPreview({ [key]: 'none' });
      expect(make).toThrow(RangeError);
      expect(make).toThrow(new RegExp(`^${key} must be one of .*got "none"`));
    }
  });

  it('envelopeRatios at the ends of its seconds and duration', () => {
    const { attackSeconds, releaseSeconds, duration } = kb.limits;
    for (const a of [attackSeconds.min, attackSeconds.max])
      for (const r of [releaseSeconds.min, releaseSeconds.max])
        for (const d of [duration.min, duration.max]) {
          const { attack, release } = kb.envelopeRatios({
            attackSeconds: a,
            releaseSeconds: r,
            duration: d,
          });
          expect(attack + release).toBeLessThanOrEqual(1);
        }
  });

  it('kli at the ends of rate, step, epsilon and maxSteps', () => {
    const p = [0, 0, 0.1, 1];
    const r = [0, 0, 0, 1];
    for (const [key, option] of [
      ['kliRate', 'rate'],
      ['kliStep', 'step'],
      ['kliEpsilon', 'epsilon'],
    ]) {
      for (const value of [kb.limits[key].min, kb.limits[key].max]) {
        const run = kb.kli(p, r, { [option]: value, maxSteps: 1000 });
        expect(run.q.every(Number.isFinite), `${option} ${value}`).toBe(true);
      }
    }
    for (const maxSteps of [kb.limits.kliMaxSteps.min, kb.limits.kliMaxSteps.max]) {
      expect(kb.kli(p, r, { maxSteps }).steps).toBeLessThanOrEqual(maxSteps);
    }
    expect(() => kb.kli(p, r, { maxSteps: kb.limits.kliMaxSteps.max + 1 })).toThrow(
      /maxSteps must be an integer ≥ 0 and ≤ 10000000, got 10000001/,
    );
  });

  it('createBatch at its ends; heights and A-poses at theirs', () => {
    for (const n of [kb.limits.batchPairs.min, kb.limits.batchPairs.max])
      kb.createBatch(n).dispose();
    expect(() => kb.createBatch(kb.limits.batchPairs.max + 1)).toThrow(/n must be an integer/);
    for (const height of [kb.limits.height.min, kb.limits.height.max])
      expect(kb.bindPositions(height).every(Number.isFinite)).toBe(true);
    for (const apose of [kb.limits.apose.min, kb.limits.apose.max])
      expect(kb.idlePose(apose).every(Number.isFinite)).toBe(true);
  });
});
