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

const CHOICE_ATTRIBUTES = Object.freeze(['shape', 'follower']);
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
// The figures (figures.js makes them); the first is the default: kblend's
// skinned character, as in the viewer.
const CHARACTERS = Object.freeze(['skinned', 'mannequin']);
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

// The figure asked for, or the default one with a notice.
function readCharacter(asked, notices) {
  if (asked === null || asked === undefined) return CHARACTERS[0];
  if (CHARACTERS.includes(asked)) return asked;
  notices.push(
    `character='${String(asked).slice(0, 24)}' is not offered (${CHARACTERS.join(', ')}); showing the ${CHARACTERS[0]} one`,
  );
  return CHARACTERS[0];
}

/**
 * @param {object} kb  the loaded library
 * @param {Record<string, string | null>} attributes  the element's attributes by name
 * @param {object | null} fileGesture  a gesture read from `src` (kb.parseGestureJson)
 * @param {Function | null} decodeGestureBlob  the link's blob reader
 *   (link/gesture-blob.js), needed when the link has a cg= part
 * @returns {{ params: object, gesture: object | null, character: string, time: number | null, notices: string[] }}
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
  const character = readCharacter(attributes.character, notices);
  const gesture = custom && parsed.params.gesture === custom.name ? custom : null;
  return { params: parsed.params, gesture, character, time: parsed.time, notices };
}

/** kb.createPreview's options for parsed params. */
export function previewOptions(params, gesture) {
  const options = { gesture: gesture ?? params.gesture, fps: 30 };
  for (const name of [...NUMERIC_ATTRIBUTES, ...CHOICE_ATTRIBUTES]) options[name] = params[name];
  return options;
}
