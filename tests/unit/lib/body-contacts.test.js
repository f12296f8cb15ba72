// kb.bodyContacts: the capsule model of the body, the pairs of parts that
// pass into each other in hand-built poses whose depths follow from the
// segment table, and every frame of every library gesture free of
// interpenetration beyond 5 mm (the palms of the clap aside: they meet).
import { describe, expect, it } from 'vitest';
import { BODY_PARTS, BODY_PART_NAMES, segmentDistance } from '../../../web/lib/body-contacts.js';
import { JOINT_NAMES } from '../../../web/lib/skeleton-names.js';
import { kb } from '../support.js';

const H = 1.75;
const DEG = Math.PI / 180;
const J = Object.fromEntries(JOINT_NAMES.map((name, j) => [name, j]));
const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function tpose() {
  const pose = new Float32Array(88);
  for (let j = 0; j < 22; j++) pose[4 * j + 3] = 1;
  return pose;
}

// A pose from XYZ Euler degrees per joint over a base pose.
function posed(rotations, base = tpose()) {
  const pose = Float32Array.from(base);
  for (const [name, degrees] of Object.entries(rotations)) {
    pose.set(kb.quatFromEuler(degrees.map((d) => d * DEG)), 4 * J[name]);
  }
  return pose;
}

const byPair = (contacts) => Object.fromEntries(contacts.map((c) => [`${c.a}|${c.b}`, c.depth]));
const capsulesOf = (pose, part, options) =>
  kb.bodyCapsules(pose, options).filter((c) => c.part === part);

