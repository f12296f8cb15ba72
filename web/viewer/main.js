// The kblend viewer: a humanoid performs a gesture computed by the
// WebAssembly core, tuned live from the panel and shared by link.
// slider → app state (setParams) → kb.createPreview → preview.evaluateInto(t)
// → rig bones. This file wires the parts together, then runs the frame loop.
import { loadKBlend } from 'kblend';
import { IK_GESTURE, LINK_NOTE, createClipSources } from './clips/clip-sources.js';
import { turnWrists } from './clips/turn-wrists.js';
import { createCharacterFlow } from './characters/character-flow.js';
import { createCharacterStage } from './characters/character-stage.js';
import { CHARACTER_EXTENSIONS, extensionOf } from './characters/user-character.js';
import { createComparisonView } from './compare/comparison-view.js';
import { withCustomGestures } from './editor/custom-gestures.js';
import { createEditorPanel } from './editor/editor-panel.js';
import { createGestureEditor } from './editor/gesture-editor.js';
import { installJointPicker } from './editor/joint-picker.js';
import { createKeyframeMarkers } from './editor/keyframe-markers.js';
import { sideOfWrist } from './editor/arm-reach.js';
import { createReachHandle } from './editor/reach-handle.js';
import { createRotateGizmo } from './editor/rotate-gizmo.js';
import { installUndoKeys } from './editor/undo-keys.js';
import { createGestureLoader, isGestureFile } from './editor/gesture-loader.js';
import { createExportPanel } from './export/export-panel.js';
import { createAbCompare } from './ab/ab-compare.js';
import { createBvhDrop, createFilePicker } from './import/bvh-drop.js';
import { createImportFlow } from './import/import-flow.js';
import { createOnionSkin } from './onion/onion-skin.js';
import { createControlsPanel } from './panel/controls-panel.js';
import { FOLDERS } from './panel/panel-table.js';
import { createPresetPanel } from './presets/preset-panel.js';
import { NO_REFERENCE, createReferenceView } from './reference/reference-view.js';
import { createEnvelopePlot } from './readouts/envelope-plot.js';
import { clapChecked, createClapPhaseTracker } from './readouts/clap-phase.js';
import { createIkReadout } from './readouts/ik-readout.js';
import { createReadouts } from './readouts/readouts.js';
import { createBlobCache, createCustomLinkOpener, tooLongNote } from './share/custom-link.js';
import { createLinkOpener } from './share/link-opener.js';
import { createLinkSync } from './share/link-sync.js';
import { createSnippetActions } from './share/embed-snippets.js';
import { createArrowsChoice, createClapOverlay } from './stage/clap-overlay.js';
import { createContactOverlay } from './stage/contact-overlay.js';
import { createPoseCrossfade } from './stage/pose-crossfade.js';
import { createShownFrame } from './stage/shown-frame.js';
import { createScene } from './stage/scene.js';
import { createAppState } from './state/app-state.js';
import { TUNING_DEFAULTS, canonicalParams, canonicalTime, useLibrary } from '../link/params.js';
import { installTestHook } from './test-hook.js';
import { installPlaybackKeys } from './timeline/playback-keys.js';
import { createPhaseLoop } from './timeline/phase-loop.js';
import { createPlayback } from './timeline/playback.js';
import { createTimeline } from './timeline/timeline.js';
import { createSweepView } from './sweep/sweep-view.js';
import { createHelpOverlay } from './ui/help-overlay.js';
import { createLoading } from './ui/loading.js';
import { createNotice } from './ui/notice.js';

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

