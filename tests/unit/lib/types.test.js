// The TypeScript declarations compile against an example of the API, and
// refuse a misspelt key in every options literal (tests/types/misspelt-options.ts:
// each expected error that does not happen fails the compile).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('kblend.d.ts describes the library and its options types are exact (tsc --noEmit on tests/types/)', () => {
  const project = fileURLToPath(new URL('../../types/tsconfig.json', import.meta.url));
  const tsc = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
  } catch (error) {
    output = `${error.stdout}${error.stderr}`;
  }
  expect(output).toBe('');
});
