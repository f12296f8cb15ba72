// The gesture editor's model: keys set and removed, validated as a gesture
// file before anything changes; undo and redo of every change (edits and
// tuning) give back the same gesture, params and poses bit for bit; a saved
// gesture reloads to the same poses.
import { describe, expect, it } from 'vitest';
import { createClipSources } from '../../../web/viewer/clips/clip-sources.js';
import { withCustomGestures } from '../../../web/viewer/editor/custom-gestures.js';
import { gestureFileText } from '../../../web/link/gesture-file.js';
import { createGestureEditor } from '../../../web/viewer/editor/gesture-editor.js';
import { eulerDegreesOf } from '../../../web/viewer/editor/euler.js';
import { createAppState } from '../../../web/viewer/state/app-state.js';
import { TUNING_DEFAULTS, canonicalParams } from '../../../web/link/params.js';
import { kb } from './library.js';

function makeEditor(gesture = 'wave') {
  const sources = withCustomGestures(createClipSources(kb, { fps: 30 }), kb);
  const defaults = canonicalParams({
    ...TUNING_DEFAULTS,
    gesture,
    duration: sources.durationOf(gesture),
  });
  const state = createAppState({ kb, sources, defaults });
  const editor = createGestureEditor({
    kb,
    state,
    sources,
    currentPose: () => state.preview.evaluate(1.0),
  });
  const poses = () => [0.3, 1.0, 1.7, 2.4].map((t) => Array.from(state.preview.evaluate(t)));
  return { sources, state, editor, poses };
}