// The page's parts, added step by step below; `page.poseDirty` asks the
// frame loop to draw the pose again.
function createPage(kb) {
  const sources = withCustomGestures(createClipSources(kb, { fps: kb.defaults.fps ?? 30 }), kb);
  const gestureNames = [...kb.gestureNames];
  const page = {
    kb,
    gestureNames,
    // the picker's list: the library, custom gestures, imported clips
    pickerNames: () => [...gestureNames, ...sources.customNames(), ...sources.importedNames()],
    // the reference's list: custom gestures and imported clips (a library
    // gesture is what the preview already plays)
    referenceNames: () => [NO_REFERENCE, ...sources.customNames(), ...sources.importedNames()],
    // both lists hold the custom gestures and imported clips: whatever
    // changes those refreshes both (through the panel, made later)
    showClipNames() {
      page.panel.setGestureNames(page.pickerNames());
      page.panel.setSettingChoices('reference', page.referenceNames());
    },
    sources,
    state: createAppState({ kb, sources, defaults: defaultParams(kb, sources) }),
    notice: createNotice(byId('notice')),
    poseDirty: true,
  };
  return page;
}

// The stage, the humanoid and its overlays.
function addStage(page) {
  const { kb } = page;
  page.stage = createScene(byId('stage'));
  // the shown character: kblend's skinned one, the mannequin or the user's
  const height = kb.defaults.height; // kblend's own characters
  page.rig = createCharacterStage(kb, height);
  page.clapOverlay = createClapOverlay(kb, height);
  page.contactOverlay = createContactOverlay(kb, height);
  page.stage.scene.add(page.rig.root, page.clapOverlay.root, page.contactOverlay.root);
  page.pose = new Float32Array(4 * kb.skeleton.names.length); // the pose shown
  page.crossfade = createPoseCrossfade(kb.slerp, kb.skeleton.names.length);
}

// Playback, timeline, plots, readouts, the comparison and the link.
function addPlaybackAndPlots(page) {
  const { kb, state, stage, sources } = page;
  const playback = createPlayback({ duration: state.preview.duration, fps: state.preview.fps });
  page.playback = playback;
  page.timeline = createTimeline(byId('timeline'), {
    onScrub: (t) => {
      playback.pause();
      playback.seek(t);
    },
    onSegmentClick: (phase) => page.phaseLoop.toggle(phase),
  });
  page.phaseLoop = createPhaseLoop({
    playback,
    timeline: page.timeline,
    note: (text) => page.notice.show(text),
  });
  page.plot = createEnvelopePlot(byId('plot'), kb.envelope);
  page.ab = createAbCompare({ kb, sources, stage, plot: page.plot, height: kb.defaults.height });
  page.onion = createOnionSkin({ kb, stage, height: kb.defaults.height });
  page.readouts = createReadouts(byId('readouts'));
  page.ikReadout = createIkReadout(byId('readouts'));
  page.comparison = createComparisonView({
    kb,
    stage,
    stageElement: byId('stage'),
    plotsElement: byId('method-plots'),
    singleView: [page.rig.root, page.clapOverlay.root, page.contactOverlay.root, stage.trail],
    bindPositions: kb.bindPositions(kb.defaults.height),
    height: kb.defaults.height,
  });
  page.reference = createReferenceView({
    kb,
    sources,
    state,
    stage,
    container: byId('plot').parentElement,
    height: kb.defaults.height,
  });
  const link = createLinkSync();
  page.link = link;
  page.blobFor = createBlobCache(sources); // a custom gesture's cg=…
  page.writeLink = () =>
    link.write(
      sources.shareable(state.params, state.defaults),
      playback.playing ? null : canonicalTime(playback.time, playback.duration),
      [
        page.blobFor(state.params).extra,
        page.ab.linkPart((p) => sources.shareable(p, state.defaults)),
      ]
        .filter(Boolean)
        .join('&'),
    );
}

// Custom gestures (loaded by picker or drop), exports and their panel
// settings and buttons (the panel is made after this).
function addAuthoring(page) {
  const { kb, state, sources, notice, stage, rig, playback } = page;
  page.gestureLoader = createGestureLoader({
    kb,
    state,
    sources,
    notice,
    onGesturesChanged: () => page.showClipNames(),
  });
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
      rig.setHandShapes(at.hands);
    },
    // an export pauses and hides the editor's handles; they come back after
    pause: () => {
      playback.pause();
      page.showEditorHandles?.(false);
    },
    redraw: () => {
      page.showEditorHandles?.(true);
      page.poseDirty = true;
      stage.requestRender();
    },
  });
  page.exporter = exportPanel.exporter;
  page.authoring = {
    settings: exportPanel.settings,
    actions: { loadGesture: () => page.gestureLoader.openPicker(), ...exportPanel.actions },
  };
}

