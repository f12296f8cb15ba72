// The analytic retarget of kb.importBvh: rotations carried over from the
// file's joints to ours, a few quaternion products per joint and frame, in
// place of a solve per frame.
//
// A BVH rest has identity world rotations, so the world rotation of a file
// joint b at frame t is S_b(t), the product of the locals down its chain.
// For our joint j mapped to b, a constant A_j turns our T-pose into the
// file's rest at j: it takes our segment from j to its aim (the next
// mapped joint down the limb) onto the file's rest segment between the
// joints they map to, its twist about that segment carried down from the
// parent's A (the root's A is fixed by two directions: the spine and the
// line from the right hip to the left). Then W_j(t) = S_b(t)·A_j, and our
// local rotation is W_parent(t)⁻¹·W_j(t) (docs/design.md §8a's
// U = W·W(P)⁻¹·R read the other way). When only unmapped joints lie
// between b and its aim in the file (a CMU Neck1, an LHipJoint), their
// rotations bend the file's segment away from S_b·rest: a swing per frame
// turns ours onto the file's real segment, so limb directions follow the
// capture exactly. A joint of ours the file lacks (a spine2, a collar)
// keeps the identity local rotation: its parent's aim then reaches past
// it to the next mapped joint, so the segment it spans still follows.
// Joints without an aim (head, hands, toes) take their parent's A: the
// file's hand is read as continuing its forearm at rest, whatever way its
// finger offsets point.
import { multiplyQuat, multiplyQuatAt } from '../quaternion-math.js';
import { JOINT_COUNT, JOINT_NAMES, JOINT_PARENTS } from '../skeleton-names.js';

// The next joint down each limb (the one a joint's direction is read toward).
const AIM_CHILD = Object.freeze({
  pelvis: 'spine1',
  spine1: 'spine2',
  spine2: 'spine3',
  spine3: 'neck',
  neck: 'head',
  left_hip: 'left_knee',
  right_hip: 'right_knee',
  left_knee: 'left_ankle',
  right_knee: 'right_ankle',
  left_ankle: 'left_foot',
  right_ankle: 'right_foot',
  left_collar: 'left_shoulder',
  right_collar: 'right_shoulder',
  left_shoulder: 'left_elbow',
  right_shoulder: 'right_elbow',
  left_elbow: 'left_wrist',
  right_elbow: 'right_wrist',
});
const AIM = JOINT_NAMES.map((name) => JOINT_NAMES.indexOf(AIM_CHILD[name] ?? ''));
const LEFT_HIP = JOINT_NAMES.indexOf('left_hip');
const RIGHT_HIP = JOINT_NAMES.indexOf('right_hip');
const SHORT = 1e-4; // of the body's extent: a segment shorter has no direction
const OPPOSED = -0.9999; // cosine: directions this opposed have no unique swing

const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a) => Math.hypot(a[0], a[1], a[2]);
const unit = (a) => a.map((v) => v / norm(a));

const multiply = (a, b) => multiplyQuat(a, b, [0, 0, 0, 0]);

function rotate(q, v) {
  const [x, y, z, w] = q;
  const tx = 2 * (y * v[2] - z * v[1]);
  const ty = 2 * (z * v[0] - x * v[2]);
  const tz = 2 * (x * v[1] - y * v[0]);
  return [
    v[0] + w * tx + (y * tz - z * ty),
    v[1] + w * ty + (z * tx - x * tz),
    v[2] + w * tz + (x * ty - y * tx),
  ];
}

// The shortest rotation taking unit a onto unit b.
function swing(a, b) {
  const c = cross(a, b);
  const q = [c[0], c[1], c[2], 1 + dot(a, b)];
  const length = Math.hypot(...q);
  return q.map((v) => v / length);
}

// The rotation taking the frame (u1, u2) onto (v1, v2): u1 exactly onto
// v1, u2 as near v2 as a rotation keeping that allows. Null if degenerate.
function alignTwo(u1, u2, v1, v2) {
  const nu = cross(u1, u2);
  const nv = cross(v1, v2);
  if (norm(nu) < 1e-6 || norm(nv) < 1e-6) return null;
  const first = swing(u1, v1);
  // after the swing, the remaining twist about v1 takes rotated nu onto nv
  const a = unit(rotate(first, nu));
  const b = unit(nv);
  const angle = Math.atan2(dot(cross(a, b), v1), dot(a, b));
  const twist = [...v1.map((v) => v * Math.sin(angle / 2)), Math.cos(angle / 2)];
  return multiply(twist, first);
}

function isBelow(parents, joint, ancestor) {
  for (let p = parents[joint]; p >= 0; p = parents[p]) if (p === ancestor) return true;
  return false;
}

