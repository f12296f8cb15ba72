// The viewer's sweep grid: 100 rigs (10 × 10, attack × release and
// jitter × epsilon on the wave), on the crowd path as the viewer draws it:
// one kb.createCrowd evaluate (joint-major world matrices) and the
// instanced bodies flagged for upload (createSweepBodies →
// createCrowdInstances), per frame over the whole clip; then with
// scene.updateMatrixWorld(). Beside it, the same crowd driving 100 bone
// rigs (22 bones, 22 meshes each) through createCrowdBinding, as the grid
// was drawn before.
import { Bone, BoxGeometry, Group, Mesh, MeshBasicMaterial, Scene } from 'three';
import { createCrowdBinding } from '../../web/three/index.js';
import { sweepCells } from '../../web/viewer/sweep/sweep-axes.js';
import { createSweepBodies } from '../../web/viewer/sweep/sweep-rig.js';
import { player, statsInterleaved } from './timing.js';

const TARGET_MS = 2;
const PITCH = { x: 1.5, y: 2.15 };

function members(kb, sweep) {
  const base = { gesture: 'wave', ...kb.defaults, fps: 30 };
  const { cells } = sweepCells(sweep, '10', base);
  const list = cells.map((c) => {
    const { gesture, attack, release, epsilon, lambda, jitter, seed, apose, shape, follower } =
      c.params;
    return { gesture, attack, release, epsilon, lambda, jitter, seed, apose, shape, follower };
  });
  const roots = cells.flatMap((c) => [PITCH.x * c.col, PITCH.y * (9 - c.row), 0]);
  return { list, roots };
}

function instancedGrid(kb, sweep) {
  const { list, roots } = members(kb, sweep);
  const crowd = kb.createCrowd({ members: list, matrices: true, matrixLayout: 'joint', roots });
  const bodies = createSweepBodies(crowd);
  const scene = new Scene().add(bodies.object);
  return {
    frame: (t) => bodies.instances.apply(t),
    scene,
    duration: crowd.members[0].duration,
    dispose() {
      bodies.instances.dispose();
      crowd.dispose();
    },
  };
}

// the bone rig the grid had: a bone per joint and a mesh per segment
const geometry = new BoxGeometry(0.04, 0.3, 0.04);
const material = new MeshBasicMaterial();
function boneRig(kb, bind, root) {
  const group = new Group();
  group.position.fromArray(root);
  const bones = kb.skeleton.names.map((name) => Object.assign(new Bone(), { name }));
  kb.skeleton.parents.forEach((p, j) => {
    const at = (k) => (k < 0 ? [0, 0, 0] : [bind[3 * k], bind[3 * k + 1], bind[3 * k + 2]]);
    const [a, b] = [at(j), at(p)];
    bones[j].position.set(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    (p < 0 ? group : bones[p]).add(bones[j]);
    bones[j].add(new Mesh(geometry, material));
  });
  return group;
}

function boneGrid(kb, sweep) {
  const { list, roots } = members(kb, sweep);
  const crowd = kb.createCrowd({ members: list });
  const scene = new Scene();
  const bind = kb.bindPositions(1.75);
  const rigs = list.map((_, i) => boneRig(kb, bind, roots.slice(3 * i, 3 * i + 3)));
  for (const rig of rigs) scene.add(rig);
  const binding = createCrowdBinding(rigs, crowd);
  return {
    frame: (t) => binding.apply(t),
    scene,
    duration: crowd.members[0].duration,
    dispose() {
      binding.dispose();
      crowd.dispose();
    },
  };
}

const ms = (s) => `${s.median.toFixed(3)} ms [${s.min.toFixed(3)}–${s.max.toFixed(3)}]`;

export function benchSweepGrid(kb) {
  console.log('\nSweep grid, 100 rigs, per frame over the clip:');
  for (const sweep of ['attack-release', 'jitter-epsilon']) {
    const grids = [instancedGrid(kb, sweep), boneGrid(kb, sweep)];
    const works = grids.flatMap((g) => [
      player((t) => g.frame(t), g.duration),
      player((t) => {
        g.frame(t);
        g.scene.updateMatrixWorld();
      }, g.duration),
    ]);
    const [core, whole, boneCore, boneWhole] = statsInterleaved(works, { rounds: 15, roundMs: 40 });
    const verdict = core.median <= TARGET_MS ? 'within' : 'OVER';
    console.log(
      `${sweep.padEnd(16)} instanced: core + instances ${ms(core)} (${verdict} the ${TARGET_MS} ms target); with scene.updateMatrixWorld ${ms(whole)}`,
    );
    console.log(
      `${''.padEnd(16)} bone rigs: core + createCrowdBinding ${ms(boneCore)} (${(boneCore.median / core.median).toFixed(2)}× the instanced time); with scene.updateMatrixWorld ${ms(boneWhole)}`,
    );
    for (const g of grids) g.dispose();
  }
}
