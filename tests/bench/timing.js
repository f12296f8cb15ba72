// Timing for the benchmarks on a shared, noisy machine.

const ROUNDS = 7;

// Milliseconds per call of fn: the best of 7 rounds, each the mean over at
// least roundMs of calls (the best round is the one least disturbed).
export function msPerCall(fn, roundMs = 60) {
  for (let i = 0; i < 5; i++) fn();
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < roundMs) {
      fn();
      calls++;
      elapsed = performance.now() - start;
    }
    best = Math.min(best, elapsed / calls);
  }
  return best;
}
