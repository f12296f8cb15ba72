// A short blend from the pose on screen to a new clip's pose, so switching
// gesture mid-clip does not jump (a jump of 59° in one frame reads as a
// glitch). The blend follows the new clip as it plays: what is shown is
// slerp(old shown pose, new pose, w) with w easing from 0 to 1.

export const CROSSFADE_SECONDS = 0.3;

const ease = (s) => s * s * (3 - 2 * s);

/**
 * @param {(a: ArrayLike<number>, b: ArrayLike<number>, u: number) => Float32Array} slerp
 *   the library's slerp (kb.slerp)
 * @param {number} jointCount
 */
export function createPoseCrossfade(slerp, jointCount) {
  const from = new Float32Array(4 * jointCount);
  let started = null; // seconds of the page clock, or null when not fading

  return {
    // Fade from `shown` (the pose drawn last), starting at `now` (s).
    start(shown, now) {
      from.set(shown);
      started = now;
    },
    cancel() {
      started = null;
    },
    get active() {
      return started !== null;
    },
    // Blend `pose` (the new clip's, in place) at `now`; true while fading.
    apply(pose, now) {
      if (started === null) return false;
      const w = (now - started) / CROSSFADE_SECONDS;
      if (w >= 1) {
        started = null;
        return false;
      }
      const u = ease(Math.max(0, w));
      for (let j = 0; j < jointCount; j++) {
        const i = 4 * j;
        pose.set(slerp(from.subarray(i, i + 4), pose.subarray(i, i + 4), u), i);
      }
      return true;
    },
  };
}
