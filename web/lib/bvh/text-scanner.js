// A forward-only scanner over BVH text: lines and whitespace-separated
// tokens, decimal numbers read character by character. Every step moves
// forward, so any input, however crafted, costs time linear in its length
// (no regular expression touches the text). Whitespace is any of space,
// tab, line and page breaks, and the Unicode spaces String.prototype.trim
// removes (a byte-order mark, a no-break space), so `ROOT\tHips` and
// `Frame\tTime:` read like their spaced forms.

// Exact powers of ten: a decimal of at most 2^53 in its digits scaled by
// one of these is rounded once, so it equals Number() of its text.
const POW10 = Float64Array.from({ length: 23 }, (_, k) => 10 ** k);
const MAX_EXACT = 2 ** 53;
const MAX_LINE_TOKENS = 64; // no hierarchy line has more words

const LF = 10;
const CR = 13;

export function isSpace(c) {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0xfeff ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

// A line break: \n, \r\n or a lone \r (other Unicode breaks only separate
// tokens, so line numbers are what an editor shows).
const isBreak = (c) => c === LF || c === CR;

// Where the last scanDecimal stopped.
let scannedEnd = 0;
export const scanEnd = () => scannedEnd;

// The decimal number that starts at text[start] and runs as far as it
// reads as one — [-+]? (digits [. digits?] | . digits) ([eE] [-+]? digits)?
// — or NaN when none starts there; scanEnd() tells where it stopped.
export function scanDecimal(text, start) {
  let pos = start;
  let c = text.charCodeAt(pos);
  const negative = c === 45;
  if (negative || c === 43) c = text.charCodeAt(++pos);
  let mantissa = 0;
  let digits = 0;
  for (; c >= 48 && c <= 57; c = text.charCodeAt(++pos)) {
    mantissa = mantissa * 10 + (c - 48);
    digits++;
  }
  let fraction = 0;
  if (c === 46) {
    for (c = text.charCodeAt(++pos); c >= 48 && c <= 57; c = text.charCodeAt(++pos)) {
      mantissa = mantissa * 10 + (c - 48);
      fraction++;
    }
  }
  scannedEnd = pos;
  if (digits + fraction === 0) return NaN;
  let exponent = 0;
  if (c === 101 || c === 69) {
    c = text.charCodeAt(++pos);
    const minus = c === 45;
    if (minus || c === 43) c = text.charCodeAt(++pos);
    let expDigits = 0;
    for (; c >= 48 && c <= 57; c = text.charCodeAt(++pos)) {
      if (exponent < 1e6) exponent = exponent * 10 + (c - 48);
      expDigits++;
    }
    scannedEnd = pos;
    if (expDigits === 0) return NaN;
    if (minus) exponent = -exponent;
  }
  const scale = exponent - fraction;
  if (mantissa <= MAX_EXACT && scale >= -22 && scale <= 22) {
    const value = scale >= 0 ? mantissa * POW10[scale] : mantissa / POW10[-scale];
    return negative ? -value : value;
  }
  return Number(text.slice(start, pos)); // the syntax is checked: a decimal's value
}

// The decimal number text[start, end) spells, or NaN when it is not one.
export function decimalAt(text, start, end) {
  const value = scanDecimal(text, start);
  return scannedEnd === end ? value : NaN;
}

// "digits only", checked without a pattern.
export function isDigits(token) {
  if (token.length === 0) return false;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

// JSON-quoted, at most 40 characters of it shown.
export function quote(text, start = 0, end = text.length) {
  const shown = end - start > 40 ? text.slice(start, start + 40) + '…' : text.slice(start, end);
  return JSON.stringify(shown);
}

export function createScanner(text) {
  const n = text.length;
  const scanner = {
    text,
    pos: 0,
    line: 1, // the 1-based line of `pos`
    // Skips whitespace, line breaks included; false at the end.
    skipSpace() {
      let pos = scanner.pos;
      let line = scanner.line;
      for (; pos < n; pos++) {
        const c = text.charCodeAt(pos);
        if (c === LF) line++;
        else if (c === CR) {
          if (text.charCodeAt(pos + 1) !== LF) line++;
        } else if (!isSpace(c)) break;
      }
      scanner.pos = pos;
      scanner.line = line;
      return pos < n;
    },
    // Skips spaces and tabs up to the line's end; true when the line ends there.
    atLineEnd() {
      let pos = scanner.pos;
      for (; pos < n; pos++) {
        const c = text.charCodeAt(pos);
        if (isBreak(c) || !isSpace(c)) break;
      }
      scanner.pos = pos;
      return pos >= n || isBreak(text.charCodeAt(pos));
    },
    // The end of the token starting at `pos`.
    tokenEnd(pos = scanner.pos) {
      while (pos < n && !isSpace(text.charCodeAt(pos))) pos++;
      return pos;
    },
    // The next non-blank line as { tokens, line, start, end } (start and
    // end bound its text without the outer whitespace), or null at the end.
    // A line of more than MAX_LINE_TOKENS words is cut there, `more` set.
    nextLine() {
      if (!scanner.skipSpace()) return null;
      const start = scanner.pos;
      const tokens = [];
      let end = start;
      let more = false;
      do {
        end = scanner.tokenEnd();
        if (tokens.length < MAX_LINE_TOKENS) tokens.push(text.slice(scanner.pos, end));
        else more = true;
        scanner.pos = end;
      } while (!scanner.atLineEnd());
      return { tokens, line: scanner.line, start, end, more };
    },
    // Whole-line text for messages, cut to 40 characters.
    quoteLine(line) {
      return line ? quote(text, line.start, line.end) : '""';
    },
    lineCount() {
      let count = 1;
      for (let i = 0; i < n; i++) {
        const c = text.charCodeAt(i);
        if (c === LF) count++;
        else if (c === CR && text.charCodeAt(i + 1) !== LF) count++;
      }
      return count;
    },
  };
  return scanner;
}
