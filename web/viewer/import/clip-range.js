// The part of an imported clip the preview plays: a range (start, end) of
// at most the preview's longest duration, travelling or in place. The
// imported clip is kept whole, so a range or the in-place switch can be
// changed again at any time. No DOM.

/** The range an import opens with: the whole clip, or its first maxSeconds. */
export function defaultRange(duration, maxSeconds) {
  return { start: 0, end: Math.min(duration, maxSeconds) };
}

/**
 * A range made valid: within the clip, start before end, at most maxSeconds
 * and at least minSeconds long (the end moves, then the start).
 */
export function fitRange(start, end, duration, { minSeconds, maxSeconds }) {
  if (!Number.isFinite(start) || !Number.isFinite(end)) {
    throw new RangeError(`range must be two finite numbers of seconds, got ${start}, ${end}`);
  }
  const s = Math.min(Math.max(start, 0), Math.max(duration - minSeconds, 0));
  let e = Math.min(Math.max(end, s + minSeconds), duration, s + maxSeconds);
  if (e <= s) e = Math.min(duration, s + minSeconds);
  return { start: s, end: e };
}

const seconds = (v) => `${Number(v.toFixed(3))} s`;

/**
 * Why a typed range is refused, or null when it is taken (then fitRange
 * fits it): an end typed at or before the start, or a start typed at or
 * after the end, is refused rather than moved, and the range stays as it
 * was. typed: 'start' or 'end', the box just changed; latestEnd: the
 * latest end allowed (the clip's end, or the longest range from start).
 */
export function rangeRefusal(start, end, typed, latestEnd) {
  if (end > start) return null;
  if (typed === 'end') {
    return (
      `range end ${seconds(end)} is not after the start ${seconds(start)}: ` +
      `the end must be after ${seconds(start)}, up to ${seconds(latestEnd)}; the range is unchanged`
    );
  }
  return (
    `range start ${seconds(start)} is not before the end ${seconds(end)}: ` +
    `the start must be from 0 s to before ${seconds(end)}; the range is unchanged`
  );
}

/**
 * The track for kb.createPreview of clip.track between start and end (s):
 * frames rebased to t = 0, the root starting at x = z = 0 (or held there
 * when inPlace), the height kept (the clip is grounded as a whole).
 * @param {{ track: { times, rotations, root, mask }, frameTime: number, frames: number }} clip
 */
export function clipRange(clip, { start, end, inPlace }) {
  const { track, frameTime, frames } = clip;
  const first = Math.min(Math.max(Math.round(start / frameTime), 0), frames - 1);
  const last = Math.min(Math.max(Math.round(end / frameTime), first + 1), frames - 1);
  const count = last - first + 1;
  const times = new Float32Array(count);
  for (let f = 0; f < count; f++) times[f] = f * frameTime;
  const rotations = track.rotations.slice(first * 88, (last + 1) * 88);
  const root = track.root.slice(first * 3, (last + 1) * 3);
  const x0 = root[0];
  const z0 = root[2];
  for (let f = 0; f < count; f++) {
    root[3 * f] = inPlace ? 0 : root[3 * f] - x0;
    root[3 * f + 2] = inPlace ? 0 : root[3 * f + 2] - z0;
  }
  return {
    track: { times, rotations, root, loop: false, period: 0, mask: track.mask },
    duration: (count - 1) * frameTime,
    frames: count,
  };
}
