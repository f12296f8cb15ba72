// Share links: the viewer's state in the URL hash (docs/design.md §8), as
//   #v=1&g=clap&a=0.15&r=0.2&eps=0.0005&lam=18&dur=2.4&jit=0&seed=1&apose=1.18&t=1.2
// Pure functions, no DOM. A link is untrusted input: every value is checked,
// clamped or replaced by its default, and each repair is reported as a plain
// text notice (the caller shows notices with textContent, never as HTML).
import {
  NUMERIC_PARAMS,
  canonicalValue,
  canonicalTime,
  clamp,
  enforceAttackRelease,
} from './params.js';
import { CHOICE_PARAMS, encodeChoice, readChoice } from './choice-params.js';
import { IK_DEFAULT, IK_KEY, encodeIk, readIk } from './ik-switch.js';

const LINK_VERSION = '1';
// Longer hashes are not ours (no legitimate link comes near this).
export const MAX_HASH_LENGTH = 2000;
// A plain decimal or exponent number; anything else (hex, 'NaN', markup) is not.
// One way to match each digit, so a failing run of digits costs linear time.
const NUMBER_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

// Quote a value from a link for a notice: short, printable, inert.
export function quoteForNotice(raw) {
  const printable = String(raw).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  const short = printable.length > 24 ? `${printable.slice(0, 24)}…` : printable;
  return `'${short}'`;
}

function formatRange(spec) {
  return `[${spec.min}, ${spec.max}]`;
}

// Read one numeric parameter from the link; returns the value to use and,
// when it was out of range, the note to give once the final value is known.
function readNumber(name, raw, fallback, notices) {
  const spec = NUMERIC_PARAMS[name];
  const text = raw.trim();
  if (!NUMBER_PATTERN.test(text)) {
    notices.push(
      `${spec.key}=${quoteForNotice(raw)} is not a number; using the default ${fallback}`,
    );
    return { value: fallback, clampNote: null };
  }
  const parsed = Number(text);
  const value = canonicalValue(name, clamp(parsed, spec.min, spec.max));
  const outside = parsed < spec.min || parsed > spec.max;
  const clampNote = outside
    ? (final) =>
        `${spec.key}=${quoteForNotice(text)} is outside ${formatRange(spec)}; clamped to ${final}`
    : null;
  return { value, clampNote };
}

// A key given more than once: the first one counts, and the user is told.
function reportRepeatedKeys(search, notices) {
  const counts = new Map();
  for (const key of search.keys()) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const [key, count] of counts) {
    if (count > 1) {
      notices.push(
        `${quoteForNotice(key)} appears ${count} times in the link; using the first, ${quoteForNotice(search.get(key))}`,
      );
    }
  }
}

function readGesture(raw, gestureNames, fallback, notices) {
  if (gestureNames.includes(raw)) return raw;
  notices.push(`g=${quoteForNotice(raw)} is not a gesture of the library; using '${fallback}'`);
  return fallback;
}

function readVersion(search, notices) {
  if (!search.has('v')) {
    notices.push(`the link has no version (v=${LINK_VERSION}); reading what is valid in it`);
  } else if (search.get('v') !== LINK_VERSION) {
    notices.push(
      `link version v=${quoteForNotice(search.get('v'))} is not supported (v=${LINK_VERSION}); reading what is valid in it`,
    );
  }
}

function readTime(raw, duration, notices) {
  const text = raw.trim();
  if (!NUMBER_PATTERN.test(text)) {
    notices.push(`t=${quoteForNotice(raw)} is not a number; starting from 0`);
    return null;
  }
  const parsed = Number(text);
  if (parsed < 0 || parsed > duration) {
    notices.push(`t=${quoteForNotice(text)} is outside [0, ${duration}]; clamped`);
  }
  return canonicalTime(clamp(parsed, 0, duration), duration);
}

/**
 * Parse a location hash into viewer state.
 * @param {string} hash  location.hash, with or without the leading '#'
 * @param {object} context
 * @param {string[]} context.gestureNames  the gestures a link may name
 * @param {object} context.defaults  complete canonical params (gesture, attack, ...)
 * @param {(name: string) => number} context.durationOf  a gesture's own duration
 * @returns {{ params: object, time: number | null, notices: string[], b?: object | null }}
 *   (b: the params of B when the link holds one, read as the rest; null when
 *   refused, absent when none)
 */
