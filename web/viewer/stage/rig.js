// The humanoid: a bone per joint of the kblend skeleton, placed at the
// core's T-pose bind, with a segmented body hung on the bones. The core's
// local rotations are relative to that bind (whose rotations are all
// identity), so a bone's quaternion is exactly the core's local rotation:
// the rig adds no animation of its own.
import { DEFAULT_HEIGHT, OPEN_HANDS } from 'kblend';
import * as THREE from 'three';
import {
  addSkeletonOverlay,
  buildKblendBones,
  writeLocalRotations,
} from '../../figures/kblend-bones.js';

const SKIN = 0xd9a27e;
const SHIRT = 0x3d6fb6;
const TROUSERS = 0x2f3640;
const SHOES = 0x1c1f24;
// Gloves with a bright palm and a white back, so the palm's orientation
// reads at a glance; the thumb is on the +Z side of the hand at the bind.
const GLOVE_BACK = 0xeeeeee;
const GLOVE_PALM = 0xf08a24;
const FACE_DARK = 0x222222;
// The segment sizes below are drawn for the default body height; other
// heights scale them by height / DEFAULT_HEIGHT.

const material = (color) => new THREE.MeshStandardMaterial({ color, roughness: 0.7 });

const Y_AXIS = new THREE.Vector3(0, 1, 0);

// A capsule from point a to point b (in the parent's frame).
function capsule(a, b, radius, mat) {
  const direction = new THREE.Vector3().subVectors(b, a);
  const length = direction.length();
  const mesh = new THREE.Mesh(
    new THREE.CapsuleGeometry(radius, Math.max(length, 1e-3), 4, 12),
    mat,
  );
  mesh.position.addVectors(a, b).multiplyScalar(0.5);
  mesh.quaternion.setFromUnitVectors(Y_AXIS, direction.normalize());
  return mesh;
}

// An ellipsoid with semi-axes (sx, sy, sz) centred at `centre`.
function ellipsoid(centre, sx, sy, sz, mat) {
  const mesh = new THREE.Mesh(new THREE.SphereGeometry(1, 24, 16), mat);
  mesh.position.copy(centre);
  mesh.scale.set(sx, sy, sz);
  return mesh;
}

function box(centre, sx, sy, sz, mat) {
  const mesh = new THREE.Mesh(new THREE.BoxGeometry(sx, sy, sz), mat);
  mesh.position.copy(centre);
  return mesh;
}

const v = (x, y, z) => new THREE.Vector3(x, y, z);