describe('gesture editor', () => {
  it('edits a library gesture as a copy; undo and redo restore gesture, params and poses bit for bit', () => {
    const { state, editor, poses } = makeEditor();
    const original = { gesture: editor.gesture(), params: state.params, poses: poses() };
    expect(original.gesture.name).toBe('wave_edit');
    editor.setKey('right_elbow', 0.4, [-60, 110, 5]);
    const one = { gesture: editor.gesture(), params: state.params, poses: poses() };
    expect(one.params.gesture).toBe('custom: wave_edit');
    expect(one.gesture.keyframes[1].rotations.right_elbow).toEqual([-60, 110, 5]);
    expect(one.poses).not.toEqual(original.poses);
    editor.setKey('head', 0.2, [10, 0, 0]); // a new keyframe, in time order
    expect(editor.gesture().keyframes.map((k) => k.time)).toEqual([0, 0.2, 0.4]);
    const two = { gesture: editor.gesture(), params: state.params, poses: poses() };
    state.setParams({ attack: 0.35 }); // tuning is in the history too
    const three = { params: state.params, poses: poses() };

    expect(editor.undo()).toBe(true);
    expect(state.params).toEqual(two.params);
    expect(poses()).toEqual(two.poses);
    expect(editor.undo()).toBe(true);
    expect(editor.gesture()).toEqual(one.gesture);
    expect(poses()).toEqual(one.poses);
    expect(editor.undo()).toBe(true);
    expect(state.params).toEqual(original.params);
    expect(poses()).toEqual(original.poses);
    expect(editor.undo()).toBe(false);
    expect(editor.redo()).toBe(true);
    expect(editor.gesture()).toEqual(one.gesture);
    expect(poses()).toEqual(one.poses);
    expect(editor.redo()).toBe(true);
    expect(editor.redo()).toBe(true);
    expect(state.params).toEqual(three.params);
    expect(poses()).toEqual(three.poses);
    expect(editor.redo()).toBe(false);
  });

  it('removes keys and keyframes; a bad edit is refused with the joint and value, nothing changes', () => {
    const { state, editor, poses } = makeEditor();
    editor.setKey('head', 0.2, [10, 0, 0]);
    editor.removeKey('head', 0.2);
    expect(editor.gesture().keyframes.map((k) => k.time)).toEqual([0, 0.4]);
    const before = { gesture: editor.gesture(), params: state.params, poses: poses() };
    expect(() => editor.setKey('head', 0.2, [0, 400, 0])).toThrow(
      /keyframe 1, joint "head" angle y must be .* got 400/,
    );
    expect(() => editor.setKey('tail', 0.2, [0, 0, 0])).toThrow(
      /joint "tail" is not a kblend joint/,
    );
    expect(() => editor.setKey('head', 0.9, [0, 0, 0])).toThrow(/must be < the loop period 0.8/);
    expect(() => editor.removeKey('head', 0.3)).toThrow(/no key of joint "head" at time 0.3/);
    expect(editor.gesture()).toEqual(before.gesture);
    expect(state.params).toEqual(before.params);
    expect(poses()).toEqual(before.poses);
    editor.moveKeyframe(0.4, 0.5);
    expect(editor.gesture().keyframes.map((k) => k.time)).toEqual([0, 0.5]);
    editor.removeKeyframe(0.5);
    expect(editor.gesture().keyframes).toHaveLength(1);
    expect(() => editor.removeKeyframe(0)).toThrow(/at least one keyframe/);
  });

  it('a saved gesture reloads to the same poses bit for bit', () => {
    const { state, editor, poses, sources } = makeEditor('shrug');
    editor.setKey('left_elbow', 0.5, [12.3456, -7.25, 33.125]);
    state.setParams({ jitter: 0.02, seed: 3 });
    const shown = poses();
    const text = gestureFileText(editor.gesture());
    const other = makeEditor('clap');
    const parsed = kb.parseGestureJson(text, 'gesture file "shrug_edit.json"');
    const name = other.sources.addCustom(parsed);
    other.state.setParams({ ...state.params, gesture: name });
    expect(other.poses()).toEqual(shown);
    expect(sources.customNames()).toEqual(['custom: shrug_edit']);
  });

  it('starts a gesture from the pose shown', () => {
    const { state, editor } = makeEditor('salute');
    const shown = state.preview.evaluate(1.0);
    const file = editor.startFromPose('held');
    expect(file.name).toBe('held');
    expect(file.keyframes).toHaveLength(1);
    const joints = Object.keys(file.keyframes[0].rotations);
    expect(joints.length).toBeGreaterThan(1);
    // each angle is the shown rotation's (to the file's millidegree)
    const j = kb.skeleton.names.indexOf('right_shoulder');
    expect(file.keyframes[0].rotations.right_shoulder).toEqual(
      eulerDegreesOf(Array.from(shown.subarray(4 * j, 4 * j + 4))),
    );
    expect(state.params.gesture).toBe('custom: held');
    // held in full mid-clip: the pose of the new gesture is the one it was made from
    const mid = state.preview.evaluate(state.params.duration / 2);
    const angle = kb.geodesicAngle(
      mid.subarray(4 * j, 4 * j + 4),
      shown.subarray(4 * j, 4 * j + 4),
    );
    expect(angle).toBeLessThan(1e-3);
  });
});