// The gesture editor: its model (undo and redo over every change), its
// panel folder, the undo keys and joint picking on the stage.
function addEditor(page) {
  const { kb, state, sources, notice, panel, playback, stage, rig } = page;
  const currentPose = () => page.pose;
  page.editor = createGestureEditor({
    kb,
    state,
    sources,
    currentPose,
    onGesturesChanged: () => page.showClipNames(),
  });
  page.editorPanel = createEditorPanel({
    gui: page.authorFolder,
    editor: page.editor,
    kb,
    playhead: () => playback.time,
    params: () => state.params,
    currentPose,
    notice,
    // a wrist gets the hand target (the solver poses the arm), any other
    // joint the rotation gizmo
    onSelect: (joint) => showHandles(joint),
    onOpenClose: () => markers.refresh(),
  });
  const markers = createKeyframeMarkers({
    track: byId('timeline').querySelector('.timeline-track'),
    editor: page.editor,
    params: () => state.params,
    isActive: () => !page.editorPanel.folder._closed,
    onSelect: (time) => page.editorPanel.selectKeyframe(time),
    seek: (t) => {
      playback.pause();
      playback.seek(t);
    },
    onError: (error) => notice.show('The edit was refused; nothing changed:', [error.message]),
  });
  const gizmo = createRotateGizmo({
    stage,
    bones: () => rig.bones, // the character shown at the time
    names: kb.skeleton.names,
    onDragStart: () => playback.pause(),
    onRotate: (degrees) => page.editorPanel.showDragged(degrees),
    onRelease: (degrees) => page.editorPanel.keyDragged(degrees),
  });
  page.gizmo = gizmo;
  const reachSide = () => sideOfWrist(page.editorPanel.selection.joint);
  const reachHandle = createReachHandle({
    stage,
    onDragStart: () => playback.pause(),
    onMove(position) {
      const solved = page.editor.solveReach(reachSide(), page.editorPanel.editTime(), position);
      rig.applyPose(solved.pose);
    },
    onRelease(position) {
      try {
        page.editor.reach(reachSide(), page.editorPanel.editTime(), position);
      } catch (error) {
        notice.show('The edit was refused; nothing changed:', [error.message]);
      }
      page.poseDirty = true;
    },
  });
  page.reachHandle = reachHandle;
  function showHandles(joint) {
    gizmo.hide();
    reachHandle.hide();
    if (joint && sideOfWrist(joint)) reachHandle.show(rig.bones[kb.skeleton.names.indexOf(joint)]);
    else if (joint) gizmo.show(joint);
  }
  page.showEditorHandles = (on) => {
    const open = !page.editorPanel.folder._closed;
    showHandles(on && open ? page.editorPanel.selection.joint : null);
  };
  installUndoKeys(page.editor);
  installJointPicker({
    canvas: stage.renderer.domElement,
    camera: stage.camera,
    root: rig.root,
    isActive: () => !page.editorPanel.folder._closed,
    onPick: (joint) => page.editorPanel.selectJoint(joint),
  });
}

