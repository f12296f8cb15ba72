// The body's size and standing pose, whatever the rest: a T-pose stands, a
// rest with every bone along X does not, and the body scale (from bone
// lengths) is the same for a body standing, lying or laid along a line.
import { describe, expect, it } from 'vitest';
import { standingPose, stands } from '../../../web/lib/bvh/body-pose.js';
import { bodyScale } from '../../../web/lib/bvh/retarget-helpers.js';
import { loadKBlend } from '../../../web/lib/kblend.js';

const kb = await loadKBlend();
const bind = kb.bindPositions(1.75);
const parents = kb.skeleton.parents;
const identity = Array.from({ length: 22 }, (_, j) => j);
// our bind in centimetres for a 1.4 m body: a file's T-pose rest
const tpose = identity.map((j) => [0, 1, 2].map((k) => (bind[3 * j + k] * 140) / 1.75));
// the same bones, each laid along +X from its parent
const alongX = [];
tpose.forEach((p, j) => {
  const parent = parents[j];
  if (parent < 0) return alongX.push([0, 0, 0]);
  const length = Math.hypot(...p.map((v, k) => v - tpose[parent][k]));
  alongX.push([alongX[parent][0] + length, alongX[parent][1], alongX[parent][2]]);
});

describe('a pose that stands', () => {
  it('a T-pose stands; bones along X do not', () => {
    expect(stands(tpose)).toBe(true);
    expect(stands(alongX)).toBe(false);
  });

  it('the rest when it stands, else the first frame that does', () => {
    const frames = 3;
    const positions = new Float64Array(frames * 22 * 3);
    // frame 0 lies along X as the rest does, frame 1 stands
    for (let j = 0; j < 22; j++) {
      positions.set(alongX[j], j * 3);
      positions.set(tpose[j], (22 + j) * 3);
    }
    expect(standingPose(tpose, positions, frames)).toEqual({ pose: tpose, frame: null });
    const found = standingPose(alongX, positions, frames);
    expect(found.frame).toBe(1);
    expect(found.pose[15]).toEqual(tpose[15]);
    expect(standingPose(alongX, positions, 1)).toEqual({ pose: alongX, frame: null });
  });
});

describe('bodyScale', () => {
  it('is the ratio of heights from bone lengths, standing or laid along X', () => {
    expect(bodyScale(identity, tpose, bind)).toBeCloseTo(1.75 / 140, 10);
    expect(bodyScale(identity, alongX, bind)).toBeCloseTo(1.75 / 140, 10);
  });

  it('refuses a body whose legs and trunk are points', () => {
    const points = tpose.map(() => [0, 0, 0]);
    expect(() => bodyScale(identity, points, bind)).toThrow(RangeError);
  });
});
