// The frame the stage draws: the clip's frame at t and the pose shown,
// which is the frame's own, a pose drawn instead (an override) or a
// crossfade's blend, with the clap report of that shown pose.
//
// One forward kinematics per frame: when the shown pose is the frame's,
// the frame's FK pass gives the clap report (and the clap arrows' world
// transforms); when it is not, the frame is asked for no FK at all (its
// world transforms would be of a pose nobody sees) and the shown pose is
// checked on its own, at the preview's body height.

/**
 * @param {object} kb  the library (validateClap)
 * @param {object} crossfade  createPoseCrossfade's fade
 * @returns {(preview: object, time: number, options: {
 *   now: number, override?: ArrayLike<number> | null, fk?: boolean,
 *   height: number, pose: Float32Array }) =>
 *   { frame: object, clap: object, own: boolean, fading: boolean }}
 *   `pose` receives the pose shown; `own` is true when it is not the
 *   frame's (then `frame` has no FK); `fading` while a crossfade runs.
 */
export function createShownFrame(kb, crossfade) {
  return function shownFrame(preview, time, { now, override = null, fk = false, height, pose }) {
    const blended = crossfade.active || override !== null;
    const frame = preview.evaluateFrame(time, { clap: !blended, fk: fk && !blended });
    pose.set(override ?? frame.pose);
    const fading = crossfade.apply(pose, now);
    const own = fading || override !== null;
    // a fade that ended this frame shows the frame's pose, not yet checked
    const clap = frame.clap ?? kb.validateClap(pose, { height });
    return { frame, clap, own, fading };
  };
}
