// The comparison mode: four humanoids side by side, one per blending method
// (kblend, naive Euler scaling, the seed's order, the KLI shape), each
// driven by its own preview on the same gesture, tuning and time, with its
// measured figures on a card under its feet; below the scene, the speed and
// hold-ratio plots; over the scene's corner, the Hopf inset. When the mode
// is off, none of this costs anything and the single rig is shown as usual.
import * as THREE from 'three';
import { resolveJoint } from '../state/choice-params.js';
import { createHopfInset } from './hopf-inset.js';
import {
  FIGURE_ROWS,
  METHOD_VIEWS,
  RIG_SPACING,
  formatFigure,
  frameRow,
  rigOffset,
} from './method-figures.js';
import { createMethodPlots } from './method-plots.js';
import { midHoldTime } from '../state/params.js';
import { createRig } from '../stage/rig.js';

// The view's own params, which no preview takes.
const VIEW_KEYS = ['compare', 'joint'];
const RECOMPUTE_DELAY_MS = 120; // a dragged slider recomputes once it rests
// The row the camera frames (m): the rigs' spread plus an arm span, and a
// body with a hand raised.
const ROW = { width: (METHOD_VIEWS.length - 1) * RIG_SPACING + 1.3, height: 1.95 };
const CARD_HEIGHT_PX = 84; // until a card can be measured

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// A method's card: its name, what it stands for, and its four figures.
function createCard(method) {
  const card = element('div', 'compare-card');
  card.dataset.method = method.key;
  card.title = method.note;
  card.style.borderTopColor = method.colour;
  const name = element('div', 'compare-card-name', method.label);
  name.style.color = method.colour;
  const table = element('table', 'compare-card-figures');
  const values = {};
  for (const row of FIGURE_ROWS) {
    const tr = element('tr');
    tr.title = row.help;
    const value = element('td', 'value', '…');
    value.dataset.figure = row.key;
    tr.append(element('th', '', row.label), value, element('td', 'unit', row.unit));
    table.append(tr);
    values[row.key] = value;
  }
  card.append(name, table);
  return { card, values };
}

/**
 * @param {object} options
 * @param {object} options.kb  the library
 * @param {object} options.stage  createScene's result
 * @param {HTMLElement} options.stageElement  the scene's container (cards and inset go over it)
 * @param {HTMLElement} options.plotsElement  the box for the plots
 * @param {THREE.Object3D[]} options.singleView  what the single view shows (the rig and
 *   its overlays): taken out of the scene while comparing, put back after
 * @param {Float32Array} options.bindPositions  kb.bindPositions(height)
 * @param {number} options.height  body height (m)
 */
