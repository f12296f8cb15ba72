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
// clapCheck() (whether the clap table is shown, the phase it judges and its
// verdict), contactOverlay() (the body contacts marked), showPose(pose)
// (draws 88 local rotations instead of the clip's until the next seek or
// change, e.g. to force a contact).
// loadGesture(jsonText) (a gesture file shown as a custom gesture),
// exportFile(kind), exportOptions(partial), cancelExport().
// sweep() (the sweep grid: its sweep and size, labels, the tooltip, the
// cell matching the panel, each rig's values, floor tile and where it is on
// the stage), floorShown() (the stage's floor in the scene).
// character() ({ name, skinned, mapped, unmapped, height, clapHeight (the
// body height the clap check measures), hands (its palm and thumb markers
// and where they came from), boundTo (the rest it is bound with),
// restArmAngle (its arms' angle below level at rest, rad),
// jointWorldPositions() }: the shown character, its bones at kblend's 22
// joints in world metres), root() (the shown clip's root translation now),
// travel() ({ following, pathFramed, lookAt, camera, floor, trailPoints }:
// the camera's point and place, the floor grid's position, the root trail),
// importStatus() ({ state, progress, message } of the last import),
// characterStatus() ({ state, message } of the last character loaded),
// showNotice(heading, notes) (a notice as the page shows one),
// handsShown() ({ hands, weights }: the hand shapes shown and the skinned
// character's hand morph weights).
import { canonicalTime } from '../link/params.js';

/**
 * @param {object} app  the page's parts: ready, kb, state, sources, playback,
 *   stage, panel, readouts, clapOverlay, comparison, linkOpener, gestureNames,
 *   drawNow(), currentPose(), readyAt()
 */
function editorHook(app) {
  const drawn =
    (fn) =>
    (...args) => {
      const result = fn(...args);
      app.drawNow();
      return result;
    };
  const { editor } = app;
  return Object.freeze({
    setKey: drawn(editor.setKey),
    removeKey: drawn(editor.removeKey),
    removeKeyframe: drawn(editor.removeKeyframe),
    moveKeyframe: drawn(editor.moveKeyframe),
    startFromPose: drawn(editor.startFromPose),
    startFromShown: drawn(editor.startFromShown),
    undo: drawn(editor.undo),
    redo: drawn(editor.redo),
    gesture: () => editor.gesture(),
    selection: () => app.editorPanel.selection,
    gizmo: () => app.gizmo.describe(),
    reachHandle: () => app.reachHandle.describe(),
    reach: drawn(editor.reach),
  });
}

// Named tuning presets, loading draws the result.
function presetsHook(app) {
  return {
    save: (name) => app.presets.save(name),
    load(name) {
      const values = app.presets.load(name);
      app.drawNow();
      return values;
    },
    remove: (name) => app.presets.remove(name),
    names: () => app.presets.names(),
    get: (name) => app.presets.get(name),
    exportText: () => app.presets.exportText(),
    importText: (text) => app.presets.importText(text),
  };
}

// An export as { filename, mime, bytes: Uint8Array } for 'glb', 'bvh',
// 'webm', 'gif', 'png', 'sheet', 'json' or 'gesture'; sizes, fps and sheet
// frames from exportOptions(partial) (returns them all).
function exportHooks(app) {
  return {
    exportFile: (kind) => app.exporter.exportFile(kind),
    exportOptions(partial = {}) {
      Object.assign(app.exporter.options, partial);
      return { ...app.exporter.options };
    },
    cancelExport: () => app.exporter.cancel(),
  };
}

