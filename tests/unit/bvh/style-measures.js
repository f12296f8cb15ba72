// What the naming-style acceptance measures on an imported clip: the
// actor's height the import found, how the feet stand on the floor, limb
// directions against three.js's BVHLoader skeleton of the same file, and
// which hand rises above its shoulder.
import { Vector3 } from 'three';
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import { limbPairs } from '../../../web/lib/bvh/retarget-helpers.js';

const FEET = ['left_ankle', 'right_ankle', 'left_foot', 'right_foot'];
const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];

// The actor's height in metres: the import's scale maps the file's units
// onto our body of `height`; `units` is file units per metre.
export const actorHeight = (clip, units, height = 1.75) => height / clip.scale / units;

function ourPositions(kb, clip, f) {
  return kb.forwardKinematics(
    clip.rotations.subarray(88 * f, 88 * f + 88),
    clip.root.subarray(3 * f, 3 * f + 3),
  ).positions;
}

// Median over frames of the lowest foot joint's height over its bind height.
export function lowestFootMedian(kb, clip) {
  const names = kb.skeleton.names;
  const bind = kb.bindPositions();
  const feet = FEET.map((n) => names.indexOf(n)).filter((j) => clip.driven[j]);
  const lowest = [];
  for (let f = 0; f < clip.frames; f++) {
    const at = ourPositions(kb, clip, f);
    lowest.push(Math.min(...feet.map((j) => at[3 * j + 1] - bind[3 * j + 1])));
  }
  return median(lowest);
}

// World positions of the file's joints (by index, in the file's order),
// frame by frame, as three's BVHLoader poses its skeleton: each track's
// key of that frame written to its bone, which is what AnimationMixer
// does at a key's time. Bones and tracks are taken in the file's order,
// not by name: BVHLoader keeps only a name's first word ("Bip01 L Thigh"
// → "Bip01") and the mixer cannot bind a name with a colon ("mixamorig:Hips").
export function loaderSkeleton(text) {
  const { skeleton, clip } = new BVHLoader().parse(text);
  const joints = skeleton.bones.filter((b) => b.name !== 'ENDSITE');
  const tracks = clip.tracks; // a position and a quaternion track per joint
  return {
    at(frame, indices) {
      joints.forEach((bone, i) => {
        bone.position.fromArray(tracks[2 * i].values, frame * 3);
        bone.quaternion.fromArray(tracks[2 * i + 1].values, frame * 4);
      });
      skeleton.bones[0].updateMatrixWorld(true);
      return indices.map((i) => joints[i].getWorldPosition(new Vector3()));
    },
  };
}

const angle = (a, b) => a.angleTo(b);

// Worst and mean angle (degrees) between our limbs (each driven joint from
// its nearest driven ancestor) and the file's same joints in BVHLoader's
// skeleton, every `step`-th frame.
export function limbDirections(kb, clip, text, step = 5) {
  const names = kb.skeleton.names;
  const loader = loaderSkeleton(text);
  const pairs = limbPairs(clip.driven);
  const fileJoints = names.map((n) => clip.joints.indexOf(clip.mapped[n] ?? clip.mapped.pelvis));
  let worst = 0;
  let sum = 0;
  let count = 0;
  for (let f = 0; f < clip.frames; f += step) {
    const theirs = loader.at(f, fileJoints);
    const ours = ourPositions(kb, clip, f);
    const our = (j) => new Vector3(ours[3 * j], ours[3 * j + 1], ours[3 * j + 2]);
    for (const [j, o] of pairs) {
      const a = our(j).sub(our(o));
      const b = theirs[j].clone().sub(theirs[o]);
      const degrees = (angle(a, b) * 180) / Math.PI;
      worst = Math.max(worst, degrees);
      sum += degrees;
      count++;
    }
  }
  return { worst, mean: sum / count };
}

// How far (m) each wrist rises above its shoulder at most over the clip.
export function wristRise(kb, clip) {
  const names = kb.skeleton.names;
  const rise = { left: -Infinity, right: -Infinity };
  for (let f = 0; f < clip.frames; f++) {
    const at = ourPositions(kb, clip, f);
    for (const side of ['left', 'right']) {
      const y = (joint) => at[3 * names.indexOf(`${side}_${joint}`) + 1];
      rise[side] = Math.max(rise[side], y('wrist') - y('shoulder'));
    }
  }
  return rise;
}

// The same for the file itself, in BVHLoader's skeleton.
export function fileWristRise(text, clip, sides) {
  const loader = loaderSkeleton(text);
  const rise = {};
  for (const [side, [wrist, shoulder]] of Object.entries(sides)) {
    rise[side] = -Infinity;
    for (let f = 0; f < clip.frames; f++) {
      const [w, s] = loader.at(
        f,
        [wrist, shoulder].map((n) => clip.joints.indexOf(n)),
      );
      rise[side] = Math.max(rise[side], w.y - s.y);
    }
  }
  return rise;
}
