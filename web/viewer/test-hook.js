// window.kblendApp: a small, stable surface for browser tests and for
// people poking at the page from the console.
//   ready     Promise, resolves once the first frame is drawn
//   params    the current values (gesture, attack, release, epsilon,
//             lambda, duration, jitter, seed, apose), a copy
//   pause()   stop playback
//   seek(t)   show time t (seconds); resolves once that frame is drawn
//   pose()    Float32Array(88): the local rotations shown, a copy
// and beside them: time, playing, play(), setParams(partial), view(name),
// stats() (core time, joints updated, ms from navigation to ready), notices,
// clapOverlay() (each arrow's rule, colour and direction), ikSolve() (the
// clap's IK figures, null when not in use), gestureNames() (with imports),
// comparison() (the figures the comparison cards show, and kb.compareMethods
// for the current params), hopfInset() (the inset's preset and caption).

export function installTestHook(app) {
  const hook = {
    ready: app.ready,
    get params() {
      return { ...app.params() };
    },
    get time() {
      return app.time();
    },
    get playing() {
      return app.playing();
    },
    get notices() {
      return [...app.notices()];
    },
    pause: () => app.pause(),
    play: () => app.play(),
    seek: (t) => app.seek(t),
    pose: () => app.pose().slice(),
    setParams: (partial) => app.setParams(partial),
    view: (name) => app.view(name),
    stats: () => app.stats(),
    clapOverlay: () => app.clapOverlay(),
    ikSolve: () => app.ikSolve(),
    gestureNames: () => app.gestureNames(),
    comparison: () => app.comparison(),
    hopfInset: () => app.hopfInset(),
  };
  Object.defineProperty(window, 'kblendApp', {
    value: Object.freeze(hook),
    configurable: false,
  });
  return hook;
}
