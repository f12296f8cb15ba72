// The default character: one smooth skinned mesh over kblend's 22 bones,
// made here at load from the body table (no model file). A drop-in for the
// segmented mannequin: the same arguments and the same returned fields, so
// the viewer drives either with the core's local rotations. The bones sit
// at the core's T-pose bind with identity rotations, and the mesh is bound
// there, so a bone's quaternion is exactly the core's local rotation.
import * as THREE from 'three';
import { addArm, addLeg, addShoe, addTrunk } from './body-parts.js';
import { addFace } from './face.js';
import { HAND_SHAPES } from 'kblend';
import { addHand } from './hand.js';
import { createMeshBuilder } from './mesh-builder.js';
import { addSkeletonOverlay, buildKblendBones, writeLocalRotations } from './kblend-bones.js';

const SIDES = ['left', 'right'];

function checkArguments(skeleton, bindPositions, height) {
  const { names, parents } = skeleton ?? {};
  if (!names || !parents || names.length !== parents.length) {
    throw new TypeError(`skeleton must be kb.skeleton ({ names, parents }), got ${skeleton}`);
  }
  const expected = 3 * skeleton.names.length;
  if (!bindPositions || bindPositions.length !== expected) {
    throw new RangeError(
      `bindPositions must hold ${expected} numbers (kb.bindPositions(height)), got ${bindPositions?.length}`,
    );
  }
  if (!(typeof height === 'number' && Number.isFinite(height) && height > 0)) {
    throw new RangeError(`height must be a positive number of metres, got ${height}`);
  }
}

function buildGeometry(names, world, height) {
  const morphNames = SIDES.flatMap((side) =>
    HAND_SHAPES.slice(1).map((shape) => `${side}.${shape}`),
  );
  const builder = createMeshBuilder(morphNames);
  const index = Object.fromEntries(names.map((name, j) => [name, j]));
  const ctx = {
    builder,
    height,
    bone: (name) => index[name],
    joint: (name) => world[index[name]],
  };
  addTrunk(ctx);
  for (const side of SIDES) {
    addArm(ctx, side);
    addHand(ctx, side);
    addLeg(ctx, side);
    addShoe(ctx, side);
  }
  addFace(ctx);
  return builder.toGeometry();
}

// The hand morphs' indices by name ("left.fist", …) of the character's mesh.
const morphIndexOf = (mesh) =>
  Object.fromEntries(mesh.geometry.userData.morphNames.map((name, i) => [name, i]));

// The morph weights of a pair of hands: each hand's shape at weight curl
// (open is the base, no morph).
function writeHandWeights(weights, morphIndex, hands) {
  weights.fill(0);
  for (const side of SIDES) {
    const { shape, curl } = hands?.[side] ?? {};
    if (!HAND_SHAPES.includes(shape)) {
      throw new RangeError(
        `hands.${side}.shape must be one of ${HAND_SHAPES.join(', ')}, got ${shape}`,
      );
    }
    if (!(curl >= 0 && curl <= 1)) {
      throw new RangeError(`hands.${side}.curl must be a number in [0, 1], got ${curl}`);
    }
    if (shape !== 'open') weights[morphIndex[`${side}.${shape}`]] = curl;
  }
  return weights;
}

/**
 * The hand morph weights of the character's mesh for a pair of hands (as
 * setHandShapes sets them): one number per morph target.
 * @param {THREE.SkinnedMesh} mesh  a skinned character's mesh
 * @param {{ left: object, right: object }} hands  a preview frame's hands
 */
export function handMorphWeights(mesh, hands) {
  return writeHandWeights(new Array(mesh.morphTargetInfluences.length), morphIndexOf(mesh), hands);
}

/**
 * @param {{ names: string[], parents: number[] }} skeleton  kb.skeleton
 * @param {Float32Array} bindPositions  kb.bindPositions(height), 66 floats
 * @param {number} height  the height the bind was made for (m)
 */
export function createSkinnedCharacter(skeleton, bindPositions, height) {
  checkArguments(skeleton, bindPositions, height);
  const { names, parents } = skeleton;
  const { bones, world } = buildKblendBones(names, parents, bindPositions);
  const geometry = buildGeometry(names, world, height);
  const material = new THREE.MeshStandardMaterial({ vertexColors: true, roughness: 0.72 });
  const mesh = new THREE.SkinnedMesh(geometry, material);
  mesh.name = 'skinned-character';
  // the pose moves the surface far from the bind's bounds: never cull it
  mesh.frustumCulled = false;

  const root = new THREE.Group();
  root.name = 'humanoid';
  root.add(bones[0], mesh);
  root.updateMatrixWorld(true);
  mesh.bind(new THREE.Skeleton(bones));

  const overlay = addSkeletonOverlay(root, bones[0]);

  const morphIndex = morphIndexOf(mesh);
  return {
    root,
    bones,
    mesh,
    // Set every bone from the core's local rotations (88 floats, [x,y,z,w]).
    applyPose: (local) => writeLocalRotations(bones, local),
    setSkeletonVisible(visible) {
      overlay.visible = visible;
    },
    setBodyVisible(visible) {
      mesh.visible = visible;
    },
    // hands: { left, right }, each { shape: one of HAND_SHAPES, curl: 0 … 1 }
    // (a preview frame's hands)
    setHandShapes(hands) {
      writeHandWeights(mesh.morphTargetInfluences, morphIndex, hands);
    },
  };
}