// Bones at the bind: each one's position is its offset from the parent.
// The body's segments, each in the frame of the bone that moves it. Sizes
// are fractions of the bind's own lengths, so the body scales with height.
function dressBody(bone, world, mats, height) {
  const hands = {};
  const offset = (from, to) => world[to].clone().sub(world[from]);
  const s = height / DEFAULT_HEIGHT;
  const at = (name) => bone[name];

  // trunk: pelvis, belly, chest as overlapping ellipsoids (one per spine
  // bone, so a bending spine bends the trunk)
  at('pelvis').add(ellipsoid(v(0, -0.025 * s, 0), 0.165 * s, 0.105 * s, 0.115 * s, mats.trousers));
  at('spine1').add(ellipsoid(v(0, 0.05 * s, 0), 0.15 * s, 0.125 * s, 0.105 * s, mats.shirt));
  // the waist, mostly inside the belly and the chest
  at('spine2').add(ellipsoid(v(0, 0.04 * s, 0.005 * s), 0.145 * s, 0.1 * s, 0.1 * s, mats.shirt));
  at('spine3').add(ellipsoid(v(0, 0.05 * s, 0.01 * s), 0.175 * s, 0.17 * s, 0.115 * s, mats.shirt));

  // neck and head, with a face that shows which way it looks (+Z)
  const neckToHead = offset('neck', 'head');
  at('neck').add(capsule(v(0, 0, 0), neckToHead, 0.045 * s, mats.skin));
  const head = at('head');
  head.add(ellipsoid(v(0, 0.09 * s, 0.01 * s), 0.085 * s, 0.11 * s, 0.1 * s, mats.skin));
  for (const side of [-1, 1]) {
    head.add(
      ellipsoid(
        v(side * 0.032 * s, 0.095 * s, 0.092 * s),
        0.012 * s,
        0.012 * s,
        0.008 * s,
        mats.face,
      ),
    );
  }
  const nose = new THREE.Mesh(new THREE.ConeGeometry(0.014 * s, 0.035 * s, 12), mats.skin);
  nose.position.set(0, 0.06 * s, 0.11 * s);
  nose.rotation.x = Math.PI / 2;
  head.add(nose);

  for (const side of ['left', 'right']) {
    const along = side === 'left' ? 1 : -1; // the arm runs along ±X at the bind
    // shoulder girdle and arm: short sleeve, bare forearm, gloved hand
    at(`${side}_collar`).add(
      capsule(v(0, 0, 0), offset(`${side}_collar`, `${side}_shoulder`), 0.055 * s, mats.shirt),
    );
    const upper = at(`${side}_shoulder`);
    upper.add(ellipsoid(v(0, 0, 0), 0.058 * s, 0.058 * s, 0.058 * s, mats.shirt));
    upper.add(
      capsule(v(0, 0, 0), offset(`${side}_shoulder`, `${side}_elbow`), 0.044 * s, mats.shirt),
    );
    at(`${side}_elbow`).add(
      capsule(v(0, 0, 0), offset(`${side}_elbow`, `${side}_wrist`), 0.035 * s, mats.skin),
    );
    hands[side] = dressHand(at(`${side}_wrist`), along, s, mats);

    // leg: thigh, shank, shoe
    const hip = at(`${side}_hip`);
    hip.add(ellipsoid(v(0, 0, 0), 0.075 * s, 0.075 * s, 0.075 * s, mats.trousers));
    hip.add(capsule(v(0, 0, 0), offset(`${side}_hip`, `${side}_knee`), 0.066 * s, mats.trousers));
    at(`${side}_knee`).add(
      capsule(v(0, 0, 0), offset(`${side}_knee`, `${side}_ankle`), 0.05 * s, mats.trousers),
    );
    const toe = offset(`${side}_ankle`, `${side}_foot`);
    at(`${side}_ankle`).add(
      box(v(0, -0.03 * s, toe.z * 0.45), 0.095 * s, 0.07 * s, toe.z + 0.12 * s, mats.shoes),
    );
  }
  return hands;
}

// The mannequin's hands are rigid: a hand's shape shows from curl 0.5, an
// open hand below it.
export const mannequinShape = ({ shape, curl }) => (curl >= 0.5 ? shape : 'open');

// The name of a hand's group of fingers for a shape ("left_hand_fist").
export const handGroupName = (side, shape) => `${side}_hand_${shape}`;

