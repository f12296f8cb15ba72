// The kblend viewer: a humanoid performs a gesture computed by the
// WebAssembly core, tuned live from the panel and shared by link.
// slider → params → kb.createPreview → preview.evaluateInto(t) → rig bones.
import { loadKBlend } from 'kblend';
import { createBvhDrop, importSummary, nextPaint, readBvhFile } from './import/bvh-drop.js';
import { createClapOverlay } from './stage/clap-overlay.js';
import { createComparisonView } from './compare/comparison-view.js';
import { IK_GESTURE, LINK_NOTE, createClipSources } from './clips/clip-sources.js';
import { createControlsPanel } from './panel/controls-panel.js';
import { createEnvelopePlot } from './readouts/envelope-plot.js';
import { createIkReadout } from './readouts/ik-readout.js';
import { handShapesAt } from './stage/hand-shapes.js';
import { createLinkSync } from './share/link-sync.js';
import { createNotice } from './ui/notice.js';
import {
  TUNING_DEFAULTS,
  canonicalParams,
  canonicalTime,
  canonicalValue,
  enforceAttackRelease,
} from './state/params.js';
import { createPlayback } from './timeline/playback.js';
import { createReadouts } from './readouts/readouts.js';
import { createRig } from './stage/rig.js';
import { createScene } from './stage/scene.js';
import { parseShareHash } from './share/share-link.js';
import { installTestHook } from './test-hook.js';
import { createTimeline } from './timeline/timeline.js';

const BODY_HEIGHT = 1.75;
const byId = (id) => document.getElementById(id);

let resolveReady;
let rejectReady;
const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});