describe('the capsule model', () => {
  it('has the parts of the body, each with capsules of positive radius', () => {
    expect(BODY_PART_NAMES).toEqual([
      'pelvis',
      'torso',
      'neck',
      'head',
      ...['left', 'right'].flatMap((side) =>
        ['upper_arm', 'forearm', 'hand', 'thigh', 'shank', 'foot'].map((p) => `${side}_${p}`),
      ),
    ]);
    for (const part of BODY_PARTS) {
      expect(part.capsules.length, part.name).toBeGreaterThan(0);
      for (const c of part.capsules) {
        expect(c.radius).toBeGreaterThan(0.005);
        expect(c.radius).toBeLessThan(0.07);
        expect(JOINT_NAMES).toContain(c.bone);
      }
    }
    expect(Object.isFrozen(BODY_PARTS[0].capsules[0].a)).toBe(true);
  });

  it('spans the segment table: limbs joint to joint, the hand its 0.108H', () => {
    const pose = tpose();
    const bind = kb.bindPositions();
    const at = (name) => Array.from(bind.subarray(3 * J[name], 3 * J[name] + 3));
    const span = (part) => {
      const caps = capsulesOf(pose, part);
      return [caps[0].a, caps[caps.length - 1].b];
    };
    for (const side of ['left', 'right']) {
      const pairs = [
        ['upper_arm', 'shoulder', 'elbow'],
        ['forearm', 'elbow', 'wrist'],
        ['thigh', 'hip', 'knee'],
        ['shank', 'knee', 'ankle'],
      ];
      for (const [part, from, to] of pairs) {
        const [a, b] = span(`${side}_${part}`);
        expect(dist(a, at(`${side}_${from}`)), `${side}_${part}`).toBeLessThan(1e-5);
        expect(dist(b, at(`${side}_${to}`)), `${side}_${part}`).toBeLessThan(1e-5);
      }
      const [wrist, tip] = span(`${side}_hand`);
      const [hand] = capsulesOf(pose, `${side}_hand`);
      expect(dist(wrist, at(`${side}_wrist`))).toBeLessThan(1e-5);
      expect(dist(tip, wrist) + hand.radius).toBeCloseTo(0.108 * H, 5);
    }
    // the pelvis spans the hip width 0.191H; the chest stays inside the shoulders
    const [pelvis] = capsulesOf(pose, 'pelvis');
    expect(2 * (pelvis.b[0] + pelvis.radius)).toBeCloseTo(0.192 * H, 3);
    const chestEdge = Math.max(
      ...capsulesOf(pose, 'torso').map((c) => Math.max(c.a[0], c.b[0]) + c.radius),
    );
    const [upperArm] = capsulesOf(pose, 'left_upper_arm');
    expect(chestEdge).toBeLessThan(at('left_shoulder')[0] - upperArm.radius);
    // the head from the chin (0.870H) to the crown (1.0H)
    const [head] = capsulesOf(pose, 'head');
    expect(head.a[1] - head.radius).toBeCloseTo(0.87 * H, 5);
    expect(head.b[1] + head.radius).toBeCloseTo(H, 5);
  });

  it('has no notch in the trunk a hand could sink into, hips to chest', () => {
    const trunk = [...capsulesOf(tpose(), 'pelvis'), ...capsulesOf(tpose(), 'torso')];
    const inside = (p) => trunk.some((c) => segmentDistance(p, p, c.a, c.b).distance <= c.radius);
    // the trunk's half-width at each height, probed along +X at z = 0
    const halfWidth = (y) => {
      let x = 0;
      while (inside([x + 0.001, y, 0])) x += 0.001;
      return x;
    };
    for (let y = 0.5 * H; y <= 0.8 * H; y += 0.005) {
      expect(halfWidth(y), `half-width at ${(y / H).toFixed(3)}H`).toBeGreaterThan(0.075 * H);
    }
    // and at the hip bones it is the hip width's half
    expect(halfWidth(0.535 * H)).toBeCloseTo(0.096 * H, 2);
  });

  it('gives the hand the depth of the core palm marker, so touching palms are 0.024H apart', () => {
    for (const height of [1.5, 1.75, 2]) {
      const markers = kb.handMarkers(height);
      for (const [side, marker] of [
        ['left', markers.leftPalm],
        ['right', markers.rightPalm],
      ]) {
        const [hand] = capsulesOf(tpose(), `${side}_hand`, { height });
        expect(hand.radius).toBeCloseTo(-marker.offset[1], 6);
        expect(hand.radius).toBeCloseTo(0.012 * height, 6);
      }
    }
  });

  it('is mirror symmetric and scales with the height', () => {
    const at175 = kb.bodyCapsules(tpose());
    const at150 = kb.bodyCapsules(tpose(), { height: 1.5 });
    const find = (list, part, i) => list.filter((c) => c.part === part)[i];
    for (const name of BODY_PART_NAMES.filter((n) => n.startsWith('left_'))) {
      const mirror = name.replace('left_', 'right_');
      capsulesOf(tpose(), name).forEach((c, i) => {
        const m = find(at175, mirror, i);
        expect(m.radius).toBe(c.radius);
        expect(dist(m.a, [-c.a[0], c.a[1], c.a[2]])).toBeLessThan(1e-6);
        expect(dist(m.b, [-c.b[0], c.b[1], c.b[2]])).toBeLessThan(1e-6);
      });
    }
    at175.forEach((c, i) => {
      const small = at150[i];
      expect(small.part).toBe(c.part);
      expect(small.radius).toBeCloseTo((c.radius * 1.5) / 1.75, 7);
      for (let k = 0; k < 3; k++) expect(small.a[k]).toBeCloseTo((c.a[k] * 1.5) / 1.75, 5);
    });
  });

  it('moves with the root translation, which changes no contact', () => {
    const pose = posed({
      left_shoulder: [0, -90, 0],
      left_elbow: [0, -90, 0],
      right_shoulder: [0, 90, 0],
      right_elbow: [0, 90, 0],
    });
    const root = [0.5, -0.2, 1.25];
    const moved = kb.bodyCapsules(pose, { root });
    const still = kb.bodyCapsules(pose);
    // the root translation moves the whole body, every capsule with it
    still.forEach((c, i) => {
      for (let k = 0; k < 3; k++) {
        expect(moved[i].a[k]).toBeCloseTo(c.a[k] + root[k], 5);
        expect(moved[i].b[k]).toBeCloseTo(c.b[k] + root[k], 5);
      }
    });
    const strip = (list) => list.map(({ a, b, depth }) => ({ a, b, depth: +depth.toFixed(6) }));
    expect(kb.bodyContacts(pose).length).toBe(5);
    expect(strip(kb.bodyContacts(pose, { root }))).toEqual(strip(kb.bodyContacts(pose)));
  });
});