// What the page shows, read for the tests: framing, overlays, the sweep,
// the character and its hands, travel, imports, reference, phase loop, A/B,
// plot and onion skin.
function sceneReaders(app) {
  const { state, playback, stage } = app;
  return {
    framing: () => stage.framing(app.rig.root),
    clapCheck: () => ({
      shown: app.readouts.clapShown,
      phase: app.clapPhase(),
      verdict: document.querySelector('#readouts .clap-check tr:last-child .value')?.textContent,
    }),
    contactOverlay: () => app.contactOverlay.describe(),
    sweep: () => ({
      sweep: state.params.sweep,
      size: state.params.sweepSize,
      ...app.sweep.snapshot(),
    }),
    // whether the stage's floor is in the scene (the sweep grid sets it aside)
    floorShown: () => Boolean(stage.scene.getObjectByName('floor')),
    character: () => ({
      ...app.rig.describe(),
      clapHeight: state.bodyHeight,
      jointWorldPositions: () => app.rig.jointWorldPositions(),
    }),
    // the hand shapes shown ({ left, right } of { shape, curl }) and the
    // skinned character's hand morph weights by name (null on another figure)
    handsShown: () => app.rig.handsShown(),
    root: () => state.preview.root(playback.time),
    travel: () => stage.describeTravel(),
    importStatus: () => ({ ...app.importStatus() }),
    // A notice as the page shows one (a heading and its notes), to judge
    // how a long one sits on the page.
    showNotice: (heading, notes) => app.notice.show(heading, notes),
    // The reference clip: its name, the ghost, the tuning a custom gesture
    // was frozen at (null for a capture), the error figures over the clip
    // and the last fit (reference/reference-view.js).
    reference: () => app.reference.describe(),
    // The phase looped on its own ({ phase, speed, range }; phase null: none).
    phaseLoop: () => app.phaseLoop.describe(),
    // B of an A/B comparison ({ held, ghostVisible, ghostColour, duration })
    // and what the envelope plot draws ({ times, a, b }).
    ab: () => app.ab.describe(),
    plotSeries: () => app.plot.series(),
    // Onion skin: { count, spacing, visibleGhosts, times, trails }.
    onion: () => app.onion.describe(),
    characterStatus: () => ({ ...app.characterStatus() }),
  };
}

export function installTestHook(app) {
  const { state, playback, stage } = app;
  const hook = {
    ready: app.ready,
    // the tuning; the sweep grid's choice (a view of it) is in sweep()
    get params() {
      const { sweep, sweepSize, ...tuning } = state.params;
      return tuning;
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
      app.overridePose(null);
      playback.pause();
      playback.seek(canonicalTime(t, playback.duration));
      app.drawNow();
      await app.ready;
    },
    pose: () => app.currentPose().slice(),
    setParams(partial) {
      app.overridePose(null);
      const change = state.setParams(partial);
      app.panel.setError(change.ok ? '' : change.error);
      if (!change.ok) throw new RangeError(change.error);
      app.drawNow();
      return hook.params;
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
    ...exportHooks(app),
    // The gesture editor: setKey(joint, time, eulerDegXYZ), removeKey(joint,
    // time), removeKeyframe(time), moveKeyframe(time, newTime),
    // startFromPose(name), startFromShown(), undo(), redo() (each draws the
    // result; a refused edit throws its validation message) and gesture()
    // (the edited gesture as the JSON object the library reads).
    editor: editorHook(app),
    // Named tuning presets: save(name), load(name), remove(name), names(),
    // get(name), exportText(), importText(text) → the names imported.
    presets: presetsHook(app),
    // A gesture file's text shown as a custom gesture: its name, or a
    // rejection with the validation message (the page is left as it was).
    async loadGesture(jsonText) {
      const name = app.gestureLoader.loadText(jsonText);
      app.drawNow();
      return name;
    },
    showPose(local) {
      const pose = Float32Array.from(local ?? []);
      if (pose.length !== 88 || !pose.every(Number.isFinite)) {
        throw new RangeError(`showPose: pose must be 88 finite numbers, got ${pose.length}`);
      }
      playback.pause();
      app.overridePose(pose);
      app.drawNow();
    },
    ...sceneReaders(app),
  };
  Object.defineProperty(window, 'kblendApp', {
    value: Object.freeze(hook),
    configurable: false,
  });
  return hook;
}
