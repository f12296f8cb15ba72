// Palm and thumb markers of a user's character, from its own hand bones.
// kblend's hand (docs/design.md §3) has its palm normal along −Y and its thumb along
// +Z of the wrist's frame at the T-pose bind; a model's hand has its own
// bone axes (Mixamo's +Y along the bone, a twist, an A-pose rest), so its
// markers are read from its rest shape instead: the fingers (the hand
// bone's children) give the hand's direction, the thumb bone the thumb's
// side, and the palm normal is across both (the back of the hand is on
// the other side). A hand without finger bones keeps kblend's axes, with a
// note saying so.
//
// Each hand's markers come out in two frames:
// - `bone`: in the hand bone's own frame, for drawing on the model (the
//   bone's world matrix carries them along as it moves);
// - `kblend`: in kblend's wrist frame, for the clap check and the IK solve
//   (the binding gives the bone the world rotation W_j · W_j(P)⁻¹ · R_b, so
//   a direction d of the rest model reads W_j(P)⁻¹ · d in kblend's frame).
//   `correction` is the rotation C that takes kblend's axes onto the
//   model's (C·(−Y) = palm normal, C·(+Z) = thumb): a pose whose wrists are
//   turned by C on the right is checked and solved by the core with the
//   model's hands.
import * as THREE from 'three';

export const KBLEND_PALM_NORMAL = Object.freeze([0, -1, 0]);
export const KBLEND_THUMB = Object.freeze([0, 0, 1]);
// Fractions of the body height, as kblend's own markers (c_src/skeleton.c).
const PALM_DEPTH = 0.012;
const KBLEND_HAND = 0.108; // hand length
const THUMB_REACH = 0.035;
// A child further than this from the other fingers' direction is a thumb.
const THUMB_ANGLE = (25 * Math.PI) / 180;

const worldOf = (o) => new THREE.Vector3().setFromMatrixPosition(o.matrixWorld);
const bonesUnder = (o) => o.children.filter((c) => !c.isMesh && !c.isLight && !c.isCamera);

// The last joint of a chain (a thumb's tip), following first children.
function tipOf(bone) {
  let at = bone;
  while (bonesUnder(at).length > 0) at = bonesUnder(at)[0];
  return at;
}

// The thumb among the hand's children: by name, else the one that points
// away from the others (three or more children).
function findThumb(children, wrist) {
  const named = children.find((c) => /thumb/i.test(c.name));
  if (named) return named;
  if (children.length < 3) return null;
  const dirs = children.map((c) => worldOf(c).sub(wrist).normalize());
  let best = -1;
  let bestAngle = THUMB_ANGLE;
  dirs.forEach((d, i) => {
    const others = dirs
      .filter((_, k) => k !== i)
      .reduce((s, v) => s.add(v), new THREE.Vector3())
      .normalize();
    const angle = d.angleTo(others);
    if (angle > bestAngle) [best, bestAngle] = [i, angle];
  });
  return best >= 0 ? children[best] : null;
}

// The hand's world axes at rest: direction (wrist → fingers), thumb side,
// palm normal, and its length; null when it has no finger bones.
function restAxes(hand, side, fallback) {
  const wrist = worldOf(hand);
  const children = bonesUnder(hand);
  const thumb = findThumb(children, wrist);
  const fingers = children.filter((c) => c !== thumb);
  if (fingers.length === 0) return null;
  const knuckles = fingers.reduce((s, f) => s.add(worldOf(f)), new THREE.Vector3());
  knuckles.divideScalar(fingers.length);
  const along = knuckles.clone().sub(wrist);
  const length = along.length();
  if (!(length > 1e-6)) return null;
  along.normalize();
  const tip = thumb ? worldOf(tipOf(thumb)) : null;
  const sideways = thumb ? tip.clone().sub(wrist) : fallback.thumb.clone();
  sideways.addScaledVector(along, -sideways.dot(along));
  if (!(sideways.length() > 1e-6)) return null;
  sideways.normalize();
  // left: along × thumb; right: thumb × along (both −Y in kblend's T-pose)
  const normal =
    side === 'left'
      ? along.clone().cross(sideways).normalize()
      : sideways.clone().cross(along).normalize();
  return { wrist, along, thumb: sideways, normal, length, knuckles, tip, hasThumb: !!thumb };
}

