// The viewer's sweep grid: 100 rigs (10 × 10, attack × release and
// jitter × epsilon on the wave), each a mannequin of 22 bones and 22
// meshes, on the crowd path: kb.createCrowd evaluate + createCrowdBinding,
// per frame over the whole clip; then with scene.updateMatrixWorld().
import { Scene } from 'three';
import { createCrowdBinding } from '../../web/three/index.js';
import { sweepCells } from '../../web/viewer/sweep/sweep-axes.js';
import { createSweepRig } from '../../web/viewer/sweep/sweep-rig.js';
import { statsInterleaved } from './timing.js';

const TARGET_MS = 2;

function grid(kb, sweep) {
  const base = { gesture: 'wave', ...kb.defaults, fps: 30 };
  const { cells } = sweepCells(sweep, '10', base);
  const members = cells.map((c) => {
    const { gesture, attack, release, epsilon, lambda, jitter, seed, apose, shape, follower } =
      c.params;
    return { gesture, attack, release, epsilon, lambda, jitter, seed, apose, shape, follower };
  });
  const crowd = kb.createCrowd({ members });
  const scene = new Scene();
  const bind = kb.bindPositions(1.75);
  const rigs = cells.map((c) => {
    const rig = createSweepRig(kb.skeleton, bind);
    rig.root.position.set(1.5 * c.col, 2.15 * c.row, 0);
    scene.add(rig.root);
    return rig;
  });
  const binding = createCrowdBinding(
    rigs.map((r) => r.root),
    crowd,
  );
  return { crowd, scene, binding, duration: crowd.members[0].duration };
}

function player(frame, duration, fps = 30) {
  let k = 0;
  const frames = Math.floor(duration * fps) + 1;
  return () => frame((k = (k + 1) % frames) / fps);
}

const ms = (s) => `${s.median.toFixed(3)} ms [${s.min.toFixed(3)}–${s.max.toFixed(3)}]`;

export function benchSweepGrid(kb) {
  console.log('\nSweep grid, 100 rigs (crowd → createCrowdBinding), per frame over the clip:');
  for (const sweep of ['attack-release', 'jitter-epsilon']) {
    const g = grid(kb, sweep);
    const [core, whole] = statsInterleaved(
      [
        player((t) => g.binding.apply(t), g.duration),
        player((t) => {
          g.binding.apply(t);
          g.scene.updateMatrixWorld();
        }, g.duration),
      ],
      { rounds: 15, roundMs: 40 },
    );
    const verdict = core.median <= TARGET_MS ? 'within' : 'OVER';
    console.log(
      `${sweep.padEnd(16)} core + binding ${ms(core)} (${verdict} the ${TARGET_MS} ms target); with scene.updateMatrixWorld ${ms(whole)}`,
    );
    g.binding.dispose();
    g.crowd.dispose();
  }
}
