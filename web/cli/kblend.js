#!/usr/bin/env node
// The package's command: `kblend convert …` (see convert.js; `kblend
// convert --help` prints the options).
import { runConvert } from './convert.js';
import { USAGE } from './args.js';

const [command, ...rest] = process.argv.slice(2);
if (command === 'convert') {
  // what is not one file's fault (the library will not load, the output
  // folder cannot be written) ends the run with status 1
  process.exitCode = await runConvert(rest).catch((error) => {
    process.stderr.write(`kblend convert: ${error.message}\n`);
    return 1;
  });
} else if (command === '--help' || command === '-h' || command === 'help') {
  process.stdout.write(USAGE + '\n');
} else {
  const what = command === undefined ? 'no command given' : `unknown command '${command}'`;
  process.stderr.write(`kblend: ${what} (the command is: kblend convert)\n\n${USAGE}\n`);
  process.exitCode = 2;
}
