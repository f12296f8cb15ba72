#!/usr/bin/env node
// The package's command: `kblend convert …` (see convert.js; `kblend
// convert --help` prints the options).
import { runConvert } from './convert.js';
import { USAGE } from './args.js';

const [command, ...rest] = process.argv.slice(2);
if (command === 'convert') {
  process.exitCode = await runConvert(rest);
} else if (command === '--help' || command === '-h' || command === 'help') {
  process.stdout.write(USAGE + '\n');
} else {
  const what = command === undefined ? 'no command given' : `unknown command '${command}'`;
  process.stderr.write(`kblend: ${what} (the command is: kblend convert)\n\n${USAGE}\n`);
  process.exitCode = 2;
}
