// The comparison mode's view: four humanoids side by side, one per method of
// the model (comparison-model.js), each with its card of measured figures
// under its feet; below the scene, the speed and hold-ratio plots; over the
// scene's corner, the Hopf inset. When the mode is off, none of this costs
// anything and the single rig is shown as usual.
import * as THREE from 'three';
import { createRig } from '../stage/rig.js';
import { projectedBounds, visibleBox } from '../stage/scene.js';
import { createComparisonCards } from './comparison-cards.js';
import { createComparisonModel } from './comparison-model.js';
import { createHopfInset } from './hopf-inset.js';
import {
  METHOD_VIEWS,
  RIG_SPACING,
  frameRow,
  frameStack,
  rigOffset,
  rigPlaces,
} from './method-figures.js';
import { createMethodPlots } from './method-plots.js';

const RECOMPUTE_DELAY_MS = 120; // a dragged slider recomputes once it rests
// The row the camera frames (m): the rigs' spread plus the outer rigs'
// reach to the side (a raised or held-out arm, 0.8 m), and a body with a
// hand raised.
const ROW = { width: (METHOD_VIEWS.length - 1) * RIG_SPACING + 1.6, height: 1.95 };
const CARD_HEIGHT_PX = 84; // until a card can be measured
// A scene narrower than this (px: a phone) has the rigs stacked two by two,
// each row two rigs wide, under the inset.
const STACK_BELOW_PX = 560;
const STACK_ROW = { width: RIG_SPACING + 1.6, height: ROW.height };

// What the single view shows, taken out of the scene while comparing (rather
// than hidden, so their own visibility switches keep their state).
function createDetacher(objects) {
  const detached = new Map(); // object → parent
  return {
    detach() {
      for (const object of objects) {
        if (!object.parent || detached.has(object)) continue;
        detached.set(object, object.parent);
        object.parent.remove(object);
      }
    },
    restore() {
      for (const [object, parent] of detached) parent.add(object);
      detached.clear();
    },
  };
}

// The rigs in a row, their cards, the plots and the inset: made on first use.
function buildParts({ kb, stage, stageElement, plotsElement, bindPositions, height }) {
  const rigs = METHOD_VIEWS.map((_, i) => {
    const rig = createRig(kb.skeleton, bindPositions, height);
    rig.root.position.x = rigOffset(i);
    stage.scene.add(rig.root);
    return rig;
  });
  const cards = createComparisonCards(stageElement);
  const insetBox = document.createElement('div');
  insetBox.className = 'hopf-inset';
  stageElement.append(insetBox);
  const plots = createMethodPlots(plotsElement);
  const inset = createHopfInset(insetBox, kb);
  return { rigs, cards, insetBox, plots, inset };
}

// A front view of the whole row, right of the inset, cards under it; in a
// narrow scene the rigs stacked two by two under the inset, each row with
// its cards (no floor then: the first row's would cut through the second).
function frameCamera(stage, stageElement, built) {
  const { camera, controls } = stage;
  const size = {
    fovDegrees: camera.fov,
    width: stageElement.clientWidth,
    height: stageElement.clientHeight,
    belowPx: (built.cards.height || CARD_HEIGHT_PX) + 4,
  };
  const stacked = size.width < STACK_BELOW_PX;
  const inset = built.insetBox;
  const view = stacked
    ? frameStack({
        ...size,
        rowWidth: STACK_ROW.width,
        rowHeight: STACK_ROW.height,
        topPx: inset.offsetTop + inset.offsetHeight,
      })
    : frameRow({
        ...size,
        rowWidth: ROW.width,
        rowHeight: ROW.height,
        leftPx: inset.offsetLeft + inset.offsetWidth,
      });
  built.places = rigPlaces(stacked, view.rowStep);
  built.places.forEach((place, i) => built.rigs[i].root.position.set(place.x, place.y, 0));
  built.stacked = stacked;
  stage.setFloorShown(!stacked);
  stage.releaseView();
  camera.position.set(view.centreX, view.centreY, view.distance);
  controls.target.set(view.centreX, view.centreY, 0);
  controls.update();
  stage.requestRender();
}

// Each method's rig at time t, the plots' playheads, the inset's markers
// (kblend's SLERP and the KLI shape on the joint followed).
function drawRow(model, built, t, duration, handShapes) {
  const markers = [];
  model.posesAt(t, (i, pose, jointRotation) => {
    built.rigs[i].applyPose(pose);
    built.rigs[i].setHandShapes(handShapes);
    const key = METHOD_VIEWS[i].key;
    if (key === 'kblend' || key === 'kliShape') {
      markers.push({ q: jointRotation.slice(), kind: key === 'kliShape' ? 'kli' : 'slerp' });
    }
  });
  built.plots.setTime(t);
  built.inset.setTime(duration > 0 ? t / duration : 0, markers);
}

