// Timing for the benchmarks on a shared, noisy machine.

// KBLEND_BENCH_SMOKE=1: one call per round and one round, so every part
// of the bench runs (and checks its agreements) in seconds; its times mean
// nothing then. ./build.sh test runs it so.
export const SMOKE = process.env.KBLEND_BENCH_SMOKE === '1';
const ROUNDS = SMOKE ? 1 : 7;

// Mean ms per call of fn over one round of at least roundMs.
function roundMsPerCall(fn, roundMs) {
  if (SMOKE) roundMs = 0;
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < roundMs) {
    fn();
    calls++;
    elapsed = performance.now() - start;
  }
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

// Interleaved rounds (A B C, A B C, …) of roundMs each, many of them: per
// contender the median ms per call and its range over the rounds.
export function statsInterleaved(fns, { rounds = 21, roundMs = 15 } = {}) {
  for (const fn of fns) for (let i = 0; i < 3; i++) fn();
  if (SMOKE) rounds = 1;
  const samples = fns.map(() => []);
  for (let round = 0; round < rounds; round++) {
    fns.forEach((fn, i) => samples[i].push(roundMsPerCall(fn, roundMs)));
  }
  return samples.map((s) => {
    s.sort((a, b) => a - b);
    return { median: s[s.length >> 1], min: s[0], max: s[s.length - 1] };
  });
}
