// Duplicate keys in JSON text: JSON.parse keeps the last value of a key
// given twice, so a file could say two things at once and one would win
// silently. This scan finds the first object key written twice and its
// path (["keyframes", 2, "time"]), without building the values.
const WHITESPACE = /\s/;

export function findDuplicateKey(text) {
  const stack = []; // { keys: Set | null (an array), index, path }
  let path = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (WHITESPACE.test(c)) continue;
    if (c === '"') {
      const end = stringEnd(text, i);
      const frame = stack[stack.length - 1];
      if (frame && frame.keys && expectKey) {
        const key = JSON.parse(text.slice(i, end + 1));
        if (frame.keys.has(key)) return { key, path: [...frame.path] };
        frame.keys.add(key);
        frame.key = key;
        expectKey = false;
      }
      i = end;
    } else if (c === '{' || c === '[') {
      const parent = stack[stack.length - 1];
      path = parent ? [...parent.path, parent.keys ? parent.key : parent.index] : [];
      stack.push({ keys: c === '{' ? new Set() : null, index: 0, key: null, path });
      expectKey = c === '{';
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      const frame = stack[stack.length - 1];
      if (frame && frame.keys) expectKey = true;
      else if (frame) frame.index++;
    }
  }
  return null;
}

// Index of the quote that closes the string opening at `start`.
function stringEnd(text, start) {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length - 1;
}
