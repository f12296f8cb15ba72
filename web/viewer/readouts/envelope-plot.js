// The envelope E(p) over the clip (uPlot), with the playhead. It is redrawn
// whenever attack, release or the duration change; the playhead is a thin
// element over the plot, moved without redrawing the curve.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const SAMPLES = 241;
export const B_COLOUR = '#e07fff';
const HEIGHT = 150;

/**
 * @param {HTMLElement} container
 * @param {(p: number, ratios: { attack: number, release: number }) => number} envelope
 */
export function createEnvelopePlot(container, envelope) {
  const xs = new Float64Array(SAMPLES);
  const ys = new Float64Array(SAMPLES);
  const width = () => Math.max(200, container.clientWidth);
  const plot = new uPlot(
    {
      width: width(),
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false }, y: { range: [-0.05, 1.05] } },
      axes: [
        {
          stroke: '#aab',
          grid: { stroke: '#2c313a' },
          label: 't (s)',
          labelSize: 16,
          size: 32,
        },
        {
          stroke: '#aab',
          grid: { stroke: '#2c313a' },
          label: 'E',
          labelSize: 16,
          size: 40,
        },
      ],
      series: [
        {},
        { stroke: '#f0a43a', width: 2, fill: 'rgba(240,164,58,0.12)' },
        // B of an A/B comparison, when one is held (ab/ab-compare.js)
        { stroke: B_COLOUR, width: 2, dash: [6, 4] },
      ],
    },
    [[], [], []],
    container,
  );
  const playhead = document.createElement('div');
  playhead.className = 'plot-playhead';
  plot.over.append(playhead);
  let time = 0;

  function placePlayhead() {
    playhead.style.left = `${plot.valToPos(time, 'x')}px`;
  }

  new ResizeObserver(() => {
    plot.setSize({ width: width(), height: HEIGHT });
    placePlayhead();
  }).observe(container);

  let shown = null; // { attack, release, duration } of A
  let overlay = null; // the same of B, or null
  // E of one tuning at clip time t (0 past its end).
  const at = (t, { attack, release, duration }) =>
    t <= duration ? envelope(t / duration, { attack, release }) : 0;

  function draw() {
    const span = Math.max(shown.duration, overlay?.duration ?? 0);
    const bs = new Array(SAMPLES).fill(null);
    for (let i = 0; i < SAMPLES; i++) {
      xs[i] = (i / (SAMPLES - 1)) * span;
      ys[i] = at(xs[i], shown);
      if (overlay) bs[i] = at(xs[i], overlay);
    }
    plot.setData([Array.from(xs), Array.from(ys), bs]);
    placePlayhead();
  }

  return {
    setEnvelope({ attack, release, duration }) {
      shown = { attack, release, duration };
      draw();
    },
    // B's envelope drawn over A's (null: none).
    setOverlay(b) {
      overlay = b && { attack: b.attack, release: b.release, duration: b.duration };
      if (shown) draw();
    },
    // What the plot draws: A's and B's curves (B null when none).
    series: () => ({ times: Array.from(xs), a: Array.from(ys), b: overlay ? plot.data[2] : null }),
    setTime(t) {
      time = t;
      placePlayhead();
    },
  };
}