export function parseShareHash(hash, context) {
  const { gestureNames, defaults, durationOf } = context;
  const text = String(hash ?? '').replace(/^#/, '');
  const params = { ...defaults };
  const notices = [];
  if (text === '') return { params, time: null, notices };
  if (text.length > MAX_HASH_LENGTH) {
    notices.push(`the link is too long (${text.length} characters); opened the defaults`);
    return { params, time: null, notices };
  }
  const search = new URLSearchParams(text);
  readVersion(search, notices);
  reportRepeatedKeys(search, notices);

  if (search.has('g')) {
    params.gesture = readGesture(search.get('g'), gestureNames, defaults.gesture, notices);
    params.duration = canonicalValue('duration', durationOf(params.gesture));
  }
  const clampNotes = [];
  for (const [name, spec] of Object.entries(NUMERIC_PARAMS)) {
    if (search.has(spec.key)) {
      const read = readNumber(name, search.get(spec.key), params[name], notices);
      params[name] = read.value;
      // said with the final value, after the attack/release rule below
      if (read.clampNote) clampNotes.push({ name, note: read.clampNote, at: notices.length });
    }
  }
  for (const [name, spec] of Object.entries(CHOICE_PARAMS)) {
    if (search.has(spec.key)) {
      const fallback = params[name] ?? spec.values[0];
      params[name] = readChoice(name, search.get(spec.key), fallback, notices, quoteForNotice);
    }
  }
  if (search.has(IK_KEY)) {
    params.ik = readIk(search.get(IK_KEY), params.ik ?? IK_DEFAULT, notices, quoteForNotice);
  }
  const pair = enforceAttackRelease(params.attack, params.release);
  if (pair.adjusted) {
    notices.push(
      `a + r = ${params.attack + params.release} exceeds 1; scaled to a=${pair.attack}, r=${pair.release}`,
    );
    params.attack = pair.attack;
    params.release = pair.release;
  }
  // in reverse, so earlier insertion points stay where they were
  for (const { name, note, at } of clampNotes.reverse()) notices.splice(at, 0, note(params[name]));
  const time = search.has('t') ? readTime(search.get('t'), params.duration, notices) : null;
  const b = search.has(B_KEY) ? readB(search.get(B_KEY), context, notices) : undefined;
  return { params, time, notices, b };
}

// B of an A/B comparison: its params under the same keys, nested in one
// `b=` value (URL-encoded), read by the same rules as the link's own; its
// repairs are noted with a "b: " in front. No time and no nesting in it.
const B_KEY = 'b';
const NOT_IN_B = ['t', B_KEY];

export function serializeB(params) {
  return `${B_KEY}=${encodeURIComponent(serializeShareHash(params))}`;
}

function readB(raw, context, notices) {
  const inner = new URLSearchParams(raw);
  const stray = NOT_IN_B.filter((key) => inner.has(key));
  if (stray.length) {
    notices.push(`b: ${stray.map((k) => `${k}=`).join(', ')} cannot be part of b; B is not held`);
    return null;
  }
  const read = parseShareHash(raw, context);
  notices.push(...read.notices.map((note) => `b: ${note}`));
  return read.params;
}

/**
 * The hash (without '#') for canonical params and an optional time.
 * @param {object} params  canonical params
 * @param {number | null} [time]  seconds; omitted when null
 */
export function serializeShareHash(params, time = null) {
  const parts = [`v=${LINK_VERSION}`, `g=${encodeURIComponent(params.gesture)}`];
  for (const [name, spec] of Object.entries(NUMERIC_PARAMS)) {
    parts.push(`${spec.key}=${String(params[name])}`);
  }
  // choices are written when the params hold them (the viewer's always do)
  for (const [name, spec] of Object.entries(CHOICE_PARAMS)) {
    if (params[name] !== undefined) parts.push(`${spec.key}=${encodeChoice(params[name])}`);
  }
  if (params.ik !== undefined) parts.push(`${IK_KEY}=${encodeIk(params.ik)}`);
  if (time !== null && time !== undefined) parts.push(`t=${String(time)}`);
  return parts.join('&');
}