export function createComparisonView({
  kb,
  stage,
  stageElement,
  plotsElement,
  singleView,
  bindPositions,
  height,
}) {
  let built = null; // rigs, cards, plots, inset: made on first use
  let previews = [];
  let on = false;
  let base = null; // the preview options of the current params
  let joint = null;
  let timer = null;
  let computed = null; // the last kb.comparison result shown
  const pose = new Float32Array(4 * kb.skeleton.names.length);
  const jointIndex = (name) => kb.skeleton.names.indexOf(name);
  // Out of the scene rather than hidden, so their own visibility switches
  // keep their state and cannot show them over the row of rigs.
  const detached = new Map(); // object → parent
  function detachSingleView() {
    for (const object of singleView) {
      if (!object.parent || detached.has(object)) continue;
      detached.set(object, object.parent);
      object.parent.remove(object);
    }
  }
  function restoreSingleView() {
    for (const [object, parent] of detached) parent.add(object);
    detached.clear();
  }

  function build() {
    const rigs = METHOD_VIEWS.map((_, i) => {
      const rig = createRig(kb.skeleton, bindPositions, height);
      rig.root.position.x = rigOffset(i);
      stage.scene.add(rig.root);
      return rig;
    });
    const labels = element('div', 'compare-labels');
    const cards = METHOD_VIEWS.map((method) => {
      const made = createCard(method);
      labels.append(made.card);
      return made;
    });
    const insetBox = element('div', 'hopf-inset');
    stageElement.append(labels, insetBox);
    const plots = createMethodPlots(plotsElement);
    const inset = createHopfInset(insetBox, kb);
    stage.controls.addEventListener('change', placeCards);
    // the plots appear under the scene and shrink it: frame the row again
    new ResizeObserver(() => {
      if (on) frameCamera();
      placeCards();
    }).observe(stageElement);
    return { rigs, labels, cards, insetBox, plots, inset };
  }

  // Cards under the feet of their rigs, wherever the camera is.
  const anchor = new THREE.Vector3();
  function placeCards() {
    if (!built || !on) return;
    const width = stageElement.clientWidth;
    const h = stageElement.clientHeight;
    built.cards.forEach(({ card }, i) => {
      anchor.set(rigOffset(i), -0.02, 0).project(stage.camera);
      card.hidden = anchor.z > 1;
      card.style.left = `${((anchor.x + 1) / 2) * width}px`;
      card.style.top = `${((1 - anchor.y) / 2) * h}px`;
    });
  }

  // A front view of the whole row, right of the inset, cards under it.
  function frameCamera() {
    const { camera, controls } = stage;
    const cardHeight = built.cards[0].card.offsetHeight || CARD_HEIGHT_PX;
    const view = frameRow({
      rowWidth: ROW.width,
      rowHeight: ROW.height,
      fovDegrees: camera.fov,
      width: stageElement.clientWidth,
      height: stageElement.clientHeight,
      leftPx: built.insetBox.offsetLeft + built.insetBox.offsetWidth,
      belowPx: cardHeight + 4,
    });
    camera.position.set(view.centreX, view.centreY, view.distance);
    controls.target.set(view.centreX, view.centreY, 0);
    controls.update();
    stage.requestRender();
  }

  function disposePreviews() {
    previews.forEach((p) => p.dispose());
    previews = [];
  }

  function showFigures(result) {
    computed = result;
    built.cards.forEach(({ values }, i) => {
      const figures = result.figures[METHOD_VIEWS[i].key];
      for (const row of FIGURE_ROWS) {
        values[row.key].textContent = formatFigure(row.key, figures[row.key]);
      }
    });
    built.plots.setData(result);
  }

  function recompute() {
    clearTimeout(timer);
    timer = null;
    if (!on) return;
    showFigures(kb.comparison(base, joint));
  }

  // The joint's idle rotation and its target at mid-hold, for the inset:
  // the target track read through a pass-through filter (no deadband, no
  // smoothing, no jitter), so it is the gesture's own rotation.
  function insetSubject(params) {
    const j = jointIndex(joint);
    const idle = kb.idlePose(params.apose).subarray(4 * j, 4 * j + 4);
    const raw = kb.createPreview({ ...base, jitter: 0, epsilon: 0, lambda: Infinity });
    try {
      const target = raw.evaluate(midHoldTime(params)).subarray(4 * j, 4 * j + 4);
      built.inset.setSubject(joint, idle, target);
    } finally {
      raw.dispose();
    }
  }

  function enable(params) {
    const first = !on;
    on = true;
    built ??= build();
    disposePreviews();
    previews = METHOD_VIEWS.map((m) =>
      kb.createPreview({ ...base, order: m.order, shape: m.shape }),
    );
    built.rigs.forEach((rig) => (rig.root.visible = true));
    built.labels.hidden = false;
    built.insetBox.hidden = false;
    plotsElement.hidden = false;
    detachSingleView();
    insetSubject(params);
    if (first) {
      frameCamera();
      placeCards();
    }
    clearTimeout(timer);
    timer = setTimeout(recompute, RECOMPUTE_DELAY_MS);
  }

  function disable() {
    const wasOn = on;
    on = false;
    clearTimeout(timer);
    disposePreviews();
    restoreSingleView();
    plotsElement.hidden = true;
    if (built) {
      built.rigs.forEach((rig) => (rig.root.visible = false));
      built.labels.hidden = true;
      built.insetBox.hidden = true;
    }
    if (wasOn) stage.setView('threeQuarter');
  }

  return {
    // New params (any change) and the main preview's options for them
    // (order and shape are set per method): rebuild the previews, recompute
    // the figures.
    setParams(params, previewOptions) {
      base = { ...previewOptions };
      for (const key of VIEW_KEYS) delete base[key];
      // an imported clip has no keyframes to choose from: a wrist it is
      const gesture = kb.gestureNames.includes(params.gesture)
        ? kb.getGesture(params.gesture)
        : { keyframes: [{ rotations: { right_wrist: [0, 0, 0] } }] };
      joint = resolveJoint(params.joint, gesture);
      if (params.compare) enable(params);
      else disable();
      stage.requestRender();
    },
    // Every drawn frame: each rig at time t, the playheads, the markers.
    setTime(t, duration, handShapes) {
      if (!on) return;
      const j = jointIndex(joint);
      const markers = [];
      previews.forEach((preview, i) => {
        preview.evaluateInto(t, pose);
        built.rigs[i].applyPose(pose);
        built.rigs[i].setHandShapes(handShapes);
        const key = METHOD_VIEWS[i].key;
        if (key === 'kblend' || key === 'kliShape') {
          markers.push({
            q: pose.slice(4 * j, 4 * j + 4),
            kind: key === 'kliShape' ? 'kli' : 'slerp',
          });
        }
      });
      built.plots.setTime(t);
      built.inset.setTime(duration > 0 ? t / duration : 0, markers);
      placeCards();
    },
    get on() {
      return on;
    },
    get joint() {
      return joint;
    },
    // What the cards show, after any pending recompute (for tests).
    snapshot() {
      if (timer !== null) recompute();
      if (!on) return { on, joint, shown: null, options: base };
      const shown = {};
      built.cards.forEach(({ values }, i) => {
        shown[METHOD_VIEWS[i].key] = Object.fromEntries(
          FIGURE_ROWS.map((row) => [row.key, values[row.key].textContent]),
        );
      });
      return { on, joint, shown, options: { ...base }, computed: computed?.figures ?? null };
    },
    hopf() {
      if (!built) return null;
      return {
        visible: on,
        preset: built.inset.preset,
        caption: built.inset.caption,
        paperStopTime: built.inset.paperStopTime,
      };
    },
  };
}
