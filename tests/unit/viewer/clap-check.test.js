// The clap check as the viewer shows it, and the body-contact overlay's
// choice of what to mark, without a page: the phases of the clap (the rules
// judge the open phase only), the gestures the check is for, and the
// contacts marked in red.
import { describe, expect, it } from 'vitest';
import { previewTuning } from '../../../web/viewer/clips/clip-sources.js';
import {
  classifyClapKeyframes,
  clapChecked,
  createClapPhaseTracker,
  createClapPhases,
} from '../../../web/viewer/readouts/clap-phase.js';
import { CONTACT_TOLERANCE, markedContacts } from '../../../web/viewer/stage/contact-overlay.js';
import { TUNING_DEFAULTS, canonicalParams, midHoldTime } from '../../../web/link/params.js';
import { kb } from './library.js';

const clap = kb.getGesture('clap');
const APOSE = 1.18;

describe('the clap check’s phases', () => {
  it('reads the keyframes’ kinds from the clap rules on their poses', () => {
    expect(classifyClapKeyframes(kb, clap, APOSE)).toEqual(['open', 'open', 'contact', 'contact']);
  });

  it('follows the gesture’s own times and loop', () => {
    const phaseAt = createClapPhases(kb, clap, APOSE);
    const [t0, t1, t2, t3] = clap.keyframes.map((k) => k.time);
    const loop = 2 * clap.period; // the third loop
    expect(phaseAt(loop + t0, 1)).toBe('open');
    expect(phaseAt(loop + (t0 + t1) / 2, 1)).toBe('open');
    expect(phaseAt(loop + t1, 1)).toBe('open');
    expect(phaseAt(loop + (t1 + t2) / 2, 1)).toBe('moving');
    expect(phaseAt(loop + (t2 + t3) / 2, 1)).toBe('contact');
    expect(phaseAt(loop + (t3 + clap.period) / 2, 1)).toBe('moving');
    // in the attack or release nothing is judged
    expect(phaseAt(loop + t0, 0.5)).toBe('blend');
  });

  it('is for the clap only', () => {
    expect(clapChecked('clap')).toBe(true);
    const phaseOf = createClapPhaseTracker(kb);
    for (const name of kb.gestureNames.filter((n) => n !== 'clap')) {
      expect(clapChecked(name), name).toBe(false);
      expect(phaseOf({ gesture: name, apose: APOSE }, 1, 1)).toBeNull();
    }
    expect(clapChecked('bvh: clap.bvh')).toBe(false);
    expect(phaseOf({ gesture: 'clap', apose: APOSE }, 0.1 + 2 * clap.period, 1)).toBe('open');
  });

  it('refuses a gesture timed in hold fractions', () => {
    const held = { ...clap, loop: false, timeUnit: 'hold' };
    expect(() => createClapPhases(kb, held, APOSE)).toThrow(RangeError);
  });
});

describe('the body-contact overlay’s marks', () => {
  it('marks nothing for the library gestures at mid-hold', () => {
    for (const gesture of kb.gestureNames) {
      const params = canonicalParams({
        ...TUNING_DEFAULTS,
        gesture,
        duration: kb.getGesture(gesture).duration,
      });
      const preview = kb.createPreview({ ...previewTuning(params), fps: 30 });
      expect(markedContacts(kb, preview.evaluate(midHoldTime(params))), gesture).toEqual([]);
      preview.dispose();
    }
  });

  it('marks a forearm pushed through the chest, deeper than the tolerance', () => {
    // the left arm swung across the body: shoulder 100° forward, elbow bent in
    const pose = Float32Array.from(kb.idlePose(APOSE));
    const j = kb.skeleton.names.indexOf('left_shoulder');
    pose.set(kb.quatFromEuler([0, -100 * (Math.PI / 180), -80 * (Math.PI / 180)]), 4 * j);
    const e = kb.skeleton.names.indexOf('left_elbow');
    pose.set(kb.quatFromEuler([0, -150 * (Math.PI / 180), 0]), 4 * e);
    const marked = markedContacts(kb, pose);
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((c) => c.depth > CONTACT_TOLERANCE)).toBe(true);
    expect(marked.flatMap((c) => [c.a, c.b])).toContain('torso');
    // a looser tolerance marks fewer
    expect(markedContacts(kb, pose, { tolerance: 1 })).toEqual([]);
  });
});
