// Timing for the benchmarks on a shared, noisy machine.

// KBLEND_BENCH_SMOKE=1: one call per round and one round, so every part
// of the bench runs (and checks its agreements) in seconds; its times mean
// nothing then. ./build.sh test runs it so. (In a browser, where the worker
// bench imports this file, there is no process: the smoke mode is off and
// the caller passes its rounds.)
export const SMOKE = globalThis.process?.env?.KBLEND_BENCH_SMOKE === '1';
const ROUNDS = SMOKE ? 1 : 7;
// Crowd sizes of the whole-frame and instanced benches; the smoke mode
// stops at 100 (1000 runs the same paths, and building its thousand
// three.js rigs took most of the smoke run's minutes).
export const CROWD_SIZES = SMOKE ? [1, 10, 100] : [1, 10, 100, 1000];

// Mean ms per call of fn over one round of at least roundMs (one call at
// least, and only one in the smoke mode).
function roundMsPerCall(fn, roundMs) {
  if (SMOKE) roundMs = 0;
  let calls = 0;
  const start = performance.now();
  let elapsed;
  do {
    fn();
    calls++;
    elapsed = performance.now() - start;
  } while (elapsed < roundMs);
  return elapsed / calls;
}

// Side by side: the same rounds for every contender, interleaved (A B C,
// A B C, …) so a busy spell of the machine hits them alike. Returns the
// best ms per call of each (the least disturbed round), in the order given.
export function msPerCallInterleaved(fns, roundMs = 60) {
  for (const fn of fns) for (let i = 0; i < 3; i++) fn();
  const best = fns.map(() => Infinity);
  for (let round = 0; round < ROUNDS; round++) {
    fns.forEach((fn, i) => {
      best[i] = Math.min(best[i], roundMsPerCall(fn, roundMs));
    });
  }
  return best;
}

// Milliseconds per call of one fn: the best of the rounds.
export function msPerCall(fn, roundMs = 60) {
  return msPerCallInterleaved([fn], roundMs)[0];
}

// Median and range of a contender's samples.
function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[sorted.length >> 1], min: sorted[0], max: sorted[sorted.length - 1] };
}

// Interleaved rounds (A B C, A B C, …) of roundMs each, after `warmups`
// calls of each: every contender's ms per call, round by round.
function interleavedSamples(fns, rounds, roundMs, warmups = 3) {
  for (const fn of fns) for (let i = 0; i < warmups; i++) fn();
  if (SMOKE) rounds = 1;
  const samples = fns.map(() => []);
  for (let round = 0; round < rounds; round++) {
    fns.forEach((fn, i) => samples[i].push(roundMsPerCall(fn, roundMs)));
  }
  return samples;
}

// Many interleaved rounds: per contender the median ms per call and its
// range over the rounds.
export function statsInterleaved(fns, { rounds = 21, roundMs = 15 } = {}) {
  return interleavedSamples(fns, rounds, roundMs).map(summary);
}

// The same, and per contender the ratio (the last contender's time over
// its own) round by round: on a shared machine a busy spell hits the
// contenders of one round alike, so the ratio within a round is steadier
// than the ratio of medians.
export function statsAndRatiosInterleaved(fns, { rounds = 21, roundMs = 15, warmups = 3 } = {}) {
  const samples = interleavedSamples(fns, rounds, roundMs, warmups);
  const last = samples[samples.length - 1];
  return {
    stats: samples.map(summary),
    ratios: samples.map((own) => summary(own.map((v, r) => last[r] / v))),
  };
}

// One call = one frame of play: every call moves on by 1/fps (wrapping).
export function player(frame, duration, fps = 30) {
  let k = 0;
  const frames = Math.floor(duration * fps) + 1;
  return () => frame((k = (k + 1) % frames) / fps);
}

// A stat of ms per call in µs: median [range].
export const microseconds = (s) =>
  `${(s.median * 1e3).toFixed(1)} µs [${(s.min * 1e3).toFixed(1)}–${(s.max * 1e3).toFixed(1)}]`;
