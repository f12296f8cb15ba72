// Where each file's output goes (DIR + its relative path, the extension
// replaced by the format's) and whether it is skipped: an output that
// exists is kept unless --force, so a stopped run resumes.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from './args.js';

export const outputPath = (out, relative, format) =>
  join(out, relative.replace(/\.bvh$/i, '') + '.' + format);

// reserved: paths no output may take (the run's summary).
export function planOutputs(files, { out, format, force }, reserved = []) {
  const byOutput = new Map(reserved.map((path) => [path, { input: "the run's summary" }]));
  return files.map((file) => {
    const output = outputPath(out, file.relative, format);
    const other = byOutput.get(output);
    if (other) {
      throw new UsageError(
        `'${other.input}' and '${file.input}' would both be written to '${output}': convert them in separate runs or to separate --out folders`,
      );
    }
    byOutput.set(output, file);
    return { ...file, output, skip: !force && existsSync(output) };
  });
}
