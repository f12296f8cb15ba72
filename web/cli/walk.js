// The files a run converts: files given by name as they are, folders
// walked for *.bvh (any case). Each file gets the path its output keeps
// under DIR: relative to the folder it was found in, or its own name.
// The list is sorted by input path (code-unit order, not the locale's), so
// every machine that runs a shard of it sees the same list.
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { UsageError } from './args.js';

const isBvh = (name) => /\.bvh$/i.test(name);
const byInput = (a, b) => (a.input < b.input ? -1 : a.input > b.input ? 1 : 0);

// Depth first; a folder whose real path is in `skip` (the output folder)
// is not entered, so outputs written as .bvh are not read back as inputs.
function walkFolder(folder, top, skip, found) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    const stats = entry.isSymbolicLink() ? statSync(path, { throwIfNoEntry: false }) : entry;
    if (!stats) continue;
    if (stats.isDirectory()) {
      if (!entry.isSymbolicLink() && !skip.has(realpathSync(path)))
        walkFolder(path, top, skip, found);
    } else if (stats.isFile() && isBvh(entry.name)) {
      found.push({ input: path, relative: relative(top, path).split('\\').join('/') });
    }
  }
}

// inputs: paths from the command line; skipFolders: real paths not to walk.
export function collectFiles(inputs, skipFolders = []) {
  const skip = new Set(skipFolders);
  const found = [];
  for (const input of inputs) {
    const stats = statSync(input, { throwIfNoEntry: false });
    if (!stats) throw new UsageError(`no such file or folder: '${input}'`);
    if (stats.isDirectory()) walkFolder(input, input, skip, found);
    else found.push({ input, relative: basename(input) });
  }
  const unique = new Map(found.map((file) => [realpathSync(file.input), file]));
  return [...unique.values()].sort(byInput);
}
