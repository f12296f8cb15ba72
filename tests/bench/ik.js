// Benchmarks of the solver in WebAssembly: one Levenberg–Marquardt
// iteration, a whole clap solve, and retargeting throughput, each against a
// 60 Hz frame (16.7 ms). Bars: a clap solve within 10 % of a frame,
// retargeting at least 300 frames per second.
import { msPerCall } from './timing.js';
import { readFileSync } from 'node:fs';

const FRAME_MS = 1000 / 60;
const CLAP_BAR = 0.1; // of a frame
const RETARGET_BAR_FPS = 300;

// "key value, ..." for the report's last column.
function describeExtra(extra) {
  return Object.entries(extra)
    .map(([k, v]) => `${k} ${typeof v === 'number' ? +v.toPrecision(3) : v}`)
    .join(', ');
}

// The clap's frame-vector tasks, as kb_clap_tasks builds them, for solveIK.
function clapTasks() {
  const h = 1.75;
  const wrist = ['left_wrist', 'right_wrist'];
  const shape = {
    type: 'frameVector',
    pairs: [
      { origin: wrist[0], link: wrist[1], target: [-0.17, 0, 0] },
      { origin: 'spine3', link: wrist[0], target: [0.085, -0.03 * h, 0.17 * h], weight: 0.5 },
      { origin: 'spine3', link: wrist[1], target: [-0.085, -0.03 * h, 0.17 * h], weight: 0.5 },
    ],
  };
  const len = 0.1 * h;
  const directions = {
    type: 'frameVector',
    directionOnly: true,
    pairs: [0, 1].flatMap((side) => [
      {
        origin: wrist[side],
        link: { joint: wrist[side], offset: [0, -len, 0] },
        target: [side ? 1 : -1, 0, 0],
      },
      { origin: wrist[side], link: { joint: wrist[side], offset: [0, 0, len] }, target: [0, 1, 0] },
    ]),
  };
  return [shape, directions];
}

export async function benchIk(kb, report) {
  const row = (name, ms, extra) => report(name, ms, describeExtra(extra));
  console.log('\nInverse kinematics (WASM), against a 60 Hz frame of 16.7 ms:');
  const idle = kb.idlePose();
  const arms = ['left_collar', 'right_collar', 'left_shoulder', 'right_shoulder'];
  const mask = [...arms, 'left_elbow', 'right_elbow', 'left_wrist', 'right_wrist'];
  const tasks = clapTasks();
  const request = { tasks, start: idle, mask, reference: idle, referenceWeight: 0.02 };

  const one = kb.solveIK({ ...request, options: { maxIterations: 1 } });
  const iterationMs = msPerCall(() => kb.solveIK({ ...request, options: { maxIterations: 1 } }));
  row('IK: one LM iteration (clap tasks, 24 DoF, solveIK)', iterationMs, {
    ofFrame: iterationMs / FRAME_MS,
    accepted: one.accepted,
  });

  const clap = kb.solveClap(idle);
  const clapMs = msPerCall(() => kb.solveClap(idle));
  row('IK: clap solve from idle (solveClap)', clapMs, {
    ofFrame: clapMs / FRAME_MS,
    bar: CLAP_BAR,
    pass: clapMs / FRAME_MS <= CLAP_BAR,
    iterations: clap.iterations,
    ok: clap.report.ok,
  });

  const text = readFileSync(new URL('../fixtures/walk_mocap_cm.bvh', import.meta.url), 'utf8');
  const clip = kb.importBvh(text);
  const retarget = () =>
    kb.retargetClip({
      positions: clip.sourcePositions,
      driven: clip.driven,
      targetScale: clip.scale,
    });
  const clipMs = msPerCall(retarget, 200);
  const fps = (clip.frames / clipMs) * 1000;
  const perFrame = clipMs / clip.frames;
  row('IK: retarget, per frame (walk fixture, 90 frames)', perFrame, {
    ofFrame: perFrame / FRAME_MS,
    framesPerSecond: Math.round(fps),
    bar: RETARGET_BAR_FPS,
    pass: fps >= RETARGET_BAR_FPS,
  });
  const importMs = msPerCall(() => kb.importBvh(text), 200);
  row('BVH import, whole file (parse, map, rotation transfer)', importMs, {
    ofFrame: importMs / FRAME_MS,
    framesPerSecond: Math.round((clip.frames / importMs) * 1000),
  });
}

// Run alone: node tests/bench/ik.js
if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadKBlend } = await import('../../web/lib/kblend.js');
  const kb = await loadKBlend();
  await benchIk(kb, (name, ms, extra) => {
    console.log(`${name.padEnd(52)} ${ms.toFixed(4).padStart(12)} ms  ${extra}`);
  });
}
