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

// Side by side: the same rounds for every contender, interleaved (A B C,
// A B C, …) so a busy spell of the machine hits them alike. Returns the
// best ms per call of each, in the order given.
export function msPerCallInterleaved(fns, roundMs = 60) {
  for (const fn of fns) for (let i = 0; i < 3; i++) fn();
  const best = fns.map(() => Infinity);
  for (let round = 0; round < ROUNDS; round++) {
    fns.forEach((fn, i) => {
      let calls = 0;
      const start = performance.now();
      let elapsed = 0;
      while (elapsed < roundMs) {
        fn();
        calls++;
        elapsed = performance.now() - start;
      }
      best[i] = Math.min(best[i], elapsed / calls);
    });
  }
  return best;
}
