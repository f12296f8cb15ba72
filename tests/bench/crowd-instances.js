// An instanced crowd against three.js's AnimationMixer, the whole frame,
// N characters in one scene:
//   kblend: crowd (joint-major matrices) → createCrowdInstances.apply
//           → scene.updateMatrixWorld(): one InstancedMesh per segment
//   three:  toAnimationClip + AnimationMixer.setTime → scene.updateMatrixWorld()
//           on rigs of 22 bones at kblend's proportions, one mesh per segment
// over the whole clip (attack, hold, release), checking in the bench that
// every segment's world rotation and position drawn from the instance
// matrices agree with the mixer's segment meshes (≤ 1e-5 rad, ≤ 1e-5 m).
import {
  AnimationMixer,
  Bone,
  BoxGeometry,
  Group,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  Quaternion,
  Scene,
  Vector3,
} from 'three';
import { createCrowdInstances, toAnimationClip } from '../../web/three/index.js';
import { CROWD_SIZES, microseconds, player, statsInterleaved } from './timing.js';

const TOLERANCE = { angle: 1e-5, distance: 1e-5 };
const SPACING = 0.8; // m between characters on a square grid (float32 stays fine at its size)
const place = (i, n) => {
  const side = Math.ceil(Math.sqrt(n));
  return [(i % side) * SPACING, 0, Math.floor(i / side) * SPACING];
};
const geometry = new BoxGeometry(0.04, 0.04, 0.04);
const material = new MeshBasicMaterial();

// whole-frame.js's rig: bones named as kblend's joints, a mesh per segment
function buildRig(kb, bind, at) {
  const root = new Group();
  root.position.fromArray(at);
  const bones = kb.skeleton.names.map((name) => Object.assign(new Bone(), { name }));
  const meshes = [];
  kb.skeleton.parents.forEach((p, j) => {
    const at = (k) => (k < 0 ? [0, 0, 0] : [bind[3 * k], bind[3 * k + 1], bind[3 * k + 2]]);
    const [a, b] = [at(j), at(p)];
    bones[j].position.set(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    (p < 0 ? root : bones[p]).add(bones[j]);
    const mesh = new Mesh(geometry, material);
    bones[j].add(mesh);
    meshes.push(mesh);
  });
  return { root, meshes };
}

// Worst rotation angle (2·atan2(|v|, |w|) of a⁻¹b) and distance between
// each segment as drawn by both.
function worstSegment(instances, rigs) {
  const drawn = new Matrix4();
  const [qa, qb] = [new Quaternion(), new Quaternion()];
  const [pa, pb, s] = [new Vector3(), new Vector3(), new Vector3()];
  let angle = 0;
  let distance = 0;
  rigs.forEach((rig, i) =>
    instances.meshes.forEach((mesh, k) => {
      mesh.getMatrixAt(i, drawn).premultiply(mesh.matrixWorld);
      drawn.decompose(pa, qa, s);
      rig.meshes[k].matrixWorld.decompose(pb, qb, s);
      const r = qa.invert().multiply(qb);
      angle = Math.max(angle, 2 * Math.atan2(Math.hypot(r.x, r.y, r.z), Math.abs(r.w)));
      distance = Math.max(distance, pa.distanceTo(pb));
    }),
  );
  return { angle, distance };
}

export function setupInstanced(kb, { gesture, jitter, n }) {
  const members = Array.from({ length: n }, (_, i) => ({ gesture, jitter, seed: 1 + i }));
  const roots = members.flatMap((_, i) => place(i, n));
  const crowd = kb.createCrowd({ members, matrices: true, matrixLayout: 'joint', roots });
  const segments = kb.skeleton.names.map((joint) => ({ joint, geometry }));
  const instances = createCrowdInstances(crowd, { segments, material });
  const ours = new Scene().add(instances.object);
  const theirs = new Scene();
  const rigs = members.map((_, i) => buildRig(kb, crowd.bind, place(i, n)));
  for (const rig of rigs) theirs.add(rig.root);
  const mixers = rigs.map((rig, i) => {
    const mixer = new AnimationMixer(rig.root);
    mixer.clipAction(toAnimationClip(kb.createPreview(members[i]))).play();
    return mixer;
  });
  const s = {
    duration: crowd.members[0].duration,
    instanced(t) {
      instances.apply(t);
      ours.updateMatrixWorld();
    },
    mixer(t) {
      for (const mixer of mixers) mixer.setTime(t);
      theirs.updateMatrixWorld();
    },
    agreement(t) {
      s.instanced(t);
      s.mixer(t);
      return worstSegment(instances, rigs);
    },
    dispose() {
      instances.dispose();
      crowd.dispose();
    },
  };
  return s;
}

// Every frame of the clip checked for N ≤ 100; a dozen times over it above.
function agreement(s, n) {
  const step = n > 100 ? s.duration / 12 : 1 / 30;
  let worst = { angle: 0, distance: 0 };
  for (let t = 0; t <= s.duration + 1e-9; t += step) {
    const w = s.agreement(t);
    worst = {
      angle: Math.max(worst.angle, w.angle),
      distance: Math.max(worst.distance, w.distance),
    };
  }
  return worst;
}

export function benchCrowdInstances(kb, { sizes = CROWD_SIZES } = {}) {
  console.log(
    '\nInstanced crowd (crowd → createCrowdInstances → scene.updateMatrixWorld) vs three.js AnimationMixer on bone rigs, per frame:',
  );
  for (const gesture of ['wave', 'clap'])
    for (const jitter of [0, 3e-4])
      for (const n of sizes) {
        const s = setupInstanced(kb, { gesture, jitter, n });
        const worst = agreement(s, n);
        const big = n >= 1000;
        const [ours, theirs] = statsInterleaved(
          [player((t) => s.instanced(t), s.duration), player((t) => s.mixer(t), s.duration)],
          { rounds: big ? 11 : 21, roundMs: big ? 60 : 20 },
        );
        const agree =
          worst.angle <= TOLERANCE.angle && worst.distance <= TOLERANCE.distance
            ? 'agree'
            : 'DISAGREE';
        if (agree !== 'agree') process.exitCode = 1; // the bench fails on it
        const name = `${gesture}, jitter ${jitter}, N = ${n}`;
        console.log(`${name.padEnd(30)} mixer ${microseconds(theirs)}`);
        console.log(
          `${''.padEnd(30)} instanced ${microseconds(ours)}  ${(theirs.median / ours.median).toFixed(2)}× the mixer's speed; segments ${agree} (worst ${worst.angle.toExponential(1)} rad, ${worst.distance.toExponential(1)} m)`,
        );
        s.dispose();
      }
}