// Each rig's box around its visible meshes: in the world (m) and on the
// scene's canvas (px from its top left), for tests.
function rigBoxes(built, camera, element) {
  const box = new THREE.Box3();
  const px = (x, y) => [((x + 1) / 2) * element.clientWidth, ((1 - y) / 2) * element.clientHeight];
  return built.rigs.map((rig) => {
    const ndc = projectedBounds(visibleBox(rig.root, box), camera);
    const [left, bottom] = px(ndc.minX, ndc.minY);
    const [right, top] = px(ndc.maxX, ndc.maxY);
    const screen = { left, right, top, bottom };
    return { x: rig.root.position.x, min: box.min.toArray(), max: box.max.toArray(), screen };
  });
}

// What the inset shows, for tests.
const insetState = (inset) => ({
  preset: inset.preset,
  caption: inset.caption,
  paperStopTime: inset.paperStopTime,
});

/**
 * @param {object} options
 * @param {object} options.kb  the library
 * @param {object} options.stage  createScene's result
 * @param {HTMLElement} options.stageElement  the scene's container (cards and inset go over it)
 * @param {HTMLElement} options.plotsElement  the box for the plots
 * @param {THREE.Object3D[]} options.singleView  what the single view shows
 * @param {Float32Array} options.bindPositions  kb.bindPositions(height)
 * @param {number} options.height  body height (m)
 */
export function createComparisonView(options) {
  const { kb, stage, stageElement, plotsElement } = options;
  const model = createComparisonModel(kb);
  const singleView = createDetacher(options.singleView);
  let built = null; // rigs, cards, plots, inset: made on first use
  let timer = null;

  function build() {
    const parts = buildParts(options);
    stage.controls.addEventListener('change', placeCards);
    // the plots appear under the scene and shrink it: frame the row again
    new ResizeObserver(() => {
      if (model.on) frameCamera(stage, stageElement, parts);
      placeCards();
    }).observe(stageElement);
    return parts;
  }

  function placeCards() {
    if (built && model.on) built.cards.place(stage.camera, built.places);
  }

  function recompute() {
    clearTimeout(timer);
    timer = null;
    if (!model.on) return;
    const result = model.figures();
    built.cards.show(result);
    built.plots.setData(result);
  }

  function setVisible(on) {
    built.rigs.forEach((rig) => (rig.root.visible = on));
    built.cards.hidden = !on;
    built.insetBox.hidden = !on;
    plotsElement.hidden = !on;
    // the page's layout gives the plots the single view's readouts' room
    plotsElement.closest('.layout')?.classList.toggle('comparing', on);
  }

  function enable(wasOn) {
    built ??= build();
    setVisible(true);
    singleView.detach();
    const subject = model.insetSubject();
    built.inset.setSubject(subject.joint, subject.idle, subject.target);
    if (!wasOn) {
      frameCamera(stage, stageElement, built);
      placeCards();
    }
    clearTimeout(timer);
    timer = setTimeout(recompute, RECOMPUTE_DELAY_MS);
  }

  function disable(wasOn) {
    clearTimeout(timer);
    timer = null;
    singleView.restore();
    plotsElement.hidden = true;
    plotsElement.closest('.layout')?.classList.remove('comparing');
    if (built) setVisible(false);
    stage.setFloorShown(true);
    if (wasOn) stage.setView('threeQuarter');
  }

  return {
    // New params (any change) and the main preview's options for them.
    setParams(params, previewOptions) {
      const wasOn = model.on;
      model.setParams(params, previewOptions);
      if (model.on) enable(wasOn);
      else disable(wasOn);
      stage.requestRender();
    },
    // Every drawn frame: each rig at time t, the playheads, the markers.
    setTime(t, duration, handShapes) {
      if (!model.on) return;
      drawRow(model, built, t, duration, handShapes);
      placeCards();
    },
    get on() {
      return model.on;
    },
    get joint() {
      return model.joint;
    },
    // What the cards show, after any pending recompute (for tests).
    snapshot() {
      if (timer !== null) recompute();
      const { on, joint, options: base } = model;
      if (!on) return { on, joint, shown: null, options: base };
      const computed = model.computed?.figures ?? null;
      const rigs = rigBoxes(built, stage.camera, stageElement);
      const { stacked } = built;
      return {
        on,
        joint,
        shown: built.cards.shown(),
        options: { ...base },
        computed,
        rigs,
        stacked,
      };
    },
    hopf: () => built && { visible: model.on, ...insetState(built.inset) },
  };
}
