// A small strict BVH parser. three.js's BVHLoader is an addon of three.js
// (the library may not depend on three) and it is lenient: it logs what it
// does not understand and goes on, reads "Frames: 0x10" as 0 frames, hex
// and "Infinity" as numbers, ignores extra frame lines and allocates for
// whatever frame count the file declares. Here every line is checked and a
// fault is refused with the line's number; memory follows the frame lines
// the file really has, never its declared count.
// One pass over the text (text-scanner.js): no line array, no pattern,
// the frame block's numbers read straight into a Float64Array.
import { BvhImportError } from './errors.js';
import {
  createScanner,
  decimalAt,
  isDigits,
  isSpace,
  quote,
  scanDecimal,
  scanEnd,
} from './text-scanner.js';

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
const PROGRESS_LINES = 256;
const FIRST_CAPACITY = 1024; // frames; the buffer doubles as lines come

// The scanner with the file's name and the line last read, for messages.
function lineReader(text, file) {
  const scanner = createScanner(text);
  const reader = {
    scanner,
    number: 0,
    last: null,
    next() {
      const line = scanner.nextLine();
      if (line) reader.number = line.line;
      reader.last = line;
      return line;
    },
    need(where) {
      const line = reader.next();
      if (line === null) reader.fail(`the file ends inside the hierarchy, at ${where}`, 'end');
      return line;
    },
    fail(what, line = reader.number) {
      const number = line === 'end' ? scanner.lineCount() : line;
      throw new BvhImportError(`${file}, line ${number}: ${what}`, { line: number });
    },
  };
  return reader;
}

const only = (line, token) => line.tokens.length === 1 && line.tokens[0] === token;
const shortText = (token) => (token.length > 40 ? token.slice(0, 40) + '…' : token);

function decimal(reader, token, what, limit) {
  const value = decimalAt(token, 0, token.length);
  if (Number.isNaN(value)) reader.fail(`${what} must be a decimal number, got ${quote(token)}`);
  if (!(Math.abs(value) <= limit)) reader.fail(`${what} is ${shortText(token)}, outside ±${limit}`);
  return value;
}

function readOffset(reader, label) {
  const line = reader.need(label);
  const { tokens } = line;
  if (tokens[0] !== 'OFFSET' || tokens.length !== 4 || line.more)
    reader.fail(`${label} needs "OFFSET x y z", got ${reader.scanner.quoteLine(line)}`);
  return tokens.slice(1).map((t) => decimal(reader, t, `${label}'s OFFSET`, BVH_LIMITS.maxOffset));
}

function readChannels(reader, name) {
  const line = reader.need(name);
  const { tokens } = line;
  const count = tokens[1];
  if (tokens[0] !== 'CHANNELS' || !isDigits(count ?? '') || Number(count) > 6 || line.more)
    reader.fail(
      `${name} needs "CHANNELS n …" with n from 0 to 6, got ${reader.scanner.quoteLine(line)}`,
    );
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
    const { tokens } = line;
    const endSite = tokens[0] === 'End' && tokens[1] === 'Site' && tokens.length === 2;
    if (!endSite && !(['ROOT', 'JOINT'].includes(tokens[0]) && tokens.length >= 2 && !line.more))
      reader.fail(`expected "JOINT name", "End Site" or }, got ${reader.scanner.quoteLine(line)}`);
    if (endSite && parent < 0) reader.fail('an End Site needs a parent joint');
    const name = endSite ? null : tokens.slice(1).join(' ');
    const label = endSite ? `the End Site of ${joints[parent].name}` : name;
    if (!endSite && names.has(name)) reader.fail(`the joint name ${quote(name)} appears twice`);
    if (!only(reader.need(label), '{')) reader.fail(`expected { after ${label}`);
    const offset = readOffset(reader, label);
    if (endSite) {
      joints[parent].endSite = offset;
      if (!only(reader.need(label), '}')) reader.fail(`an End Site ends with }, got more`);
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
    for (let child = reader.need(label); !only(child, '}'); child = reader.need(label)) {
      if (only(child, 'MOTION')) reader.fail(`MOTION before ${name} was closed with }`);
      readNode(child, index, depth + 1);
    }
  };
  const root = reader.next();
  if (root === null || root.tokens[0] !== 'ROOT' || root.tokens.length < 2)
    reader.fail(`the hierarchy must start with "ROOT name", got ${reader.scanner.quoteLine(root)}`);
  readNode(root, -1, 0);
  const after = reader.next();
  if (!after || !only(after, 'MOTION'))
    reader.fail(
      after === null
        ? 'MOTION is missing'
        : `expected MOTION, got ${reader.scanner.quoteLine(after)}`,
    );
  return { joints, channelCount };
}

