// Fingers and thumb. The skeleton ends at the wrist, so the hand is rigid
// on the wrist bone and its shapes (kb's HAND_SHAPES: open, relaxed, fist,
// pointing, thumb up) are morph targets of one topology, open the base: each finger is a tube along a centreline
// bent at its three knuckles, the thumb a tube along a curve. Built in the
// wrist's frame at the bind (x along the hand, y the back of the hand, z
// the thumb side), then mirrored for the right hand.
import { HAND_SHAPES } from 'kblend';
import { FINGERS, FINGER_BASE_CM, THUMB_RADIUS_CM, fraction } from './body-profile.js';
import { paint } from './body-parts.js';
import { ring } from './loft.js';
import { ramp, single } from './skin-weights.js';

const RELAXED = [6, 10, 6];
const LOOSE = [24, 38, 22];
const CURLED = [88, 100, 62];
const STRAIGHT = [0, 4, 2];
// Per shape: knuckle angles (degrees: base, middle, tip) of each finger
// from the thumb side, and the thumb's base, bend and tip (cm).
const SHAPES = {
  open: {
    fingers: [RELAXED, RELAXED, RELAXED, RELAXED],
    thumb: [
      [2.4, -0.6, 2.2],
      [4.8, -1.3, 5.0],
      [6.8, -1.5, 7.4],
    ],
  },
  relaxed: {
    fingers: [LOOSE, LOOSE, LOOSE, LOOSE],
    thumb: [
      [2.5, -0.7, 2.3],
      [5.4, -2.0, 4.6],
      [7.6, -2.6, 6.0],
    ],
  },
  fist: {
    fingers: [CURLED, CURLED, CURLED, CURLED],
    thumb: [
      [2.6, -0.9, 2.4],
      [6.2, -3.4, 3.8],
      [8.6, -4.6, 1.2],
    ],
  },
  point: {
    fingers: [STRAIGHT, CURLED, CURLED, CURLED],
    thumb: [
      [2.6, -0.9, 2.4],
      [6.2, -3.4, 3.8],
      [8.8, -4.6, 0.4],
    ],
  },
  thumbUp: {
    fingers: [CURLED, CURLED, CURLED, CURLED],
    thumb: [
      [3.6, -0.2, 2.4],
      [4.2, 0.3, 5.6],
      [4.5, 0.7, 8.8],
    ],
  },
};

const FINGER_KEYS = [0, 0.08, 0.22, 0.42, 0.56, 0.72, 0.82, 0.9, 0.96, 1];
const KNUCKLES = [0.08, 0.45, 0.72]; // along the finger, fractions of its length
const AROUND = 7;

const cm = (H) => (v) => fraction(v) * H;

// A finger's rings (and its two poles) for knuckle angles in degrees.
function fingerTube(finger, angles, H) {
  const m = cm(H);
  const length = m(finger.length);
  const base = [m(FINGER_BASE_CM), m(-0.1), m(finger.z)];
  const bend = (u) =>
    KNUCKLES.reduce((sum, k, j) => sum + ((angles[j] * Math.PI) / 180) * ramp(u, k, 0.1), 0);
  // the centreline, integrated from the base
  const frameAt = (u) => {
    const steps = 40;
    const p = base.slice();
    for (let i = 0; i < steps; i++) {
      const theta = bend(((i + 0.5) / steps) * u);
      p[0] += (Math.cos(theta) * length * u) / steps;
      p[1] -= (Math.sin(theta) * length * u) / steps;
    }
    const theta = bend(u);
    return { centre: p, e1: [Math.sin(theta), Math.cos(theta), 0] };
  };
  const radius = m(finger.radius);
  const rings = FINGER_KEYS.slice(1, -1).map((u) => {
    const { centre, e1 } = frameAt(u);
    const scale = (1 - 0.18 * u) * (u > 0.8 ? Math.sqrt(1 - ((u - 0.8) / 0.2) ** 2) : 1);
    const r = radius * scale;
    return {
      centre,
      e1,
      points: ring(centre, e1, [0, 0, 1], [r * 0.88, r * 0.88, r, r], 2, AROUND),
    };
  });
  return { rings, start: frameAt(0).centre, end: frameAt(1).centre };
}

const bezier = (b, k, t, u) =>
  [0, 1, 2].map((c) => (1 - u) ** 2 * b[c] + 2 * u * (1 - u) * k[c] + u * u * t[c]);

function thumbTube(points, H) {
  const m = cm(H);
  const [b, k, t] = points.map((p) => p.map(m));
  const radius = m(THUMB_RADIUS_CM);
  const rings = FINGER_KEYS.slice(1, -1).map((u) => {
    const centre = bezier(b, k, t, u);
    const ahead = bezier(b, k, t, Math.min(u + 0.01, 1));
    const behind = bezier(b, k, t, Math.max(u - 0.01, 0));
    const tangent = normalize(ahead.map((v, c) => v - behind[c]));
    const up = normalize([0, 1, 0].map((v, c) => v - tangent[1] * tangent[c]));
    const side = cross(tangent, up);
    const scale = (1 - 0.2 * u) * (u > 0.8 ? Math.sqrt(1 - ((u - 0.8) / 0.2) ** 2) : 1);
    const r = radius * scale;
    return {
      centre,
      e1: up,
      points: ring(centre, up, side, [r * 0.85, r * 0.85, r, r], 2, AROUND),
    };
  });
  return { rings, start: bezier(b, k, t, 0), end: bezier(b, k, t, 1) };
}

// Adds one hand's four fingers and thumb, rigid on its wrist bone.
export function addHand(ctx, side) {
  const H = ctx.height;
  const wrist = ctx.joint(`${side}_wrist`);
  const along = side === 'left' ? 1 : -1;
  const toWorld = (p) => [wrist[0] + along * p[0], wrist[1] + p[1], wrist[2] + p[2]];
  const weights = single(ctx.bone(`${side}_wrist`));
  const tubes = (shape) => [
    ...SHAPES[shape].fingers.map((angles, i) => fingerTube(FINGERS[i], angles, H)),
    thumbTube(SHAPES[shape].thumb, H),
  ];
  const open = tubes('open');
  const others = HAND_SHAPES.slice(1).map((shape) => [`${side}.${shape}`, tubes(shape)]);
  open.forEach((tube, t) => {
    const isThumb = t === open.length - 1;
    const vertex = (p, ringIndex, k, color) => {
      const shapes = {};
      for (const [name, shaped] of others) {
        const other = shaped[t];
        const q =
          ringIndex === 'start'
            ? other.start
            : ringIndex === 'end'
              ? other.end
              : other.rings[ringIndex].points[k];
        shapes[name] = toWorld(q);
      }
      return ctx.builder.addVertex(toWorld(p), color, weights, shapes);
    };
    const colorOf = (p, r) => {
      if (isThumb) return paint.glovePalm;
      const offset = p.map((v, c) => v - r.centre[c]);
      const back = dot(offset, r.e1) / (Math.hypot(...offset) || 1);
      return back < -0.35 ? paint.glovePalm : paint.gloveBack;
    };
    const start = vertex(tube.start, 'start', 0, paint.gloveBack);
    const rings = tube.rings.map((r, i) => r.points.map((p, k) => vertex(p, i, k, colorOf(p, r))));
    const end = vertex(tube.end, 'end', 0, isThumb ? paint.glovePalm : paint.gloveBack);
    ctx.builder.addTube(`${side}_${isThumb ? 'thumb' : `finger${t}`}`, rings, start, end);
  });
}

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const normalize = (v) => {
  const n = Math.hypot(...v) || 1;
  return v.map((c) => c / n);
};
