// The frame the stage draws: the clip's frame at t and the pose shown,
// which is the frame's own, a pose drawn instead (an override) or a
// crossfade's blend, with the clap report of that shown pose.
//
// One forward kinematics per frame: when the shown pose is the frame's,
// the frame's FK pass gives the clap report (and the clap arrows' world
// transforms); when it is not, the frame is asked for no FK at all (its
// world transforms would be of a pose nobody sees) and the shown pose is
// checked on its own.

/**
 * @param {object} crossfade  createPoseCrossfade's fade
 * @returns {(preview: object, time: number, options: {
 *   now: number, pose: Float32Array, check: (pose: Float32Array) => object,
 *   override?: ArrayLike<number> | null, fk?: boolean, frameCheck?: boolean }) =>
 *   { frame: object, clap: object, own: boolean, fading: boolean }}
 *   `pose` receives the pose shown; `check` gives a pose's clap report (as
 *   kb.validateClap, at the preview's body height); `fk`: the frame's world
 *   transforms are wanted when it is shown; `frameCheck` false: the
 *   frame's own report never stands for the shown pose (the caller checks
 *   it otherwise). `own` is true when the pose shown is not the frame's;
 *   `fading` while a crossfade runs. `frame` has FK only when it was used.
 */
export function createShownFrame(crossfade) {
  return function shownFrame(preview, time, options) {
    const { now, pose, check, override = null, fk = false, frameCheck = true } = options;
    const framed = !crossfade.active && override === null && frameCheck;
    const frame = preview.evaluateFrame(time, { clap: framed, fk: fk && framed });
    pose.set(override ?? frame.pose);
    const fading = crossfade.apply(pose, now);
    const own = fading || override !== null;
    // a fade that ended this frame shows the frame's pose, not yet checked
    const clap = frame.clap ?? check(pose);
    return { frame, clap, own, fading };
  };
}