// "Key: value" written as one line of words, the value in the last one or
// glued to the key ("Frames:\t5", "Frames:5", "Frame Time: 0.01"); null
// when the line is not that.
function keyedValue(line, words) {
  if (!line || line.more) return null;
  const { tokens } = line;
  const last = words.length - 1;
  for (let i = 0; i < last; i++) if (tokens[i] !== words[i]) return null;
  const key = words[last];
  if (tokens.length === words.length + 1 && tokens[last] === key) return tokens[last + 1];
  if (tokens.length === words.length && tokens[last].startsWith(key) && tokens[last] !== key)
    return tokens[last].slice(key.length);
  return null;
}

function readTiming(reader) {
  const framesLine = reader.next();
  const framesText = keyedValue(framesLine, ['Frames:']);
  if (framesText === null || !isDigits(framesText))
    reader.fail(
      `expected "Frames: N" with N a decimal integer, got ${reader.scanner.quoteLine(framesLine)}`,
    );
  const frames = Number(framesText);
  const framesAt = reader.number;
  if (frames < 1 || frames > BVH_LIMITS.maxFrames)
    reader.fail(`Frames: ${shortText(framesText)} is outside 1 … ${BVH_LIMITS.maxFrames}`);
  const timeLine = reader.next();
  const timeText = keyedValue(timeLine, ['Frame', 'Time:']);
  if (timeText === null)
    reader.fail(`expected "Frame Time: seconds", got ${reader.scanner.quoteLine(timeLine)}`);
  const { minFrameTime: lo, maxFrameTime: hi } = BVH_LIMITS;
  const frameTime = decimal(reader, timeText, 'Frame Time', hi);
  if (!(frameTime >= lo && frameTime <= hi))
    reader.fail(
      `Frame Time: ${shortText(timeText)} is outside ${lo} … ${hi} s (1 to 1000 frames per second)`,
    );
  return { frames, frameTime, framesLine: framesAt };
}

// Per channel: the largest magnitude allowed and a name for messages.
function channelLimits(joints, channelCount) {
  const limit = new Float64Array(channelCount);
  const label = [];
  for (const joint of joints) {
    joint.channels.forEach((c, k) => {
      limit[joint.firstChannel + k] = c.endsWith('rotation')
        ? BVH_LIMITS.maxDegrees
        : BVH_LIMITS.maxOffset;
      label.push(`${joint.name} ${c}`);
    });
  }
  return { limit, label };
}

// The tokens left on the current line (for a message about a count).
function tokensToLineEnd(scanner) {
  let count = 0;
  while (!scanner.atLineEnd()) {
    scanner.pos = scanner.tokenEnd();
    count++;
  }
  return count;
}

function refuseValue(reader, f, c, limits, start) {
  const { text } = reader.scanner;
  const end = reader.scanner.tokenEnd(start);
  const what = `frame ${f}, channel ${c} (${limits.label[c]})`;
  const value = decimalAt(text, start, end);
  if (Number.isNaN(value))
    reader.fail(`${what} must be a decimal number, got ${quote(text, start, end)}`);
  const shown = shortText(text.slice(start, Math.min(end, start + 41)));
  reader.fail(`${what} is ${shown}, outside ±${limits.limit[c]}`);
}

