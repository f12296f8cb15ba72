// A small strict BVH parser. three.js's BVHLoader is an addon of three.js
// (the library may not depend on three) and it is lenient: it logs what it
// does not understand and goes on, reads "Frames: 0x10" as 0 frames, hex
// and "Infinity" as numbers, ignores extra frame lines and allocates for
// whatever frame count the file declares. Here every line is checked and a
// fault is refused with the line's number; memory follows the frame lines
// the file really has, never its declared count.
import { BvhImportError } from './errors.js';

export const BVH_LIMITS = Object.freeze({
  maxBytes: 64 * 1024 * 1024,
  maxJoints: 1024,
  maxDepth: 128,
  maxFrames: 1e7, // declared; what is kept is capped by the importer
  minFrameTime: 1 / 1000, // s: at most 1000 frames per second
  maxFrameTime: 1, // s
  maxDegrees: 3600, // |rotation| per channel: ten turns, for unwrapped captures
  maxOffset: 1e5, // |offset| and |position| in file units (1 km in cm)
});

const CHANNELS = ['Xposition', 'Yposition', 'Zposition', 'Xrotation', 'Yrotation', 'Zrotation'];
const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const INTEGER = /^\d+$/;
const PROGRESS_LINES = 256;

// Non-empty lines with their 1-based numbers, read one by one.
function lineReader(text, file) {
  const lines = text.split(/\r\n|\r|\n/);
  let at = 0;
  const reader = {
    number: 0,
    next() {
      while (at < lines.length && lines[at].trim() === '') at++;
      if (at >= lines.length) return null;
      reader.number = at + 1;
      return lines[at++].trim();
    },
    need(where) {
      const line = reader.next();
      if (line === null) reader.fail(`the file ends inside the hierarchy, at ${where}`, 'end');
      return line;
    },
    fail(what, line = reader.number) {
      const place = line === 'end' ? `line ${lines.length}` : `line ${line}`;
      throw new BvhImportError(`${file}, ${place}: ${what}`, {
        line: line === 'end' ? lines.length : line,
      });
    },
    // the remaining non-empty lines from here on (frame lines), lazily
    *rest() {
      for (; at < lines.length; at++) {
        if (lines[at].trim() !== '') yield [at + 1, lines[at].trim()];
      }
    },
    remaining() {
      let n = 0;
      for (let i = at; i < lines.length; i++) if (lines[i].trim() !== '') n++;
      return n;
    },
  };
  return reader;
}

const quote = (text) => JSON.stringify(text.length > 40 ? text.slice(0, 40) + '…' : text);

function decimal(reader, token, what, limit) {
  if (!DECIMAL.test(token)) reader.fail(`${what} must be a decimal number, got ${quote(token)}`);
  const value = Number(token);
  if (!(Math.abs(value) <= limit)) reader.fail(`${what} is ${token}, outside ±${limit}`);
  return value;
}

function readOffset(reader, label) {
  const tokens = reader.need(label).split(/\s+/);
  if (tokens[0] !== 'OFFSET' || tokens.length !== 4)
    reader.fail(`${label} needs "OFFSET x y z", got ${quote(tokens.join(' '))}`);
  return tokens.slice(1).map((t) => decimal(reader, t, `${label}'s OFFSET`, BVH_LIMITS.maxOffset));
}

function readChannels(reader, name) {
  const tokens = reader.need(name).split(/\s+/);
  const count = tokens[1];
  if (tokens[0] !== 'CHANNELS' || !INTEGER.test(count ?? '') || Number(count) > 6)
    reader.fail(`${name} needs "CHANNELS n …" with n from 0 to 6, got ${quote(tokens.join(' '))}`);
  const channels = tokens.slice(2);
  const known = channels.every((c) => CHANNELS.includes(c));
  if (channels.length !== Number(count) || !known || new Set(channels).size !== channels.length) {
    reader.fail(
      `${name} lists ${channels.length} channels for a count of ${count}, a repeated or an unknown one (allowed: ${CHANNELS.join(', ')})`,
    );
  }
  return channels;
}

