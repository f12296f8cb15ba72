// The frame the stage draws: the clap report is the shown pose's, from one
// forward kinematics — the frame's own pass when the frame's pose is shown,
// none asked of the frame while a crossfade's blend or an override is.
import { describe, expect, it } from 'vitest';
import {
  CROSSFADE_SECONDS,
  createPoseCrossfade,
} from '../../../web/viewer/stage/pose-crossfade.js';
import { createShownFrame } from '../../../web/viewer/stage/shown-frame.js';
import { kb } from './library.js';

// A clap check and a preview whose FK passes are counted: evaluateFrame's
// (one when it is asked for the clap or FK) and the check's (one each)
function counted(gesture = 'clap', height = 1.75) {
  const passes = { frame: 0, check: 0 };
  const check = (pose) => {
    passes.check += 1;
    return kb.validateClap(pose, { height });
  };
  const preview = kb.createPreview({ gesture });
  const evaluateFrame = preview.evaluateFrame.bind(preview);
  preview.evaluateFrame = (t, options) => {
    if (options.clap || options.fk) passes.frame += 1;
    return evaluateFrame(t, options);
  };
  return { check, preview, passes };
}

const HEIGHT = 1.75;
const T = 1.2; // the clap's hold

describe('the shown frame', () => {
  it('shows the frame: its clap report and FK from its own pass, no second check', () => {
    const { check, preview, passes } = counted();
    const crossfade = createPoseCrossfade(kb.slerp, 22);
    const shownFrame = createShownFrame(crossfade);
    const pose = new Float32Array(88);
    const shown = shownFrame(preview, T, { now: 5, fk: true, check, pose });
    expect(passes).toEqual({ frame: 1, check: 0 });
    expect(shown.own).toBe(false);
    expect(shown.fading).toBe(false);
    expect(pose).toEqual(shown.frame.pose);
    expect(shown.frame.positions).toHaveLength(66);
    expect(shown.clap).toEqual(shown.frame.clap);
    expect(shown.clap.separation).toBeCloseTo(kb.validateClap(pose).separation, 5);
  });

  it('during a crossfade: the blend is checked once, the frame asked for no FK', () => {
    const { check, preview, passes } = counted();
    const crossfade = createPoseCrossfade(kb.slerp, 22);
    const shownFrame = createShownFrame(crossfade);
    crossfade.start(kb.idlePose(1.18), 10);
    const pose = new Float32Array(88);
    const now = 10 + CROSSFADE_SECONDS / 2;
    const shown = shownFrame(preview, T, { now, fk: true, check, pose });
    expect(passes).toEqual({ frame: 0, check: 1 });
    expect(shown.own).toBe(true);
    expect(shown.fading).toBe(true);
    expect(shown.frame.positions).toBeUndefined();
    expect(shown.frame.clap).toBeUndefined();
    expect(
      kb.geodesicAngle(pose.subarray(64, 68), shown.frame.pose.subarray(64, 68)),
    ).toBeGreaterThan(0.05);
    expect(shown.clap).toEqual(kb.validateClap(pose, { height: HEIGHT }));
  });

  it('the frame a crossfade ends on shows the frame’s pose, checked once', () => {
    const { check, preview, passes } = counted();
    const crossfade = createPoseCrossfade(kb.slerp, 22);
    const shownFrame = createShownFrame(crossfade);
    crossfade.start(kb.idlePose(1.18), 10);
    const pose = new Float32Array(88);
    const now = 10 + CROSSFADE_SECONDS;
    const shown = shownFrame(preview, T, { now, fk: true, check, pose });
    expect(passes).toEqual({ frame: 0, check: 1 });
    expect(shown.fading).toBe(false);
    expect(shown.own).toBe(false);
    expect(pose).toEqual(shown.frame.pose);
    expect(shown.clap).toEqual(kb.validateClap(shown.frame.pose, { height: HEIGHT }));
    // the next frame is the frame's own pass again
    shownFrame(preview, T, { now: now + 0.02, fk: true, check, pose });
    expect(passes).toEqual({ frame: 1, check: 1 });
  });

  it('an override is shown and checked by the check given', () => {
    const { check, preview, passes } = counted('clap', 1.4);
    const crossfade = createPoseCrossfade(kb.slerp, 22);
    const shownFrame = createShownFrame(crossfade);
    const override = kb.idlePose(0.9);
    const pose = new Float32Array(88);
    const shown = shownFrame(preview, T, { now: 0, override, check, pose });
    expect(passes).toEqual({ frame: 0, check: 1 });
    expect(shown.own).toBe(true);
    expect(pose).toEqual(override);
    expect(shown.clap).toEqual(kb.validateClap(override, { height: 1.4 }));
    expect(shown.clap.separation).not.toBeCloseTo(kb.validateClap(override).separation, 3);
  });

  it('frameCheck false: the frame’s pose is shown, checked by the caller, the frame asked for no FK', () => {
    const { check, preview, passes } = counted();
    const crossfade = createPoseCrossfade(kb.slerp, 22);
    const shownFrame = createShownFrame(crossfade);
    const pose = new Float32Array(88);
    const shown = shownFrame(preview, T, { now: 0, fk: true, frameCheck: false, check, pose });
    expect(passes).toEqual({ frame: 0, check: 1 });
    expect(shown.own).toBe(false);
    expect(pose).toEqual(shown.frame.pose);
    expect(shown.frame.positions).toBeUndefined();
    expect(shown.clap).toEqual(kb.validateClap(pose));
  });
});
