// window.kblendApp: a small, stable surface for browser tests and for
// people poking at the page from the console.
//   ready     Promise, resolves once the first frame is drawn
//   params    the current values (gesture, attack, release, epsilon,
//             lambda, duration, jitter, seed, apose, ...), a copy
//   pause()   stop playback
//   seek(t)   show time t (seconds); resolves once that frame is drawn
//   pose()    Float32Array(88): the local rotations shown, a copy
// and beside them: time, playing, play(), setParams(partial) (through the
// app state, like the panel; a refused change throws a RangeError and
// leaves the page as it was), view(name), stats() (core time, joints
// updated, ms from navigation to ready), notices, clapOverlay() (each
// arrow's rule, colour and direction), ikSolve() (the clap's IK figures,
// null when not in use), gestureNames() (with imports), comparison() (the
// figures the comparison cards show, and kb.compareMethods for the current
// params), hopfInset() (the inset's preset and caption), framing() (where
// the rig's bounding box lands in the view, normalized device coordinates),
// character() ({ name, skinned, mapped, unmapped, height, clapHeight (the
// body height the clap check measures),
// jointWorldPositions() }: the shown character, its bones at kblend's 22
// joints in world metres), root() (the shown clip's root translation now),
// importStatus() ({ state, progress, message } of the last import),
// characterStatus() ({ state, message } of the last character loaded).
import { canonicalTime } from './state/params.js';

/**
 * @param {object} app  the page's parts: ready, kb, state, sources, playback,
 *   stage, panel, readouts, clapOverlay, comparison, linkOpener, gestureNames,
 *   drawNow(), currentPose(), readyAt()
 */
export function installTestHook(app) {
  const { state, playback, stage } = app;
  const hook = {
    ready: app.ready,
    get params() {
      return { ...state.params };
    },
    get time() {
      return playback.time;
    },
    get playing() {
      return playback.playing;
    },
    get notices() {
      return [...app.linkOpener.notices];
    },
    pause: () => playback.pause(),
    play: () => playback.play(),
    async seek(t) {
      playback.pause();
      playback.seek(canonicalTime(t, playback.duration));
      app.drawNow();
      await app.ready;
    },
    pose: () => app.currentPose().slice(),
    setParams(partial) {
      const change = state.setParams(partial);
      app.panel.setError(change.ok ? '' : change.error);
      if (!change.ok) throw new RangeError(change.error);
      app.drawNow();
      return { ...state.params };
    },
    view(name) {
      stage.setView(name);
      stage.renderIfNeeded();
    },
    stats: () => ({
      coreTimeMs: app.readouts.coreTimeMean,
      readyMs: app.readyAt(),
      changed: state.preview.changed,
    }),
    clapOverlay: () => app.clapOverlay.describe(),
    ikSolve: () => app.sources.solveSummary(state.params),
    gestureNames: () => [...app.gestureNames, ...app.sources.importedNames()],
    comparison: () => ({
      ...app.comparison.snapshot(),
      expected: app.kb.compareMethods(app.sources.previewOptions(state.params)),
    }),
    hopfInset: () => app.comparison.hopf(),
    framing: () => stage.framing(app.rig.root),
    character: () => ({
      ...app.rig.describe(),
      clapHeight: state.bodyHeight,
      jointWorldPositions: () => app.rig.jointWorldPositions(),
    }),
    root: () => state.preview.root(playback.time),
    importStatus: () => ({ ...app.importStatus() }),
    characterStatus: () => ({ ...app.characterStatus() }),
  };
  Object.defineProperty(window, 'kblendApp', {
    value: Object.freeze(hook),
    configurable: false,
  });
  return hook;
}
