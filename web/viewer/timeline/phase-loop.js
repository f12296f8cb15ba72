// Loop one phase of the envelope on its own — the attack, the hold or the
// release — at 1×, ½× or ¼× speed, to judge its timing slowly. A click on
// the phase's timeline segment starts it, a second click stops it; a change
// of the tuning moves the loop with the phase.
import './phase-loop.css';
import { PHASE_SPEEDS } from './phase-speeds.js';

// The phase's span in seconds for the tuning given.
export function phaseRange(phase, { attack, release, duration }) {
  const holdStart = attack * duration;
  const holdEnd = (1 - release) * duration;
  if (phase === 'attack') return { start: 0, end: holdStart };
  if (phase === 'hold') return { start: holdStart, end: holdEnd };
  return { start: holdEnd, end: duration };
}

/**
 * @param {object} o
 * @param {object} o.playback  the clock (createPlayback)
 * @param {object} o.timeline  the timeline (createTimeline)
 * @param {(text: string) => void} o.note  says why a phase cannot loop
 */
export function createPhaseLoop({ playback, timeline, note }) {
  let phase = null;
  let speed = 1;
  let params = null;

  function apply() {
    const range = phase && params ? phaseRange(phase, params) : null;
    // a phase of zero length (a step) has nothing to loop
    if (range && !(range.end - range.start > 1e-3)) {
      note(`The ${phase} is a step (0 s): there is nothing to loop.`);
      phase = null;
    }
    playback.setRange(phase ? { ...range, speed } : null);
    timeline.setLooped(phase);
  }

  return {
    // a click on a segment: loop it, or stop when it is the one looping
    toggle(name) {
      phase = phase === name ? null : name;
      apply();
      if (phase) playback.play();
    },
    stop() {
      phase = null;
      apply();
    },
    // the tuning changed: the phase's span moves with it
    setParams(current) {
      params = current;
      apply();
    },
    setSpeed(label) {
      speed = PHASE_SPEEDS[label] ?? 1;
      apply();
    },
    describe: () => ({ phase, speed, range: playback.range }),
  };
}
