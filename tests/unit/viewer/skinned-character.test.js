// The default character's mesh, checked in Node (three.js skins on the CPU
// through SkinnedMesh.getVertexPosition): its skeleton is kblend's, its
// weights are proper, and in the library's gestures the surface neither
// spikes nor tears, the limbs stay joined to the trunk, and the palm and
// thumb point where the clap check reads them.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { createSkinnedCharacter } from '../../../web/figures/skinned-character.js';
import { COLORS } from '../../../web/figures/body-profile.js';
import { kb } from '../support.js';

const HEIGHT = 1.75;
const make = (height = HEIGHT) =>
  createSkinnedCharacter(kb.skeleton, kb.bindPositions(height), height);
const character = make();
const { mesh } = character;
const geometry = mesh.geometry;
const parts = geometry.userData.parts;
const count = geometry.attributes.position.count;
const names = kb.skeleton.names;
const index = Object.fromEntries(names.map((n, j) => [n, j]));

function midHoldPose(gesture) {
  const preview = kb.createPreview({ gesture });
  const { attack, release } = kb.defaults;
  const pose = preview.evaluate((preview.duration * (attack + 1 - release)) / 2);
  preview.dispose();
  return pose;
}

const identityPose = () => new Float32Array(88).map((_, i) => (i % 4 === 3 ? 1 : 0));

// Skinned positions of every vertex in a pose, as Vector3s.
function skinnedPositions(c, pose) {
  c.applyPose(pose);
  c.root.updateMatrixWorld(true);
  return Array.from({ length: count }, (_, i) => c.mesh.getVertexPosition(i, new THREE.Vector3()));
}

function jointPositions(c) {
  return c.bones.map((bone) => new THREE.Vector3().setFromMatrixPosition(bone.matrixWorld));
}

// Each bone's segments in world space: to each child, and for the ends
// of chains (head, wrists, feet) along the bone's own bind direction.
function boneSegments(c) {
  const joints = jointPositions(c);
  const ends = { head: [0, 0.2, 0], left_wrist: [0.2, 0, 0], right_wrist: [-0.2, 0, 0] };
  ends.left_foot = ends.right_foot = [0, -0.02, 0.06];
  return names.map((name, j) => {
    const children = kb.skeleton.parents.flatMap((p, k) => (p === j ? [joints[k]] : []));
    if (ends[name]) {
      const q = new THREE.Quaternion().setFromRotationMatrix(c.bones[j].matrixWorld);
      children.push(joints[j].clone().add(new THREE.Vector3(...ends[name]).applyQuaternion(q)));
    }
    return children.map((end) => new THREE.Line3(joints[j].clone(), end));
  });
}

function distanceToBones(p, segments, vertex) {
  let best = Infinity;
  const closest = new THREE.Vector3();
  for (let c = 0; c < 4; c++) {
    if (geometry.attributes.skinWeight.getComponent(vertex, c) === 0) continue;
    const bone = geometry.attributes.skinIndex.getComponent(vertex, c);
    for (const segment of segments[bone]) {
      best = Math.min(best, segment.closestPointToPoint(p, true, closest).distanceTo(p));
    }
  }
  return best;
}

const centroid = (ring, positions) =>
  ring.reduce((sum, i) => sum.add(positions[i]), new THREE.Vector3()).divideScalar(ring.length);

// Inside a tube: nearer the centre of its nearest section than that
// section's outline is in the same direction.
function insideTube(point, part, positions) {
  let nearest = null;
  for (const ring of part.rings) {
    const centre = centroid(ring, positions);
    const d = centre.distanceTo(point);
    if (!nearest || d < nearest.d) nearest = { d, ring, centre };
  }
  const toPoint = point.clone().sub(nearest.centre);
  let outline = null;
  for (const i of nearest.ring) {
    const toVertex = positions[i].clone().sub(nearest.centre);
    const angle = toVertex.angleTo(toPoint);
    if (!outline || angle < outline.angle) outline = { angle, length: toVertex.length() };
  }
  return toPoint.length() < outline.length;
}