async function start() {
  const kb = await loadKBlend();

  // --- the stage and the humanoid
  const stage = createScene(byId('stage'));
  const rig = createRig(kb.skeleton, kb.bindPositions(BODY_HEIGHT), BODY_HEIGHT);
  stage.scene.add(rig.root);
  const clapOverlay = createClapOverlay(kb, BODY_HEIGHT);
  stage.scene.add(clapOverlay.root);

  // --- state: the defaults, then whatever valid part the link holds
  const gestureNames = [...kb.gestureNames];
  // the target track: a library gesture, the clap solved by IK, or an imported clip
  const sources = createClipSources(kb, { fps: kb.defaults.fps ?? 30 });
  const durationOf = (name) => sources.durationOf(name);
  const defaultGesture = gestureNames.includes(kb.defaults.gesture)
    ? kb.defaults.gesture
    : gestureNames[0];
  const defaults = canonicalParams({
    ...TUNING_DEFAULTS,
    gesture: defaultGesture,
    duration: durationOf(defaultGesture),
  });
  const linkContext = { gestureNames, defaults, durationOf };
  const notice = createNotice(byId('notice'));
  const linked = parseShareHash(location.hash, linkContext);
  let params = linked.params;
  let notices = linked.notices;
  if (notices.length > 0) notice.show('The link was repaired:', notices);

  let preview = kb.createPreview(previewOptions(params));
  const pose = new Float32Array(4 * kb.skeleton.names.length);

  // --- playback, timeline, plot, readouts, panel, link
  const playback = createPlayback({
    duration: preview.duration,
    fps: preview.fps,
  });
  const timeline = createTimeline(byId('timeline'), {
    onScrub: (t) => {
      playback.pause();
      playback.seek(t);
    },
  });
  const plot = createEnvelopePlot(byId('plot'), kb.envelope);
  const readouts = createReadouts(byId('readouts'));
  const ikReadout = createIkReadout(byId('readouts'));
  // comparison mode: four methods side by side, their plots, the Hopf inset
  const comparisonView = createComparisonView({
    kb,
    stage,
    stageElement: byId('stage'),
    plotsElement: byId('method-plots'),
    singleView: [rig.root, clapOverlay.root],
    bindPositions: kb.bindPositions(BODY_HEIGHT),
    height: BODY_HEIGHT,
  });
  const link = createLinkSync();
  const panel = createControlsPanel({
    container: byId('panel'),
    gestureNames,
    params,
    playback,
    actions: {
      onTune: tune,
      playPause: () => playback.toggle(),
      step: (frames) => playback.step(frames),
      home: () => playback.home(),
      end: () => playback.end(),
      reset: () => {
        panel.setRatioNote('');
        applyParams(defaults);
      },
      copyLink,
      view: (name) => stage.setView(name),
      skeleton: (on) => {
        rig.setSkeletonVisible(on);
        stage.requestRender();
      },
      body: (on) => {
        rig.setBodyVisible(on);
        stage.requestRender();
      },
      importBvh: () => bvhDrop.openPicker(),
      clapArrows: showClapArrows,
    },
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
  showClip();
  if (linked.time !== null) playback.seek(linked.time);
  else playback.play();
  writeLink();

  function previewOptions(p) {
    return sources.previewOptions(p);
  }

  function writeLink() {
    link.write(
      sources.shareable(params, defaults),
      playback.playing ? null : canonicalTime(playback.time, playback.duration),
    );
  }

  // --- tuning: one parameter moved in the panel
  function tune(name, value) {
    const next = { ...params };
    if (name === 'gesture') {
      next.gesture = value;
      next.duration = canonicalValue('duration', durationOf(value));
    } else {
      next[name] = canonicalValue(name, value);
    }
    if (name === 'attack' || name === 'release') {
      const pair = enforceAttackRelease(next.attack, next.release, name);
      next.attack = pair.attack;
      next.release = pair.release;
      panel.setRatioNote(ratioNote(pair, name));
    }
    applyParams(next);
  }

  function ratioNote(pair, moved) {
    const notes = [];
    if (pair.adjusted) {
      const other = moved === 'attack' ? 'release' : 'attack';
      notes.push(`${other} lowered to ${pair[other]} so that attack + release ≤ 1`);
    }
    if (pair.attack === 0) notes.push('attack 0 is a step: the gesture starts at once');
    if (pair.release === 0) notes.push('release 0 is a step: the gesture ends at once');
    return notes.join('. ');
  }

  // A new preview for new params; a refused option leaves the old one.
  function applyParams(next) {
    let created;
    try {
      created = kb.createPreview(previewOptions(next));
    } catch (error) {
      panel.setError(error.message);
      panel.show(params);
      return false;
    }
    preview.dispose();
    preview = created;
    const previous = params;
    params = next;
    if (previous.gesture !== next.gesture) showClapArrows(next.gesture === IK_GESTURE);
    panel.setError('');
    panel.show(params);
    showClip();
    poseDirty = true;
    writeLink();
    return true;
  }

  function showClip() {
    playback.setClip(preview.duration, preview.fps);
    timeline.setClip(params);
    plot.setEnvelope(params);
    comparisonView.setParams(params, previewOptions(params));
    ikReadout.show(sources.solveSummary(params));
  }

  // The clap overlay's toggle (on by default for the clap).
  function showClapArrows(on) {
    clapOverlay.setVisible(on);
    panel.setClapArrows(on);
    poseDirty = true;
  }
  showClapArrows(params.gesture === IK_GESTURE);

  // --- BVH import: a picked or dropped file becomes the gesture; a file
  // that fails leaves everything as it was, with the reason in a notice.
  const bvhDrop = createBvhDrop({ highlight: byId('stage'), onFile: importFile });
  async function importFile(file) {
    let result;
    try {
      notice.show(`Importing ${file.name}…`);
      await nextPaint();
      result = await readBvhFile(file, kb, { height: BODY_HEIGHT });
    } catch (error) {
      notice.show(`Could not import ${file.name}; nothing was changed:`, [error.message]);
      return;
    }
    const name = sources.add(file.name, result);
    const duration = canonicalValue('duration', result.duration);
    if (!applyParams({ ...params, gesture: name, duration })) {
      sources.remove(name);
      notice.show(`Could not play ${file.name}; nothing was changed:`, [panel.error]);
      return;
    }
    panel.setGestureNames([...gestureNames, ...sources.importedNames()]);
    panel.show(params);
    const summary = importSummary(file.name, result, duration, LINK_NOTE);
    notice.show(summary.heading, summary.lines);
  }

  async function copyLink() {
    const copied = await link.copy();
    const note = sources.isImported(params.gesture) ? [LINK_NOTE] : [];
    notice.show(copied ? 'Link copied.' : 'Copy this link:', [link.url(), ...note]);
  }

  // --- keyboard: Space, ←/→, Home/End (not while typing in a field)
  window.addEventListener('keydown', (event) => {
    const field = event.target.closest?.('input, select, textarea');
    if (field && field.type !== 'checkbox') return;
    const keys = {
      ' ': () => playback.toggle(),
      ArrowLeft: () => playback.step(-1),
      ArrowRight: () => playback.step(1),
      Home: () => playback.home(),
      End: () => playback.end(),
    };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  });

  // A link pasted into this tab's address bar.
  window.addEventListener('hashchange', () => {
    if (!link.isForeign(location.hash)) return;
    link.adopt(location.hash);
    const opened = parseShareHash(location.hash, linkContext);
    notices = opened.notices;
    if (notices.length > 0) notice.show('The link was repaired:', notices);
    else notice.hide();
    if (applyParams(opened.params) && opened.time !== null) {
      playback.pause();
      playback.seek(opened.time);
    }
  });

  // --- every frame: advance the clock, ask the core for the pose, draw
  function updatePose() {
    const start = performance.now();
    preview.evaluateInto(playback.time, pose);
    readouts.addCoreTime(performance.now() - start);
    readouts.setChanged(preview.changed, kb.skeleton.names.length);
    const clap = kb.validateClap(pose);
    readouts.setClap(clap);
    if (clapOverlay.visible) clapOverlay.update(pose, clap);
    rig.applyPose(pose);
    const blend = kb.envelope(playback.time / playback.duration, params);
    rig.setHandShapes(handShapesAt(params.gesture, blend));
    timeline.setTime(playback.time);
    plot.setTime(playback.time);
    comparisonView.setTime(playback.time, playback.duration, handShapesAt(params.gesture, blend));
    stage.requestRender();
    poseDirty = false;
  }

  let firstFrameDrawn = false;
  let readyAt = null; // ms after navigation start
  let lastNow = performance.now();
  function frame(now) {
    try {
      playback.advance((now - lastNow) / 1000);
      lastNow = now;
      if (poseDirty) updatePose();
      if (stage.renderIfNeeded() && !firstFrameDrawn) {
        firstFrameDrawn = true;
        readyAt = performance.now();
        resolveReady();
      }
    } catch (error) {
      fail(error); // a broken frame stops the loop rather than repeat the error
      return;
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);

  // Draw the current state now (tests and seeks want the picture at once).
  function drawNow() {
    updatePose();
    stage.renderIfNeeded();
  }

  installTestHook({
    ready,
    params: () => params,
    time: () => playback.time,
    playing: () => playback.playing,
    notices: () => notices,
    pause: () => playback.pause(),
    play: () => playback.play(),
    async seek(t) {
      playback.pause();
      playback.seek(canonicalTime(t, playback.duration));
      drawNow();
      await ready;
    },
    pose: () => {
      if (poseDirty) updatePose();
      return pose;
    },
    setParams(partial) {
      let next;
      try {
        const gestureDuration =
          partial.gesture !== undefined && partial.duration === undefined
            ? { duration: durationOf(partial.gesture) }
            : {};
        next = canonicalParams({ ...params, ...partial, ...gestureDuration });
      } catch (error) {
        panel.setError(error.message);
        throw error;
      }
      if (!applyParams(next)) throw new RangeError(panel.error);
      drawNow();
      return { ...params };
    },
    view(name) {
      stage.setView(name);
      stage.renderIfNeeded();
    },
    clapOverlay: () => clapOverlay.describe(),
    ikSolve: () => sources.solveSummary(params),
    gestureNames: () => [...gestureNames, ...sources.importedNames()],
    comparison: () => ({
      ...comparisonView.snapshot(),
      expected: kb.compareMethods(previewOptions(params)),
    }),
    hopfInset: () => comparisonView.hopf(),
    stats: () => ({
      coreTimeMs: readouts.coreTimeMean,
      readyMs: readyAt,
      changed: preview.changed,
    }),
  });
}

// The hook exists before loading, so a test can wait on `ready` even when
// loading fails (it then rejects with the reason).
window.kblendApp = { ready };

function fail(error) {
  const box = byId('fatal');
  box.textContent = `kblend stopped: ${error.message}`;
  box.hidden = false;
  rejectReady(error);
  console.error(error);
}

start().catch(fail);