// The rotation C with C·(−Y) = normal and C·(+Z) = thumb (both unit and
// orthogonal), as a quaternion [x, y, z, w].
export function handCorrection(normal, thumb) {
  const n = new THREE.Vector3().fromArray(normal).normalize();
  const t = new THREE.Vector3().fromArray(thumb);
  t.addScaledVector(n, -t.dot(n)).normalize();
  // the columns are the images of X, Y, Z: C·Y = −n, C·Z = t, C·X = C·Y × C·Z
  const y = n.clone().negate();
  const x = y.clone().cross(t);
  const m = new THREE.Matrix4().makeBasis(x, y, t);
  return new THREE.Quaternion().setFromRotationMatrix(m).toArray();
}

// What a hand's markers could not take from the model, in words.
function noteOf(hand, axes) {
  if (!axes) return `${hand.name}: no finger bones, kblend's hand axes are used`;
  return axes.hasThumb ? '' : `${hand.name}: no thumb bone, the thumb's side is kblend's`;
}

/**
 * One hand's markers, derived from the model at rest (call before any pose
 * is applied, with world matrices up to date).
 * @param {THREE.Object3D} hand  the model's hand bone
 * @param {'left' | 'right'} side
 * @param {object} options
 * @param {number} options.height  the model's height (m): the palm's depth
 * @param {THREE.Quaternion} [options.frame]  rotation of kblend's world in
 *   the scene (the bound root's world rotation; identity by default)
 * @param {ArrayLike<number>} [options.restWrist]  W_j(P), kblend's wrist
 *   world rotation in the pose the model's rest matches (identity: T-pose)
 */
export function deriveHandMarkers(hand, side, { height, frame, restWrist } = {}) {
  hand.updateWorldMatrix(true, true);
  const toScene = (frame ?? new THREE.Quaternion()).clone();
  const rest = restWrist ? new THREE.Quaternion().fromArray(restWrist) : new THREE.Quaternion();
  // kblend-frame direction d → scene: frame · W(P) · d; and back
  const kblendToScene = toScene.clone().multiply(rest);
  const sceneToKblend = kblendToScene.clone().invert();
  const sceneOf = (v) => new THREE.Vector3().fromArray(v).applyQuaternion(kblendToScene);
  const fallback = { normal: sceneOf(KBLEND_PALM_NORMAL), thumb: sceneOf(KBLEND_THUMB) };
  const axes = restAxes(hand, side, fallback);
  const wrist = worldOf(hand);
  const shape = axes ?? {
    wrist,
    along: sceneOf([side === 'left' ? 1 : -1, 0, 0]),
    thumb: fallback.thumb,
    normal: fallback.normal,
    length: KBLEND_HAND * height,
    hasThumb: false,
  };
  const palm = wrist
    .clone()
    .addScaledVector(shape.along, 0.4 * shape.length)
    .addScaledVector(shape.normal, PALM_DEPTH * height);
  const thumbTip = shape.tip
    ? shape.tip.clone()
    : wrist
        .clone()
        .addScaledVector(shape.along, 0.35 * shape.length)
        .addScaledVector(shape.thumb, THUMB_REACH * height);
  const toBone = new THREE.Matrix4().copy(hand.matrixWorld).invert();
  const boneRotation = new THREE.Quaternion().setFromRotationMatrix(hand.matrixWorld).invert();
  const inBone = (v) => v.clone().applyQuaternion(boneRotation).normalize().toArray();
  const inKblend = (v) => v.clone().applyQuaternion(sceneToKblend).normalize().toArray();
  const normal = inKblend(shape.normal);
  const thumb = inKblend(shape.thumb);
  return {
    side,
    source: axes ? (axes.hasThumb ? 'fingers and thumb' : 'fingers') : 'kblend',
    note: noteOf(hand, axes),
    bone: {
      palm: palm.clone().applyMatrix4(toBone).toArray(),
      thumbTip: thumbTip.clone().applyMatrix4(toBone).toArray(),
      palmNormal: inBone(shape.normal),
      thumb: inBone(shape.thumb),
    },
    kblend: { palmNormal: normal, thumb },
    correction: handCorrection(normal, thumb),
  };
}

/**
 * Both hands' markers of a model.
 * @param {{ left: THREE.Object3D, right: THREE.Object3D }} bones  its hand bones
 * @param {object} options  as deriveHandMarkers', with restWrists: { left,
 *   right } (each side's restWrist) instead of one restWrist
 */
export function deriveCharacterHands(bones, { restWrists, ...options } = {}) {
  const left = deriveHandMarkers(bones.left, 'left', { ...options, restWrist: restWrists?.left });
  const right = deriveHandMarkers(bones.right, 'right', {
    ...options,
    restWrist: restWrists?.right,
  });
  return { left, right, notes: [left.note, right.note].filter(Boolean) };
}
