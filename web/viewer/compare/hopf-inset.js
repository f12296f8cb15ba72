// The Hopf inset: a joint's rotation path from idle to the gesture's target
// drawn on S² through the Hopf map (web/lib/hopf.js), SLERP sampled evenly
// in its weight u and the Kuramoto–Lohe flow sampled evenly in time. The two
// curves lie on each other (KLI runs along the SLERP great circle); their
// tick marks show the different timing. A preset shows the paper's example
// (p = k, r = ½(1 + i + j + k)) and its RK4 stop time.
//
// A 2D canvas with an orthographic view of the sphere: a second WebGL
// context would cost a software rasterizer far more than these few lines.
import { PAPER_EXAMPLE, hopf, hopfPath, paperStopTime } from 'kblend';
import {
  basisForPath,
  projectPath,
  projectPoint,
  tickIndices,
  wireframeCircles,
} from './sphere-projection.js';

const SIZE = 180; // CSS pixels, square
const SAMPLES = 101; // 10 intervals between ticks
const TICKS = 11;
const COLOURS = {
  disc: '#1d2129',
  rim: '#4b5261',
  wire: 'rgba(160, 170, 190, 0.28)',
  wireBack: 'rgba(160, 170, 190, 0.09)',
  slerp: '#5b9cf0',
  kli: '#f0a43a',
  text: '#dde1ea',
};

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Segments of a projected polyline on one side of the sphere (front or back).
function strokeSide(ctx, projected, front) {
  ctx.beginPath();
  for (let i = 1; i < projected.length; i++) {
    const a = projected[i - 1];
    const b = projected[i];
    if (a.depth + b.depth >= 0 !== front) continue;
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
  }
  ctx.stroke();
}

// A tick across the curve at sample i, on one side (+1 or −1) of it, so
// that ticks of two curves drawn on one path stay apart.
function tick(ctx, projected, i, side, length) {
  const a = projected[Math.max(0, i - 1)];
  const b = projected[Math.min(projected.length - 1, i + 1)];
  const tx = b.x - a.x;
  const ty = b.y - a.y;
  const n = Math.hypot(tx, ty);
  if (n < 1e-9) return;
  const p = projected[i];
  ctx.beginPath();
  ctx.moveTo(p.x, p.y);
  ctx.lineTo(p.x - (side * length * ty) / n, p.y + (side * length * tx) / n);
  ctx.stroke();
}

function dot(ctx, point, radius, fill, stroke) {
  ctx.beginPath();
  ctx.arc(point.x, point.y, radius, 0, 2 * Math.PI);
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.stroke();
  }
}

// The inset's parts in its box: title, canvas, legend, caption, button.
function buildParts(container) {
  const title = element('div', 'hopf-title', 'Hopf map S³ → S²');
  const canvas = element('canvas', 'hopf-canvas');
  const legend = element('div', 'hopf-legend');
  legend.append(
    element('span', 'hopf-key slerp', 'SLERP, even in u'),
    element('span', 'hopf-key kli', 'KLI, even in t'),
  );
  const caption = element('div', 'hopf-caption');
  const button = element('button', 'hopf-preset', 'paper example');
  button.type = 'button';
  container.append(title, canvas, legend, caption, button);
  return { canvas, caption, button };
}

// The canvas drawn at SIZE CSS pixels, sharp on a high-density screen; the
// page's style sets the size it shows at (smaller in a short or narrow scene).
function sizeCanvas(canvas, ctx) {
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  canvas.width = Math.round(SIZE * ratio);
  canvas.height = Math.round(SIZE * ratio);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
}

// Both curves from p to r on S², KLI over [0, tEnd] (its own stop time by default).
function buildPath(kb, p, r, tEnd) {
  const slerp = hopfPath(kb, p, r, { method: 'slerp', samples: SAMPLES });
  const kli = hopfPath(kb, p, r, { method: 'kli', samples: SAMPLES, tEnd });
  const stop = tEnd ?? kb.kli(p, r).tStop;
  return { p, r, slerp, kli, tEnd: stop, basis: basisForPath(slerp) };
}

// The sphere's disc and its wireframe, the back side fainter.
function drawSphere(ctx, wires, frame) {
  dot(ctx, { x: frame.cx, y: frame.cy }, frame.radius, COLOURS.disc, COLOURS.rim);
  ctx.lineWidth = 1;
  ctx.strokeStyle = COLOURS.wireBack;
  wires.forEach((w) => strokeSide(ctx, w, false));
  ctx.strokeStyle = COLOURS.wire;
  wires.forEach((w) => strokeSide(ctx, w, true));
}

// SLERP wide under KLI narrow, the back side first and faint.
function drawCurves(ctx, slerp, kli) {
  for (const front of [false, true]) {
    ctx.globalAlpha = front ? 1 : 0.35;
    ctx.lineWidth = 5;
    ctx.strokeStyle = COLOURS.slerp;
    strokeSide(ctx, slerp, front);
    ctx.lineWidth = 2;
    ctx.strokeStyle = COLOURS.kli;
    strokeSide(ctx, kli, front);
  }
  ctx.globalAlpha = 1;
}

