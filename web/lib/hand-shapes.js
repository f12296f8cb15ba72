// Hand shapes of gesture keyframes (docs/design.md §8, "Hand shapes"). The
// skeleton has no finger joints, so a fist, a pointing finger or a raised
// thumb cannot come from the core's rotations: each keyframe names a shape
// per hand and a curl, how far the hand goes from open to that shape (0:
// open, 1: the whole shape; an open hand is open whatever its curl). The
// figures show them; the core never sees them. No three.js, no DOM.

export const HAND_SHAPES = Object.freeze(['open', 'relaxed', 'fist', 'point', 'thumbUp']);
const HAND_SIDES = Object.freeze(['left', 'right']);
const HAND_KEYS = ['shape', 'curl'];

const OPEN = Object.freeze({ shape: 'open', curl: 1 });
export const OPEN_HANDS = Object.freeze({ left: OPEN, right: OPEN });

// Below this envelope value the hands are open: a shape shows while the
// gesture is more than half blended in.
const SHOWN_FROM = 0.5;

const isPlainObject = (value) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

// One hand of a keyframe ({ shape, curl? }), checked; `show` prints a value
// for a message, `err` makes the file's errors.
function checkHand(given, where, { err, show }) {
  if (!isPlainObject(given)) {
    throw err.type(`${where} must be an object { shape, curl }, got ${show(given)}`);
  }
  for (const key of Object.keys(given)) {
    if (!HAND_KEYS.includes(key)) {
      throw err.range(`${where}: unknown key ${show(key)} (allowed: ${HAND_KEYS.join(', ')})`);
    }
  }
  const { shape } = given;
  const curl = given.curl ?? 1;
  if (!HAND_SHAPES.includes(shape)) {
    const make = typeof shape === 'string' ? err.range : err.type;
    throw make(
      `${where} "shape" must be one of ${HAND_SHAPES.map(show).join(', ')}, got ${show(shape)}`,
    );
  }
  if (typeof curl !== 'number') {
    throw err.type(`${where} "curl" must be a number in [0, 1], got ${show(curl)}`);
  }
  if (!(curl >= 0 && curl <= 1)) {
    throw err.range(`${where} "curl" must be a number in [0, 1], got ${show(curl)}`);
  }
  return Object.freeze({ shape, curl });
}

/**
 * A keyframe's "hands" ({ left?, right? }; absent: both open), checked.
 * @returns {{ left: { shape, curl }, right: { shape, curl } }} frozen
 */
export function checkHands(hands, where, report) {
  if (hands === undefined) return OPEN_HANDS;
  if (!isPlainObject(hands)) {
    throw report.err.type(
      `${where} "hands" must be an object { left, right } of { shape, curl }, got ${report.show(hands)}`,
    );
  }
  for (const key of Object.keys(hands)) {
    if (!HAND_SIDES.includes(key)) {
      throw report.err.range(
        `${where} "hands": unknown side ${report.show(key)} (allowed: ${HAND_SIDES.join(', ')})`,
      );
    }
  }
  const side = (name) =>
    hands[name] === undefined ? OPEN : checkHand(hands[name], `${where}, hands.${name}`, report);
  return Object.freeze({ left: side('left'), right: side('right') });
}

// The keyframes a track time t falls between, as the core finds them
// (c_src/track.c, kb__track_locate): { a, b, u }, u ∈ [0, 1].
function locate(times, loop, period, t) {
  const n = times.length;
  const first = times[0];
  const last = times[n - 1];
  if (loop) {
    let tau = (t - first) % period;
    if (tau < 0) tau += period;
    const at = first + tau;
    if (n === 1 || at >= last) {
      const w = (at - last) / (period - (last - first));
      return { a: n - 1, b: 0, u: Math.min(Math.max(w, 0), 1) };
    }
    t = at;
  } else if (t <= first || n === 1) return { a: 0, b: 0, u: 0 };
  else if (t >= last) return { a: n - 1, b: n - 1, u: 0 };
  let lo = 0;
  while (times[lo + 1] <= t) lo++;
  const w = (t - times[lo]) / (times[lo + 1] - times[lo]);
  return { a: lo, b: lo + 1, u: Math.min(Math.max(w, 0), 1) };
}

/**
 * The hand shapes shown at track time t (seconds) with envelope value e.
 * Between two keyframes of one shape the curl is interpolated; between two
 * shapes the nearer keyframe's shape and curl are shown (the later one from
 * half way). Open while e < 0.5.
 * @param {{ hands: object }[]} keyframes  a parsed gesture's keyframes
 * @param {ArrayLike<number>} times  their times in seconds
 * @param {{ loop: boolean, period: number }} timing
 */
export function handsAt(keyframes, times, { loop, period }, t, e) {
  if (!(e >= SHOWN_FROM)) return OPEN_HANDS;
  const { a, b, u } = locate(times, loop, period, t);
  const from = keyframes[a].hands;
  const to = keyframes[b].hands;
  if (from === to) return from;
  const side = (name) => {
    const x = from[name];
    const y = to[name];
    if (x.shape !== y.shape) return u < 0.5 ? x : y;
    return { shape: x.shape, curl: x.curl + (y.curl - x.curl) * u };
  };
  return { left: side('left'), right: side('right') };
}
