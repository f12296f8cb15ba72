// The comparison's model: one preview per blending method (kblend, naive
// Euler scaling, the seed's order, the KLI shape) on the same gesture,
// tuning and time, the joint the plots follow, and the measured figures
// (kb.comparison). No DOM, no three.js: the view draws what this computes.
import { resolveJoint } from '../../link/choice-params.js';
import { midHoldTime } from '../../link/params.js';
import { METHOD_VIEWS } from './method-figures.js';

// The view's own params, which no preview takes.
const VIEW_KEYS = ['compare', 'joint'];

/** @param {object} kb  the loaded library */
export function createComparisonModel(kb) {
  let previews = [];
  let base = null; // the preview options of the current params
  let joint = null;
  let params = null;
  let figures = null; // kb.comparison's result, or null until asked
  const pose = new Float32Array(4 * kb.skeleton.names.length);
  const jointIndex = () => kb.skeleton.names.indexOf(joint);

  function dispose() {
    previews.forEach((p) => p.dispose());
    previews = [];
  }

  return {
    // New params and the main preview's options for them: the previews are
    // rebuilt (order and shape set per method) when the mode is on.
    setParams(next, previewOptions) {
      params = next;
      base = { ...previewOptions };
      for (const key of VIEW_KEYS) delete base[key];
      // an imported clip has no keyframes to choose from: a wrist it is
      const gesture = kb.gestureNames.includes(next.gesture)
        ? kb.getGesture(next.gesture)
        : { keyframes: [{ rotations: { right_wrist: [0, 0, 0] } }] };
      joint = resolveJoint(next.joint, gesture);
      figures = null;
      dispose();
      if (next.compare) {
        previews = METHOD_VIEWS.map((m) =>
          kb.createPreview({ ...base, order: m.order, shape: m.shape }),
        );
      }
    },
    get on() {
      return previews.length > 0;
    },
    get joint() {
      return joint;
    },
    get options() {
      return base;
    },
    // Each method's pose at time t: visit(i, pose, jointRotation).
    posesAt(t, visit) {
      const j = jointIndex();
      previews.forEach((preview, i) => {
        preview.evaluateInto(t, pose);
        visit(i, pose, pose.subarray(4 * j, 4 * j + 4));
      });
    },
    // The measured figures and plot data, computed once per params.
    figures() {
      figures ??= kb.comparison(base, joint);
      return figures;
    },
    get computed() {
      return figures;
    },
    // The joint's idle rotation and its target at mid-hold, for the inset:
    // the target track read through a pass-through filter (no deadband, no
    // smoothing, no jitter), so it is the gesture's own rotation.
    insetSubject() {
      const j = 4 * jointIndex();
      const idle = kb.idlePose(params.apose).subarray(j, j + 4);
      const raw = kb.createPreview({ ...base, jitter: 0, epsilon: 0, lambda: Infinity });
      try {
        return { joint, idle, target: raw.evaluate(midHoldTime(params)).subarray(j, j + 4) };
      } finally {
        raw.dispose();
      }
    },
    dispose,
  };
}
