// The element's tuning attributes read exactly as a share link is: each
// attribute (by the parameter's name: attack, epsilon, …) becomes the
// link's key (a, eps, …) and the whole goes through the link's parser, so
// names, ranges, clamping and every notice are the link's. `link` gives a
// whole hash (with `cg=` for a custom gesture); a named attribute wins over
// the same key in it. Pure: no DOM.
import {
  CHOICE_PARAMS,
  NUMERIC_PARAMS,
  TUNING_DEFAULTS,
  canonicalParams,
  parseShareHash,
  splitCustomGesture,
} from '../link/index.js';

const BLOB_KEY = 'cg';

export const CHOICE_ATTRIBUTES = Object.freeze(['shape', 'follower']);
export const NUMERIC_ATTRIBUTES = Object.freeze([
  'attack',
  'release',
  'epsilon',
  'lambda',
  'duration',
  'jitter',
  'seed',
  'apose',
]);
export const TUNING_ATTRIBUTES = Object.freeze([
  'gesture',
  ...NUMERIC_ATTRIBUTES,
  ...CHOICE_ATTRIBUTES,
]);
export const CHARACTERS = Object.freeze(['mannequin']);
const DEFAULT_GESTURE = 'wave';

const linkKey = (name) =>
  name === 'gesture' ? 'g' : (NUMERIC_PARAMS[name] ?? CHOICE_PARAMS[name]).key;

// The custom gesture of a link's cg= part, or a notice saying why not.
function readBlob(blobs, kb, decodeGestureBlob, notices) {
  if (blobs.length === 0) return null;
  if (blobs.length > 1) {
    notices.push(`${BLOB_KEY} appears ${blobs.length} times in the link; no custom gesture`);
    return null;
  }
  try {
    return decodeGestureBlob(blobs[0], kb.parseGestureJson);
  } catch (error) {
    notices.push(`the link's custom gesture was refused (${error.message.slice(0, 200)})`);
    return null;
  }
}

// The hash the parser reads: the link's parts, then the named attributes.
function hashText(rest, attributes, hasLink) {
  const search = new URLSearchParams(rest);
  if (!hasLink) search.set('v', '1');
  for (const name of TUNING_ATTRIBUTES) {
    const value = attributes[name];
    if (value !== null && value !== undefined) search.set(linkKey(name), value);
  }
  return search.toString();
}

/**
 * @param {object} kb  the loaded library
 * @param {Record<string, string | null>} attributes  the element's attributes by name
 * @param {object | null} fileGesture  a gesture read from `src` (kb.parseGestureJson)
 * @param {Function | null} decodeGestureBlob  the link's blob reader
 *   (link/custom-gesture.js), needed when the link has a cg= part
 * @returns {{ params: object, gesture: object | null, time: number | null, notices: string[] }}
 *   gesture: the custom gesture shown (from cg= or src), null for a library one
 */
export function readTuning(kb, attributes, fileGesture = null, decodeGestureBlob = null) {
  const notices = [];
  const hasLink = attributes.link !== null && attributes.link !== undefined;
  const { rest, blobs } = splitCustomGesture(hasLink ? attributes.link : '');
  const custom = readBlob(blobs, kb, decodeGestureBlob, notices) ?? fileGesture;
  const durationOf = (name) =>
    custom && name === custom.name ? custom.duration : kb.getGesture(name).duration;
  const gestureNames = custom ? [...kb.gestureNames, custom.name] : kb.gestureNames;
  const first = custom ? custom.name : DEFAULT_GESTURE;
  const defaults = canonicalParams({
    ...TUNING_DEFAULTS,
    gesture: first,
    duration: durationOf(first),
  });
  const search = new URLSearchParams(rest);
  const text = hashText(
    custom && !search.has('g') && !attributes.gesture
      ? `${rest}&g=${encodeURIComponent(first)}`
      : rest,
    attributes,
    hasLink,
  );
  const parsed = parseShareHash(text, { gestureNames, defaults, durationOf });
  notices.push(...parsed.notices);
  const character = attributes.character ?? CHARACTERS[0];
  if (!CHARACTERS.includes(character)) {
    notices.push(
      `character='${String(character).slice(0, 24)}' is not offered (${CHARACTERS.join(', ')}); showing the mannequin`,
    );
  }
  const gesture = custom && parsed.params.gesture === custom.name ? custom : null;
  return { params: parsed.params, gesture, time: parsed.time, notices };
}

/** kb.createPreview's options for parsed params. */
export function previewOptions(params, gesture) {
  const options = { gesture: gesture ?? params.gesture, fps: 30 };
  for (const name of [...NUMERIC_ATTRIBUTES, ...CHOICE_ATTRIBUTES]) options[name] = params[name];
  return options;
}
