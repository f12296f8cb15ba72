// Property fuzz over every public function of kb (and the methods of the
// objects it makes) with hostile arguments: any error is a TypeError or a
// RangeError of the library (never an engine error such as "Cannot read
// properties of null", never an abort), and afterwards the module answers
// a fixed set of calls exactly as a module that was never fuzzed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';

const kb = await loadKBlend();
const fresh = await loadKBlend();

const ENGINE_ERROR =
  /Cannot (read|mix|convert|set|destructure)|is not (a function|iterable|defined|a constructor)|undefined is not|null is not|Invalid (array|typed array) length|Maximum call stack|out of bounds|Aborted/;

// Every tunable, and the other option and field names of the API.
const OPTION_KEYS = [
  ...Object.keys(kb.defaults),
  ...['track', 'times', 'rotations', 'root', 'loop', 'period', 'mask', 'rate', 'step'],
  ...['method', 'maxSteps', 'shortestPath', 'fk', 'clap', 'markers', 'tasks', 'positions'],
  ...['pairs', 'joints', 'moved', 'decimals', 'keyframes', 'type', 'link', 'target', 'axis'],
  ...['samples', 'tEnd', 'options', 'start', 'separation'],
];

const number = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    1e39,
    -1e39,
    1e308,
    -0,
    1e-300,
    2 ** 31,
    2 ** 53,
    0.5,
    1,
    0,
  ),
);
const sized = (n) => fc.array(number, { minLength: n, maxLength: n });
const hostile = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    number,
    fc.bigInt(),
    fc.string({ maxLength: 12 }),
    fc.constantFrom(null, undefined, true, false, 'wave', 'clap', 'left_wrist', 'kli', 'rk4'),
    sized(3),
    sized(4),
    sized(88),
    sized(88).map((a) => Float32Array.from(a)),
    fc.constantFrom(new Float32Array(0), new BigInt64Array(4), new DataView(new ArrayBuffer(16))),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...OPTION_KEYS), tie('value'), { maxKeys: 5 }),
  ),
})).value;
const args = fc.array(hostile, { maxLength: 4 });

// Calls with a known answer, compared between the fuzzed and a fresh module.
function probe(k) {
  const preview = k.createPreview({ gesture: 'wave', jitter: 0.01 });
  const frame = preview.evaluateFrame(1.3, { fk: true, clap: true, markers: true });
  preview.dispose();
  const filter = k.createFilter({ joints: 2 });
  filter.step([0, 0, 0, 1, 0, 1, 0, 0], 1 / 30);
  const filtered = filter.step([0, 0.6, 0, 0.8, 0, 1, 0, 0], 1 / 30);
  filter.dispose();
  return {
    slerp: k.slerp([0, 0, 0, 1], [0, 1, 0, 0], 0.3),
    envelope: k.envelope(0.1),
    frame,
    filtered,
    fk: k.forwardKinematics(k.idlePose(1.0), [0.1, 0, 0], { height: 1.6 }),
    kli: k.kli([0, 0, 1, 0], [0.5, 0.5, 0.5, 0.5]),
    clap: k.solveClap(k.keyframePose(k.getGesture('clap').keyframes[0])).cost,
    ratios: k.envelopeRatios({ duration: 2 }),
  };
}

// Whatever a call returns that holds heap memory is given back.
function settle(result) {
  if (result && typeof result.dispose === 'function') result.dispose();
}

function expectLibraryError(error, what) {
  if (!(error instanceof TypeError || error instanceof RangeError)) {
    throw new Error(`${what} threw ${error?.constructor?.name}: ${error?.message}`);
  }
  if (ENGINE_ERROR.test(error.message))
    throw new Error(`${what} leaked an engine error: ${error.message}`);
}

function callHostile(what, fn, input) {
  try {
    settle(fn(...input));
  } catch (error) {
    expectLibraryError(error, what);
  }
}

const SKIP = new Set(['heap']); // a probe of the allocator, no arguments to fuzz
const functions = Object.keys(kb).filter(
  (name) => typeof kb[name] === 'function' && !SKIP.has(name),
);

describe('hostile calls to every kb function', () => {
  it('covers the whole API', () => {
    expect(functions.length).toBeGreaterThan(25);
  });

  it.each(functions)('kb.%s', (name) => {
    fc.assert(
      fc.property(args, (input) => {
        callHostile(`kb.${name}`, kb[name], input);
      }),
      { numRuns: 120, seed: 20261201 },
    );
    expect(probe(kb)).toEqual(probe(fresh));
  });

  it.each([
    ['preview', () => kb.createPreview({ gesture: 'wave' })],
    ['filter', () => kb.createFilter({ joints: 3 })],
    ['batch', () => kb.createBatch(8)],
  ])('the methods of a %s', (_, make) => {
    const object = make();
    const proto = Object.getPrototypeOf(object);
    const methods = (proto === Object.prototype ? [] : Object.getOwnPropertyNames(proto))
      .concat(Object.keys(object))
      .filter((m) => m !== 'constructor' && m !== 'dispose' && typeof object[m] === 'function');
    expect(methods.length).toBeGreaterThan(1);
    for (const method of methods) {
      fc.assert(
        fc.property(args, (input) => {
          callHostile(method, (...a) => object[method](...a), input);
        }),
        { numRuns: 150, seed: 7 },
      );
    }
    object.dispose();
    expect(probe(kb)).toEqual(probe(fresh));
  });
});
