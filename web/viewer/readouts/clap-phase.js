// Which phase of the clap a time falls in, so the clap check judges only the
// phase its rules describe (docs/design.md §5; web/gestures/clap.json documents it):
//   open     hands held apart, ready to clap: the rules judge this phase;
//   contact  the palms touch (the wrists closer than the rules' 0.17 m, by
//            design): shown as "contact", not as a failure;
//   moving   between the two, the hands travel;
//   blend    the envelope is below 1 (attack or release): no clap is held,
//            nothing is judged (readouts.js says "not judged now").
// The kind of each keyframe comes from the clap rules on its own pose, so the
// phases follow the gesture file's times and need no figures of their own.
// No DOM, no three.js.

// The gestures the clap check applies to. (A gesture file cannot declare
// it: the library's gesture validator refuses unknown keys.)
const CLAP_CHECKED = Object.freeze(['clap']);

export const clapChecked = (gestureName) => CLAP_CHECKED.includes(gestureName);

/**
 * The kind of each keyframe of a clap: 'open' where every clap rule holds,
 * 'contact' where the wrists are closer than the rules allow and the other
 * rules hold, 'other' otherwise.
 */
export function classifyClapKeyframes(kb, gesture, apose) {
  return gesture.keyframes.map((keyframe) => {
    const report = kb.validateClap(kb.keyframePose(keyframe, apose));
    if (report.ok) return 'open';
    const { separation, ...others } = report.rules;
    const closer = !separation && report.separation < 0.17;
    return closer && Object.values(others).every(Boolean) ? 'contact' : 'other';
  });
}

// A clip time as the gesture track's time: keyframe times are seconds from
// the clip's start; a loop repeats with the gesture's period.
function trackTime(gesture, t) {
  const t0 = gesture.keyframes[0].time;
  if (!gesture.loop) return t;
  const tau = (t - t0) % gesture.period;
  return t0 + (tau < 0 ? tau + gesture.period : tau);
}

/**
 * @param {object} kb  the loaded library
 * @param {object} gesture  a clap gesture (keyframe times in seconds)
 * @param {number} apose  the A-pose angle of the idle pose (rad)
 * @returns {(t: number, envelope: number) => 'open' | 'contact' | 'moving' | 'blend'}
 */
export function createClapPhases(kb, gesture, apose) {
  if (gesture.timeUnit === 'hold') {
    throw new RangeError(`gesture "${gesture.name}": clap phases need keyframe times in seconds`);
  }
  const kinds = classifyClapKeyframes(kb, gesture, apose);
  const times = gesture.keyframes.map((key) => key.time);
  const last = times.length - 1;
  // the phase between keyframes a and b: theirs when both are of one kind
  const between = (a, b) => (kinds[a] === kinds[b] && kinds[a] !== 'other' ? kinds[a] : 'moving');
  const EPS = 1e-6;

  return function phaseAt(t, envelope) {
    if (envelope < 1) return 'blend';
    const tau = trackTime(gesture, t);
    for (let k = 0; k <= last; k++) {
      if (Math.abs(tau - times[k]) <= EPS) return kinds[k] === 'other' ? 'moving' : kinds[k];
    }
    if (tau < times[0]) return gesture.loop ? between(last, 0) : between(0, 0);
    for (let k = 0; k < last; k++) if (tau < times[k + 1]) return between(k, k + 1);
    return gesture.loop ? between(last, 0) : between(last, last);
  };
}

/**
 * The phase of the clap check for the viewer's params, or null when the
 * gesture is not clap-checked; the phase tables are made once per gesture
 * and A-pose angle.
 * @param {object} kb  the loaded library
 */
export function createClapPhaseTracker(kb) {
  const made = new Map(); // `${gesture} ${apose}` → phaseAt
  return function phaseOf(params, t, envelope) {
    if (!clapChecked(params.gesture)) return null;
    const key = `${params.gesture} ${params.apose}`;
    if (!made.has(key)) {
      made.set(key, createClapPhases(kb, kb.getGesture(params.gesture), params.apose));
    }
    return made.get(key)(t, envelope);
  };
}
