// The clap overlay's geometry and colours, from the core's FK and clap
// check: arrows along the hand axes of docs/design.md §3, each coloured by its rule.
import { describe, expect, it } from 'vitest';
import {
  CONTACT_LINE_COLOR,
  FAIL_COLOR,
  NEUTRAL_COLOR,
  PASS_COLOR,
  clapOverlayState,
  createArrowsChoice,
  createClapOverlay,
  judgedParts,
} from '../../../web/viewer/stage/clap-overlay.js';
import { kb } from './library.js';

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const norm = (a) => Math.hypot(...a);
const identity = () => {
  const pose = new Float32Array(88);
  for (let j = 0; j < 22; j++) pose[4 * j + 3] = 1;
  return pose;
};
const markers = kb.handMarkers(1.75);
const stateOf = (pose) =>
  clapOverlayState(kb.forwardKinematics(pose), kb.validateClap(pose), markers);

describe('clapOverlayState', () => {
  it('at the T-pose bind: palms down, thumbs forward, palm centres out along the arms', () => {
    const state = stateOf(identity());
    for (const side of ['left', 'right']) {
      expect(state[side].palm.direction[1]).toBeCloseTo(-1, 6);
      expect(state[side].thumb.direction[2]).toBeCloseTo(1, 6);
      expect(norm(state[side].palm.direction)).toBeCloseTo(1, 6);
    }
    const bind = kb.bindPositions(1.75);
    // the left hand extends along +X from its wrist, the right along −X
    expect(state.left.palm.origin[0]).toBeGreaterThan(bind[3 * 20]);
    expect(state.right.palm.origin[0]).toBeLessThan(bind[3 * 21]);
    expect(state.line.from).toEqual(Array.from(bind.subarray(60, 63)));
    expect(state.line.to).toEqual(Array.from(bind.subarray(63, 66)));
  });

  it('takes each part’s pass/fail from its own rule', () => {
    const pose = identity();
    const report = kb.validateClap(pose);
    // identity wrists: palms parallel (fail), thumbs forward (fail), wrists far apart (fail)
    expect(report.rules).toMatchObject({ palms: false, thumbLeft: false, separation: false });
    const fk = kb.forwardKinematics(pose);
    const forged = {
      ...report,
      rules: { separation: true, palms: true, thumbLeft: false, thumbRight: true, ordered: false },
    };
    const state = clapOverlayState(fk, forged, markers);
    expect(state.left.palm.ok).toBe(true);
    expect(state.right.palm.ok).toBe(true);
    expect(state.left.thumb.ok).toBe(false);
    expect(state.right.thumb.ok).toBe(true);
    // the line needs both separation and order
    expect(state.line.ok).toBe(false);
    expect(
      clapOverlayState(fk, { ...forged, rules: { ...forged.rules, ordered: true } }, markers).line
        .ok,
    ).toBe(true);
  });

  it('on the IK-solved clap every part passes and the arrows show the rules', () => {
    const start = kb.keyframePose(kb.getGesture('clap').keyframes[0], 1.18);
    const { pose } = kb.solveClap(start);
    const state = stateOf(pose);
    expect([state.left, state.right].flatMap((s) => [s.palm.ok, s.thumb.ok])).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(state.line.ok).toBe(true);
    expect(dot(state.left.palm.direction, state.right.palm.direction)).toBeLessThanOrEqual(-0.9);
    expect(state.left.thumb.direction[1]).toBeGreaterThanOrEqual(0.9);
    // palms face each other: the left palm points toward the right hand
    const across = state.line.to.map((v, i) => v - state.line.from[i]);
    expect(dot(state.left.palm.direction, across)).toBeGreaterThan(0);
  });
});

