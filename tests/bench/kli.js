// Benchmarks of Kuramoto–Lohe interpolation in WebAssembly: the closed form
// against RK4 integration to ε, per joint, and a whole-skeleton preview
// frame with the KLI envelope shape (and the KLI follower) against the
// smoothstep shape (and the exponential follower), on the same track.
import { msPerCall } from './timing.js';

function ratio(slow, fast) {
  return `${(slow / fast).toFixed(2)}×`;
}

// A seeded source in [−1, 1) (an LCG: enough to spread the test data).
function randomSource(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
}

function randomUnit(rand) {
  for (;;) {
    const q = [rand(), rand(), rand(), rand()];
    const n = Math.hypot(...q);
    if (n > 0.1 && n <= 1) return q.map((v) => v / n);
  }
}

// One (start, target) pair per joint, as a whole skeleton would have.
function jointPairs(count) {
  const rand = randomSource(5);
  return Array.from({ length: count }, () => [randomUnit(rand), randomUnit(rand)]);
}

function benchClosedForm(kb, report) {
  const pairs = jointPairs(22);
  const epsilon = 1e-5;
  const runs = pairs.map(([p, r]) => kb.kli(p, r, { epsilon }));
  const meanSteps = runs.reduce((s, run) => s + run.steps, 0) / runs.length;
  // each joint's closed form at its own RK4 stop time: the same end state
  const rk4Ms = msPerCall(() => {
    for (const [p, r] of pairs) kb.kli(p, r, { epsilon });
  });
  const closedMs = msPerCall(() => {
    for (let j = 0; j < pairs.length; j++) kb.kliAt(pairs[j][0], pairs[j][1], runs[j].tStop);
  });
  console.log('\nKLI to ε = 1e-5 (K = 1, h = 0.01), per joint, 22 random joint pairs:');
  report('RK4 integration (kb.kli)', rk4Ms / 22, `mean ${meanSteps.toFixed(0)} steps`);
  report(
    'closed form at the stop time (kb.kliAt)',
    closedMs / 22,
    `${ratio(rk4Ms, closedMs)} faster`,
  );
}

// A looping 4-key track driving all 22 joints (the upper body away from
// idle), as the pipeline benchmark in run.js builds it.
function makeTrack(kb) {
  const rand = randomSource(99);
  const times = Float32Array.from([0, 0.2, 0.4, 0.6]);
  const rotations = new Float32Array(4 * 88);
  for (let k = 0; k < 4; k++) {
    rotations.set(kb.idlePose(), 88 * k);
    for (let j = 12; j < 22; j++) {
      rotations.set(kb.quatFromEuler([0.3 * rand(), 0.8 * rand(), 0.8 * rand()]), 88 * k + 4 * j);
    }
  }
  return { times, rotations, loop: true, period: 0.8 };
}

// Per frame over the whole frame grid of a 10 s clip, played forward and
// wrapped (the wrap replays from frame 0, as a looping viewer does).
function framePass(kb, track, options) {
  const preview = kb.createPreview({ track, duration: 10, fps: 30, ...options });
  const out = new Float32Array(88);
  const n = preview.frameCount;
  const ms = msPerCall(() => {
    for (let k = 0; k < n; k++) preview.evaluateInto(k / 30, out);
  });
  preview.dispose();
  return ms / n;
}

function benchPreviewFrame(kb, report) {
  const track = makeTrack(kb);
  const smooth = framePass(kb, track, { shape: 'smoothstep' });
  const kliShape = framePass(kb, track, { shape: 'kli' });
  const kliFollower = framePass(kb, track, { follower: 'kli' });
  const kliBoth = framePass(kb, track, { shape: 'kli', follower: 'kli' });
  console.log(
    '\nWhole 22-joint preview frame, KLI against the defaults, per frame (10 s clip, 30 fps):',
  );
  report('shape smoothstep, follower exp (defaults)', smooth);
  report('shape kli', kliShape, `${ratio(kliShape, smooth)} the defaults' time`);
  report('follower kli', kliFollower, `${ratio(kliFollower, smooth)} the defaults' time`);
  report('shape kli, follower kli', kliBoth, `${ratio(kliBoth, smooth)} the defaults' time`);
}

export async function benchKli(kb, report) {
  benchClosedForm(kb, report);
  benchPreviewFrame(kb, report);
}