// Ticks at equal steps of each curve's own parameter, SLERP's on one side
// and KLI's on the other: even in u, bunched toward r in t.
function drawTicks(ctx, slerp, kli) {
  ctx.lineWidth = 2;
  ctx.strokeStyle = COLOURS.slerp;
  for (const i of tickIndices(SAMPLES, TICKS)) tick(ctx, slerp, i, 1, 9);
  ctx.strokeStyle = COLOURS.kli;
  for (const i of tickIndices(SAMPLES, TICKS)) tick(ctx, kli, i, -1, 9);
}

// The ends' names beside the path's first and last points.
function drawEndLabels(ctx, slerp) {
  ctx.fillStyle = COLOURS.text;
  ctx.font = '12px system-ui, sans-serif';
  ctx.fillText('p', slerp[0].x + 7, slerp[0].y - 6);
  ctx.fillText('r', slerp[slerp.length - 1].x + 7, slerp[slerp.length - 1].y - 6);
}

// Where the markers sit now: in the preset, SLERP and KLI at the same
// fraction of the clip; for a joint, the joint's rotations shown.
function markerPoints(kb, view, frame) {
  const { path } = view;
  if (view.preset) {
    const { p, r, tEnd } = path;
    return [
      { point: hopf(kb.slerp(p, r, view.fraction)), colour: COLOURS.slerp },
      { point: hopf(kb.kliAt(p, r, view.fraction * tEnd)), colour: COLOURS.kli },
    ].map((m) => ({ ...m, at: projectPoint(m.point, path.basis, frame) }));
  }
  return view.markers.map((m) => ({
    colour: m.kind === 'kli' ? COLOURS.kli : COLOURS.slerp,
    at: projectPoint(hopf(m.q), path.basis, frame),
  }));
}

// The whole inset for the view's path and markers (blank without a path).
function drawInset(ctx, kb, view, wireframe) {
  ctx.clearRect(0, 0, SIZE, SIZE);
  const { path } = view;
  if (!path) return;
  const frame = { cx: SIZE / 2, cy: SIZE / 2, radius: SIZE / 2 - 12 };
  const slerp = projectPath(path.slerp, path.basis, frame);
  const kli = projectPath(path.kli, path.basis, frame);
  drawSphere(
    ctx,
    wireframe.map((circle) => projectPath(circle, path.basis, frame)),
    frame,
  );
  drawCurves(ctx, slerp, kli);
  drawTicks(ctx, slerp, kli);
  drawEndLabels(ctx, slerp);
  ctx.lineWidth = 2;
  for (const m of markerPoints(kb, view, frame)) dot(ctx, m.at, 5, '#ffffff', m.colour);
}

/**
 * @param {HTMLElement} container  the inset's box (the canvas, caption and button go in it)
 * @param {object} kb  the library (slerp, kli, kliAt)
 */
export function createHopfInset(container, kb) {
  const { canvas, caption, button } = buildParts(container);
  const ctx = canvas.getContext('2d');
  const wireframe = wireframeCircles();
  const paperStop = paperStopTime(kb);
  // path: { p, r, slerp, kli, tEnd, basis }; subject: { joint, p, r }
  const view = { preset: false, subject: null, path: null, markers: [], fraction: 0 };
  const draw = () => drawInset(ctx, kb, view, wireframe);

  function rebuild() {
    if (view.preset) {
      view.path = buildPath(kb, PAPER_EXAMPLE.p, PAPER_EXAMPLE.r, paperStop);
      caption.textContent =
        `p = k, r = ½(1 + i + j + k): RK4 (h = 0.01, ε = 1e-5) stops at ` +
        `t = ${paperStop.toFixed(2)}`;
      button.textContent = 'back to the joint';
    } else if (view.subject) {
      const { joint, p, r } = view.subject;
      view.path = buildPath(kb, p, r);
      caption.textContent = `${joint}: idle → target at mid-hold; KLI stops at t = ${view.path.tEnd.toFixed(2)}`;
      button.textContent = 'paper example';
    }
    draw();
  }

  button.addEventListener('click', () => {
    view.preset = !view.preset;
    rebuild();
  });
  sizeCanvas(canvas, ctx);

  return {
    element: container,
    // The joint's idle and target rotations (p, r as [x, y, z, w]).
    setSubject(joint, p, r) {
      view.subject = { joint, p: Array.from(p), r: Array.from(r) };
      if (!view.preset) rebuild();
    },
    /**
     * The current time as a fraction of the clip and the joint's rotations
     * now: [{ q, kind: 'slerp' | 'kli' }] ('slerp' for the blend that runs
     * along u, 'kli' for the KLI shape).
     */
    setTime(clipFraction, jointMarkers) {
      view.fraction = Math.min(1, Math.max(0, clipFraction));
      view.markers = jointMarkers;
      draw();
    },
    setPreset(on) {
      view.preset = !!on;
      rebuild();
    },
    get preset() {
      return view.preset;
    },
    get caption() {
      return caption.textContent;
    },
    paperStopTime: paperStop,
  };
}
