// Duplicate keys and nesting depth in JSON text. JSON.parse keeps the last
// value of a key given twice, so a file could say two things at once and one
// would win silently; and text nested thousands of levels deep ([[[…]]])
// costs every later walk over it. This scan finds the first object key
// written twice and its path (["keyframes", 2, "time"]) without building the
// values, and stops at the first level past `maxDepth`. It runs in time and
// memory linear in the text: each open level keeps only its own key or
// index, and a path is assembled only for the one duplicate reported.

// Deeper than any file of ours needs (a gesture file nests 5 levels).
export const MAX_JSON_DEPTH = 64;

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Scan JSON text for the first duplicate key and for nesting past a limit.
 * @param {string} text
 * @param {number} [maxDepth=MAX_JSON_DEPTH]
 * @returns {{ duplicate: { key: string, path: (string|number)[] } | null,
 *   tooDeep: { depth: number, limit: number, offset: number } | null }}
 */
export function scanJson(text, maxDepth = MAX_JSON_DEPTH) {
  const stack = []; // { keys: Set | null (an array), index, key }
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === TAB || c === LF || c === CR) continue;
    if (c === QUOTE) {
      const end = stringEnd(text, i);
      const frame = stack[stack.length - 1];
      if (frame && frame.keys && expectKey) {
        const key = readKey(text, i, end);
        if (frame.keys.has(key)) return { duplicate: { key, path: pathOf(stack) }, tooDeep: null };
        frame.keys.add(key);
        frame.key = key;
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (stack.length >= maxDepth) {
        return {
          duplicate: null,
          tooDeep: { depth: stack.length + 1, limit: maxDepth, offset: i },
        };
      }
      stack.push({ keys: c === 0x7b ? new Set() : null, index: 0, key: null });
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    } else if (c === 0x2c) {
      const frame = stack[stack.length - 1];
      if (frame && frame.keys) expectKey = true;
      else if (frame) frame.index++;
    }
  }
  return { duplicate: null, tooDeep: null };
}

// The first key written twice and where, or null (kept for callers that only
// ask about duplicates; nesting is bounded all the same).
export function findDuplicateKey(text, maxDepth = MAX_JSON_DEPTH) {
  return scanJson(text, maxDepth).duplicate;
}

// The path of the innermost open level: each enclosing level's key or index.
function pathOf(stack) {
  const path = [];
  for (let level = 0; level + 1 < stack.length; level++) {
    const frame = stack[level];
    path.push(frame.keys ? frame.key : frame.index);
  }
  return path;
}

function readKey(text, start, end) {
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return text.slice(start + 1, end); // malformed: JSON.parse reports it
  }
}

// Index of the quote that closes the string opening at `start`.
function stringEnd(text, start) {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return text.length - 1;
}
