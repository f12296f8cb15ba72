// The analytic transfer of kb.importBvh against the solver it replaces:
// on files shaped like real captures (captured-rests.js: CMU-, Daz- and
// Biped-style rests, joints we lack, zero-length links, motion on their
// own extra joints) and on the naming fixtures, every limb of the clip
// points where the file's does — read by three's BVHLoader, an
// independent parser — within 2° on every frame; the solver's figure is
// printed beside it. refine: true polishes with the solver; a rest that
// can not be matched falls back to it; our own skeleton is copied.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { rotateVector } from '../../../web/lib/quaternion-math.js';
import { CAPTURED_RESTS, capturedBvh } from '../../fixtures/bvh/captured-rests.js';
import { loaderLimbAgreement } from '../../fixtures/bvh/loader-limbs.js';
import { travellingWalk } from '../../fixtures/bvh/travelling-walk.js';

const kb = await loadKBlend();
const read = (file) => readFileSync(new URL(`../../fixtures/bvh/${file}`, import.meta.url), 'utf8');
const NAMING = ['cmu_walk_cm_120fps.bvh', 'poser_daz_inches.bvh', 'biped_max_cm.bvh'];
const FILES = {
  ...Object.fromEntries(Object.keys(CAPTURED_RESTS).map((s) => [s, () => capturedBvh(s)])),
  ...Object.fromEntries(NAMING.map((file) => [file, () => read(file)])),
  // a rest lying on its side, the spine along −X (the motion as the Daz file's)
  'daz-style, rest turned onto its side': () =>
    capturedBvh('daz-style', { turn: [0, 0, -Math.PI / 2] }),
  'biped-style, rest turned Z-up': () => capturedBvh('biped-style', { turn: [Math.PI / 2, 0, 0] }),
};
const EVERY_FRAME = 1e9;
const LEFT_WRIST = kb.skeleton.names.indexOf('left_wrist');

describe('limb directions follow the file on every frame', () => {
  for (const [name, make] of Object.entries(FILES)) {
    it(name, () => {
      const text = make();
      const clip = kb.importBvh(text, { name });
      expect(clip.method).toBe('transfer');
      expect(clip.iterations).toBe(0);
      const transfer = loaderLimbAgreement(kb, text, clip, { samples: EVERY_FRAME });
      const solved = kb.retargetClip({
        positions: clip.sourcePositions,
        driven: clip.driven,
        targetScale: clip.scale,
      });
      const solver = loaderLimbAgreement(kb, text, clip, {
        samples: EVERY_FRAME,
        rotations: solved.rotations,
      });
      console.log(
        `${name}: ${transfer.limbs} limbs × ${transfer.frames} frames, transfer mean ${transfer.mean.toFixed(4)}° worst ${transfer.max.toFixed(4)}°, solver mean ${solver.mean.toFixed(3)}° worst ${solver.max.toFixed(3)}°`,
      );
      expect(transfer.frames).toBe(clip.frames);
      expect(transfer.limbs).toBeGreaterThanOrEqual(14);
      expect(transfer.max).toBeLessThan(2);
      expect(transfer.max).toBeLessThanOrEqual(solver.max);
    });
  }

  it('the captures’ rests are not ours: the solver misses by degrees there', () => {
    const text = capturedBvh('cmu-style');
    const clip = kb.importBvh(text);
    const solved = kb.retargetClip({
      positions: clip.sourcePositions,
      driven: clip.driven,
      targetScale: clip.scale,
    });
    const solver = loaderLimbAgreement(kb, text, clip, {
      samples: EVERY_FRAME,
      rotations: solved.rotations,
    });
    expect(solver.max).toBeGreaterThan(2); // what the transfer fixes
  });
});

describe('hands at the file’s rest', () => {
  // frame 0 of each file set to its rest (every channel 0): our wrist then
  // turns as the file's forearm does at rest, palm down, thumb forward
  for (const style of Object.keys(CAPTURED_RESTS)) {
    it(style, () => {
      const lines = capturedBvh(style, { frames: 2 }).split('\n');
      const first = lines.indexOf('MOTION') + 3;
      const values = lines[first].split(' ');
      lines[first] = values.map((v, i) => (i < 3 ? v : '0')).join(' ');
      const clip = kb.importBvh(lines.join('\n'));
      const fk = kb.forwardKinematics(clip.rotations.subarray(0, 88));
      const q = fk.rotations.subarray(4 * LEFT_WRIST, 4 * LEFT_WRIST + 4);
      const palm = rotateVector([...q], [0, -1, 0]);
      const thumb = rotateVector([...q], [0, 0, 1]);
      expect(palm[1]).toBeLessThan(-0.6);
      expect(thumb[2]).toBeGreaterThan(0.9);
    });
  }
});

describe('which method runs', () => {
  it('refine: true polishes the transfer with the solver, frame by frame', () => {
    const text = capturedBvh('daz-style', { frames: 20 });
    const plain = kb.importBvh(text);
    const refined = kb.importBvh(text, { refine: true });
    expect(refined.method).toBe('transfer+refine');
    expect(refined.iterations).toBeGreaterThan(0);
    expect(refined.rotations).not.toEqual(plain.rotations);
    // it starts from the transfer and stays near it
    const agreement = loaderLimbAgreement(kb, text, refined, { samples: EVERY_FRAME });
    expect(agreement.max).toBeLessThan(10);
    expect(() => kb.importBvh(text, { refine: 'yes' })).toThrow(
      /refine must be true or false, got "yes"/,
    );
  });

  it('a rest that can not be matched is retargeted by the solver, and says why', () => {
    // spine2 given to a joint above spine1's: no rest segment between them
    const clip = kb.importBvh(read('cmu_walk_cm_120fps.bvh'), {
      map: { spine1: 'Spine', spine2: 'LowerBack' },
    });
    expect(clip.method).toBe('retarget');
    expect(clip.iterations).toBeGreaterThan(0);
    expect(clip.notes.join(' ')).toMatch(/retargeted by the solver: .*not below/);
  });

  it('our own skeleton keeps its rotations exactly', () => {
    const { text } = travellingWalk(kb, { seconds: 1 });
    const clip = kb.importBvh(text);
    expect(clip.method).toBe('direct');
  });
});