// Files into the page: BVH clips (import strip, worker) and characters
// (.glb/.gltf/.vrm), by their pickers or dropped; the panel is reached
// through `page.panel` once it exists.
function addFileInputs(page) {
  const { kb, state, rig, sources, notice } = page;
  const imports = createImportFlow({
    state,
    sources,
    notice,
    height: kb.defaults.height,
    host: byId('import-slot'),
    onClipsChanged: () => page.showClipNames(),
  });
  // the clap check and the IK clap at the shown character's own height
  // and hands (kblend's default height and hand axes for its own characters)
  page.fitBodyHeight = () => {
    const { height } = rig.describe();
    const before = sources.body;
    sources.setBody({ height, hands: rig.shown.hands?.corrections ?? null });
    const change = state.setBodyHeight(height === kb.defaults.height ? null : height);
    if (change.ok) return;
    sources.setBody(before);
    notice.show(`The clap check stays at ${state.bodyHeight} m:`, [change.error]);
  };
  const characters = createCharacterFlow({
    characters: rig,
    notice,
    onLoaded: (character) => {
      page.panel.setSettingChoices('character', rig.names());
      page.panel.setSetting('character', character.name);
      page.fitBodyHeight();
      page.poseDirty = true;
    },
  });
  const characterPicker = createFilePicker(
    'character-file',
    CHARACTER_EXTENSIONS.join(','),
    'character file to load',
    (file) => characters.loadFile(file),
  );
  // a dropped file goes where its extension says
  const bvhDrop = createBvhDrop({
    highlight: byId('stage'),
    onFile: (file) => {
      if (isGestureFile(file)) page.gestureLoader.loadFile(file).catch(() => {});
      else if (CHARACTER_EXTENSIONS.includes(extensionOf(file.name))) characters.loadFile(file);
      else imports.importFile(file);
    },
  });
  page.openBvhPicker = () => bvhDrop.openPicker();
  page.openCharacterPicker = () => characterPicker.click();
  page.importStatus = () => imports.status;
  page.characterStatus = () => characters.status;
}

// The panel reports; the app state decides. Its buttons and settings.
// The A/B buttons: hold the tuning shown as B, or clear it; the link follows.
function abActions(page, state, notice) {
  return {
    holdB: () => {
      try {
        page.ab.hold(state.params);
      } catch (error) {
        notice.show('B was not held:', [error.message]);
      }
      page.writeLink();
    },
    clearB: () => {
      page.ab.clear();
      page.writeLink();
    },
  };
}

// The link copied, with a note when it cannot carry everything shown.
async function copyLink({ state, sources, notice, link, blobFor }) {
  const copied = await link.copy();
  const note = sources.isImported(state.params.gesture) ? [LINK_NOTE] : [];
  const blob = blobFor(state.params);
  if (blob.tooLong) note.push(tooLongNote(blob.length));
  notice.show(copied ? 'Link copied.' : 'Copy this link:', [link.url(), ...note]);
}

