// The kblend viewer: a humanoid performs a gesture computed by the
// WebAssembly core, tuned live from the panel and shared by link.
// slider → app state (setParams) → kb.createPreview → preview.evaluateInto(t)
// → rig bones. This file wires the parts together, then runs the frame loop.
import { loadKBlend } from 'kblend';
import { IK_GESTURE, LINK_NOTE, createClipSources } from './clips/clip-sources.js';
import { createComparisonView } from './compare/comparison-view.js';
import { withCustomGestures } from './editor/custom-gestures.js';
import { createGestureLoader, isGestureFile } from './editor/gesture-loader.js';
import { createExportPanel } from './export/export-panel.js';
import { createBvhDrop } from './import/bvh-drop.js';
import { createImportFlow } from './import/import-flow.js';
import { createControlsPanel } from './panel/controls-panel.js';
import { createPresetPanel } from './presets/preset-panel.js';
import { createEnvelopePlot } from './readouts/envelope-plot.js';
import { createIkReadout } from './readouts/ik-readout.js';
import { createReadouts } from './readouts/readouts.js';
import { createBlobCache, createCustomLinkOpener, tooLongNote } from './share/custom-link.js';
import { createLinkOpener } from './share/link-opener.js';
import { createLinkSync } from './share/link-sync.js';
import { createClapOverlay } from './stage/clap-overlay.js';
import { handShapesAt } from './stage/hand-shapes.js';
import { createPoseCrossfade } from './stage/pose-crossfade.js';
import { createRig } from './stage/rig.js';
import { createScene } from './stage/scene.js';
import { createAppState } from './state/app-state.js';
import { TUNING_DEFAULTS, canonicalParams, canonicalTime, useLibrary } from './state/params.js';
import { installTestHook } from './test-hook.js';
import { installPlaybackKeys } from './timeline/playback-keys.js';
import { createPlayback } from './timeline/playback.js';
import { createTimeline } from './timeline/timeline.js';
import { createHelpOverlay } from './ui/help-overlay.js';
import { createLoading } from './ui/loading.js';
import { createNotice } from './ui/notice.js';

const BODY_HEIGHT = 1.75;
const byId = (id) => document.getElementById(id);
const loading = createLoading(byId('loading'));

let resolveReady;
let rejectReady;
const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});

// The defaults: the library's default gesture with its own duration.
function defaultParams(kb, sources) {
  const names = kb.gestureNames;
  const gesture = names.includes(kb.defaults.gesture) ? kb.defaults.gesture : names[0];
  return canonicalParams({ ...TUNING_DEFAULTS, gesture, duration: sources.durationOf(gesture) });
}

