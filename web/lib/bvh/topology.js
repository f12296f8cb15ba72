// Matching by topology where names fail: the pelvis is where the body
// branches, legs are the chains that go down from it, the chest is where
// the spine branches into two arms and a neck. Within a limb the two
// longest consecutive segments are the thigh and shank (or upper arm and
// forearm), whatever extra joints (hip dummies, fingers) the chain has;
// twist and roll bones, which lie on the limb in any rest pose, are known
// by their names. Sides come from a joint of the chain already mapped (by
// name or by hand), else from the pose: the toes point forward and the
// left is up × forward (+X for a body facing +Z, as ours).
import { JOINT_NAMES } from '../skeleton-names.js';
import { mapSpine } from './joint-names.js';

const J = Object.fromEntries(JOINT_NAMES.map((name, j) => [name, j]));

function childrenOf(parents) {
  const children = parents.map(() => []);
  parents.forEach((p, i) => p >= 0 && children[p].push(i));
  return children;
}

const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

// The main path down from joint `from`: at each branch, the child whose
// subtree reaches farthest from `from`.
function mainPath(from, children, rest) {
  const reach = (i) => Math.max(distance(rest[i], rest[from]), ...children[i].map(reach));
  const path = [from];
  for (let i = from; children[i].length > 0; path.push(i)) {
    i = children[i].reduce((best, c) => (reach(c) > reach(best) ? c : best));
  }
  return path;
}

// Index in path of the first of three joints spanning the two longest
// consecutive segments.
function longestPair(path, rest) {
  let best = -1;
  let length = 0;
  for (let i = 0; i + 2 < path.length; i++) {
    const l =
      distance(rest[path[i]], rest[path[i + 1]]) + distance(rest[path[i + 1]], rest[path[i + 2]]);
    if (l > length) [best, length] = [i, l];
  }
  return best;
}

function assign(indexOf, taken, joint, source) {
  if (source === undefined || source < 0 || indexOf[joint] >= 0 || taken.has(source)) return;
  indexOf[joint] = source;
  taken.add(source);
}

// A limb chain onto [before, top joint, middle, end, (next)]: where one of
// them is already mapped on the chain the others follow from it, else the
// two longest consecutive segments are top–middle–end; the joint above
// them is `before` (the collar of an arm).
function mapLimb(indexOf, taken, fullPath, rest, joints, names) {
  const path = fullPath.filter((j) => !/twist|roll/i.test(names[j] ?? ''));
  const anchor = joints.findIndex((joint) => joint !== undefined && path.includes(indexOf[joint]));
  const i =
    anchor >= 0 ? path.indexOf(indexOf[joints[anchor]]) - anchor + 1 : longestPair(path, rest);
  if (i < 0) return;
  const [before, top, middle, end, next] = joints;
  if (before !== undefined && i > 0) assign(indexOf, taken, before, path[i - 1]);
  assign(indexOf, taken, top, path[i]);
  assign(indexOf, taken, middle, path[i + 1]);
  assign(indexOf, taken, end, path[i + 2]);
  if (next !== undefined) assign(indexOf, taken, next, path[i + 3]);
}

// The side a chain's mapped joints already say (names or a manual map).
function namedSide(indexOf, path) {
  for (const [j, source] of indexOf.entries()) {
    if (source >= 0 && path.includes(source)) {
      const side = /^(left|right)_/.exec(JOINT_NAMES[j]);
      if (side) return side[1];
    }
  }
  return null;
}

// Left or right for two chains of one kind (legs, arms): what their names
// say, else which lies farther along `lateral` from `origin`.
function sides(indexOf, paths, rest, origin, lateral) {
  const named = paths.map((path) => namedSide(indexOf, path));
  const along = (path) => {
    const end = rest[path[path.length - 1]];
    return [0, 1, 2].reduce((s, k) => s + (end[k] - rest[origin][k]) * lateral[k], 0);
  };
  return paths.map((path, k) => {
    if (named[k]) return named[k];
    const other = paths.find((_, m) => m !== k);
    const otherSide = other && named[paths.indexOf(other)];
    if (otherSide) return otherSide === 'left' ? 'right' : 'left';
    if (other) return along(path) >= along(other) ? 'left' : 'right';
    return along(path) >= 0 ? 'left' : 'right';
  });
}

