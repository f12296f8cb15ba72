// preview.evaluateFrame: what a displayed frame needs from one evaluation
// and one FK pass, against the separate calls it replaces.
import { describe, expect, it } from 'vitest';
import { rotateVector } from '../../../web/lib/kblend.js';
import { kb } from '../support.js';

const TIMES = [0, 0.31, 0.9, 1.5, 2.2, 10];

describe('preview.evaluateFrame', () => {
  it('gives the pose, envelope and changed count of evaluate(t) and kb.envelope', () => {
    const a = kb.createPreview({ gesture: 'wave', attack: 0.2, release: 0.3 });
    const b = kb.createPreview({ gesture: 'wave', attack: 0.2, release: 0.3 });
    for (const t of TIMES) {
      const frame = a.evaluateFrame(t);
      expect(frame.pose).toEqual(b.evaluate(t));
      expect(frame.changed).toBe(b.changed);
      const clamped = Math.min(t, a.duration);
      expect(frame.time).toBe(clamped);
      expect(frame.envelope).toBe(kb.envelope(clamped / a.duration, { attack: 0.2, release: 0.3 }));
      expect(frame.positions).toBeUndefined();
      expect(frame.clap).toBeUndefined();
      expect(frame.markers).toBeUndefined();
      expect(Array.from(frame.root)).toEqual([0, 0, 0]);
    }
  });

  it('fk: the world positions and rotations of kb.forwardKinematics', () => {
    const preview = kb.createPreview({ gesture: 'clap' });
    for (const t of TIMES) {
      const frame = preview.evaluateFrame(t, { fk: true });
      const fk = kb.forwardKinematics(frame.pose);
      expect(frame.positions).toEqual(fk.positions);
      expect(frame.rotations).toEqual(fk.rotations);
    }
  });

  it('clap: the report of kb.validateClap, from the same FK pass', () => {
    for (const gesture of ['clap', 'wave']) {
      const preview = kb.createPreview({ gesture });
      for (const t of TIMES) {
        const frame = preview.evaluateFrame(t, { clap: true });
        expect(frame.clap).toEqual(kb.validateClap(frame.pose));
        expect(frame.positions).toBeUndefined();
      }
    }
  });

  it('markers: palm centres and thumb tips at the core markers, normals −Y and thumbs +Z of the wrists', () => {
    const preview = kb.createPreview({ gesture: 'clap', height: 1.6 });
    const markers = kb.handMarkers(1.6);
    const frame = preview.evaluateFrame(1.2, { markers: true, fk: true });
    for (const [side, palm, thumb] of [
      ['left', markers.leftPalm, markers.leftThumb],
      ['right', markers.rightPalm, markers.rightThumb],
    ]) {
      const j = palm.joint;
      const q = Array.from(frame.rotations.subarray(4 * j, 4 * j + 4));
      const p = Array.from(frame.positions.subarray(3 * j, 3 * j + 3));
      const at = (offset) => rotateVector(q, offset).map((v, i) => v + p[i]);
      const hand = frame.markers[side];
      expect(hand.palmCentre).toEqual(at(palm.offset));
      expect(hand.thumbTip).toEqual(at(thumb.offset));
      expect(hand.palmNormal).toEqual(rotateVector(q, [0, -1, 0]));
      expect(hand.thumbDirection).toEqual(rotateVector(q, [0, 0, 1]));
    }
    // the clap rules read the same normals: n_L·n_R is the report's palmDot
    const report = kb.validateClap(frame.pose, { height: 1.6 });
    const { left, right } = frame.markers;
    const dot = left.palmNormal.reduce((s, v, i) => s + v * right.palmNormal[i], 0);
    expect(dot).toBeCloseTo(report.palmDot, 5);
  });

  it('refuses bad options and a bad t, naming them', () => {
    const preview = kb.createPreview();
    expect(() => preview.evaluateFrame(NaN)).toThrow(/t must be/);
    expect(() => preview.evaluateFrame(0, null)).toThrow(TypeError);
    expect(() => preview.evaluateFrame(0, 'fk')).toThrow(/options must be an object/);
  });
});

describe('kb.keyframePose', () => {
  it('is the pose a gesture track holds at that keyframe', () => {
    const gesture = kb.getGesture('point');
    const preview = kb.createPreview({ gesture: 'point', jitter: 0, lambda: Infinity, epsilon: 0 });
    const key = gesture.keyframes[0];
    const pose = kb.keyframePose(key, preview.options.apose);
    const idle = kb.idlePose();
    for (let j = 0; j < 22; j++) {
      const named = kb.skeleton.names[j] in key.rotations;
      const q = pose.subarray(4 * j, 4 * j + 4);
      if (!named) expect(q).toEqual(idle.subarray(4 * j, 4 * j + 4));
      else {
        const degrees = key.rotations[kb.skeleton.names[j]];
        expect(q).toEqual(kb.quatFromEuler(degrees.map((d) => (d * Math.PI) / 180)));
      }
    }
  });

  it('refuses unknown joints and bad angles, naming them', () => {
    expect(() => kb.keyframePose({ rotations: { tail: [0, 0, 0] } })).toThrow(
      /"tail" is not a joint/,
    );
    expect(() => kb.keyframePose({ rotations: { head: [0, NaN, 0] } })).toThrow(
      /keyframe.rotations.head\[1\] must be finite/,
    );
    expect(() => kb.keyframePose(null)).toThrow(/keyframe must be an object/);
  });
});
