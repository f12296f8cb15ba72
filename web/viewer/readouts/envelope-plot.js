// The envelope E(p) over the clip (uPlot), with the playhead. It is redrawn
// whenever attack, release or the duration change; the playhead is a thin
// element over the plot, moved without redrawing the curve.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const SAMPLES = 241;
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
      series: [{}, { stroke: '#f0a43a', width: 2, fill: 'rgba(240,164,58,0.12)' }],
    },
    [[], []],
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

  return {
    setEnvelope({ attack, release, duration }) {
      for (let i = 0; i < SAMPLES; i++) {
        const p = i / (SAMPLES - 1);
        xs[i] = p * duration;
        ys[i] = envelope(p, { attack, release });
      }
      plot.setData([Array.from(xs), Array.from(ys)]);
      placePlayhead();
    },
    setTime(t) {
      time = t;
      placePlayhead();
    },
  };
}
