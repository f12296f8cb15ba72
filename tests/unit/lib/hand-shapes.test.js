// Hand shapes per keyframe (docs/design.md §8, "Hand shapes"): the gesture
// file's "hands" (format version 2), validated like the rest; what the
// library gestures declare; what a preview frame shows between keyframes
// and through the envelope; the file form written back.
import { describe, expect, it } from 'vitest';
import { GESTURE_FORMAT_VERSION, HAND_SHAPES, OPEN_HANDS } from '../../../web/lib/kblend.js';
import { gestureToFile } from '../../../web/link/gesture-file.js';
import { BVHLoader } from 'three/addons/loaders/BVHLoader.js';
import { kb } from '../support.js';

const hand = (shape, curl = 1) => ({ shape, curl });
const file = (keyframes, extra = {}) => ({
  version: 2,
  name: 'hands',
  duration: 2,
  keyframes,
  ...extra,
});
const parse = (data) => kb.parseGesture(data, 'hands.json');

describe('the gesture file format with hand shapes', () => {
  it('declares its version and the shapes', () => {
    expect(GESTURE_FORMAT_VERSION).toBe(2);
    expect(HAND_SHAPES).toEqual(['open', 'relaxed', 'fist', 'point', 'thumbUp']);
    expect(OPEN_HANDS).toEqual({ left: hand('open'), right: hand('open') });
  });

  it('reads hands per keyframe: a side left out is open, curl defaults to 1', () => {
    const g = parse(
      file([
        { time: 0, rotations: {}, hands: { right: { shape: 'point' } } },
        { time: 1, rotations: {}, hands: { left: hand('fist', 0.25), right: hand('thumbUp', 0) } },
        { time: 1.5, rotations: {} },
      ]),
    );
    expect(g.version).toBe(2);
    expect(g.keyframes.map((k) => k.hands)).toEqual([
      { left: hand('open'), right: hand('point') },
      { left: hand('fist', 0.25), right: hand('thumbUp', 0) },
      OPEN_HANDS,
    ]);
    expect(Object.isFrozen(g.keyframes[1].hands.left)).toBe(true);
  });

  it('reads an old file (no version, no hands) as open hands, in the current version', () => {
    const g = kb.parseGesture({
      name: 'old',
      duration: 1,
      keyframes: [{ time: 0, rotations: {} }],
    });
    expect(g.version).toBe(2);
    expect(g.keyframes[0].hands).toEqual(OPEN_HANDS);
    expect(kb.parseGesture({ ...file([{ time: 0, rotations: {} }]), version: 1 }).version).toBe(2);
  });

  const bad = [
    [
      'an unknown shape',
      { right: { shape: 'claw' } },
      /keyframe 0, hands\.right "shape" must be one of "open", "relaxed", "fist", "point", "thumbUp", got "claw"/,
      RangeError,
    ],
    [
      'a shape of the wrong type',
      { left: { shape: 3 } },
      /keyframe 0, hands\.left "shape" must be one of .*, got 3/,
      TypeError,
    ],
    [
      'a curl past 1',
      { left: hand('fist', 1.5) },
      /keyframe 0, hands\.left "curl" must be a number in \[0, 1\], got 1\.5/,
      RangeError,
    ],
    [
      'a negative curl',
      { right: hand('fist', -0.1) },
      /hands\.right "curl" must be a number in \[0, 1\], got -0\.1/,
      RangeError,
    ],
    [
      'a curl that is NaN',
      { right: hand('fist', NaN) },
      /hands\.right "curl" .*got NaN/,
      RangeError,
    ],
    [
      'a curl as text',
      { right: { shape: 'fist', curl: '1' } },
      /hands\.right "curl" must be a number in \[0, 1\], got "1"/,
      TypeError,
    ],
    [
      'an unknown side',
      { middle: hand('fist') },
      /keyframe 0 "hands": unknown side "middle" \(allowed: left, right\)/,
      RangeError,
    ],
    [
      'an unknown key in a hand',
      { left: { shape: 'fist', grip: 1 } },
      /hands\.left: unknown key "grip" \(allowed: shape, curl\)/,
      RangeError,
    ],
    [
      'a hand that is no object',
      { left: 'fist' },
      /hands\.left must be an object \{ shape, curl \}, got "fist"/,
      TypeError,
    ],
    [
      'hands that are no object',
      [1],
      /keyframe 0 "hands" must be an object \{ left, right \}/,
      TypeError,
    ],
  ];
  it.each(bad)(
    'refuses %s, naming the keyframe, the side, the value and what is allowed',
    (_, hands, message, type) => {
      const data = file([{ time: 0, rotations: {}, hands }]);
      expect(() => parse(data)).toThrow(type);
      expect(() => parse(data)).toThrow(message);
      expect(() => parse(data)).toThrow(/^gesture file "hands\.json": /);
    },
  );

  it('names the keyframe counted from 0', () => {
    const data = file([
      { time: 0, rotations: {} },
      { time: 1, rotations: {}, hands: { right: { shape: 'thumbsup' } } },
    ]);
    expect(() => parse(data)).toThrow(/keyframe 1, hands\.right "shape" .* got "thumbsup"/);
  });

  it('refuses hands in a version 1 file and an unknown version', () => {
    const hands = { right: hand('point') };
    expect(() => parse({ ...file([{ time: 0, rotations: {}, hands }]), version: 1 })).toThrow(
      /keyframe 0 "hands" needs "version": 2 .*got version 1/,
    );
    const { version: _, ...unversioned } = file([{ time: 0, rotations: {}, hands }]);
    expect(() => parse(unversioned)).toThrow(/needs "version": 2/);
    expect(() => parse({ ...file([{ time: 0, rotations: {} }]), version: 3 })).toThrow(
      /"version" must be one of 1, 2, got 3/,
    );
    expect(() => parse({ ...file([{ time: 0, rotations: {} }]), version: '2' })).toThrow(TypeError);
  });

  it('refuses a side given twice in the text', () => {
    const text =
      '{"version":2,"name":"hands","duration":1,"keyframes":[{"time":0,"rotations":{},' +
      '"hands":{"left":{"shape":"fist"},"left":{"shape":"open"}}}]}';
    expect(() => kb.parseGestureJson(text, 'hands.json')).toThrow(
      /keyframe 0 "hands": key "left" is given twice/,
    );
  });

  it('writes hands back only where a hand is not open, and version 2 only then', () => {
    const g = parse(
      file([
        { time: 0, rotations: { head: [1, 2, 3] } },
        { time: 1, rotations: {}, hands: { left: hand('open', 0.5), right: hand('fist', 0.3) } },
      ]),
    );
    const written = gestureToFile(g);
    expect(written.version).toBe(2);
    expect(written.keyframes[0]).toEqual({ time: 0, rotations: { head: [1, 2, 3] } });
    expect(written.keyframes[1].hands).toEqual({
      left: hand('open', 0.5),
      right: hand('fist', 0.3),
    });
    expect(parse({ ...written, name: 'hands' })).toEqual(g);
    const plain = gestureToFile(kb.getGesture('wave'));
    expect(plain.version).toBeUndefined();
    expect(plain.keyframes.some((k) => 'hands' in k)).toBe(false);
  });
});