// Only unmapped file joints between b and its descendant c.
function onlyUnmappedBetween(parents, mappedSource, c, b) {
  for (let p = parents[c]; p !== b; p = parents[p]) if (mappedSource.has(p)) return false;
  return true;
}

function extent(points) {
  let low = Infinity;
  let high = -Infinity;
  for (const p of points) for (const v of p) [low, high] = [Math.min(low, v), Math.max(high, v)];
  return high - low;
}

// Our joint j's aim: the first mapped joint down its limb whose segment
// from j has a length in both skeletons; null when there is none.
function findAim(j, ctx) {
  const { indexOf, rest, ours, shortSource, shortOurs } = ctx;
  const b = indexOf[j];
  for (let c = AIM[j]; c >= 0; c = AIM[c]) {
    const bc = indexOf[c];
    if (bc < 0) continue;
    const theirs = sub(rest[bc], rest[b]);
    const mine = sub(ours[c], ours[j]);
    if (norm(theirs) > shortSource && norm(mine) > shortOurs) return { c, bc, theirs, mine };
  }
  return null;
}

function rootRotation(aim, ctx) {
  const { indexOf, rest, ours } = ctx;
  const sideOurs = sub(ours[LEFT_HIP], ours[RIGHT_HIP]);
  const sideTheirs = sub(rest[indexOf[LEFT_HIP]], rest[indexOf[RIGHT_HIP]]);
  if (aim) return alignTwo(unit(aim.mine), sideOurs, unit(aim.theirs), sideTheirs);
  if (norm(sideTheirs) < ctx.shortSource) return null;
  return swing(unit(sideOurs), unit(sideTheirs));
}

/**
 * The constant part of the transfer, from the two rests.
 * @param {Int32Array|number[]} indexOf  our joint → file joint (−1: none)
 * @param {number[]} parents  the file's parents (−1 for its root)
 * @param {number[][]} rest  the file's rest world positions
 * @param {ArrayLike<number>} bind  our T-pose bind positions (66)
 * @returns {{ joints: object[] } | { reason: string }}
 */
export function planTransfer(indexOf, parents, rest, bind) {
  const ours = Array.from({ length: JOINT_COUNT }, (_, j) => [0, 1, 2].map((k) => bind[3 * j + k]));
  const mappedSource = new Set([...indexOf].filter((s) => s >= 0));
  const used = [...mappedSource].map((s) => rest[s]);
  const ctx = {
    indexOf,
    rest,
    ours,
    shortSource: SHORT * extent(used),
    shortOurs: SHORT * extent(ours),
  };
  const refs = [];
  const joints = [];
  for (let j = 0; j < JOINT_COUNT; j++) {
    const b = indexOf[j];
    const parent = JOINT_PARENTS[j];
    if (b < 0) {
      if (parent < 0) return { reason: 'the pelvis is not mapped' };
      refs.push(refs[parent]);
      joints.push({ source: -1 });
      continue;
    }
    const aim = findAim(j, ctx);
    const name = JOINT_NAMES[j];
    if (aim && !isBelow(parents, aim.bc, b))
      return { reason: `${JOINT_NAMES[aim.c]}'s joint in the file is not below ${name}'s` };
    let A;
    if (parent < 0) {
      A = rootRotation(aim, ctx);
      if (!A) return { reason: 'the rest gives the pelvis no frame (spine and hips in line)' };
    } else if (aim) {
      const from = unit(rotate(refs[parent], aim.mine));
      const to = unit(aim.theirs);
      if (dot(from, to) < OPPOSED) return { reason: `${name}'s rest segment points against ours` };
      A = multiply(swing(from, to), refs[parent]);
    } else {
      A = refs[parent];
    }
    refs.push(A);
    joints.push({
      source: b,
      rotation: A,
      // the per-frame swing onto the file's segment, where only unmapped
      // joints bend it
      follow: aim && onlyUnmappedBetween(parents, mappedSource, aim.bc, b) ? aim.bc : -1,
      restDirection: aim ? unit(aim.theirs) : null,
    });
  }
  return { joints };
}

// out[o…o+3] = conjugate(a[ao…]) ⊗ b[bo…], through scratch[0…3].
function inverseProductInto(out, o, a, ao, b, bo, scratch) {
  scratch[0] = -a[ao];
  scratch[1] = -a[ao + 1];
  scratch[2] = -a[ao + 2];
  scratch[3] = a[ao + 3];
  multiplyQuatAt(scratch, 0, b, bo, out, o);
}