// up × forward, with forward where the toes point (the last joint of each
// leg past its ankle), +Z when the legs have no toes.
function lateralAxis(legs, rest) {
  const forward = [0, 0];
  for (const path of legs) {
    const i = longestPair(path, rest);
    if (i < 0 || i + 3 >= path.length) continue;
    const ankle = rest[path[i + 2]];
    const toe = rest[path[path.length - 1]];
    forward[0] += toe[0] - ankle[0];
    forward[1] += toe[2] - ankle[2];
  }
  const length = Math.hypot(...forward);
  const [fx, fz] = length > 0 ? forward.map((v) => v / length) : [0, 1];
  return [fz, 0, -fx];
}

// The first joint at or below `from` with two or more children.
function firstBranch(from, children) {
  let i = from;
  while (children[i].length === 1) i = children[i][0];
  return i;
}

// Fills the joints indexOf leaves at −1 (never changes a set one).
// rest: world rest positions of the source joints ([x, y, z] each).
export function mapByTopology(indexOf, parents, rest, names = []) {
  const children = childrenOf(parents);
  const taken = new Set(indexOf.filter((i) => i >= 0));
  const root = parents.indexOf(-1);
  if (root < 0) return indexOf;
  const pelvis = indexOf[J.pelvis] >= 0 ? indexOf[J.pelvis] : firstBranch(root, children);
  assign(indexOf, taken, J.pelvis, pelvis);
  const y = (i) => rest[i][1];
  const legs = [];
  let up = null;
  for (const child of children[pelvis]) {
    const path = mainPath(child, children, rest);
    const end = path[path.length - 1];
    if (y(end) < y(pelvis)) legs.push(path);
    else if (!up || y(end) > y(up[up.length - 1])) up = path;
  }
  const lateral = lateralAxis(legs, rest);
  const legSides = sides(indexOf, legs, rest, pelvis, lateral);
  legs.forEach((path, k) => {
    const s = legSides[k] + '_';
    mapLimb(
      indexOf,
      taken,
      path,
      rest,
      [undefined, J[s + 'hip'], J[s + 'knee'], J[s + 'ankle'], J[s + 'foot']],
      names,
    );
  });
  if (up) mapUpperBody(indexOf, taken, up, children, rest, names, lateral);
  mapSpine(indexOf, parents, taken);
  return indexOf;
}

function mapUpperBody(indexOf, taken, up, children, rest, names, lateral) {
  const chest = firstBranch(up[0], children);
  const y = (i) => rest[i][1];
  const branches = children[chest].map((c) => mainPath(c, children, rest));
  const upward = (path) => y(path[path.length - 1]) - y(chest);
  const sideways = (path) => Math.abs(rest[path[path.length - 1]][0] - rest[chest][0]);
  branches.sort((a, b) => upward(b) - sideways(b) - (upward(a) - sideways(a)));
  const [neckPath, ...arms] = branches;
  if (neckPath && upward(neckPath) > sideways(neckPath)) {
    assign(indexOf, taken, J.neck, neckPath[0]);
    // our head joint sits at the base of the skull, about 5 % of the body
    // height above the neck: whatever extra neck or head-top joints exist
    const heights = rest.map((p) => p[1]);
    const target = y(neckPath[0]) + 0.05 * (Math.max(...heights) - Math.min(...heights));
    const head = neckPath
      .slice(1)
      .reduce(
        (best, i) => (Math.abs(y(i) - target) < Math.abs(y(best) - target) ? i : best),
        neckPath[neckPath.length - 1],
      );
    assign(indexOf, taken, J.head, head);
  }
  const armPaths = arms.slice(0, 2);
  const armSides = sides(indexOf, armPaths, rest, chest, lateral);
  armPaths.forEach((path, k) => {
    const s = armSides[k] + '_';
    const joints = [J[s + 'collar'], J[s + 'shoulder'], J[s + 'elbow'], J[s + 'wrist']];
    mapLimb(indexOf, taken, path, rest, joints, names);
  });
}