describe('the library gestures declare their hands', () => {
  const midHold = (name) => {
    const preview = kb.createPreview({ gesture: name });
    const { attack, release } = preview.options;
    const frame = preview.evaluateFrame(((attack + 1 - release) / 2) * preview.duration);
    preview.dispose();
    return frame.hands;
  };
  it.each([
    ['point', hand('open'), hand('point')],
    ['thumbs_up', hand('open'), hand('thumbUp')],
    ['crossed_arms', hand('fist', 0.8), hand('fist', 0.8)],
    ['akimbo', hand('relaxed', 0.4), hand('relaxed', 0.4)],
    ['wave', hand('open'), hand('open')],
    ['salute', hand('open'), hand('open')],
    ['clap', hand('open'), hand('open')],
  ])('%s, mid-hold', (name, left, right) => {
    const hands = midHold(name);
    expect(hands.left.shape).toBe(left.shape);
    expect(hands.left.curl).toBeCloseTo(left.curl, 6);
    expect(hands.right).toEqual(right);
  });

  it('the shrug loosens its hands over the hold (the curl interpolated)', () => {
    const preview = kb.createPreview({ gesture: 'shrug' });
    const { attack, release } = preview.options;
    const T = preview.duration;
    const at = (fraction) =>
      preview.evaluateFrame((attack + fraction * (1 - attack - release)) * T);
    expect(at(0).hands.right).toEqual(hand('relaxed', 0.2));
    expect(at(0.5).hands.right.curl).toBeCloseTo(0.35, 5);
    expect(at(1).hands.left.shape).toBe('relaxed');
    expect(at(1).hands.left.curl).toBeCloseTo(0.5, 5);
    preview.dispose();
  });
});

