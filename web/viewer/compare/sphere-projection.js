// An orthographic view of the unit sphere S² for the Hopf inset: a camera
// basis that looks at the middle of a path, the projection of sphere points
// to the inset's pixels, and the wireframe circles drawn behind the curves.
// Pure functions, no DOM.

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

function normalize(v) {
  const n = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / n, v[1] / n, v[2] / n];
}

/**
 * A right-handed viewing basis whose forward axis points from the sphere's
 * centre toward the viewer through `toward` (so that point is drawn at the
 * middle, in front). Screen up follows the world's +Y where it can.
 * @param {ArrayLike<number>} toward  any nonzero vector (falls back to +Z)
 * @returns {{ right: number[], up: number[], forward: number[] }}
 */
export function viewBasis(toward) {
  const length = Math.hypot(toward[0], toward[1], toward[2]);
  const forward = length > 1e-9 ? normalize(toward) : [0, 0, 1];
  // world up, or world Z when the view looks straight along Y
  const hint = Math.abs(forward[1]) < 0.95 ? [0, 1, 0] : [0, 0, 1];
  const right = normalize(cross(hint, forward));
  const up = cross(forward, right);
  return { right, up, forward };
}

// The basis that centres a path: the view looks at the normalized mean of
// its points. points: flat [x0, y0, z0, x1, ...].
export function basisForPath(points) {
  const mean = [0, 0, 0];
  for (let i = 0; i < points.length; i += 3) {
    mean[0] += points[i];
    mean[1] += points[i + 1];
    mean[2] += points[i + 2];
  }
  return viewBasis(mean);
}

/**
 * A sphere point in the inset's pixels: the sphere of radius `radius` is
 * centred at (cx, cy), screen y grows downward. `front` tells whether the
 * point faces the viewer (depth ≥ 0).
 */
export function projectPoint(point, basis, { cx, cy, radius }) {
  const depth = dot(point, basis.forward);
  return {
    x: cx + radius * dot(point, basis.right),
    y: cy - radius * dot(point, basis.up),
    depth,
    front: depth >= 0,
  };
}

// A flat array of sphere points projected, one {x, y, depth, front} each.
export function projectPath(points, basis, frame) {
  const out = [];
  for (let i = 0; i < points.length; i += 3) {
    out.push(projectPoint([points[i], points[i + 1], points[i + 2]], basis, frame));
  }
  return out;
}

// The wireframe: latitude circles about the world's Y axis every
// `latitudeStep` radians and meridians every `meridianStep`, each as a flat
// array of `segments` + 1 points on the unit sphere.
export function wireframeCircles({
  latitudeStep = Math.PI / 6,
  meridianStep = Math.PI / 6,
  segments = 72,
} = {}) {
  const circles = [];
  const ring = (pointAt) => {
    const points = new Float64Array(3 * (segments + 1));
    for (let s = 0; s <= segments; s++) {
      const p = pointAt((2 * Math.PI * s) / segments);
      points.set(p, 3 * s);
    }
    return points;
  };
  for (let lat = -Math.PI / 2 + latitudeStep; lat < Math.PI / 2 - 1e-9; lat += latitudeStep) {
    const y = Math.sin(lat);
    const r = Math.cos(lat);
    circles.push(ring((a) => [r * Math.cos(a), y, r * Math.sin(a)]));
  }
  for (let lon = 0; lon < Math.PI - 1e-9; lon += meridianStep) {
    const c = Math.cos(lon);
    const s = Math.sin(lon);
    circles.push(ring((a) => [c * Math.cos(a), Math.sin(a), s * Math.cos(a)]));
  }
  return circles;
}

// Indices of `count` ticks spread evenly over a path of n samples (first
// and last included): sampled evenly in its own parameter, the ticks show
// the path's timing.
export function tickIndices(n, count) {
  if (n < 2 || count < 2) return [0];
  const ticks = [];
  for (let i = 0; i < count; i++) ticks.push(Math.round((i * (n - 1)) / (count - 1)));
  return ticks;
}