describe('createClapOverlay', () => {
  it('colours the three.js arrows and line by the rules and follows the pose', () => {
    const overlay = createClapOverlay(kb);
    expect(overlay.describe().parts).toBeNull();
    const bind = identity();
    overlay.update(bind, kb.validateClap(bind));
    let parts = overlay.describe().parts;
    expect(parts.leftPalm.color).toBe(FAIL_COLOR);
    expect(parts.wrists.color).toBe(FAIL_COLOR);

    const start = kb.keyframePose(kb.getGesture('clap').keyframes[0], 1.18);
    const { pose } = kb.solveClap(start);
    overlay.update(pose, kb.validateClap(pose));
    parts = overlay.describe().parts;
    for (const part of Object.values(parts)) expect(part.color).toBe(PASS_COLOR);
    // the contact keyframe, in the contact phase: palms and thumbs judged,
    // the wrist line (separation) neutral
    const contact = kb.keyframePose(kb.getGesture('clap').keyframes[2], 1.18);
    overlay.update(contact, kb.validateClap(contact), undefined, 'contact');
    parts = overlay.describe().parts;
    expect(parts.wrists).toMatchObject({ ok: false, judged: false, color: CONTACT_LINE_COLOR });
    expect(parts.leftPalm.color).toBe(PASS_COLOR);
    overlay.update(contact, kb.validateClap(contact));
    expect(overlay.describe().parts.wrists).toMatchObject({ judged: true, color: FAIL_COLOR });
    overlay.update(pose, kb.validateClap(pose));
    const arrow = overlay.root.children[0];
    const expected = stateOf(pose).left.palm.origin;
    arrow.position.toArray().forEach((v, i) => expect(v).toBeCloseTo(expected[i], 9));
    overlay.setVisible(false);
    expect(overlay.visible).toBe(false);
  });

  it('while the hands move between the phases and outside the hold nothing is judged: every part neutral, none red', () => {
    const overlay = createClapOverlay(kb);
    const bind = identity();
    const report = kb.validateClap(bind);
    expect(report.ok).toBe(false);
    for (const phase of ['moving', 'blend']) {
      overlay.update(bind, report, undefined, phase);
      const parts = overlay.describe().parts;
      for (const [name, part] of Object.entries(parts)) {
        expect(part, `${phase} ${name}`).toMatchObject({ judged: false, color: NEUTRAL_COLOR });
      }
      // the rules' results are still there, only not coloured
      expect(parts.leftPalm.ok).toBe(report.rules.palms);
      expect(parts.wrists.ok).toBe(false);
    }
    // the same pose in the open phase (or on a gesture without phases) is judged as it is
    for (const phase of ['open', null]) {
      overlay.update(bind, report, undefined, phase);
      for (const part of Object.values(overlay.describe().parts)) {
        expect(part).toMatchObject({ judged: true, color: FAIL_COLOR });
      }
    }
  });
});

describe('judgedParts', () => {
  it('follows the clap check’s phases', () => {
    expect(judgedParts('open')).toEqual({ arrows: true, line: true });
    expect(judgedParts('blend')).toEqual({ arrows: false, line: false });
    expect(judgedParts(null)).toEqual({ arrows: true, line: true });
    expect(judgedParts('contact')).toEqual({ arrows: true, line: false });
    expect(judgedParts('moving')).toEqual({ arrows: false, line: false });
  });
});

describe('createArrowsChoice', () => {
  it('on for the clap and off for the others at first; a choice is kept across gesture changes', () => {
    const choice = createArrowsChoice();
    expect(choice.shownFor(true)).toBe(true);
    expect(choice.shownFor(false)).toBe(false);
    choice.choose(true, false); // turned off on the clap
    expect(choice.shownFor(false)).toBe(false); // another gesture
    expect(choice.shownFor(true)).toBe(false); // the clap again: still off
    choice.choose(false, true); // turned on for another gesture
    expect(choice.shownFor(true)).toBe(false);
    expect(choice.shownFor(false)).toBe(true);
    choice.choose(true, true);
    expect(choice.shownFor(true)).toBe(true);
  });
});
