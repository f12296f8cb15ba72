// The rest a rig stands in, read from its bones and matched by a kblend
// pose P (docs/design.md §8a: U_b = W_j · W_j(P)⁻¹ · R_b). For each mapped
// joint, P's world rotation is the shortest turn from kblend's bind
// segment (the joint to the next mapped joint down its limb or spine; the
// pelvis's is the lower back) to the rig's rest segment; joints with no
// segment of their own (head, wrists, toes, unmapped ones) turn with their
// parent. What no joint's turn can align, the offsets inside a rigid part
// (pelvis to hips, chest to collars), keeps the rig's own proportions. Then every
// segment follows kblend's FK whatever the rest: T-pose, A-pose, bent
// arms, splayed legs, a leaning spine. A rest within a fraction of a
// degree of kblend's bind everywhere counts as the T-pose bind itself.
import { Quaternion, Vector3 } from 'three';
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from 'kblend';
import { bindDirection } from './kblend-bind.js';
import { worldRotations } from './kblend-pose.js';

const J = Object.fromEntries(JOINT_NAMES.map((n, j) => [n, j]));
// Below this everywhere, the rest is kblend's T-pose bind.
export const TPOSE_TOLERANCE = (0.5 * Math.PI) / 180;
// Below this an arm counts as level, an elbow or knee as straight.
export const LEVEL = (5 * Math.PI) / 180;

// The next joint down each joint's limb or spine (the segment it turns).
const NEXT = (() => {
  const next = {
    pelvis: 'spine1',
    spine1: 'spine2',
    spine2: 'spine3',
    spine3: 'neck',
    neck: 'head',
  };
  for (const s of ['left_', 'right_']) {
    Object.assign(next, {
      [s + 'collar']: s + 'shoulder',
      [s + 'shoulder']: s + 'elbow',
      [s + 'elbow']: s + 'wrist',
      [s + 'hip']: s + 'knee',
      [s + 'knee']: s + 'ankle',
      [s + 'ankle']: s + 'foot',
    });
  }
  return Object.fromEntries(Object.entries(next).map(([a, b]) => [J[a], J[b]]));
})();

// The first mapped joint down j's chain, or -1.
function segmentEnd(j, mapped) {
  for (let k = NEXT[j]; k !== undefined; k = NEXT[k]) if (mapped(k)) return k;
  return -1;
}

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

// What the rest's segments say, in radians: upper arms below level, elbow
// and knee bends, thighs turned out, the spine's forward lean.
function restFigures(segment) {
  const sides = (f) => mean(['left_', 'right_'].map(f).filter((v) => v !== null));
  const dir = (a, b) => segment(J[a], J[b]);
  const angle = (a, b) => (a && b ? a.angleTo(b) : null);
  const armAngle = sides((s) => {
    const d = dir(s + 'shoulder', s + 'elbow');
    return d ? Math.atan2(-d.y, Math.hypot(d.x, d.z)) : null;
  });
  const elbowBend = sides((s) =>
    angle(dir(s + 'shoulder', s + 'elbow'), dir(s + 'elbow', s + 'wrist')),
  );
  const kneeBend = sides((s) => angle(dir(s + 'hip', s + 'knee'), dir(s + 'knee', s + 'ankle')));
  const legSplay = sides((s) => {
    const d = dir(s + 'hip', s + 'knee');
    return d ? Math.atan2((s === 'left_' ? 1 : -1) * d.x, -d.y) : null;
  });
  const top = ['neck', 'spine3', 'spine2'].find((n) => segment(J.pelvis, J[n]));
  const trunk = top ? segment(J.pelvis, J[top]) : null;
  const spineLean = trunk ? Math.atan2(trunk.z, trunk.y) : null;
  return { armAngle, elbowBend, kneeBend, legSplay, spineLean };
}

function kindOf(figures, worst) {
  if (worst < TPOSE_TOLERANCE) return 'tpose';
  const bent = (v) => v !== null && Math.abs(v) >= LEVEL;
  if (bent(figures.elbowBend) || bent(figures.kneeBend)) return 'bent';
  if (bent(figures.armAngle)) return 'apose';
  return 'other';
}

const IDENTITY = Float64Array.from({ length: 4 * JOINT_COUNT }, (_, i) => (i % 4 === 3 ? 1 : 0));

const wristsOf = (world) => ({
  left: Array.from(world.subarray(4 * J.left_wrist, 4 * J.left_wrist + 4)),
  right: Array.from(world.subarray(4 * J.right_wrist, 4 * J.right_wrist + 4)),
});

/**
 * The rig's rest read from its mapped bones' rest positions.
 * @param {(j: number) => Vector3 | null} positionOf  joint j's bone position (kblend's frame), or null
 * @returns {{ kind: 'tpose' | 'apose' | 'bent' | 'other', pose: Float64Array | null,
 *   armAngle, elbowBend, kneeBend, legSplay, spineLean, worst, wrists }}
 *   pose: P (null for the T-pose bind); worst: the largest turn from kblend's bind (rad)
 */
export function readRest(positionOf) {
  const segment = (a, b) => {
    const pa = positionOf(a);
    const pb = positionOf(b);
    if (!pa || !pb) return null;
    const d = pb.clone().sub(pa);
    return d.lengthSq() > 0 ? d.normalize() : null;
  };
  const world = Array.from({ length: JOINT_COUNT }, () => new Quaternion());
  let worst = 0;
  for (let j = 0; j < JOINT_COUNT; j++) {
    const end = positionOf(j) ? segmentEnd(j, (k) => positionOf(k) !== null) : -1;
    const rig = end >= 0 ? segment(j, end) : null;
    if (!rig) {
      if (j > 0) world[j].copy(world[JOINT_PARENTS[j]]);
      continue;
    }
    const bind = new Vector3().fromArray(bindDirection(j, end));
    worst = Math.max(worst, bind.angleTo(rig));
    world[j].setFromUnitVectors(bind, rig);
  }
  const figures = restFigures(segment);
  const kind = kindOf(figures, worst);
  let pose = null;
  if (kind !== 'tpose') {
    pose = new Float64Array(4 * JOINT_COUNT);
    world.forEach((w, j) => {
      const p = JOINT_PARENTS[j];
      const local = p < 0 ? w.clone() : world[p].clone().invert().multiply(w);
      pose.set([local.x, local.y, local.z, local.w], 4 * j);
    });
  }
  return { kind, pose, ...figures, worst, wrists: wristsOf(worldRotations(pose ?? IDENTITY)) };
}

/** The rest record for a rest the caller gave: 'tpose', 'apose' or a pose. */
export function givenRest(kind, pose, measured) {
  return {
    ...measured,
    kind,
    given: true,
    pose: pose ? Float64Array.from(pose) : null,
    wrists: wristsOf(worldRotations(pose ?? IDENTITY)),
  };
}
