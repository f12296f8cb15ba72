// The paper's Figure 1 reproduced: the interpolating curve from p = k to
// r = ½(1 + i + j + k) drawn on S² through the Hopf map, the SLERP arc and
// the KLI states at whole seconds overlaid. `node tests/figures/kli-figure.js`
// writes docs/kli-hopf.svg; tests/unit/kli-figure.test.js keeps it current.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PAPER_EXAMPLE, hopf, hopfPath } from '../../web/lib/hopf.js';

const SIZE = 420;
const RADIUS = 170;
const CENTRE = SIZE / 2;

const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const normalize = (v) => v.map((c) => c / Math.hypot(...v));

// An orthographic camera looking at the middle of the curve.
function makeView(points) {
  const mid = [0, 0, 0];
  for (let i = 0; i < points.length; i += 3) for (let c = 0; c < 3; c++) mid[c] += points[i + c];
  const toViewer = normalize(mid);
  const right = normalize(cross([0, 0, 1], toViewer));
  const up = cross(toViewer, right);
  return (p) => ({
    x: CENTRE + RADIUS * dot(p, right),
    y: CENTRE - RADIUS * dot(p, up),
    front: dot(p, toViewer) >= 0,
  });
}

const fmt = (v) => v.toFixed(1);

function polyline(project, points3, style) {
  const segments = [];
  let current = [];
  for (const p of points3) {
    const s = project(p);
    if (s.front) current.push(`${fmt(s.x)},${fmt(s.y)}`);
    else if (current.length) (segments.push(current), (current = []));
  }
  if (current.length) segments.push(current);
  return segments.map((pts) => `<polyline points="${pts.join(' ')}" ${style}/>`).join('\n');
}

// Meridians and parallels of the sphere, front halves only.
function graticule(project) {
  const lines = [];
  for (let k = 0; k < 12; k++) {
    const phi = (k * Math.PI) / 6;
    const pts = [];
    for (let i = 0; i <= 72; i++) {
      const theta = (i * Math.PI) / 72;
      pts.push([Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi), Math.cos(theta)]);
    }
    lines.push(polyline(project, pts, 'fill="none" stroke="#c9d1d9" stroke-width="0.7"'));
  }
  for (let k = 1; k < 6; k++) {
    const theta = (k * Math.PI) / 6;
    const pts = [];
    for (let i = 0; i <= 96; i++) {
      const phi = (i * 2 * Math.PI) / 96;
      pts.push([Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi), Math.cos(theta)]);
    }
    lines.push(polyline(project, pts, 'fill="none" stroke="#c9d1d9" stroke-width="0.7"'));
  }
  return lines.join('\n');
}

export function kliFigureSvg(kb) {
  const { p, r } = PAPER_EXAMPLE;
  const run = kb.kli(p, r, PAPER_EXAMPLE.options);
  const arc = hopfPath(kb, p, r, { method: 'slerp', samples: 200 });
  const project = makeView(arc);
  const arcPoints = [];
  for (let i = 0; i < arc.length; i += 3) arcPoints.push([arc[i], arc[i + 1], arc[i + 2]]);
  // whole seconds, labelled while they are apart; the rest bunch up at r
  const labelled = new Set([0, 1, 2]);
  const dots = [0, 1, 2, 3, 4, 5, 6, 8, 10].map((t) => {
    const s = project(Array.from(hopf(kb.kliAt(p, r, t))));
    const label = labelled.has(t)
      ? `\n<text x="${fmt(s.x + 4)}" y="${fmt(s.y - 9)}" font-size="11" fill="#e8590c">t=${t}</text>`
      : '';
    return `<circle cx="${fmt(s.x)}" cy="${fmt(s.y)}" r="4" fill="#e8590c"/>${label}`;
  });
  const sp = project(Array.from(hopf(p)));
  const sr = project(Array.from(hopf(r)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE + 40}" viewBox="0 0 ${SIZE} ${SIZE + 40}" font-family="sans-serif">
<rect width="100%" height="100%" fill="#ffffff"/>
<circle cx="${CENTRE}" cy="${CENTRE}" r="${RADIUS}" fill="#f6f8fa" stroke="#8b949e"/>
${graticule(project)}
${polyline(project, arcPoints, 'fill="none" stroke="#1f6feb" stroke-width="2.5"')}
${dots.join('\n')}
<text x="${fmt(sp.x - 14)}" y="${fmt(sp.y + 18)}" font-size="13" font-weight="bold">h(p)</text>
<text x="${fmt(sr.x + 8)}" y="${fmt(sr.y + 18)}" font-size="13" font-weight="bold">h(r)</text>
<text x="12" y="${SIZE + 14}" font-size="12">blue: SLERP arc p = k → r = ½(1+i+j+k); orange: KLI at t = 0, 1, 2, …, 10 s</text>
<text x="12" y="${SIZE + 32}" font-size="12">RK4 (K = 1, h = 0.01) reaches ε = 1e-5 at t = ${run.tStop.toFixed(2)} (${run.steps} steps)</text>
</svg>
`;
}

export const FIGURE_PATH = fileURLToPath(new URL('../../docs/kli-hopf.svg', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadKBlend } = await import('../../web/lib/kblend.js');
  writeFileSync(FIGURE_PATH, kliFigureSvg(await loadKBlend()));
  console.log(`wrote ${FIGURE_PATH}`);
}
