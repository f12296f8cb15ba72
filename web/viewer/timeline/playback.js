// The playback clock: the time shown, play/pause, frame steps, loop and
// speed. No DOM: the page feeds it real elapsed time each animation frame.

// Playback follows the wall clock: a slow frame moves the clock by all the
// time it took (frames are skipped, never slowed — at 6 fps the clip still
// takes its length). Only a gap longer than this (a hidden tab, a debugger
// stop) moves it by this much, rather than jumping far ahead.
const MAX_FRAME_DT = 1;

export const SPEED_RANGE = Object.freeze({ min: 0.1, max: 2 });

function checkSpeed(value) {
  if (!Number.isFinite(value) || value < SPEED_RANGE.min || value > SPEED_RANGE.max) {
    throw new RangeError(
      `speed must be in [${SPEED_RANGE.min}, ${SPEED_RANGE.max}], got ${String(value)}`,
    );
  }
}

// The time after `elapsed` real seconds of playing, and whether it still
// plays: a loop wraps, the end of a clip that does not loop stops it.
// A range (a phase loop) plays at its own speed and wraps within itself.
function timeAfter(state, elapsed) {
  const { range } = state;
  const speed = range ? range.speed : state.speed;
  const t = state.time + Math.min(Math.max(elapsed, 0), MAX_FRAME_DT) * speed;
  if (range) {
    const span = range.end - range.start;
    const inside = t >= range.start && t < range.end;
    return {
      time: inside ? t : range.start + ((((t - range.start) % span) + span) % span),
      playing: true,
    };
  }
  if (t < state.duration) return { time: t, playing: true };
  if (state.loop) return { time: t % state.duration, playing: true };
  return { time: state.duration, playing: false };
}

// What moves the clock: play, pause, seek, frame steps, the ends, and the
// real time fed each animation frame.
function createTransport(state, setTime, notify) {
  const play = () => {
    // playing from the end starts over
    if (state.time >= state.duration) state.time = 0;
    state.playing = true;
    notify();
  };
  const pause = () => {
    state.playing = false;
    notify();
  };
  return {
    play,
    pause,
    toggle: () => (state.playing ? pause() : play()),
    seek(t) {
      if (!Number.isFinite(t)) throw new RangeError(`time must be a finite number, got ${t}`);
      setTime(t);
    },
    // Move by whole frames of the clip's grid, from the nearest grid frame.
    step(frames) {
      state.playing = false;
      const frame = Math.round(state.time * state.fps) + frames;
      setTime(frame / state.fps);
      notify();
    },
    home: () => setTime(0),
    end() {
      state.playing = false;
      setTime(state.duration);
      notify();
    },
    // Advance by real elapsed seconds while playing; true when time moved.
    advance(elapsed) {
      if (!state.playing) return false;
      const before = state.time;
      const next = timeAfter(state, elapsed);
      state.playing = next.playing;
      setTime(next.time);
      if (!state.playing) notify();
      return state.time !== before;
    },
  };
}

export function createPlayback({ duration, fps, loop = true, speed = 1 }) {
  const state = { time: 0, playing: false, loop, speed, duration, fps, range: null };
  const listeners = new Set();
  const notify = () => listeners.forEach((listener) => listener(state));

  function setTime(t) {
    const next = Math.min(state.duration, Math.max(0, t));
    if (next !== state.time) {
      state.time = next;
      notify();
    }
  }

  return {
    get time() {
      return state.time;
    },
    get playing() {
      return state.playing;
    },
    get duration() {
      return state.duration;
    },
    get fps() {
      return state.fps;
    },
    get loop() {
      return state.loop;
    },
    set loop(value) {
      state.loop = !!value;
      notify();
    },
    get speed() {
      return state.speed;
    },
    set speed(value) {
      checkSpeed(value);
      state.speed = value;
    },
    // Loop only [start, end) of the clip at `speed` (null: the whole clip
    // at the playback speed again). The time moves into the range.
    setRange(range) {
      if (range === null) {
        state.range = null;
        return;
      }
      const { start, end, speed: rangeSpeed } = range;
      if (!(Number.isFinite(start) && Number.isFinite(end) && end > start && start >= 0)) {
        throw new RangeError(`range must be 0 ≤ start < end, got ${start} … ${end}`);
      }
      checkSpeed(rangeSpeed);
      state.range = { start, end: Math.min(end, state.duration), speed: rangeSpeed };
      if (state.time < start || state.time >= state.range.end) setTime(start);
    },
    get range() {
      return state.range && { ...state.range };
    },
    // A new clip (duration or frame rate changed): keep the time if it fits.
    setClip(newDuration, newFps) {
      state.duration = newDuration;
      state.fps = newFps;
      setTime(state.time);
    },
    ...createTransport(state, setTime, notify),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
