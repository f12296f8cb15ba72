// The clap overlay: what the clap rules (docs/design.md §5) look at, drawn on the
// rig. At each hand an arrow for the palm normal and one for the thumb, and
// a line between the wrists, each green when its rule passes and red when
// it fails (palms rule for the normals, each thumb's rule for its thumb,
// separation and order for the line), and neutral grey where the clap
// check does not judge it — as the readout's table marks its rows: red
// always means a rule fails where it applies. Updated every frame from the
// pose shown, through the core's forward kinematics and clap check.
import * as THREE from 'three';
import { rotateVector } from 'kblend';

export const PASS_COLOR = 0x3fb97a;
export const FAIL_COLOR = 0xe5534b;
// A part the clap check does not judge in the phase shown.
export const NEUTRAL_COLOR = 0x9aa7b8;
// The wrist line while the palms touch: the separation rule does not judge
// the contact phase (readouts/clap-phase.js), so the line is neither.
export const CONTACT_LINE_COLOR = NEUTRAL_COLOR;

// What is judged in a phase of the clap check (readouts/clap-phase.js;
// null: no phase, everything judged): all of it in the open phase; in the
// contact the palms and thumbs, not the wrists' separation (close by
// design); nothing while the hands move between the two, nor outside the
// hold (the attack and release, 'blend'), where no clap is held: the
// readout says "hands moving" or "not judged now" there and marks no row.
export function judgedParts(phase) {
  const unjudged = phase === 'moving' || phase === 'blend';
  return { arrows: !unjudged, line: !unjudged && phase !== 'contact' };
}

// Whether the clap arrows show: the user's choice, kept for the clap and
// for the other gestures apart. On for the clap the first time it is
// shown, off for the others; a choice made is kept when the gesture
// changes and back, so arrows turned off stay off when the clap is
// chosen again.
export function createArrowsChoice() {
  const wanted = { clap: true, other: false };
  const kind = (isClap) => (isClap ? 'clap' : 'other');
  return {
    shownFor: (isClap) => wanted[kind(isClap)],
    choose(isClap, on) {
      wanted[kind(isClap)] = on === true;
    },
  };
}

const LEFT_WRIST = 20;
const RIGHT_WRIST = 21;
const ARROW_LENGTH = 0.14; // m: long enough to read, short of the other hand
// Hand axes in a wrist's local frame at the bind (docs/design.md §3).
const PALM_NORMAL = [0, -1, 0];
const THUMB = [0, 0, 1];

const add = (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];

// One hand's arrows. The palm arrow starts at the palm centre and the
// thumb arrow at the thumb tip: the core's hand markers (kb.handMarkers).
function handArrows(fk, palmMarker, thumbMarker, palmOk, thumbOk) {
  const wrist = palmMarker.joint;
  const q = Array.from(fk.rotations.subarray(4 * wrist, 4 * wrist + 4));
  const p = Array.from(fk.positions.subarray(3 * wrist, 3 * wrist + 3));
  const palmCentre = add(p, rotateVector(q, palmMarker.offset));
  const thumbTip = add(p, rotateVector(q, thumbMarker.offset));
  return {
    palm: { origin: palmCentre, direction: rotateVector(q, PALM_NORMAL), ok: palmOk },
    thumb: { origin: thumbTip, direction: rotateVector(q, THUMB), ok: thumbOk },
  };
}

/**
 * What the overlay shows for one pose: pure, so it is tested without WebGL.
 * @param {{ positions: Float32Array, rotations: Float32Array }} fk
 *   kb.forwardKinematics(pose): world positions (66) and rotations (88)
 * @param {object} report  kb.validateClap(pose)
 * @param {object} markers  kb.handMarkers(height) of the rig
 * @returns {{ left: {palm, thumb}, right: {palm, thumb}, line: {from, to, ok} }}
 *   each arrow { origin, direction (unit), ok }
 */
export function clapOverlayState(fk, report, markers) {
  const { rules } = report;
  const left = handArrows(fk, markers.leftPalm, markers.leftThumb, rules.palms, rules.thumbLeft);
  const right = handArrows(
    fk,
    markers.rightPalm,
    markers.rightThumb,
    rules.palms,
    rules.thumbRight,
  );
  const wrist = (j) => Array.from(fk.positions.subarray(3 * j, 3 * j + 3));
  return {
    left,
    right,
    line: {
      from: wrist(LEFT_WRIST),
      to: wrist(RIGHT_WRIST),
      ok: rules.separation && rules.ordered,
    },
  };
}

/**
 * The same for a character whose hands carry their own markers
 * (character-stage.js handsInWorld()): the arrows where its hands are.
 * @param {{ left: object, right: object }} hands  per side { wrist, palm:
 *   { origin, direction }, thumb: { origin, direction } }, world
 * @param {object} report  the clap check of the pose, with those hands
 */