function addPanel(page) {
  const { state, stage, rig, clapOverlay, playback, sources, notice, link } = page;
  // the clap arrows as the user last left them for this kind of gesture
  page.arrowsChoice = createArrowsChoice();
  const settings = {
    loop: (on) => (playback.loop = on),
    speed: (speed) => (playback.speed = speed),
    phaseSpeed: (label) => page.phaseLoop.setSpeed(label),
    onionCount: (n) => page.onion.setCount(n),
    onionSpacing: (seconds) => page.onion.setSpacing(seconds),
    skeleton: (on) => rig.setSkeletonVisible(on),
    body: (on) => rig.setBodyVisible(on),
    character: (name) => {
      rig.choose(name);
      page.fitBodyHeight();
    },
    besideRig: (on) => rig.setBesideRig(on),
    // imported clips as captured (off) or shaped with the envelope (on)
    shapeImport: (on) => {
      sources.setShapeImports(on);
      showOutcome(state.setParams({}));
    },
    clapArrows: (on) => {
      page.arrowsChoice.choose(state.params.gesture === IK_GESTURE, on);
      clapOverlay.setVisible(on);
    },
    followCamera: (on) => {
      stage.setFollow(on);
      page.poseDirty = true; // on again: the camera takes up the figure where it is
    },
    bodyContacts: (on) => page.contactOverlay.setVisible(on),
    reference: (name) => page.reference.setReference(name),
    ...page.authoring.settings,
  };
  // the panel takes the fitted gesture and envelope; the notes say what
  // the capture did not show
  const fitReference = () => {
    try {
      const { change, result } = page.reference.fitToReference();
      page.showClipNames();
      showOutcome(change);
      const deg = (rad) => `${((rad * 180) / Math.PI).toFixed(2)}°`;
      notice.show(
        `Fitted to the reference: residual mean ${deg(result.residual.mean)}, worst ${deg(result.residual.worst)}.`,
        result.notes,
      );
    } catch (error) {
      notice.show('The fit was refused:', [error.message]);
    }
  };
  const actions = {
    importBvh: () => page.openBvhPicker(),
    loadCharacter: () => page.openCharacterPicker(),
    playPause: () => playback.toggle(),
    stepBack: () => playback.step(-1),
    stepForward: () => playback.step(1),
    home: () => playback.home(),
    end: () => playback.end(),
    reset: () => showOutcome(state.reset()),
    copyLink: () => copyLink(page),
    ...createSnippetActions({
      url: () => link.url(),
      shown: () => ({
        params: sources.shareable(state.params, state.defaults),
        extra: page.blobFor(state.params).extra,
      }),
      notice,
    }),
    front: () => stage.setView('front'),
    side: () => stage.setView('side'),
    threeQuarter: () => stage.setView('threeQuarter'),
    fitReference,
    ...abActions(page, state, notice),
    ...page.authoring.actions,
  };
  const panel = createControlsPanel({
    container: byId('panel'),
    gestureNames: page.gestureNames,
    params: state.params,
    defaults: state.defaults,
    settings: { loop: playback.loop, speed: playback.speed, clapArrows: false },
    report: {
      onTune: (name, value) => showOutcome(state.setParams({ [name]: value }, { moved: name })),
      onSetting: (name, value) => {
        settings[name](value);
        page.poseDirty = true;
        stage.requestRender();
      },
      onAction: (name) => actions[name](),
    },
  });
  // what a change from the panel did: the new values, or why not
  function showOutcome(change) {
    panel.setError(change.ok ? '' : change.error);
    if (change.ok) panel.setRatioNote(change.ratioNote);
    panel.show(state.params);
  }
  page.panel = panel;
  // the authoring folder of the panel table holds presets and the editor too
  const authorTitle = FOLDERS.find((f) => f.key === 'author').title;
  page.authorFolder = panel.gui.folders.find((f) => f._title === authorTitle);
  page.presets = createPresetPanel({
    gui: page.authorFolder,
    params: () => state.params,
    apply(values) {
      const change = state.setParams(values);
      showOutcome(change);
      return change;
    },
    notice,
  });
  addEditor(page);
  createHelpOverlay(byId('stage'));
}

// The sweep grid: a click on a rig takes its values through the app state.
function addSweep(page) {
  const { kb, state, stage, panel } = page;
  page.sweep = createSweepView({
    kb,
    stage,
    stageElement: byId('stage'),
    // the stage's floor lies under one rig: the grid has a tile under each
    singleView: [
      page.rig.root,
      page.clapOverlay.root,
      stage.scene.getObjectByName('floor'),
      stage.scene.getObjectByName('start-mark'),
      stage.trail,
    ],
    onPick(values) {
      const change = state.setParams(values);
      panel.setError(change.ok ? '' : change.error);
      panel.show(state.params);
    },
  });
}

// Every accepted change redraws the clip's parts; playback keeps the link
// and the play button current; the keys drive playback.
// A clip's root path (x, y, z per sample), for its trail on the floor.
const PATH_SAMPLES = 240;
function rootPath(preview) {
  const xyz = new Float32Array(3 * (PATH_SAMPLES + 1));
  for (let k = 0; k <= PATH_SAMPLES; k++) {
    xyz.set(preview.root((preview.duration * k) / PATH_SAMPLES), 3 * k);
  }
  return xyz;
}

