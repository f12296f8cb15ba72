// An output written under a temporary name in its own folder and renamed
// into place, so a run that is killed leaves no half-written file (and a
// resumed run does not take one for done).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';

const partialPrefix = (path) => `.${basename(path)}.${process.pid}-`;

export function writeAtomically(path, data) {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true });
  const temporary = join(folder, `${partialPrefix(path)}${threadId}.partial`);
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

// The temporary files this process left for path (a worker ended while
// it wrote), removed.
export function removePartials(path) {
  const prefix = partialPrefix(path);
  const folder = dirname(path);
  if (!existsSync(folder)) return;
  const names = readdirSync(folder).filter(
    (name) => name.startsWith(prefix) && name.endsWith('.partial'),
  );
  for (const name of names) rmSync(join(folder, name), { force: true });
}
