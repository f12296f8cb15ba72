// The comparison's plots (uPlot), each with the playhead: the angular
// speed of one joint over the clip for every method, and the deadband
// filter's hold ratio over time (the fraction of joints left unchanged at
// each frame: the saving on skinning work). Data come from kb.comparison.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { METHOD_VIEWS } from './method-figures.js';

const HEIGHT = 120;
const AXIS = { stroke: '#aab', grid: { stroke: '#2c313a' }, labelSize: 16 };

function addPlayhead(plot) {
  const playhead = document.createElement('div');
  playhead.className = 'plot-playhead';
  plot.over.append(playhead);
  return playhead;
}

function makePlot(container, { yLabel, yRange, series }) {
  return new uPlot(
    {
      width: Math.max(200, container.clientWidth),
      height: HEIGHT,
      legend: { show: true, live: false },
      cursor: { show: false },
      scales: { x: { time: false }, y: yRange ? { range: yRange } : { auto: true } },
      axes: [
        { ...AXIS, label: 't (s)', size: 32 },
        { ...AXIS, label: yLabel, size: 48 },
      ],
      series: [{ label: 't' }, ...series],
    },
    [[], ...series.map(() => [])],
    container,
  );
}

/**
 * @param {HTMLElement} container  gets two plot boxes side by side
 */
export function createMethodPlots(container) {
  const box = (className, heading) => {
    const outer = document.createElement('div');
    outer.className = `method-plot ${className}`;
    const title = document.createElement('div');
    title.className = 'method-plot-title';
    title.textContent = heading;
    const inner = document.createElement('div');
    outer.append(title, inner);
    container.append(outer);
    return { title, inner };
  };
  const { title: speedTitle, inner: speedBox } = box('speed-plot', 'angular speed');
  const { inner: holdBox } = box('hold-plot', "deadband hold ratio (kblend's filter)");

  const speedPlot = makePlot(speedBox, {
    yLabel: 'rad/s',
    series: METHOD_VIEWS.map((m) => ({ label: m.label, stroke: m.colour, width: 1.5 })),
  });
  const holdPlot = makePlot(holdBox, {
    yLabel: 'held',
    yRange: [0, 1.02],
    series: [
      {
        label: 'hold ratio (kblend)',
        stroke: '#3fb97a',
        width: 1.5,
        fill: 'rgba(63,185,122,0.12)',
      },
    ],
  });
  const plots = [speedPlot, holdPlot];
  const playheads = plots.map(addPlayhead);
  let time = 0;

  function placePlayheads() {
    plots.forEach((plot, i) => {
      playheads[i].style.left = `${plot.valToPos(time, 'x')}px`;
    });
  }

  new ResizeObserver(() => {
    speedPlot.setSize({ width: Math.max(200, speedBox.clientWidth), height: HEIGHT });
    holdPlot.setSize({ width: Math.max(200, holdBox.clientWidth), height: HEIGHT });
    placePlayheads();
  }).observe(container);

  return {
    // result: kb.comparison(options, joint)
    setData({ speed, hold }) {
      const speedSeries = METHOD_VIEWS.map((m) => Array.from(speed.speeds[m.key]));
      speedPlot.setData([Array.from(speed.times), ...speedSeries]);
      speedTitle.textContent = `angular speed of ${speed.joint}, per method`;
      holdPlot.setData([Array.from(hold.times), Array.from(hold.ratio)]);
      placePlayheads();
    },
    setTime(t) {
      time = t;
      placePlayheads();
    },
  };
}
