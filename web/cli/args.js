// The command line of `kblend convert`, read with Node's util.parseArgs
// and checked: a bad argument is a UsageError (exit status 2) whose message
// names the argument, the value and what is allowed.
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';

export const FORMATS = ['npz', 'json', 'bvh'];

export const USAGE = `Usage: kblend convert <files or folders…> --out DIR [options]

Converts BVH captures to kblend's 22-joint skeleton. Folders are walked
for *.bvh; outputs keep the relative paths under DIR.

Options:
  --out DIR          where the outputs and kblend-convert.json go (required)
  --format F         npz (default), json or bvh
  --jobs N           files converted at once, on worker threads (default: the cores)
  --shard i/n        convert only the i-th of n parts of the sorted file list
  --fps N            resample to N frames per second
  --in-place         keep the root's horizontal position at 0
  --epsilon RAD      hold each joint until it moves more than RAD (deadband)
  --map FILE         JSON { "kblendJoint": "fileJoint" } for joints not named alike
  --force            convert again files whose output exists
  -h, --help         this text

Exit status: 0 all converted, 1 some failed, 2 usage error.`;

export class UsageError extends Error {
  name = 'UsageError';
}

const OPTIONS = {
  out: { type: 'string', short: 'o' },
  format: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  shard: { type: 'string' },
  fps: { type: 'string' },
  'in-place': { type: 'boolean' },
  epsilon: { type: 'string' },
  map: { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

// A number given as text, within bounds; the flag is named when it is not.
// The pattern has one way to match each digit (no `\d+\.?\d*`, which tries
// every split of a run of digits and costs its length squared when it fails).
function numberArg(flag, text, { min, max, integer, allowed }) {
  const plain = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i.test(text.trim());
  const value = plain ? Number(text) : NaN;
  const fits = value >= min && value <= max && (!integer || Number.isInteger(value));
  if (!fits) throw new UsageError(`${flag} must be ${allowed}, got '${text}'`);
  return value;
}

function shardArg(text) {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const [index, count] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!(count >= 1 && index >= 1 && index <= count)) {
    throw new UsageError(`--shard must be i/n with 1 ≤ i ≤ n (e.g. 1/4), got '${text}'`);
  }
  return { index, count };
}

function formatArg(text) {
  if (!FORMATS.includes(text)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got '${text}'`);
  }
  return text;
}

// parseArgs's own errors (unknown flag, missing value) as usage errors.
function parse(argv) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error.message.replace(/\. To specify a positional.*$/s, ''));
  }
}

// argv: the arguments after `convert`. Returns the run's options, or
// { help: true }.
export function parseConvertArgs(argv) {
  const { values: v, positionals } = parse(argv);
  if (v.help) return { help: true };
  if (positionals.length === 0) throw new UsageError('no input files or folders given');
  if (v.out === undefined || v.out === '') throw new UsageError('--out DIR is required');
  return {
    inputs: positionals,
    out: v.out,
    format: v.format === undefined ? 'npz' : formatArg(v.format),
    jobs:
      v.jobs === undefined
        ? availableParallelism()
        : numberArg('--jobs', v.jobs, {
            min: 1,
            max: 1024,
            integer: true,
            allowed: 'an integer from 1 to 1024',
          }),
    shard: v.shard === undefined ? null : shardArg(v.shard),
    fps:
      v.fps === undefined
        ? null
        : numberArg('--fps', v.fps, { min: 1, max: 1000, allowed: 'a number from 1 to 1000' }),
    epsilon:
      v.epsilon === undefined
        ? null
        : numberArg('--epsilon', v.epsilon, {
            min: 0,
            max: Math.PI,
            allowed: 'an angle in radians from 0 to π',
          }),
    inPlace: v['in-place'] === true,
    map: v.map ?? null,
    force: v.force === true,
  };
}
