import { describe, expect, it } from 'vitest';
import { kb } from '../support.js';

const aboutX = (angle) => [Math.sin(angle / 2), 0, 0, Math.cos(angle / 2)];

describe('deadband filter', () => {
  it('holds 0.0003 rad jitter bit for bit', () => {
    const filter = kb.createFilter();
    const first = filter.step(aboutX(0.4), 1 / 30);
    for (let k = 0; k < 300; k++) {
      const out = filter.step(aboutX(0.4 + 0.0003 * (k % 2 ? 1 : -1)), 1 / 30);
      expect(out).toEqual(first);
      expect(filter.changed).toBe(0);
    }
    filter.dispose();
  });

  it('follows a 0.08 rad step by 1 − e^(−λ·dt), dt clamped to dtMax', () => {
    const filter = kb.createFilter({ lambda: 18 });
    filter.step(aboutX(0), 1 / 30);
    const out = filter.step(aboutX(0.08), 1 / 60);
    expect(kb.geodesicAngle(aboutX(0), out)).toBeCloseTo(0.08 * (1 - Math.exp(-18 / 60)), 6);
    expect(filter.changed).toBe(1);
    filter.reset();
    filter.step(aboutX(0), 0);
    const late = filter.step(aboutX(0.08), 5); // a 5 s hitch moves like dtMax = 1/30 s
    expect(kb.geodesicAngle(aboutX(0), late)).toBeCloseTo(0.08 * (1 - Math.exp(-18 / 30)), 6);
  });

  it('is a pure gate with λ = ∞ and follows by the KLI flow with follower kli', () => {
    const gate = kb.createFilter({ lambda: Infinity });
    gate.step(aboutX(0), 1 / 30);
    expect(Array.from(gate.step(aboutX(0.08), 1 / 30))).toEqual(
      Array.from(Float32Array.from(aboutX(0.08))),
    );
    const kli = kb.createFilter({ follower: 'kli' });
    kli.step(aboutX(0), 1 / 30);
    const out = kli.step(aboutX(0.08), 1 / 60);
    expect(kb.geodesicAngle(aboutX(0), out)).toBeCloseTo(0.08 * (1 - Math.exp(-18 / 60)), 4);
  });

  it('filters a whole skeleton in one step', () => {
    const filter = kb.createFilter({ joints: 22 });
    const pose = kb.idlePose();
    filter.step(pose, 1 / 30);
    expect(filter.changed).toBe(22);
    filter.step(pose, 1 / 30);
    expect(filter.changed).toBe(0);
  });

  it('rejects bad parameters and samples clearly', () => {
    expect(() => kb.createFilter({ epsilon: -1 })).toThrow(/epsilon must be .*≥ 0.*got -1/);
    expect(() => kb.createFilter({ lambda: -2 })).toThrow(
      /lambda must be .*≥ 0.01 and ≤ 1000.*got -2/,
    );
    expect(() => kb.createFilter({ lambda: NaN })).toThrow(RangeError);
    expect(() => kb.createFilter({ follower: 'spring' })).toThrow(
      /follower must be one of "exp", "kli", got "spring"/,
    );
    const filter = kb.createFilter();
    expect(() => filter.step([0, 0, 0, 0], 0.1)).toThrow(/zero quaternion/);
    expect(() => filter.step([0, 0, 1], 0.1)).toThrow(/q must have length 4/);
    expect(() => filter.step([0, 0, 0, 1], NaN)).toThrow(/dt must be .*got NaN/);
    filter.dispose();
    expect(() => filter.step([0, 0, 0, 1], 0.1)).toThrow(/disposed/);
  });
});
