// The two bone writers agree: local rotations straight from the pose's
// local rotations (recipe-bone-writer.js) against docs/design.md §8a's world
// rotations (bone-writer.js), on every kind of rig, every frame of every
// gesture; and the plan takes the short way exactly where the mapping
// allows it.
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { createBoneWriter } from '../../../web/three/bone-writer.js';
import { createOwnedMatrices } from '../../../web/three/owned-matrices.js';
import { createRecipeBoneWriter } from '../../../web/three/recipe-bone-writer.js';
import { rigPlan } from '../../../web/three/rig-plan.js';
import { MIXAMO, VRM, buildRig } from './rigs.js';
import { buildSegmentRig } from './segment-rig.js';

const kb = await loadKBlend();
const tpose = new Float32Array(88).map((_, i) => (i % 4 === 3 ? 1 : 0));
const bent = kb.idlePose(0.6); // a rest of one's own: arms lowered 0.6 rad

const RIGS = {
  "kblend's own (segment rig)": { make: () => buildSegmentRig(kb) },
  'Mixamo, +Y axes, cm, twist and finger bones, no collars': {
    make: () =>
      buildRig(kb, {
        names: MIXAMO,
        axes: 'plusY',
        restPose: tpose,
        units: 100,
        extras: true,
        omit: ['left_collar', 'right_collar'],
      }),
  },
  'VRM, identity axes, scaled': {
    make: () => buildRig(kb, { names: VRM, axes: 'identity', restPose: tpose, scale: 0.8 }),
  },
  'A-pose rest, +Y axes': {
    make: () => buildRig(kb, { names: MIXAMO, axes: 'plusY', restPose: kb.idlePose() }),
    options: { rest: 'apose' },
  },
  'a rest pose given, +Y axes': {
    make: () => buildRig(kb, { names: MIXAMO, axes: 'plusY', restPose: bent }),
    options: { rest: bent },
  },
};

function driven(rig, options, writerOf) {
  const plan = rigPlan(rig.root, options);
  const owned = createOwnedMatrices(plan.bones);
  return { plan, owned, write: writerOf(plan, owned) };
}

describe('the recipe writer against the world-rotation writer', () => {
  for (const [label, { make, options }] of Object.entries(RIGS))
    it(`${label}: the same bones and world matrices, every frame of every gesture`, () => {
      const a = make();
      const b = make();
      const short = driven(a, options, createRecipeBoneWriter);
      const long = driven(b, options, createBoneWriter);
      expect(short.plan.recipe).not.toBe(null);
      let rotation = 0;
      let matrix = 0;
      for (const gesture of kb.gestureNames) {
        const preview = kb.createPreview({ gesture, jitter: 3e-4, seed: 2 });
        for (let k = 0; k < preview.frameCount; k += 3) {
          const pose = preview.frame(k);
          for (const side of [short, long]) {
            side.write(pose, null);
            side.owned.update();
          }
          const others = [];
          b.root.traverse((o) => others.push(o));
          let n = 0;
          a.root.traverse((o) => {
            const other = others[n++];
            const q = o.quaternion.toArray();
            const r = other.quaternion.toArray();
            const sign = Math.sign(q[3] * r[3] + q[0] * r[0] + q[1] * r[1] + q[2] * r[2]) || 1;
            for (let i = 0; i < 4; i++) rotation = Math.max(rotation, Math.abs(q[i] - sign * r[i]));
            for (let i = 0; i < 16; i++)
              matrix = Math.max(
                matrix,
                Math.abs(o.matrixWorld.elements[i] - other.matrixWorld.elements[i]),
              );
          });
        }
        preview.dispose();
      }
      expect(rotation).toBeLessThan(1e-12);
      expect(matrix).toBeLessThan(1e-10);
    });
});

describe('the plan', () => {
  it("takes the pose's quaternions as they are on kblend's own rig", () => {
    const { recipe, jointOf } = rigPlan(buildSegmentRig(kb).root);
    expect(recipe.count).toBe(22);
    expect(Array.from(recipe.hasPre)).toEqual(new Array(22).fill(0));
    expect(Array.from(recipe.hasPost)).toEqual(new Array(22).fill(0));
    expect(Array.from(recipe.chain)).toEqual(Array.from(recipe.bone, (b) => jointOf[b])); // its own joint only
  });

  it('chains the joints a rig has no bone for into the next bone', () => {
    const rig = buildRig(kb, {
      names: MIXAMO,
      axes: 'plusY',
      restPose: tpose,
      omit: ['left_collar', 'right_collar'],
    });
    const plan = rigPlan(rig.root);
    const k = Array.from(plan.recipe.bone).indexOf(plan.mapping.indexOf[16]); // left shoulder
    const { chainStart, chain } = plan.recipe;
    expect(Array.from(chain.subarray(chainStart[k], chainStart[k + 1]))).toEqual([13, 16]);
  });

  it('goes through world rotations when a bone hangs from a joint that is not its ancestor', () => {
    const rig = buildSegmentRig(kb);
    const crossed = { left_wrist: 'right_wrist', right_wrist: 'left_wrist' };
    expect(rigPlan(rig.root, { map: crossed }).recipe).toBe(null);
  });
});
