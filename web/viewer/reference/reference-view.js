// A reference: any imported BVH clip or custom gesture (a gesture file, a
// link's gesture, the editor's) plays as a translucent ghost at the same
// time as the preview, on the same spot, with the angle between the two
// over the clip (error-plot.js); "fit to reference" runs kb.fitEnvelope on
// its track and sets the panel to the result (the fitted gesture as a
// custom gesture, attack, release, shape, duration). A custom gesture is
// baked with the tuning shown when it was picked (baked-reference.js), so
// both kinds are a track from then on and take the same path.
import './reference.css';
import { bakeReference } from './baked-reference.js';
import { createGhostRig } from './ghost-rig.js';
import { createErrorPlot } from './error-plot.js';
import { errorSeries, poseError } from './pose-error.js';

export const NO_REFERENCE = 'none';
const DEG = 180 / Math.PI;

/**
 * @param {object} o
 * @param {object} o.kb  the loaded library
 * @param {object} o.sources  the clip sources (imported clips, custom gestures)
 * @param {object} o.state  the app state (params, preview, setParams)
 * @param {object} o.stage  the scene (the ghost is added to it)
 * @param {HTMLElement} o.container  where the plot goes
 * @param {number} o.height  body height, m
 */
export function createReferenceView({ kb, sources, state, stage, container, height }) {
  const ghost = createGhostRig(kb, height);
  stage.scene.add(ghost.root);
  const plot = createErrorPlot(container);
  let name = NO_REFERENCE;
  let track = null; // the reference's track (a capture's, or a gesture baked)
  let reference = null; // that track played as it is
  let frozen = null; // a custom gesture's tuning at the pick (a capture has none)
  let offset = 0; // reference time − preview time (a fit's start)
  let fit = null;
  let series = null;

  // The tuning a custom gesture is baked with: the one shown; its length
  // is the shown one only when it is the gesture shown (the panel's
  // duration belongs to that gesture), else the gesture's own.
  function tuningFor(clip) {
    const shown = state.params;
    const duration = clip === shown.gesture ? shown.duration : sources.durationOf(clip);
    return { ...shown, gesture: clip, duration };
  }

  // the capture's own track; a custom gesture as kblend plays it now, frozen
  function trackOf(clip) {
    if (sources.isImported(clip))
      return sources.previewOptions({ ...state.params, gesture: clip }).track;
    if (sources.isCustom(clip)) return bakeReference(kb, sources.previewOptions(tuningFor(clip)));
    return null;
  }

  // The error over the clip for the current params (a preview of its own,
  // so the shown one keeps its frame state).
  function refresh() {
    if (!reference) return plot.show(null);
    const preview = kb.createPreview(sources.previewOptions(state.params));
    try {
      series = errorSeries(preview, reference, offset);
    } finally {
      preview.dispose();
    }
    const fitText = fit
      ? `fit residual mean ${(fit.residual.mean * DEG).toFixed(2)}°, worst ${(fit.residual.worst * DEG).toFixed(1)}°`
      : '';
    plot.show(name, series, state.preview.duration, fitText);
  }

  function setReference(clip) {
    reference?.dispose();
    reference = null;
    fit = null;
    offset = 0;
    name = clip;
    track = clip === NO_REFERENCE ? null : trackOf(clip);
    frozen = track && sources.isCustom(clip) ? tuningFor(clip) : null;
    if (track) reference = kb.createPreview({ track });
    else name = NO_REFERENCE;
    ghost.setVisible(reference !== null);
    refresh();
  }

  // The fitted gesture joins the custom gestures; the panel takes it.
  function fitToReference() {
    if (!reference)
      throw new RangeError(
        'fit to reference: pick a reference clip first (an imported BVH or a custom gesture)',
      );
    const result = kb.fitEnvelope(track);
    const gesture = kb.parseGesture({ ...result.gesture, name: 'fitted' }, 'fitted gesture');
    const picked = sources.addCustom(gesture);
    const change = state.setParams({
      gesture: picked,
      attack: result.attack,
      release: result.release,
      shape: result.shape,
      duration: result.duration,
    });
    fit = result;
    offset = result.start;
    refresh();
    return { change, result, gesture: picked };
  }

  return {
    setReference,
    fitToReference,
    refresh,
    // the ghost at the preview's time t; the error against the shown pose
    setTime(t, shownPose) {
      if (!reference) return;
      const at = Math.min(Math.max(t + offset, 0), reference.duration);
      const pose = reference.evaluate(at);
      ghost.applyPose(pose, reference.root(at));
      plot.setTime(t, poseError(shownPose, pose));
    },
    describe: () => ({
      name,
      ghostVisible: ghost.visible,
      ghostOpacity: ghost.material.opacity,
      frozen: frozen && { ...frozen },
      offset,
      overall: series?.overall ?? null,
      samples: series?.times.length ?? 0,
      fit: fit && {
        attack: fit.attack,
        release: fit.release,
        shape: fit.shape,
        duration: fit.duration,
        residual: { mean: fit.residual.mean, worst: fit.residual.worst },
        notes: [...fit.notes],
      },
      plotShown: !plot.element.hidden,
      figures: plot.element.querySelector('.reference-figures').textContent,
    }),
  };
}
