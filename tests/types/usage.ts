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
  jointAngle,
  parseGestureJson,
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
  const frame = preview.evaluateFrame(0.5, { fk: true, clap: true, markers: true });
  const palm: number[] = frame.markers ? frame.markers.left.palmNormal : [];
  const clapOk: boolean = frame.clap?.ok ?? false;
  const root: [number, number, number] = preview.root(0.5);
  preview.evaluateInto(0.5, new Float32Array(88), new Float32Array(3));
  const limit: number = kb.limits.apose.max + kb.defaults.attack;
  const fitted = kb.fitAttackRelease(0.7, 0.6, { moved: 'attack', decimals: 4 });
  const keyed: Float32Array = kb.keyframePose({ rotations: { left_elbow: [0, 90, 0] } });
  const parsed = kb.parseGestureJson('{}', 'x.json');
  console.log(
    palm,
    clapOk,
    root,
    limit,
    fitted.adjusted,
    keyed.length,
    parsed.name,
    frame.envelope,
  );
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
console.log(jointAngle([0, 0, 0, 1], [0, 0, 0, 1], 0), typeof parseGestureJson);
console.log(left, turned, product, names, hopf([0, 0, 0, 1]).length, typeof paperStopTime);

void main();
