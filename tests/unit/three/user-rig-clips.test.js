// The four rigs a user brings (user-rigs.js), each driven live by
// createRigBinding and baked by toAnimationClip(preview, { rig }): three's
// AnimationMixer playing the clip on an unbound copy shows every mapped
// bone at the live binding's world rotation (within 1e-4 rad), and the
// limbs point where kblend's FK points them (within 3°), in wave, clap
// and salute.
import { AnimationMixer, LoopOnce, Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { createRigBinding, toAnimationClip } from '../../../web/three/index.js';
import { userRigs } from './user-rigs.js';

const kb = await loadKBlend();
const rigs = await userRigs(kb);
const { names } = kb.skeleton;
const GESTURES = ['wave', 'clap', 'salute'];

// A bone's world rotation in its scene root's frame.
function rotationIn(root, bone) {
  const toRoot = new Matrix4().copy(root.matrixWorld).invert();
  const m = new Matrix4().multiplyMatrices(toRoot, bone.matrixWorld);
  return new Quaternion().setFromRotationMatrix(m.extractRotation(m));
}

// The angle between two rotations, well conditioned near 0 (acos of the
// dot product is not: a float's 1e-8 there reads as 3e-4 rad).
function angle(a, b) {
  const d = a.clone().invert().multiply(b);
  return 2 * Math.atan2(Math.hypot(d.x, d.y, d.z), Math.abs(d.w));
}

// The limbs: consecutive bound joints along each chain (the trunk and
// neck, each arm from its collar, each leg). The offsets inside rigid
// parts (pelvis to hips, chest to collars) are the rig's proportions.
const CHAINS = [
  ['pelvis', 'spine1', 'spine2', 'spine3', 'neck', 'head'],
  ...['left_', 'right_'].flatMap((s) => [
    ['collar', 'shoulder', 'elbow', 'wrist'].map((n) => s + n),
    ['hip', 'knee', 'ankle', 'foot'].map((n) => s + n),
  ]),
];

// The largest angle between a limb of the rig and kblend's FK.
function worstLimbAngle(root, bones, pose) {
  const fk = kb.forwardKinematics(pose).positions;
  const toRoot = new Matrix4().copy(root.matrixWorld).invert();
  const at = (n) => new Vector3().setFromMatrixPosition(bones[n].matrixWorld).applyMatrix4(toRoot);
  const fkAt = (n) => new Vector3().fromArray(fk, 3 * names.indexOf(n));
  let worst = 0;
  for (const chain of CHAINS) {
    const bound = chain.filter((n) => bones[n]);
    for (let i = 0; i + 1 < bound.length; i++) {
      const [a, b] = [bound[i], bound[i + 1]];
      worst = Math.max(
        worst,
        at(b)
          .sub(at(a))
          .angleTo(fkAt(b).sub(fkAt(a))),
      );
    }
  }
  return worst;
}

function play(clip, root) {
  const mixer = new AnimationMixer(root);
  const action = mixer.clipAction(clip);
  action.setLoop(LoopOnce, 1);
  action.clampWhenFinished = true;
  action.play();
  return mixer;
}

describe('toAnimationClip(preview, { rig }) on the rigs users bring', () => {
  for (const [label, rig] of Object.entries(rigs)) {
    it(label, () => {
      const binding = createRigBinding(rig.target, rig.options);
      const mappedBones = Object.entries(binding.bones);
      expect(mappedBones.length).toBeGreaterThanOrEqual(19);
      let clipWorst = 0;
      let limbWorst = 0;
      for (const gesture of GESTURES) {
        const preview = kb.createPreview({ gesture });
        const clip = toAnimationClip(preview, { rig: rig.target, ...rig.options });
        expect(clip.tracks.length).toBe(mappedBones.length);
        const copy = rig.copy();
        const mixer = play(clip, copy);
        const times = clip.tracks[0].times;
        for (let k = 0; k < times.length; k += 2) {
          const t = times[k];
          binding.apply(preview, t);
          mixer.setTime(t);
          copy.updateMatrixWorld(true);
          rig.scene.updateMatrixWorld(true);
          for (const [, bone] of mappedBones) {
            const played = copy.getObjectByName(bone.name);
            const a = rotationIn(rig.scene, bone);
            const b = rotationIn(copy, played);
            clipWorst = Math.max(clipWorst, angle(a, b));
          }
          limbWorst = Math.max(
            limbWorst,
            worstLimbAngle(rig.scene, binding.bones, preview.evaluate(t)),
          );
        }
        preview.dispose();
      }
      expect(clipWorst).toBeLessThan(1e-4);
      expect(limbWorst).toBeLessThan((3 * Math.PI) / 180);
      binding.dispose();
    });
  }
});