function edges() {
  const list = new Set();
  const ix = geometry.index.array;
  for (let t = 0; t < ix.length; t += 3) {
    for (const [a, b] of [
      [ix[t], ix[t + 1]],
      [ix[t + 1], ix[t + 2]],
      [ix[t + 2], ix[t]],
    ]) {
      list.add(a < b ? a * count + b : b * count + a);
    }
  }
  return [...list].map((key) => [Math.floor(key / count), key % count]);
}

const bindPositions = skinnedPositions(character, identityPose());
const bindSegments = boneSegments(character);
const bindDistances = bindPositions.map((p, i) => distanceToBones(p, bindSegments, i));
const edgeList = edges();
const GESTURES = [
  'clap',
  'wave',
  'crossed_arms',
  'akimbo',
  'salute',
  'shrug',
  'point',
  'thumbs_up',
];

describe('skinned character: skeleton and weights', () => {
  it('has the 22 kblend bones, in kblend order and hierarchy, at the bind', () => {
    expect(mesh.isSkinnedMesh).toBe(true);
    expect(mesh.skeleton.bones.map((b) => b.name)).toEqual([...names]);
    expect(character.bones).toBe(character.bones);
    const bind = kb.bindPositions(HEIGHT);
    const joints = jointPositions(character);
    mesh.skeleton.bones.forEach((bone, j) => {
      const parent = kb.skeleton.parents[j];
      expect(parent < 0 ? bone.parent : bone.parent.name).toBe(
        parent < 0 ? character.root : names[parent],
      );
      expect(bone.quaternion.equals(new THREE.Quaternion())).toBe(true);
      for (let c = 0; c < 3; c++) expect(joints[j].getComponent(c)).toBeCloseTo(bind[3 * j + c], 6);
    });
  });

  it('weights every vertex by at most four bones that sum to 1', () => {
    const { skinIndex, skinWeight } = geometry.attributes;
    expect(skinIndex.itemSize).toBe(4);
    const used = new Set();
    for (let i = 0; i < count; i++) {
      let sum = 0;
      for (let c = 0; c < 4; c++) {
        const w = skinWeight.getComponent(i, c);
        expect(w).toBeGreaterThanOrEqual(0);
        sum += w;
        if (w > 0) used.add(skinIndex.getComponent(i, c));
      }
      expect(Math.abs(sum - 1)).toBeLessThan(1e-5);
    }
    // every bone carries some of the surface
    expect([...used].sort((a, b) => a - b)).toEqual(names.map((_, j) => j));
  });

  it('blends across the joints: the elbow and the neck share vertices between two bones', () => {
    const shared = (a, b) => {
      let n = 0;
      for (let i = 0; i < count; i++) {
        const bones = [0, 1, 2, 3].filter(
          (c) => geometry.attributes.skinWeight.getComponent(i, c) > 0.1,
        );
        const ids = bones.map((c) => geometry.attributes.skinIndex.getComponent(i, c));
        if (ids.includes(index[a]) && ids.includes(index[b])) n++;
      }
      return n;
    };
    // at least a whole ring of the arm (14 vertices around)
    expect(shared('left_shoulder', 'left_elbow')).toBeGreaterThanOrEqual(14);
    expect(shared('right_elbow', 'right_wrist')).toBeGreaterThanOrEqual(14);
    expect(shared('neck', 'head')).toBeGreaterThan(20);
    expect(shared('spine3', 'neck')).toBeGreaterThan(20);
  });

  it('is light: a few thousand triangles in one mesh', () => {
    const triangles = geometry.index.count / 3;
    expect(triangles).toBeGreaterThan(2000);
    expect(triangles).toBeLessThan(8000);
  });
});