describe('a preview frame shows the hands', () => {
  const gesture = (keyframes, extra) => kb.parseGesture(file(keyframes, extra), 'custom gesture');

  it('open while the envelope is below 0.5, the shape from 0.5 on', () => {
    const g = gesture([{ time: 0, rotations: {}, hands: { right: hand('thumbUp') } }]);
    const preview = kb.createPreview({ gesture: g, attack: 0.25, release: 0.25 });
    expect(preview.evaluateFrame(0.05).hands).toEqual(OPEN_HANDS);
    expect(preview.evaluateFrame(0.25).envelope).toBeCloseTo(0.5, 5);
    expect(preview.evaluateFrame(1).hands.right).toEqual(hand('thumbUp'));
    expect(preview.evaluateFrame(1.95).hands).toEqual(OPEN_HANDS);
    preview.dispose();
  });

  it('between two shapes the nearer keyframe; between curls of one shape, interpolated', () => {
    const g = gesture([
      { time: 0, rotations: {}, hands: { left: hand('fist', 0.2), right: hand('point') } },
      { time: 2, rotations: {}, hands: { left: hand('fist', 1), right: hand('thumbUp', 0.5) } },
    ]);
    const preview = kb.createPreview({ gesture: g, duration: 4, attack: 0.01, release: 0.01 });
    const at = (t) => preview.evaluateFrame(t).hands;
    expect(at(0.9).right).toEqual(hand('point'));
    expect(at(1.1).right).toEqual(hand('thumbUp', 0.5));
    expect(at(1).left.curl).toBeCloseTo(0.6, 6);
    expect(at(3).left).toEqual(hand('fist', 1)); // held after the last keyframe
    preview.dispose();
  });

  it('a loop wraps from the last keyframe back to the first, as the rotations do', () => {
    const g = gesture(
      [
        { time: 0, rotations: {}, hands: { right: hand('fist', 0) } },
        { time: 0.5, rotations: {}, hands: { right: hand('fist', 1) } },
      ],
      { loop: true, period: 1 },
    );
    const preview = kb.createPreview({ gesture: g, duration: 4, attack: 0.01, release: 0.01 });
    expect(preview.evaluateFrame(2.25).hands.right.curl).toBeCloseTo(0.5, 5);
    expect(preview.evaluateFrame(2.75).hands.right.curl).toBeCloseTo(0.5, 5);
    expect(preview.evaluateFrame(2.5).hands.right.curl).toBeCloseTo(1, 5);
    preview.dispose();
  });

  it('a hold-time gesture places its keyframes in the hold', () => {
    const g = gesture(
      [
        { time: 0, rotations: {}, hands: { right: hand('relaxed', 0) } },
        { time: 1, rotations: {}, hands: { right: hand('relaxed', 1) } },
      ],
      { timeUnit: 'hold' },
    );
    const preview = kb.createPreview({ gesture: g, duration: 2, attack: 0.25, release: 0.25 });
    expect(preview.evaluateFrame(1).hands.right.curl).toBeCloseTo(0.5, 5);
    preview.dispose();
  });

  it('a track (an imported clip) shows open hands', () => {
    const source = kb.createPreview({ gesture: 'point' });
    const track = { times: [0, 1], rotations: [...source.evaluate(1), ...source.evaluate(1)] };
    source.dispose();
    const preview = kb.createPreview({ track });
    expect(preview.evaluateFrame(0.5).hands).toEqual(OPEN_HANDS);
    preview.dispose();
  });
});