describe('hand shapes in the editor', () => {
  it('sets a hand at a keyframe in one step; a copy of thumbs_up keeps its thumb; undo and redo', () => {
    const { state, editor } = makeEditor('thumbs_up');
    const copy = editor.gesture();
    expect(copy.version).toBe(2);
    expect(copy.keyframes[0].hands.right).toEqual({ shape: 'thumbUp', curl: 1 });
    const frameHands = () => state.preview.evaluateFrame(1.25).hands;
    editor.setHand(0, 'left', { shape: 'thumbUp', curl: 1 });
    expect(state.params.gesture).toBe('custom: thumbs_up_edit');
    expect(frameHands()).toEqual({
      left: { shape: 'thumbUp', curl: 1 },
      right: { shape: 'thumbUp', curl: 1 },
    });
    editor.setHand(0, 'left', { shape: 'fist', curl: 0.35 });
    expect(frameHands().left).toEqual({ shape: 'fist', curl: 0.35 });
    expect(editor.undo()).toBe(true);
    expect(frameHands().left).toEqual({ shape: 'thumbUp', curl: 1 });
    expect(editor.redo()).toBe(true);
    expect(frameHands().left).toEqual({ shape: 'fist', curl: 0.35 });
    // the saved file reads back with its hands
    const back = kb.parseGestureJson(gestureFileText(editor.gesture()), 'saved');
    expect(back.keyframes[0].hands.left).toEqual({ shape: 'fist', curl: 0.35 });
  });

  it('a hand at a new time adds a keyframe keying no joint, kept when a key goes; a bad hand is refused', () => {
    const { editor } = makeEditor('wave');
    editor.setHand(0.3, 'right', { shape: 'point', curl: 1 });
    const key = editor.gesture().keyframes.find((k) => k.time === 0.3);
    expect(key).toEqual({
      time: 0.3,
      rotations: {},
      hands: { right: { shape: 'point', curl: 1 } },
    });
    editor.setKey('head', 0.3, [5, 0, 0]);
    editor.removeKey('head', 0.3);
    expect(editor.gesture().keyframes.some((k) => k.time === 0.3)).toBe(true);
    // a key added later holds the hands of the keyframe before it; taking
    // its only joint away takes the keyframe away again
    editor.setKey('head', 0.35, [3, 0, 0]);
    const added = editor.gesture().keyframes.find((k) => k.time === 0.35);
    expect(added.hands).toEqual({ right: { shape: 'point', curl: 1 } });
    editor.removeKey('head', 0.35);
    expect(editor.gesture().keyframes.some((k) => k.time === 0.35)).toBe(false);
    const before = editor.gesture();
    expect(() => editor.setHand(0.3, 'left', { shape: 'claw', curl: 1 })).toThrow(
      /hands\.left "shape" must be one of .* got "claw"/,
    );
    expect(() => editor.setHand(0.3, 'left', { shape: 'fist', curl: 3 })).toThrow(
      /hands\.left "curl" must be a number in \[0, 1\], got 3/,
    );
    expect(editor.gesture()).toEqual(before);
  });
});

describe('arm reach', () => {
  it('keys the shoulder and elbow so the keyframe’s wrist reaches the target, in one undoable edit', () => {
    const { state, editor, poses } = makeEditor('point');
    const before = { gesture: editor.gesture(), poses: poses() };
    const key = kb.keyframePose(kb.getGesture('point').keyframes[0], state.params.apose);
    const wrist = kb.skeleton.names.indexOf('right_wrist');
    const at = kb.forwardKinematics(key).positions;
    const start = [at[3 * wrist], at[3 * wrist + 1], at[3 * wrist + 2]];
    const target = [start[0] + 0.05, start[1] + 0.15, start[2] - 0.1];
    const result = editor.reach('right', 0, target);
    expect(result.iterations).toBeGreaterThan(0);
    const file = editor.gesture();
    expect(Object.keys(file.keyframes[0].rotations).sort()).toEqual(
      ['right_elbow', 'right_shoulder'].sort(),
    );
    // the keyframe, as the file holds it (millidegrees), puts the wrist there
    const keyed = kb.forwardKinematics(
      kb.keyframePose(file.keyframes[0], state.params.apose),
    ).positions;
    const miss = Math.hypot(...[0, 1, 2].map((i) => keyed[3 * wrist + i] - target[i]));
    console.log(`arm reach: wrist misses the target by ${miss.toExponential(2)} m`);
    expect(miss).toBeLessThan(1e-3);
    expect(editor.undo()).toBe(true);
    expect(editor.gesture()).toEqual(before.gesture);
    expect(poses()).toEqual(before.poses);
    expect(() => editor.reach('middle', 0, target)).toThrow(/side must be 'left' or 'right'/);
  });
});