describe('skinned character: the surface in the gestures', () => {
  it('keeps every vertex near its bones at the bind', () => {
    const worst = bindDistances.indexOf(Math.max(...bindDistances));
    const where = bindPositions[worst].toArray().map((v) => v.toFixed(3));
    expect(bindDistances[worst], `vertex ${worst} at ${where}`).toBeLessThan(0.17);
  });

  // Beyond the library's gestures: the joints' extremes.
  const extremePose = () => {
    const pose = identityPose();
    const set = (name, axis, degrees) => {
      const q = new THREE.Quaternion().setFromAxisAngle(
        new THREE.Vector3(...axis),
        (degrees * Math.PI) / 180,
      );
      pose.set([q.x, q.y, q.z, q.w], 4 * index[name]);
    };
    set('left_shoulder', [0, 0, 1], 160); // raised above the head
    set('right_shoulder', [0, 0, 1], 160); // raised above the head
    set('left_elbow', [0, 1, 0], -150); // bent 150°, forearm forward
    set('right_elbow', [0, 1, 0], 150);
    set('left_wrist', [0, 0, 1], 70);
    set('right_wrist', [1, 0, 0], 80);
    set('left_hip', [1, 0, 0], -80);
    set('left_knee', [1, 0, 0], 110);
    set('neck', [0, 1, 0], 40);
    set('head', [1, 0, 0], 30);
    set('spine2', [0, 0, 1], 20);
    return pose;
  };

  it.each([...GESTURES, 'extremes'])(
    '%s at mid-hold: no spikes, no tears, limbs joined to the trunk',
    (gesture) => {
      const c = make();
      const pose = gesture === 'extremes' ? extremePose() : midHoldPose(gesture);
      const positions = skinnedPositions(c, pose);
      const segments = boneSegments(c);
      // no vertex flies off its bones
      positions.forEach((p, i) => {
        const d = distanceToBones(p, segments, i);
        expect(d, `vertex ${i}`).toBeLessThan(Math.max(0.17, bindDistances[i] + 0.03));
      });
      // no edge stretches into a tear
      let worst = 0;
      for (const [a, b] of edgeList) {
        const bind = bindPositions[a].distanceTo(bindPositions[b]);
        worst = Math.max(worst, (positions[a].distanceTo(positions[b]) - 0.005) / bind);
      }
      expect(worst).toBeLessThan(2.5);
      // the limbs' roots stay inside the trunk, the shins inside the shoes
      for (const side of ['left', 'right']) {
        const armRoot = centroid(parts[`${side}_arm`].rings[0], positions);
        expect(insideTube(armRoot, parts.trunk, positions), `${side} shoulder`).toBe(true);
        const legRoot = centroid(parts[`${side}_leg`].rings[0], positions);
        expect(insideTube(legRoot, parts.trunk, positions), `${side} hip`).toBe(true);
        const shin = positions[parts[`${side}_leg`].endPole];
        expect(insideTube(shin, parts[`${side}_shoe`], positions), `${side} ankle`).toBe(true);
      }
    },
  );

  // A crease is a bend taken in one step: with weights blended across a
  // joint, the tube's axis (its sections' centres) turns by only part of the
  // joint's angle from one section to the next; a hard switch between two
  // bones turns it by the whole angle at once.
  const CREASE_JOINTS = [
    ['arm', 'collar', 'shoulder', 'elbow'],
    ['arm', 'shoulder', 'elbow', 'wrist'],
    ['leg', 'hip', 'knee', 'ankle'],
  ];
  it.each([...GESTURES, 'extremes'])(
    '%s: no sharp crease at the shoulders, elbows, knees',
    (gesture) => {
      const c = make();
      const pose = gesture === 'extremes' ? extremePose() : midHoldPose(gesture);
      const positions = skinnedPositions(c, pose);
      const joints = jointPositions(c);
      const bindJoints = kb.bindPositions(HEIGHT);
      for (const side of ['left', 'right']) {
        for (const [part, before, at, after] of CREASE_JOINTS) {
          const [a, b, d] = [before, at, after].map((n) => joints[index[`${side}_${n}`]]);
          const bend = b.clone().sub(a).angleTo(d.clone().sub(b));
          const j = index[`${side}_${at}`];
          const joint = new THREE.Vector3(...bindJoints.slice(3 * j, 3 * j + 3));
          const rings = parts[`${side}_${part}`].rings;
          let turn = 0;
          for (let r = 1; r + 1 < rings.length; r++) {
            if (centroid(rings[r], bindPositions).distanceTo(joint) > 0.09) continue;
            const [p0, p1, p2] = [r - 1, r, r + 1].map((k) => centroid(rings[k], positions));
            turn = Math.max(turn, p1.clone().sub(p0).angleTo(p2.clone().sub(p1)));
          }
          expect(turn, `${side} ${at}, bent ${((bend * 180) / Math.PI).toFixed(0)}°`).toBeLessThan(
            0.65 * bend + 0.1,
          );
        }
      }
    },
  );

  it('keeps the neck joined to the chest and the head: adjacent trunk sections stay close', () => {
    for (const gesture of ['bind', ...GESTURES]) {
      const c = make();
      const positions = skinnedPositions(
        c,
        gesture === 'bind' ? identityPose() : midHoldPose(gesture),
      );
      const rings = parts.trunk.rings;
      for (let r = 0; r + 1 < rings.length; r++) {
        const gap = centroid(rings[r], positions).distanceTo(centroid(rings[r + 1], positions));
        const bindGap = centroid(rings[r], bindPositions).distanceTo(
          centroid(rings[r + 1], bindPositions),
        );
        expect(gap, `${gesture}, ring ${r}`).toBeLessThan(bindGap * 1.5 + 0.002);
      }
    }
  });
});