function wireChanges(page) {
  const { state, playback, panel, timeline, plot, comparison, ikReadout, sources } = page;
  page.showClip = () => {
    const { params, preview } = state;
    playback.setClip(preview.duration, preview.fps);
    timeline.setClip(params);
    page.phaseLoop.setParams(params);
    plot.setEnvelope(params);
    // the sweep grid, when on, has the stage to itself
    const comparing = params.compare && params.sweep === 'off';
    comparison.setParams({ ...params, compare: comparing }, sources.previewOptions(params));
    page.sweep.setParams(params, sources.previewOptions);
    ikReadout.show(sources.solveSummary(params));
    page.reference.refresh();
    page.onion.setClip(sources.previewOptions(params));
    page.stage.setPath(rootPath(preview));
    const imported = sources.isImported(params.gesture);
    panel.setClipShaping(imported ? (sources.shapesImports() ? 'shaped' : 'captured') : null);
    page.readouts.showClap(clapChecked(params.gesture));
    panel.show(params);
    page.poseDirty = true;
    page.writeLink();
  };
  page.showClapArrows = (isClap) => {
    const on = page.arrowsChoice.shownFor(isClap);
    page.clapOverlay.setVisible(on);
    panel.setSetting('clapArrows', on);
  };
  state.onChange(({ params, previous }) => {
    if (previous.gesture !== params.gesture) {
      page.showClapArrows(params.gesture === IK_GESTURE);
      // mid-clip, blend from what is shown rather than jump
      if (playback.time > 0) page.crossfade.start(page.pose, performance.now() / 1000);
    }
    page.showClip();
  });
  let wasPlaying = null;
  playback.onChange(() => {
    // A paused time is kept to the link's precision, so the link shows it exactly.
    if (!playback.playing) {
      const t = canonicalTime(playback.time, playback.duration);
      if (t !== playback.time) return playback.seek(t);
    }
    page.poseDirty = true;
    // while playing the link holds no time: write it only when that flips
    if (!playback.playing || wasPlaying !== playback.playing) {
      wasPlaying = playback.playing;
      panel.setPlaying(playback.playing);
      page.writeLink();
    }
  });
  installPlaybackKeys(playback);
}

// The link this page was opened with, and links pasted into it later.
function openLinks(page) {
  const { state, notice, sources, playback, link } = page;
  // a custom gesture's cg=… is decoded first; the rest is a link as any
  const context = {
    get gestureNames() {
      return [...page.gestureNames, ...sources.customNames()];
    },
    defaults: state.defaults,
    durationOf: sources.durationOf,
  };
  const linkOpener = createCustomLinkOpener({
    linkOpener: createLinkOpener({ state, notice, context }),
    state,
    sources,
    notice,
    parseGestureJson: page.kb.parseGestureJson,
  });
  page.linkOpener = {
    open(hash, how) {
      const opened = linkOpener.open(hash, how);
      page.showClipNames();
      // B of an A/B comparison, when the link holds one
      const refused = page.ab.openFromHash(hash, context);
      if (refused) notice.show('B from the link was refused:', [refused]);
      return opened;
    },
    get notices() {
      return linkOpener.notices;
    },
  };
  const opened = page.linkOpener.open(location.hash, { atLoad: true });
  page.showClip();
  page.showClapArrows(state.params.gesture === IK_GESTURE);
  if (opened.time !== null) playback.seek(opened.time);
  else playback.play();
  page.writeLink();
  window.addEventListener('hashchange', () => {
    if (!link.isForeign(location.hash)) return;
    link.adopt(location.hash);
    const pasted = page.linkOpener.open(location.hash, { atLoad: false });
    if (pasted.time !== null) {
      playback.pause();
      playback.seek(pasted.time);
    }
    page.writeLink();
  });
}