// The plan as flat numbers for the frame loop: per joint the file joint
// (−1: none), the joint followed (−1: none), A (4) and the rest direction (3).
function flatPlan(plan) {
  const source = Int32Array.from(plan.joints, (j) => j.source);
  const follow = Int32Array.from(plan.joints, (j) => (j.source < 0 ? -1 : j.follow));
  const rotation = new Float64Array(4 * JOINT_COUNT);
  const direction = new Float64Array(3 * JOINT_COUNT);
  plan.joints.forEach((j, i) => {
    if (j.source < 0) return;
    rotation.set(j.rotation, 4 * i);
    if (j.restDirection) direction.set(j.restDirection, 3 * i);
  });
  return { source, follow, rotation, direction };
}

// W_j = S_b·A_j into world[4j…], then swung onto the file's real segment
// when the plan follows it (scratch: 4 numbers).
function worldRotation(flat, j, worlds, positions, n, f, world, scratch) {
  const s = (f * n + flat.source[j]) * 4;
  multiplyQuatAt(worlds, s, flat.rotation, 4 * j, world, 4 * j);
  const c = flat.follow[j];
  if (c < 0) return;
  // the rest direction as S_b carries it: v + 2w(u × v) + 2u × (u × v)
  const x = worlds[s];
  const y = worlds[s + 1];
  const z = worlds[s + 2];
  const w = worlds[s + 3];
  const vx = flat.direction[3 * j];
  const vy = flat.direction[3 * j + 1];
  const vz = flat.direction[3 * j + 2];
  const tx = 2 * (y * vz - z * vy);
  const ty = 2 * (z * vx - x * vz);
  const tz = 2 * (x * vy - y * vx);
  const ax = vx + w * tx + (y * tz - z * ty);
  const ay = vy + w * ty + (z * tx - x * tz);
  const az = vz + w * tz + (x * ty - y * tx);
  const a = (f * n + flat.source[j]) * 3;
  const b = (f * n + c) * 3;
  let dx = positions[b] - positions[a];
  let dy = positions[b + 1] - positions[a + 1];
  let dz = positions[b + 2] - positions[a + 2];
  const length = Math.hypot(dx, dy, dz);
  if (!(length > 0)) return;
  dx /= length;
  dy /= length;
  dz /= length;
  const cos = ax * dx + ay * dy + az * dz;
  if (cos < OPPOSED) return;
  // the shortest rotation from a to d: (a × d, 1 + a·d), normalized
  const qx = ay * dz - az * dy;
  const qy = az * dx - ax * dz;
  const qz = ax * dy - ay * dx;
  const qw = 1 + cos;
  const size = Math.hypot(qx, qy, qz, qw);
  scratch[0] = qx / size;
  scratch[1] = qy / size;
  scratch[2] = qz / size;
  scratch[3] = qw / size;
  multiplyQuatAt(scratch, 0, world, 4 * j, world, 4 * j);
}

/**
 * Our clip from the file's motion: frames × 88 local rotations (each kept
 * in the hemisphere of the previous frame's) and frames × 3 root
 * translations (the pelvis's position scaled, less our bind's).
 * @param {{ joints: object[] }} plan  planTransfer's
 * @param {{ positions: Float64Array, worlds: Float64Array }} motion  sourceMotion's
 * @param {number} n  the file's joint count
 */
export function transferClip(plan, motion, n, frames, scale, bind, onFrames = null) {
  const rotations = new Float32Array(frames * 4 * JOINT_COUNT);
  const root = new Float32Array(frames * 3);
  const world = new Float64Array(4 * JOINT_COUNT);
  const local = new Float64Array(4);
  const scratch = new Float64Array(8);
  const flat = flatPlan(plan);
  const { positions, worlds } = motion;
  for (let f = 0; f < frames; f++) {
    for (let j = 0; j < JOINT_COUNT; j++) {
      const p = JOINT_PARENTS[j];
      if (flat.source[j] < 0) world.copyWithin(4 * j, 4 * p, 4 * p + 4);
      else worldRotation(flat, j, worlds, positions, n, f, world, scratch);
      if (p < 0) local.set(world.subarray(0, 4));
      else inverseProductInto(local, 0, world, 4 * p, world, 4 * j, scratch);
      const o = (f * JOINT_COUNT + j) * 4;
      const flip = f > 0 && dot4(rotations, o - 4 * JOINT_COUNT, local) < 0 ? -1 : 1;
      for (let k = 0; k < 4; k++) rotations[o + k] = flip * local[k];
    }
    const at = (f * n + flat.source[0]) * 3;
    for (let k = 0; k < 3; k++) root[3 * f + k] = scale * positions[at + k] - bind[k];
    if (onFrames && (f + 1) % 256 === 0) onFrames((f + 1) / frames);
  }
  return { rotations, root, iterations: 0, meanCost: 0 };
}

const dot4 = (a, o, b) => a[o] * b[0] + a[o + 1] * b[1] + a[o + 2] * b[2] + a[o + 3] * b[3];