// A hand extending along `along`·X, its thumb toward +Z, its palm (−Y at
// the bind) coloured and its back white. The palm is shared; fingers and
// thumb come in one group per hand shape, shown one at a time.
function dressHand(wrist, along, s, mats) {
  const palmLength = 0.1 * s;
  const fingerLength = 0.085 * s;
  const width = 0.082 * s;
  const thickness = 0.03 * s;
  const plate = 0.006 * s; // the coloured palm-side layer
  const x = (distance) => along * distance;

  wrist.add(box(v(x(palmLength / 2), 0, 0), palmLength, thickness, width, mats.gloveBack));
  wrist.add(
    box(
      v(x(palmLength / 2), -thickness / 2, 0),
      palmLength * 0.98,
      plate,
      width * 0.96,
      mats.glovePalm,
    ),
  );

  const straightFingers = () => {
    const centre = v(x(palmLength + fingerLength / 2 - 0.004 * s), -0.003 * s, 0);
    return [
      box(centre, fingerLength, thickness * 0.75, width * 0.95, mats.gloveBack),
      box(
        v(centre.x, centre.y - thickness * 0.375, 0),
        fingerLength * 0.98,
        plate,
        width * 0.9,
        mats.glovePalm,
      ),
    ];
  };
  // fingers folded onto the palm side: a knuckle block below the palm's end
  const curledFingers = () => [
    box(
      v(x(palmLength + 0.012 * s), -0.022 * s, 0),
      0.034 * s,
      0.05 * s,
      width * 0.95,
      mats.gloveBack,
    ),
    box(
      v(x(palmLength - 0.012 * s), -0.04 * s, 0),
      0.03 * s,
      0.014 * s,
      width * 0.9,
      mats.glovePalm,
    ),
  ];
  const thumb = (from, to) => capsule(from, to, 0.016 * s, mats.glovePalm);
  const thumbBase = v(x(0.03 * s), -0.004 * s, width / 2);
  const spreadThumb = () =>
    thumb(thumbBase, thumbBase.clone().add(v(x(0.03 * s), -0.006 * s, 0.045 * s)));
  const raisedThumb = () =>
    thumb(v(x(0.06 * s), 0, width / 2), v(x(0.06 * s), 0, width / 2 + 0.055 * s));
  const tuckedThumb = () =>
    thumb(v(x(0.05 * s), -0.012 * s, width / 2), v(x(0.1 * s), -0.042 * s, width * 0.25));
  const indexFinger = () =>
    capsule(
      v(x(palmLength), -0.004 * s, width * 0.3),
      v(x(palmLength + 0.085 * s), -0.004 * s, width * 0.3),
      0.011 * s,
      mats.gloveBack,
    );

  // straight fingers bent down at the knuckles (about the hand's width)
  const looseFingers = () => {
    const knuckle = new THREE.Group();
    knuckle.position.copy(v(x(palmLength), 0, 0));
    knuckle.rotation.z = -along * 0.6;
    for (const finger of straightFingers()) {
      finger.position.x -= x(palmLength);
      knuckle.add(finger);
    }
    return knuckle;
  };

  const group = (...meshes) => {
    const g = new THREE.Group();
    g.add(...meshes);
    g.visible = false;
    wrist.add(g);
    return g;
  };
  const shapes = {
    open: group(...straightFingers(), spreadThumb()),
    relaxed: group(looseFingers(), tuckedThumb()),
    fist: group(...curledFingers(), tuckedThumb()),
    point: group(...curledFingers(), tuckedThumb(), indexFinger()),
    thumbUp: group(...curledFingers(), raisedThumb()),
  };
  const side = along > 0 ? 'left' : 'right';
  for (const [shape, g] of Object.entries(shapes)) g.name = handGroupName(side, shape);
  shapes.open.visible = true;
  return shapes;
}

/**
 * @param {{ names: string[], parents: number[] }} skeleton  kb.skeleton
 * @param {Float32Array} bindPositions  kb.bindPositions(height), 66 floats
 * @param {number} height  the height the bind was made for (m)
 */
export function createRig(skeleton, bindPositions, height) {
  const { names, parents } = skeleton;
  const built = buildKblendBones(names, parents, bindPositions);
  const { bones } = built;
  const world = built.world.map((p) => v(...p));
  const byName = Object.fromEntries(names.map((name, j) => [name, bones[j]]));
  const mats = {
    skin: material(SKIN),
    shirt: material(SHIRT),
    trousers: material(TROUSERS),
    shoes: material(SHOES),
    gloveBack: material(GLOVE_BACK),
    glovePalm: material(GLOVE_PALM),
    face: material(FACE_DARK),
  };
  const root = new THREE.Group();
  root.name = 'humanoid';
  root.add(bones[0]);
  const worldByName = Object.fromEntries(names.map((name, j) => [name, world[j]]));
  const hands = dressBody(byName, worldByName, mats, height);

  const overlay = addSkeletonOverlay(root, bones[0]);

  // The body hangs on the bones; hiding it means hiding those groups.
  const bodyParts = bones.flatMap((bone) => bone.children.filter((child) => !child.isBone));

  let shown = OPEN_HANDS;
  let bodyVisible = true;
  return {
    root,
    bones,
    // Set every bone from the core's local rotations (88 floats, [x,y,z,w]).
    applyPose: (local) => writeLocalRotations(bones, local),
    setSkeletonVisible(visible) {
      overlay.visible = visible;
    },
    setBodyVisible(visible) {
      bodyVisible = visible;
      for (const part of bodyParts) part.visible = visible;
      this.setHandShapes(shown);
    },
    // hands: { left, right }, each { shape, curl } (a preview frame's
    // hands), as mannequinShape shows them
    setHandShapes(shapes) {
      shown = shapes;
      for (const side of ['left', 'right']) {
        const name = mannequinShape(shapes[side]);
        for (const [key, group] of Object.entries(hands[side])) {
          group.visible = bodyVisible && key === name;
        }
      }
    },
  };
}