describe('skinned character: hands and face', () => {
  const palm = new THREE.Color(COLORS.glovePalm);
  const isPalm = (i) =>
    Math.abs(geometry.attributes.color.getX(i) - palm.r) < 1e-6 &&
    Math.abs(geometry.attributes.color.getY(i) - palm.g) < 1e-6 &&
    Math.abs(geometry.attributes.color.getZ(i) - palm.b) < 1e-6;
  const handVertices = (side) => {
    const wrist = index[`${side}_wrist`];
    const list = [];
    for (let i = 0; i < count; i++) {
      const ws = geometry.attributes.skinWeight;
      if (geometry.attributes.skinIndex.getX(i) === wrist && ws.getX(i) === 1) list.push(i);
    }
    return list;
  };
  const thumbVertices = (side) =>
    parts[`${side}_thumb`].rings.flat().concat(parts[`${side}_thumb`].endPole);

  // The mean skinned normal of the palm side of a hand.
  function palmNormal(c, side) {
    const normals = geometry.attributes.normal;
    const mean = new THREE.Vector3();
    for (const i of handVertices(side)) {
      if (!isPalm(i) || thumbVertices(side).includes(i)) continue;
      const n = new THREE.Vector4(normals.getX(i), normals.getY(i), normals.getZ(i), 0);
      c.mesh.applyBoneTransform(i, n);
      mean.add(new THREE.Vector3(n.x, n.y, n.z));
    }
    return mean.normalize();
  }

  it('has a palm side facing −Y at the bind, rigid on the wrist', () => {
    for (const side of ['left', 'right']) {
      const c = make();
      skinnedPositions(c, identityPose());
      expect(handVertices(side).filter(isPalm).length).toBeGreaterThan(30);
      expect(palmNormal(c, side).y).toBeLessThan(-0.9);
    }
  });

  it('has a distinct thumb on the +Z side at the bind, beyond every finger', () => {
    for (const side of ['left', 'right']) {
      const wrist = kb.bindPositions(HEIGHT)[3 * index[`${side}_wrist`] + 2];
      const tip = bindPositions[parts[`${side}_thumb`].endPole];
      expect(tip.z - wrist).toBeGreaterThan(0.05);
      for (let f = 0; f < 4; f++) {
        for (const i of parts[`${side}_finger${f}`].rings.flat()) {
          expect(bindPositions[i].z).toBeLessThan(tip.z - 0.01);
        }
      }
    }
  });

  it('turns the palms with the wrists: in the clap they oppose as the clap check reads them', () => {
    const c = make();
    const pose = midHoldPose('clap');
    skinnedPositions(c, pose);
    const dot = palmNormal(c, 'left').dot(palmNormal(c, 'right'));
    const check = kb.validateClap(pose);
    expect(dot).toBeLessThan(-0.9);
    expect(Math.abs(dot - check.palmDot)).toBeLessThan(0.05);
  });

  it('shows hand shapes: a fist curls the fingers, thumbUp raises the thumb', () => {
    const c = make();
    const tipDistance = (positions, side) => {
      const wrist = jointPositions(c)[index[`${side}_wrist`]];
      return positions[parts[`${side}_finger1`].endPole].distanceTo(wrist);
    };
    const hand = (shape, curl = 1) => ({ shape, curl });
    c.setHandShapes({ left: hand('open'), right: hand('open') });
    const open = skinnedPositions(c, identityPose());
    c.setHandShapes({ left: hand('fist'), right: hand('thumbUp') });
    const shaped = skinnedPositions(c, identityPose());
    expect(tipDistance(shaped, 'left')).toBeLessThan(tipDistance(open, 'left') - 0.07);
    expect(tipDistance(shaped, 'right')).toBeLessThan(tipDistance(open, 'right') - 0.07);
    const thumbTip = (positions) => positions[parts.right_thumb.endPole];
    expect(thumbTip(shaped).z).toBeGreaterThan(thumbTip(open).z + 0.005);
    c.setHandShapes({ left: hand('point'), right: hand('open') });
    const pointing = skinnedPositions(c, identityPose());
    const indexReach = (positions) =>
      positions[parts.left_finger0.endPole].distanceTo(jointPositions(c)[index.left_wrist]);
    expect(indexReach(pointing)).toBeGreaterThan(indexReach(open) - 0.003);
    expect(tipDistance(pointing, 'left')).toBeLessThan(tipDistance(open, 'left') - 0.07);
    // the curl is how far the hand goes: half a fist curls about half as far
    c.setHandShapes({ left: hand('fist', 0.5), right: hand('relaxed') });
    const half = skinnedPositions(c, identityPose());
    const closed = tipDistance(open, 'left') - tipDistance(shaped, 'left');
    const halfClosed = tipDistance(open, 'left') - tipDistance(half, 'left');
    expect(halfClosed).toBeGreaterThan(0.3 * closed);
    expect(halfClosed).toBeLessThan(0.7 * closed);
    // relaxed: the fingers a little bent, far from a fist
    const relaxedBend = tipDistance(open, 'right') - tipDistance(half, 'right');
    expect(relaxedBend).toBeGreaterThan(0.005);
    expect(relaxedBend).toBeLessThan(0.5 * closed);
  });

  it('has a face on +Z: eyes, nose and mouth ahead of the head joint', () => {
    const head = jointPositions(character)[index.head];
    for (const name of ['left_eye', 'right_eye', 'nose', 'mouth']) {
      const tip = centroid(parts[name].rings.flat(), bindPositions);
      expect(tip.z - head.z, name).toBeGreaterThan(0.07);
      expect(Math.abs(tip.x), name).toBeLessThan(0.05);
    }
    expect(centroid(parts.left_eye.rings.flat(), bindPositions).x).toBeGreaterThan(0);
  });

  it('scales with the height it is given', () => {
    const small = make(1.4);
    const top = (c) => {
      const box = new THREE.Box3();
      skinnedPositions(c, identityPose()).forEach((p) => box.expandByPoint(p));
      return box;
    };
    expect(top(small).max.y).toBeCloseTo(1.4, 2);
    expect(top(character).max.y).toBeCloseTo(1.75, 2);
    expect(Math.abs(top(character).min.y)).toBeLessThan(0.005);
  });
});