// One frame line's values into values[at …] (at < 0: checked, not kept).
// Each number is read where it stands, in one pass.
function readFrameLine(reader, f, channelCount, limits, values, at) {
  const { scanner } = reader;
  const { text } = scanner;
  const n = text.length;
  let pos = scanner.pos;
  for (let c = 0; c < channelCount; c++) {
    if (c > 0) {
      let ch = text.charCodeAt(pos);
      while (ch === 32 || ch === 9) ch = text.charCodeAt(++pos);
      if (pos >= n || ch === 10 || ch === 13 || isSpace(ch)) {
        scanner.pos = pos;
        if (scanner.atLineEnd())
          reader.fail(
            `frame ${f} has ${c} values, the hierarchy declares ${channelCount} channels`,
          );
        pos = scanner.pos;
      }
    }
    const value = scanDecimal(text, pos);
    const end = scanEnd();
    const stop = end < n ? text.charCodeAt(end) : 32;
    if (!(Math.abs(value) <= limits.limit[c]) || !(stop === 32 || stop === 9 || isSpace(stop)))
      refuseValue(reader, f, c, limits, pos);
    if (at >= 0) values[at + c] = value;
    pos = end;
  }
  scanner.pos = pos;
  if (!scanner.atLineEnd()) {
    const count = channelCount + tokensToLineEnd(scanner);
    reader.fail(`frame ${f} has ${count} values, the hierarchy declares ${channelCount} channels`);
  }
}

// The frame block: every line checked, the first `frames` kept.
function readFrames(reader, { channelCount, fileFrames, frames, framesLine, joints, onLines }) {
  const { scanner } = reader;
  const limits = channelLimits(joints, channelCount);
  // a frame line takes two characters a value at least, so the text left
  // bounds the frames it can hold: the buffer follows the text, never the
  // declared count alone
  const fit = Math.floor((scanner.text.length - scanner.pos) / (2 * channelCount || 1)) + 1;
  let capacity = Math.min(frames, Math.max(FIRST_CAPACITY, fit));
  let values = new Float64Array(capacity * channelCount);
  let f = 0;
  while (scanner.skipSpace()) {
    reader.number = scanner.line;
    if (f === fileFrames)
      reader.fail(`a frame line beyond the ${fileFrames} frames declared on line ${framesLine}`);
    if (channelCount === 0)
      reader.fail(
        `frame ${f} has ${tokensToLineEnd(scanner)} values, the hierarchy declares 0 channels`,
      );
    if (f === capacity && f < frames) {
      capacity = Math.min(frames, 2 * capacity);
      const grown = new Float64Array(capacity * channelCount);
      grown.set(values);
      values = grown;
    }
    readFrameLine(reader, f, channelCount, limits, values, f < frames ? f * channelCount : -1);
    f++;
    if (onLines && f % PROGRESS_LINES === 0) onLines(f / fileFrames);
  }
  if (f < fileFrames)
    reader.fail(`Frames: ${fileFrames} is declared but only ${f} frame lines follow`, framesLine);
  return capacity === frames ? values : values.slice(0, frames * channelCount);
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
  if (!only(first, 'HIERARCHY'))
    reader.fail(`not a BVH file: expected HIERARCHY, got ${reader.scanner.quoteLine(first)}`);
  const { joints, channelCount } = readHierarchy(reader);
  const { frames: fileFrames, frameTime, framesLine } = readTiming(reader);
  const frames = Math.min(fileFrames, keep);
  const values = readFrames(reader, {
    channelCount,
    fileFrames,
    frames,
    framesLine,
    joints,
    onLines,
  });
  return { joints, channelCount, fileFrames, frames, frameTime, values };
}