describe('contacts in hand-built poses', () => {
  it('none at the T-pose bind, at idle, or with the arms hanging straight down', () => {
    expect(kb.bodyContacts(tpose())).toEqual([]);
    expect(kb.bodyContacts(kb.idlePose())).toEqual([]);
    expect(kb.bodyContacts(kb.idlePose(0))).toEqual([]);
    // the chest's edge (0.1H) is 0.0045H inside the upper arm (0.1295H − 0.025H)
    const down = posed({ left_shoulder: [0, 0, -90], right_shoulder: [0, 0, 90] });
    expect(kb.bodyContacts(down)).toEqual([]);
  });

  it('forearms folded onto one line in front of the chest: the depths of the segment table', () => {
    // Upper arms straight forward, elbows bent 90° toward the midline: both
    // forearms and hands lie on the line y = 0.818H, z = 0.186H. The left
    // forearm spans x from 0.1295H (elbow) to −0.0165H (wrist), the left
    // hand on to −0.1125H; the right mirrors. Overlapping along one line,
    // two capsules interpenetrate by the sum of their radii; the hand tips
    // stop 0.017H short of the other elbow.
    const pose = posed({
      left_shoulder: [0, -90, 0],
      left_elbow: [0, -90, 0],
      right_shoulder: [0, 90, 0],
      right_elbow: [0, 90, 0],
    });
    const { positions } = kb.forwardKinematics(pose);
    const wrist = Array.from(positions.subarray(3 * J.left_wrist, 3 * J.left_wrist + 3));
    expect(dist(wrist, [-0.0165 * H, 0.818 * H, 0.186 * H])).toBeLessThan(1e-5);

    const contacts = kb.bodyContacts(pose);
    const depth = byPair(contacts);
    expect(Object.keys(depth).sort()).toEqual([
      'left_forearm|right_forearm',
      'left_forearm|right_hand',
      'left_hand|right_forearm',
      'left_hand|right_upper_arm',
      'left_upper_arm|right_hand',
    ]);
    // hand (0.012H) on the other forearm by the elbow (0.02H)
    expect(depth['left_hand|right_forearm']).toBeCloseTo(0.032 * H, 5);
    expect(depth['left_forearm|right_hand']).toBeCloseTo(0.032 * H, 5);
    // the thin ends of the forearms (0.013H each) over each other
    expect(depth['left_forearm|right_forearm']).toBeCloseTo(0.026 * H, 5);
    // hand tip 0.017H from the other elbow: 0.012H + 0.025H − 0.017H
    expect(depth['left_hand|right_upper_arm']).toBeCloseTo(0.02 * H, 5);
    // deepest first, each with the point in the middle of its overlap
    expect(contacts.map((c) => c.depth)).toEqual(
      [...contacts.map((c) => c.depth)].sort((x, y) => y - x),
    );
    const tip = contacts.find((c) => c.a === 'left_hand' && c.b === 'right_upper_arm');
    expect(dist(tip.point, [-0.121 * H, 0.818 * H, 0.186 * H])).toBeLessThan(1e-4);
  });

  it('skips neighbours that share a joint, not the parts beyond them', () => {
    // a fully bent elbow folds the forearm onto the upper arm: neighbours
    const elbow = posed({ left_elbow: [0, -150, 0] });
    expect(kb.bodyContacts(elbow)).toEqual([]);
    // a knee bent 150° the other way brings the foot up into the hips:
    // foot and thigh share no joint (the shank lies between them)
    const knee = posed({ left_knee: [-150, 0, 0] });
    const depth = byPair(kb.bodyContacts(knee));
    expect(Object.keys(depth).sort()).toEqual([
      'left_thigh|left_foot',
      'pelvis|left_foot',
      'torso|left_foot',
    ]);
    for (const d of Object.values(depth)) expect(d).toBeGreaterThan(0);
  });

  it('sees the defects of the old akimbo and crossed arms', () => {
    const old = {
      akimbo: {
        left_shoulder: [0, 19, -58],
        left_elbow: [87, -90, 0],
        left_wrist: [-38, 13, 13],
        right_shoulder: [0, -19, 58],
        right_elbow: [87, 90, 0],
        right_wrist: [-38, -13, -13],
      },
      crossed: {
        left_shoulder: [0, -112, -63],
        left_elbow: [-34, -93, 0],
        left_wrist: [-9, 3, -31],
        right_shoulder: [0, 111, 56],
        right_elbow: [-32, 65, 0],
        right_wrist: [-44, -2, 41],
      },
    };
    const akimbo = byPair(kb.bodyContacts(posed(old.akimbo, kb.idlePose())));
    expect(akimbo['pelvis|left_hand']).toBeGreaterThan(0.03); // hands sunk into the pelvis
    expect(akimbo['pelvis|right_hand']).toBeGreaterThan(0.03);
    const crossed = byPair(kb.bodyContacts(posed(old.crossed, kb.idlePose())));
    expect(crossed['left_hand|right_upper_arm']).toBeGreaterThan(0.03);
  });

  it('rejects bad input, naming the parameter and the value', () => {
    expect(() => kb.bodyContacts(new Float32Array(87))).toThrow(
      new RangeError('pose must have length 88, got length 87'),
    );
    expect(() => kb.bodyContacts('pose')).toThrow(TypeError);
    expect(() => kb.bodyContacts(tpose(), { height: 0.2 })).toThrow(
      /options\.height must be a finite number ≥ 0\.5 and ≤ 3, got 0\.2/,
    );
    expect(() => kb.bodyContacts(tpose(), { root: [0, 1] })).toThrow(
      new RangeError('options.root must have length 3, got length 2'),
    );
    expect(() => kb.bodyCapsules(tpose(), 'tall')).toThrow(
      new TypeError('options must be an object, got "tall"'),
    );
  });
});

