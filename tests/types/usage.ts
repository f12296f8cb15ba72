// Compiled (not run) by tests/unit/types.test.js: the declarations must
// describe the library as README shows it.
import {
  COMPARISON_METHODS,
  FOLLOWERS,
  HOPF_AXIS,
  JOINT_COUNT,
  JOINT_NAMES,
  JOINT_PARENTS,
  ORDERS,
  SHAPES,
  hopf,
  hopfPath,
  loadKBlend,
  multiplyQuat,
  paperStopTime,
  rotateVector,
  PAPER_EXAMPLE,
  type KBlend,
  type Preview,
} from '../../web/lib/kblend.js';

async function main(): Promise<void> {
  const kb: KBlend = await loadKBlend();
  const e: number = kb.envelope(0.1, { attack: 0.15, release: 0.2 });
  const q: Float32Array = kb.slerp([0, 0, 0, 1], [0, 1, 0, 0], e);
  const angle: number = kb.geodesicAngle(q, [0, 0, 0, 1]);
  const filter = kb.createFilter({ epsilon: 0.0005, lambda: 18, follower: 'kli' });
  filter.step(q, 1 / 30);
  const preview: Preview = kb.createPreview({ gesture: 'wave', attack: 0.2, jitter: 0.01 });
  const pose: Float32Array = preview.evaluate(angle);
  const { positions } = kb.forwardKinematics(pose);
  const report = kb.validateClap(pose);
  const ok: boolean = report.ok && report.rules.palms && positions.length === 66;
  const run = kb.kli([0, 0, 1, 0], [0.5, 0.5, 0.5, 0.5], { method: 'rk4' });
  const clap = kb.solveClap(kb.idlePose());
  const figures = kb.compareMethods({ gesture: 'clap' });
  const path: Float32Array = hopfPath(kb, PAPER_EXAMPLE.p, PAPER_EXAMPLE.r, { method: 'kli' });
  console.log(
    ok,
    run.tStop,
    clap.converged,
    kb.skeleton.names[0],
    figures.kblend.jumpAtStart,
    path.length,
  );
}

// The module-level names the viewer takes from the entry.
const left: number = JOINT_NAMES.indexOf('left_wrist') + JOINT_PARENTS[0] + JOINT_COUNT;
const turned: [number, number, number] = rotateVector([0, 0, 0, 1], HOPF_AXIS);
const product: number[] = multiplyQuat([0, 0, 0, 1], [0, 1, 0, 0], [0, 0, 0, 0]);
const names: string[] = [...SHAPES, ...FOLLOWERS, ...ORDERS, COMPARISON_METHODS[0].name];
console.log(left, turned, product, names, hopf([0, 0, 0, 1]).length, typeof paperStopTime);

void main();
