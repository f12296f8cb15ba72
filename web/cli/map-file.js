// --map FILE: a JSON object { kblendJoint: 'fileJoint' } passed to
// kb.importBvh as `map`. Read and checked once, before any file is
// converted, so a bad map is one usage error and not a failure per file.
import { readFileSync } from 'node:fs';
import { JOINT_NAMES } from 'kblend';
import { UsageError } from './args.js';

export function readMapFile(path) {
  let map;
  try {
    map = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--map ${path}: ${error.message}`);
  }
  if (map === null || typeof map !== 'object' || Array.isArray(map)) {
    throw new UsageError(`--map ${path}: must hold a JSON object { "kblendJoint": "fileJoint" }`);
  }
  for (const [joint, fileJoint] of Object.entries(map)) {
    if (!JOINT_NAMES.includes(joint)) {
      throw new UsageError(
        `--map ${path}: '${joint}' is not a kblend joint (allowed: ${JOINT_NAMES.join(', ')})`,
      );
    }
    if (typeof fileJoint !== 'string' || fileJoint === '') {
      throw new UsageError(
        `--map ${path}: '${joint}' must name a joint of the file, got ${JSON.stringify(fileJoint)}`,
      );
    }
  }
  return map;
}