describe('segmentDistance', () => {
  it('measures crossing, parallel, skew and degenerate segments', () => {
    expect(segmentDistance([-1, 0, 0], [1, 0, 0], [0, -1, 0.5], [0, 1, 0.5]).distance).toBeCloseTo(
      0.5,
      12,
    );
    // parallel, overlapping along x, 0.3 apart
    expect(segmentDistance([0, 0, 0], [2, 0, 0], [1, 0.3, 0], [3, 0.3, 0]).distance).toBeCloseTo(
      0.3,
      12,
    );
    // collinear with a gap of 0.5 between the ends
    const gap = segmentDistance([0, 0, 0], [1, 0, 0], [1.5, 0, 0], [3, 0, 0]);
    expect(gap.distance).toBeCloseTo(0.5, 12);
    expect(gap.p).toEqual([1, 0, 0]);
    expect(gap.q).toEqual([1.5, 0, 0]);
    // skew, closest points beyond an end: clamped to it
    expect(segmentDistance([0, 0, 0], [1, 0, 0], [2, 1, 0], [2, 1, 1]).distance).toBeCloseTo(
      Math.SQRT2,
      12,
    );
    // a point against a segment and a point against a point
    expect(segmentDistance([0.5, 2, 0], [0.5, 2, 0], [0, 0, 0], [1, 0, 0]).distance).toBe(2);
    expect(segmentDistance([0, 0, 0], [0, 0, 0], [0, 3, 4], [0, 3, 4]).distance).toBe(5);
  });
});

describe('every library gesture, every frame', () => {
  // 5 mm of tolerance: the capsules are a model of the body, not its skin;
  // a hand resting on a hip or a brow touches within it.
  const TOLERANCE = 0.005;
  // The clap's palms meet: the one pair allowed to touch more deeply.
  const allowed = (gesture, c) => gesture === 'clap' && c.a === 'left_hand' && c.b === 'right_hand';

  it.each(kb.gestureNames)('%s: no two parts pass more than 5 mm into each other', (gesture) => {
    const preview = kb.createPreview({ gesture });
    const worst = [];
    for (let k = 0; k < preview.frameCount; k++) {
      const t = preview.frameTime(k);
      for (const c of kb.bodyContacts(preview.evaluate(t))) {
        if (c.depth > TOLERANCE && !allowed(gesture, c)) {
          worst.push(`${c.a}|${c.b} ${(1000 * c.depth).toFixed(1)} mm at t = ${t.toFixed(3)} s`);
        }
      }
    }
    preview.dispose();
    expect(worst).toEqual([]);
  });
});