async function start() {
  loading.step('library');
  const kb = await loadKBlend();
  useLibrary(kb); // ranges, defaults and the a + r rule from the library
  loading.step('scene');
  const gestureNames = [...kb.gestureNames];
  const sources = withCustomGestures(createClipSources(kb, { fps: kb.defaults.fps ?? 30 }), kb);
  // the picker's list: the library, custom gestures, imported clips
  const pickerNames = () => [...gestureNames, ...sources.customNames(), ...sources.importedNames()];
  const state = createAppState({ kb, sources, defaults: defaultParams(kb, sources) });
  const notice = createNotice(byId('notice'));

  // --- the stage, the humanoid and its overlays
  const stage = createScene(byId('stage'));
  const rig = createRig(kb.skeleton, kb.bindPositions(BODY_HEIGHT), BODY_HEIGHT);
  const clapOverlay = createClapOverlay(kb, BODY_HEIGHT);
  stage.scene.add(rig.root, clapOverlay.root);
  const pose = new Float32Array(4 * kb.skeleton.names.length); // the pose shown
  const crossfade = createPoseCrossfade(kb.slerp, kb.skeleton.names.length);

  // --- playback, timeline, plots, readouts, comparison, link
  const playback = createPlayback({ duration: state.preview.duration, fps: state.preview.fps });
  const timeline = createTimeline(byId('timeline'), {
    onScrub: (t) => {
      playback.pause();
      playback.seek(t);
    },
  });
  const plot = createEnvelopePlot(byId('plot'), kb.envelope);
  const readouts = createReadouts(byId('readouts'));
  const ikReadout = createIkReadout(byId('readouts'));
  const comparison = createComparisonView({
    kb,
    stage,
    stageElement: byId('stage'),
    plotsElement: byId('method-plots'),
    singleView: [rig.root, clapOverlay.root],
    bindPositions: kb.bindPositions(BODY_HEIGHT),
    height: BODY_HEIGHT,
  });
  const link = createLinkSync();
  const blobFor = createBlobCache(sources); // a custom gesture's cg=…
  const writeLink = () =>
    link.write(
      sources.shareable(state.params, state.defaults),
      playback.playing ? null : canonicalTime(playback.time, playback.duration),
      blobFor(state.params).extra,
    );

  // --- the panel: it reports, the app state decides
  const bvhDrop = createBvhDrop({
    highlight: byId('stage'),
    onFile: (f) => (isGestureFile(f) ? gestureLoader.loadFile(f).catch(() => {}) : importFile(f)),
  });
  // --- exports: files of the character, the clip, the view and the tuning
  const exportPanel = createExportPanel({
    kb,
    state,
    sources,
    stage,
    rig,
    notice,
    stageElement: byId('stage'),
    // the rig at time t, as a frame of the clip (exports step the clip)
    poseAt(t) {
      const at = state.preview.evaluateFrame(t, { clap: false, fk: false });
      rig.applyPose(at.pose);
      rig.setHandShapes(handShapesAt(state.params.gesture, at.envelope));
    },
    pause: () => playback.pause(),
    redraw: () => {
      poseDirty = true;
      updatePose();
      stage.renderIfNeeded();
    },
  });
  const settings = {
    loop: (on) => (playback.loop = on),
    speed: (speed) => (playback.speed = speed),
    skeleton: (on) => rig.setSkeletonVisible(on),
    body: (on) => rig.setBodyVisible(on),
    clapArrows: (on) => clapOverlay.setVisible(on),
    ...exportPanel.settings,
  };
  const actions = {
    importBvh: () => bvhDrop.openPicker(),
    loadGesture: () => gestureLoader.openPicker(),
    playPause: () => playback.toggle(),
    stepBack: () => playback.step(-1),
    stepForward: () => playback.step(1),
    home: () => playback.home(),
    end: () => playback.end(),
    reset: () => showOutcome(state.reset()),
    copyLink,
    front: () => stage.setView('front'),
    side: () => stage.setView('side'),
    threeQuarter: () => stage.setView('threeQuarter'),
    ...exportPanel.actions,
  };
  const panel = createControlsPanel({
    container: byId('panel'),
    gestureNames,
    params: state.params,
    defaults: state.defaults,
    settings: { loop: playback.loop, speed: playback.speed, clapArrows: false },
    report: {
      onTune: (name, value) => showOutcome(state.setParams({ [name]: value }, { moved: name })),
      onSetting: (name, value) => {
        settings[name](value);
        poseDirty = true;
        stage.requestRender();
      },
      onAction: (name) => actions[name](),
    },
  });
  const importFile = createImportFlow({
    kb,
    state,
    sources,
    notice,
    height: BODY_HEIGHT,
    onClipsChanged: () => panel.setGestureNames(pickerNames()),
  });
  const gestureLoader = createGestureLoader({
    kb,
    state,
    sources,
    notice,
    onGesturesChanged: () => panel.setGestureNames(pickerNames()),
  });
  const presets = createPresetPanel({
    gui: panel.gui,
    params: () => state.params,
    apply(values) {
      const change = state.setParams(values);
      showOutcome(change);
      return change;
    },
    notice,
  });
  createHelpOverlay(byId('stage'));

  // What a change from the panel did: the new values, or why not.
  function showOutcome(change) {
    panel.setError(change.ok ? '' : change.error);
    if (change.ok) panel.setRatioNote(change.ratioNote);
    panel.show(state.params);
  }

  function showClapArrows(on) {
    clapOverlay.setVisible(on);
    panel.setSetting('clapArrows', on);
  }

  // Every accepted change: the clip, its plots and readouts, the link.
  function showClip() {
    const { params, preview } = state;
    playback.setClip(preview.duration, preview.fps);
    timeline.setClip(params);
    plot.setEnvelope(params);
    comparison.setParams(params, sources.previewOptions(params));
    ikReadout.show(sources.solveSummary(params));
    panel.show(params);
    poseDirty = true;
    writeLink();
  }
  state.onChange(({ params, previous }) => {
    if (previous.gesture !== params.gesture) {
      showClapArrows(params.gesture === IK_GESTURE);
      // mid-clip, blend from what is shown rather than jump
      if (playback.time > 0) crossfade.start(pose, performance.now() / 1000);
    }
    showClip();
  });

  let poseDirty = true;
  let wasPlaying = null;
  playback.onChange(() => {
    // A paused time is kept to the link's precision, so the link shows it exactly.
    if (!playback.playing) {
      const t = canonicalTime(playback.time, playback.duration);
      if (t !== playback.time) return playback.seek(t);
    }
    poseDirty = true;
    // while playing the link holds no time: write it only when that flips
    if (!playback.playing || wasPlaying !== playback.playing) {
      wasPlaying = playback.playing;
      panel.setPlaying(playback.playing);
      writeLink();
    }
  });
  installPlaybackKeys(playback);

  // --- the link this page was opened with, and links pasted later
  const linkOpener = createCustomLinkOpener({
    linkOpener: createLinkOpener({
      state,
      notice,
      context: {
        get gestureNames() {
          return [...gestureNames, ...sources.customNames()];
        },
        defaults: state.defaults,
        durationOf: sources.durationOf,
      },
    }),
    state,
    sources,
    notice,
    parseGestureJson: kb.parseGestureJson,
  });
  const openLink = (hash, how) => {
    const opened = linkOpener.open(hash, how);
    panel.setGestureNames(pickerNames());
    return opened;
  };
  const opened = openLink(location.hash, { atLoad: true });
  showClip();
  showClapArrows(state.params.gesture === IK_GESTURE);
  if (opened.time !== null) playback.seek(opened.time);
  else playback.play();
  writeLink();
  window.addEventListener('hashchange', () => {
    if (!link.isForeign(location.hash)) return;
    link.adopt(location.hash);
    const pasted = openLink(location.hash, { atLoad: false });
    if (pasted.time !== null) {
      playback.pause();
      playback.seek(pasted.time);
    }
    writeLink();
  });

  async function copyLink() {
    const copied = await link.copy();
    const note = sources.isImported(state.params.gesture) ? [LINK_NOTE] : [];
    const blob = blobFor(state.params);
    if (blob.tooLong) note.push(tooLongNote(blob.length));
    notice.show(copied ? 'Link copied.' : 'Copy this link:', [link.url(), ...note]);
  }

  // --- every frame: advance the clock, ask the core for the pose, draw
  // One library call gives the frame its pose, envelope value, changed
  // joints and clap report, with the clap arrows' FK from the same pass.
  function updatePose() {
    const { params, preview } = state;
    const began = performance.now();
    const frame = preview.evaluateFrame(playback.time, { clap: true, fk: clapOverlay.visible });
    readouts.addCoreTime(performance.now() - began);
    readouts.setChanged(frame.changed, kb.skeleton.names.length);
    pose.set(frame.pose);
    // a crossfade shows a blended pose: its clap check is that pose's own
    const fading = crossfade.apply(pose, performance.now() / 1000);
    const clap = fading ? kb.validateClap(pose) : frame.clap;
    readouts.setClap(clap);
    if (clapOverlay.visible) clapOverlay.update(pose, clap, fading ? undefined : frame);
    rig.applyPose(pose);
    const hands = handShapesAt(params.gesture, frame.envelope);
    rig.setHandShapes(hands);
    timeline.setTime(playback.time);
    plot.setTime(playback.time);
    comparison.setTime(playback.time, playback.duration, hands);
    stage.requestRender();
    poseDirty = fading; // a crossfade redraws until it ends
  }

  let readyAt = null; // ms after navigation start
  let lastNow = performance.now();
  loading.step('frame');
  function frame(now) {
    try {
      playback.advance((now - lastNow) / 1000);
      lastNow = now;
      if (poseDirty) updatePose();
      if (stage.renderIfNeeded() && readyAt === null) {
        readyAt = performance.now();
        loading.done();
        resolveReady();
      }
    } catch (error) {
      fail(error); // a broken frame stops the loop rather than repeat the error
      return;
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);

  installTestHook({
    ready,
    kb,
    state,
    sources,
    playback,
    stage,
    rig,
    panel,
    readouts,
    clapOverlay,
    comparison,
    linkOpener,
    gestureNames,
    gestureLoader,
    exporter: exportPanel.exporter,
    presets,
    // the current state drawn now (tests and seeks want the picture at once)
    drawNow() {
      crossfade.cancel();
      updatePose();
      stage.renderIfNeeded();
    },
    currentPose() {
      if (poseDirty) updatePose();
      return pose;
    },
    readyAt: () => readyAt,
  });
}

// The hook exists before loading, so a test can wait on `ready` even when
// loading fails (it then rejects with the reason).
window.kblendApp = { ready };

function fail(error) {
  const box = byId('fatal');
  box.textContent = `kblend stopped: ${error.message}`;
  box.hidden = false;
  loading.failed(`kblend could not start: ${error.message}`);
  rejectReady(error);
  console.error(error);
}

start().catch(fail);
