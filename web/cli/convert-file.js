// One file's conversion: read, kb.importBvh, the optional resample and
// deadband, encode, write under a temporary name and rename. Returns what
// the summary records of it; throws what made it fail.
import { readFileSync } from 'node:fs';
import { deadband } from './deadband.js';
import { ENCODERS } from './formats.js';
import { resample } from './resample.js';
import { writeAtomically } from './write-atomic.js';

// options: { format, fps, epsilon, inPlace, map } as parseConvertArgs and
// readMapFile give them; file: { input, relative, output }.
export function convertFile(kb, file, options) {
  const importOptions = { name: file.relative, inPlace: options.inPlace };
  if (options.map) importOptions.map = options.map;
  const clip = kb.importBvh(readFileSync(file.input), importOptions);
  let motion = {
    frames: clip.frames,
    frameTime: clip.frameTime,
    fps: clip.fps,
    rotations: clip.rotations,
    root: clip.root,
  };
  if (options.fps !== null) motion = resample(kb, motion, options.fps);
  if (options.epsilon !== null) motion.rotations = deadband(kb, motion, options.epsilon);
  writeAtomically(file.output, ENCODERS[options.format](kb, { ...motion, name: clip.name }));
  return {
    frames: motion.frames,
    fps: motion.fps,
    method: clip.method,
    ...(clip.truncated && { truncatedFrom: clip.fileFrames }),
    ...(clip.notes.length > 0 && { notes: clip.notes }),
  };
}
