// The whole frame against three.js's AnimationMixer, on identical rigs (22
// bones named as kblend's joints, at kblend's proportions, T-pose rest, one
// mesh per segment), N characters in one scene:
//   kblend: preview → createRigBinding.apply → scene.updateMatrixWorld()
//           (and crowd → createCrowdBinding.apply → scene.updateMatrixWorld())
//   three:  toAnimationClip + AnimationMixer.setTime → scene.updateMatrixWorld()
// over the whole clip (attack, hold, release), checking in the bench that
// both give the same world rotations (≤ 1e-5 rad). Ratios: of the median
// times, and (per round) the median and range of the rounds' own ratios.
import {
  AnimationMixer,
  Bone,
  BoxGeometry,
  Group,
  Mesh,
  MeshBasicMaterial,
  Quaternion,
  Scene,
} from 'three';
import { createCrowdBinding, createRigBinding, toAnimationClip } from '../../web/three/index.js';
import { CROWD_SIZES, microseconds, player, statsAndRatiosInterleaved } from './timing.js';

const TOLERANCE = 1e-5;
const geometry = new BoxGeometry(0.04, 0.04, 0.04);
const material = new MeshBasicMaterial();

function buildRig(kb, x) {
  const identity = new Float32Array(88);
  for (let j = 0; j < 22; j++) identity[4 * j + 3] = 1;
  const bind = kb.forwardKinematics(identity).positions;
  const root = new Group();
  root.position.x = x;
  const bones = kb.skeleton.names.map((name) => Object.assign(new Bone(), { name }));
  kb.skeleton.parents.forEach((p, j) => {
    const at = (k) => (k < 0 ? [0, 0, 0] : [bind[3 * k], bind[3 * k + 1], bind[3 * k + 2]]);
    const [a, b] = [at(j), at(p)];
    bones[j].position.set(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    (p < 0 ? root : bones[p]).add(bones[j]);
    bones[j].add(new Mesh(geometry, material)); // the segment's mesh
  });
  return { root, bones };
}

function scene(kb, n) {
  const s = new Scene();
  const rigs = Array.from({ length: n }, (_, i) => buildRig(kb, i * 0.8));
  for (const rig of rigs) s.add(rig.root);
  s.updateMatrixWorld();
  return { scene: s, rigs };
}

// Rotation angle between world rotations, 2·atan2(|v|, |w|) of a⁻¹b (the
// dot product's acos misreads quaternions a few ulps off unit length).
function worstAngle(rigsA, rigsB) {
  const a = new Quaternion();
  const b = new Quaternion();
  let worst = 0;
  rigsA.forEach((rig, i) =>
    rig.bones.forEach((bone, j) => {
      bone.getWorldQuaternion(a);
      rigsB[i].bones[j].getWorldQuaternion(b);
      const r = a.invert().multiply(b);
      worst = Math.max(worst, 2 * Math.atan2(Math.hypot(r.x, r.y, r.z), Math.abs(r.w)));
    }),
  );
  return worst;
}

export function setup(kb, { gesture, jitter, n }) {
  const members = Array.from({ length: n }, (_, i) => ({ gesture, jitter, seed: 1 + i }));
  const ours = scene(kb, n);
  const previews = members.map((o) => kb.createPreview(o));
  const bindings = ours.rigs.map((rig) => createRigBinding(rig.root));
  const viaCrowd = scene(kb, n);
  const crowd = kb.createCrowd({ members });
  const crowdBinding = createCrowdBinding(
    viaCrowd.rigs.map((rig) => rig.root),
    crowd,
  );
  const theirs = scene(kb, n);
  const mixers = theirs.rigs.map((rig, i) => {
    const clip = toAnimationClip(kb.createPreview(members[i]));
    const mixer = new AnimationMixer(rig.root);
    mixer.clipAction(clip).play();
    return mixer;
  });
  return {
    duration: previews[0].duration,
    parts: { crowd, scene: viaCrowd.scene, binding: crowdBinding },
    kblend(t) {
      for (let i = 0; i < n; i++) bindings[i].apply(previews[i], t);
      ours.scene.updateMatrixWorld();
    },
    crowd(t) {
      crowdBinding.apply(t);
      viaCrowd.scene.updateMatrixWorld();
    },
    mixer(t) {
      for (const mixer of mixers) mixer.setTime(t);
      theirs.scene.updateMatrixWorld();
    },
    // the world rotations of both kblend paths against the mixer's
    agreement(t) {
      this.kblend(t);
      this.crowd(t);
      this.mixer(t);
      return Math.max(worstAngle(ours.rigs, theirs.rigs), worstAngle(viaCrowd.rigs, theirs.rigs));
    },
    dispose() {
      for (const p of previews) p.dispose();
      crowd.dispose();
    },
  };
}

export function benchWholeFrame(kb) {
  console.log(
    '\nWhole frame (pose → bones → scene.updateMatrixWorld), kblend vs three.js AnimationMixer, per frame:',
  );
  for (const gesture of ['wave', 'clap'])
    for (const jitter of [0, 3e-4])
      for (const n of CROWD_SIZES) {
        const s = setup(kb, { gesture, jitter, n });
        let worst = 0;
        for (let t = 0; t <= s.duration; t += s.duration / 12)
          worst = Math.max(worst, s.agreement(t));
        const big = n >= 1000;
        const { stats, ratios } = statsAndRatiosInterleaved(
          [
            player((t) => s.kblend(t), s.duration),
            player((t) => s.crowd(t), s.duration),
            player((t) => s.mixer(t), s.duration),
          ],
          { rounds: big ? 7 : 15, roundMs: big ? 60 : 20 },
        );
        const [k, c, m] = stats;
        const perRound = (r) =>
          `(per round ${r.median.toFixed(2)}× [${r.min.toFixed(2)}–${r.max.toFixed(2)}])`;
        const name = `${gesture}, jitter ${jitter}, N = ${n}`;
        const agree = worst <= TOLERANCE ? 'agree' : 'DISAGREE';
        if (agree !== 'agree') process.exitCode = 1; // the bench fails on it
        console.log(`${name.padEnd(30)} mixer ${microseconds(m)}`);
        console.log(
          `${''.padEnd(30)} kblend preview→binding ${microseconds(k)}  ${(m.median / k.median).toFixed(2)}× the mixer's speed ${perRound(ratios[0])}`,
        );
        console.log(
          `${''.padEnd(30)} kblend crowd→binding   ${microseconds(c)}  ${(m.median / c.median).toFixed(2)}× the mixer's speed ${perRound(ratios[1])}; world rotations ${agree} (worst ${worst.toExponential(1)} rad)`,
        );
        s.dispose();
      }
}