function characterOverlayState(hands, report) {
  const { rules } = report;
  const side = (h, palmOk, thumbOk) => ({
    palm: { ...h.palm, ok: palmOk },
    thumb: { ...h.thumb, ok: thumbOk },
  });
  return {
    left: side(hands.left, rules.palms, rules.thumbLeft),
    right: side(hands.right, rules.palms, rules.thumbRight),
    line: { from: hands.left.wrist, to: hands.right.wrist, ok: rules.separation && rules.ordered },
  };
}

const colorOf = (ok) => (ok ? PASS_COLOR : FAIL_COLOR);

function arrowHelper() {
  const arrow = new THREE.ArrowHelper(
    new THREE.Vector3(0, 1, 0),
    new THREE.Vector3(),
    ARROW_LENGTH,
    FAIL_COLOR,
    0.035,
    0.022,
  );
  // drawn over the body, so an arrow inside a hand still shows
  for (const part of [arrow.line, arrow.cone]) {
    part.material.depthTest = false;
    part.renderOrder = 10;
  }
  return arrow;
}

function wristLine() {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.Float32BufferAttribute(new Float32Array(6), 3));
  const line = new THREE.Line(
    geometry,
    new THREE.LineBasicMaterial({ color: FAIL_COLOR, depthTest: false }),
  );
  line.renderOrder = 10;
  line.frustumCulled = false;
  return line;
}

/**
 * The overlay's three.js objects. Add `root` to the scene (world frame: the
 * rig stands at the origin with no transform of its own).
 * @param {object} kb  the loaded library (forwardKinematics, validateClap)
 * @param {number} [height]  body height of the rig, m
 */
export function createClapOverlay(kb, height = kb.defaults.height) {
  const markers = kb.handMarkers(height);
  const root = new THREE.Group();
  root.name = 'clap overlay';
  const arrows = {
    left: { palm: arrowHelper(), thumb: arrowHelper() },
    right: { palm: arrowHelper(), thumb: arrowHelper() },
  };
  const line = wristLine();
  for (const side of Object.values(arrows)) root.add(side.palm, side.thumb);
  root.add(line);
  let state = null;
  const direction = new THREE.Vector3();

  function placeArrow(arrow, spec) {
    arrow.position.fromArray(spec.origin);
    arrow.setDirection(direction.fromArray(spec.direction).normalize());
    arrow.setColor(colorOf(spec.ok));
  }

  // The parts the phase does not judge turn neutral (judgedParts).
  function markJudged(judged) {
    for (const side of ['left', 'right']) {
      for (const part of ['palm', 'thumb']) {
        state[side][part].judged = judged.arrows;
        if (!judged.arrows) arrows[side][part].setColor(NEUTRAL_COLOR);
      }
    }
    state.line.judged = judged.line;
    line.material.color.setHex(judged.line ? colorOf(state.line.ok) : NEUTRAL_COLOR);
  }

  return {
    root,
    get visible() {
      return root.visible;
    },
    setVisible(visible) {
      root.visible = visible;
    },
    // pose: the 88 local rotations shown; report: kb.validateClap(pose);
    // fk: its forward kinematics when the caller has them already (a
    // preview frame's positions and rotations), else computed here; phase:
    // the clap check's phase (the wrist line is neutral in the contact);
    // hands: a user character's markers in the world (drawn there instead)
    update(pose, report, fk, phase = null, hands = null) {
      state = hands
        ? characterOverlayState(hands, report)
        : clapOverlayState(
            fk ?? kb.forwardKinematics(pose, undefined, { height }),
            report,
            markers,
          );
      for (const side of ['left', 'right']) {
        placeArrow(arrows[side].palm, state[side].palm);
        placeArrow(arrows[side].thumb, state[side].thumb);
      }
      const positions = line.geometry.attributes.position;
      positions.array.set([...state.line.from, ...state.line.to]);
      positions.needsUpdate = true;
      markJudged(judgedParts(phase)); // what the phase does not judge is neutral
    },
    // What is drawn, for tests: each part's rule result and colour (hex).
    describe() {
      if (!state) return { visible: root.visible, parts: null };
      const arrowPart = (spec, arrow) => ({
        ok: spec.ok,
        judged: spec.judged,
        color: arrow.line.material.color.getHex(),
        origin: spec.origin,
        direction: spec.direction,
      });
      return {
        visible: root.visible,
        parts: {
          leftPalm: arrowPart(state.left.palm, arrows.left.palm),
          rightPalm: arrowPart(state.right.palm, arrows.right.palm),
          leftThumb: arrowPart(state.left.thumb, arrows.left.thumb),
          rightThumb: arrowPart(state.right.thumb, arrows.right.thumb),
          wrists: {
            from: state.line.from,
            to: state.line.to,
            ok: state.line.ok,
            judged: state.line.judged,
            color: line.material.color.getHex(),
          },
        },
      };
    },
  };
}