describe('skinned character: interface', () => {
  it('offers what the mannequin offers', () => {
    for (const key of ['applyPose', 'setSkeletonVisible', 'setBodyVisible', 'setHandShapes']) {
      expect(typeof character[key]).toBe('function');
    }
    expect(character.root.isObject3D).toBe(true);
    character.setBodyVisible(false);
    expect(mesh.visible).toBe(false);
    character.setBodyVisible(true);
    expect(mesh.visible).toBe(true);
  });

  it('refuses bad arguments with messages that name them', () => {
    expect(() => createSkinnedCharacter(kb.skeleton, new Float32Array(10), 1.75)).toThrow(
      /bindPositions must hold 66 numbers.*got 10/,
    );
    expect(() => createSkinnedCharacter(kb.skeleton, kb.bindPositions(1.75), -1)).toThrow(
      RangeError,
    );
    expect(() => createSkinnedCharacter({}, kb.bindPositions(1.75))).toThrow(TypeError);
    const open = { shape: 'open', curl: 1 };
    expect(() =>
      character.setHandShapes({ left: { shape: 'claw', curl: 1 }, right: open }),
    ).toThrow(/hands.left.shape must be one of open, relaxed, fist, point, thumbUp, got claw/);
    expect(() =>
      character.setHandShapes({ left: open, right: { shape: 'fist', curl: 2 } }),
    ).toThrow(/hands.right.curl must be a number in \[0, 1\], got 2/);
  });
});