function readHierarchy(reader) {
  const joints = [];
  const names = new Set();
  let channelCount = 0;
  const readNode = (line, parent, depth) => {
    if (depth > BVH_LIMITS.maxDepth)
      reader.fail(`the hierarchy is nested deeper than ${BVH_LIMITS.maxDepth} joints`);
    const tokens = line.split(/\s+/);
    const endSite = tokens[0] === 'End' && tokens[1] === 'Site' && tokens.length === 2;
    if (!endSite && !(['ROOT', 'JOINT'].includes(tokens[0]) && tokens.length >= 2))
      reader.fail(`expected "JOINT name", "End Site" or }, got ${quote(line)}`);
    if (endSite && parent < 0) reader.fail('an End Site needs a parent joint');
    const name = endSite ? null : tokens.slice(1).join(' ');
    const label = endSite ? `the End Site of ${joints[parent].name}` : name;
    if (!endSite && names.has(name)) reader.fail(`the joint name ${quote(name)} appears twice`);
    if (reader.need(label) !== '{') reader.fail(`expected { after ${label}`);
    const offset = readOffset(reader, label);
    if (endSite) {
      joints[parent].endSite = offset;
      if (reader.need(label) !== '}') reader.fail(`an End Site ends with }, got more`);
      return;
    }
    if (joints.length >= BVH_LIMITS.maxJoints)
      reader.fail(`more than ${BVH_LIMITS.maxJoints} joints`);
    const channels = readChannels(reader, name);
    const index = joints.length;
    joints.push({
      name,
      parent,
      offset,
      channels,
      firstChannel: channelCount,
      line: reader.number,
    });
    names.add(name);
    channelCount += channels.length;
    for (let child = reader.need(label); child !== '}'; child = reader.need(label)) {
      if (child === 'MOTION') reader.fail(`MOTION before ${name} was closed with }`);
      readNode(child, index, depth + 1);
    }
  };
  const root = reader.next();
  if (root === null || !root.startsWith('ROOT '))
    reader.fail(`the hierarchy must start with "ROOT name", got ${quote(root ?? '')}`);
  readNode(root, -1, 0);
  const after = reader.next();
  if (after !== 'MOTION')
    reader.fail(after === null ? 'MOTION is missing' : `expected MOTION, got ${quote(after)}`);
  return { joints, channelCount };
}

function readTiming(reader) {
  const framesText = reader.next() ?? '';
  const framesMatch = /^Frames:\s*(\S+)$/.exec(framesText);
  if (!framesMatch || !INTEGER.test(framesMatch[1]))
    reader.fail(`expected "Frames: N" with N a decimal integer, got ${quote(framesText)}`);
  const frames = Number(framesMatch[1]);
  const framesLine = reader.number;
  if (frames < 1 || frames > BVH_LIMITS.maxFrames)
    reader.fail(`Frames: ${frames} is outside 1 … ${BVH_LIMITS.maxFrames}`);
  const timeLine = reader.next() ?? '';
  const timeMatch = /^Frame Time:\s*(\S+)$/.exec(timeLine);
  if (!timeMatch) reader.fail(`expected "Frame Time: seconds", got ${quote(timeLine)}`);
  const { minFrameTime: lo, maxFrameTime: hi } = BVH_LIMITS;
  const frameTime = decimal(reader, timeMatch[1], 'Frame Time', hi);
  if (!(frameTime >= lo && frameTime <= hi))
    reader.fail(
      `Frame Time: ${timeMatch[1]} is outside ${lo} … ${hi} s (1 to 1000 frames per second)`,
    );
  return { frames, frameTime, framesLine };
}

// text → { joints, channelCount, fileFrames, frames, frameTime, values }.
// joints: { name, parent, offset, channels, firstChannel, endSite? } in
// file order; values: frames × channelCount numbers of the first `keep`
// frames (all are checked). onLines(fraction) is called every
// PROGRESS_LINES frame lines with the fraction of them read.
export function parseBvh(text, { file = 'the BVH file', keep = Infinity, onLines = null } = {}) {
  const reader = lineReader(text, file);
  const first = reader.next();
  if (first === null) throw new BvhImportError(`${file} is empty`, { line: 0 });
  if (first !== 'HIERARCHY') reader.fail(`not a BVH file: expected HIERARCHY, got ${quote(first)}`);
  const { joints, channelCount } = readHierarchy(reader);
  const { frames: fileFrames, frameTime, framesLine } = readTiming(reader);
  const present = reader.remaining();
  if (present < fileFrames)
    reader.fail(
      `Frames: ${fileFrames} is declared but only ${present} frame lines follow`,
      framesLine,
    );
  const frames = Math.min(fileFrames, keep);
  const values = new Float64Array(frames * channelCount);
  const limits = joints.flatMap((j) =>
    j.channels.map((c) => [
      c.endsWith('rotation') ? BVH_LIMITS.maxDegrees : BVH_LIMITS.maxOffset,
      `${j.name} ${c}`,
    ]),
  );
  let f = 0;
  for (const [number, line] of reader.rest()) {
    reader.number = number;
    if (f === fileFrames)
      reader.fail(`a frame line beyond the ${fileFrames} frames declared on line ${framesLine}`);
    const tokens = line.split(/\s+/);
    if (tokens.length !== channelCount)
      reader.fail(
        `frame ${f} has ${tokens.length} values, the hierarchy declares ${channelCount} channels`,
      );
    for (let c = 0; c < channelCount; c++) {
      const value = decimal(
        reader,
        tokens[c],
        `frame ${f}, channel ${c} (${limits[c][1]})`,
        limits[c][0],
      );
      if (f < frames) values[f * channelCount + c] = value;
    }
    f++;
    if (onLines && f % PROGRESS_LINES === 0) onLines(f / fileFrames);
  }
  return { joints, channelCount, fileFrames, frames, frameTime, values };
}