// Draws the pose at the clock's time. One library call gives the frame its
// pose, envelope value, changed joints and clap report, with the clap
// arrows' FK from the same pass; a crossfade's blend or an override is
// checked on its own instead (shown-frame.js).
function createPoseDrawer(page) {
  const { kb, state, playback, readouts, clapOverlay, rig, crossfade, pose } = page;
  const clapPhase = createClapPhaseTracker(kb);
  const shownFrame = createShownFrame(crossfade);
  // a user character's clap is judged with its own hands (clips/turn-wrists.js)
  const handTurns = () => rig.shown.hands?.corrections ?? null;
  const check = (shown) =>
    kb.validateClap(turnWrists(shown, handTurns()), { height: state.bodyHeight });
  return function drawPose() {
    const { params, preview } = state;
    const began = performance.now();
    const { frame, clap, fading } = shownFrame(preview, playback.time, {
      now: performance.now() / 1000,
      override: page.poseOverride ?? null,
      fk: clapOverlay.visible,
      check,
      // the frame's own report is kblend's hands': not the character's
      frameCheck: handTurns() === null,
      pose,
    });
    readouts.addCoreTime(performance.now() - began);
    readouts.setChanged(frame.changed, kb.skeleton.names.length);
    rig.applyPose(pose, frame.root);
    page.reachHandle.follow(); // the hand target stays on the wrist drawn
    // a travelling clip keeps the character framed (the single view only)
    if (rig.root.parent && page.stage.following) page.stage.follow(rig.followPoint());
    page.clapPhase = clapPhase(params, playback.time, frame.envelope);
    if (page.clapPhase) readouts.setClap(clap, page.clapPhase);
    if (clapOverlay.visible) {
      const fk = frame.positions ? frame : undefined;
      clapOverlay.update(pose, clap, fk, page.clapPhase, rig.handsInWorld());
    }
    if (page.contactOverlay.visible) page.contactOverlay.update(pose);
    const { hands } = frame;
    rig.setHandShapes(hands);
    page.timeline.setTime(playback.time);
    page.plot.setTime(playback.time);
    page.reference.setTime(playback.time, pose);
    page.ab.setTime(playback.time);
    page.onion.setTime(playback.time);
    page.comparison.setTime(playback.time, playback.duration, hands);
    page.sweep.setTime(playback.time);
    page.stage.requestRender();
    page.poseDirty = fading; // a crossfade redraws until it ends
  };
}

// Every animation frame: advance the clock, draw what changed. The first
// drawn frame resolves `ready` and removes the loading state.
function runFrameLoop(page, drawPose) {
  let lastNow = performance.now();
  page.readyAt = null; // ms after navigation start
  loading.step('frame');
  function frame(now) {
    try {
      const dt = (now - lastNow) / 1000;
      page.playback.advance(dt);
      lastNow = now;
      if (page.poseDirty) drawPose();
      if (page.rig.root.parent) page.stage.stepFollow(dt);
      const drawn = page.stage.renderIfNeeded();
      page.readouts.addFrame(now, drawn);
      if (drawn && page.readyAt === null) {
        page.readyAt = performance.now();
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
}

async function start() {
  loading.step('library');
  const kb = await loadKBlend();
  useLibrary(kb); // ranges, defaults and the a + r rule from the library
  loading.step('scene');
  const page = createPage(kb);
  addStage(page);
  addPlaybackAndPlots(page);
  addAuthoring(page);
  addFileInputs(page);
  addPanel(page);
  addSweep(page);
  wireChanges(page);
  openLinks(page);
  const drawPose = createPoseDrawer(page);
  runFrameLoop(page, drawPose);
  installTestHook({
    ...page,
    ready,
    // the current state drawn now (tests and seeks want the picture at once)
    drawNow() {
      page.crossfade.cancel();
      drawPose();
      page.stage.settleFollow();
      page.stage.renderIfNeeded();
    },
    currentPose() {
      if (page.poseDirty) drawPose();
      return page.pose;
    },
    readyAt: () => page.readyAt,
    clapPhase: () => page.clapPhase ?? null,
    // a pose drawn instead of the clip's until the next seek or change
    overridePose(local) {
      page.poseOverride = local;
      page.poseDirty = true;
    },
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