describe('BVH export with hands', () => {
  // the joint's local rotation at frame k, as three's BVHLoader reads it
  function readBvh(text) {
    const { skeleton, clip } = new BVHLoader().parse(text);
    const track = (name) => clip.tracks.find((t) => t.name === `${name}.quaternion`);
    const angleAt = (name, k) => {
      const v = track(name).values.slice(4 * k, 4 * k + 4);
      return (2 * Math.acos(Math.min(1, Math.abs(v[3]))) * 180) / Math.PI;
    };
    return {
      names: skeleton.bones.map((b) => b.name),
      angleAt,
      frames: track('pelvis').times.length,
    };
  }

  it('puts three finger joints under each wrist, bent as the frame shows the hands', () => {
    const preview = kb.createPreview({ gesture: 'thumbs_up' });
    const read = readBvh(kb.exportBvh(preview, { hands: true }));
    for (const side of ['left', 'right']) {
      for (const finger of ['thumb', 'index', 'fingers']) {
        expect(read.names).toContain(`${side}_${finger}`);
      }
    }
    const mid = Math.round(preview.frameCount / 2);
    // the right hand a fist with the thumb up, the left one open
    expect(read.angleAt('right_index', mid)).toBeCloseTo(95, 3);
    expect(read.angleAt('right_fingers', mid)).toBeCloseTo(95, 3);
    expect(read.angleAt('right_thumb', mid)).toBeCloseTo(10, 3);
    expect(read.angleAt('left_index', mid)).toBeCloseTo(0, 6);
    // before the gesture is half in, both open
    expect(read.angleAt('right_index', 0)).toBeCloseTo(0, 6);
    preview.dispose();
  });

  it('a curl bends the fingers that part of the way; without hands the file is as before', () => {
    const g = kb.parseGesture(
      file([{ time: 0, rotations: {}, hands: { left: hand('fist', 0.5), right: hand('point') } }]),
      'custom gesture',
    );
    const preview = kb.createPreview({ gesture: g });
    const read = readBvh(kb.exportBvh(preview, { hands: true }));
    const mid = Math.round(preview.frameCount / 2);
    expect(read.angleAt('left_fingers', mid)).toBeCloseTo(47.5, 3);
    expect(read.angleAt('right_index', mid)).toBeCloseTo(0, 6);
    expect(read.angleAt('right_fingers', mid)).toBeCloseTo(95, 3);
    const plain = kb.exportBvh(preview);
    expect(plain).not.toMatch(/_index|_thumb|_fingers/);
    // kblend's import reads the joints it knows exactly as without hands
    const withHands = kb.importBvh(kb.exportBvh(preview, { hands: true }));
    expect(withHands.ignored).toEqual([
      'left_thumb',
      'left_index',
      'left_fingers',
      'right_thumb',
      'right_index',
      'right_fingers',
    ]);
    expect(Array.from(withHands.rotations)).toEqual(Array.from(kb.importBvh(plain).rotations));
    preview.dispose();
  });

  it('refuses hands for a clip and a hands option that is no boolean', () => {
    const preview = kb.createPreview({ gesture: 'point' });
    const clip = kb.importBvh(kb.exportBvh(preview));
    expect(() => kb.exportBvh(clip, { hands: true })).toThrow(/hands applies to a preview/);
    expect(() => kb.exportBvh(preview, { hands: 'yes' })).toThrow(
      /hands must be true or false, got "yes"/,
    );
    preview.dispose();
  });
});
