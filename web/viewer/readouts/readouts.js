// Readouts beside the plot: the clap check's values with pass/fail, the
// joints the deadband let change this frame, the core's time per frame and
// the frame rate drawn (playback skips frames when it is low).
// The clap check is shown for the clap only and judges only the phase its
// rules describe, the open phase of the hold (clap-phase.js): in the
// contact, between the phases and outside the hold (the attack and
// release) the values are shown unjudged, never red, and the verdict names
// the phase.

const CORE_TIME_WINDOW = 60; // frames averaged for the core time
const FRAME_RATE_WINDOW_MS = 1000; // the frames drawn in the last second
const FRAME_RATE_REFRESH_MS = 250; // how often the figure is rewritten

const CLAP_ROWS = [
  {
    key: 'separation',
    rule: 'separation',
    label: 'wrist separation',
    unit: 'm',
    goal: '0.17 ± 0.03',
  },
  {
    key: 'palmDot',
    rule: 'palms',
    label: 'palms n_L·n_R',
    unit: '',
    goal: '≤ −0.90',
  },
  {
    key: 'thumbLeft',
    rule: 'thumbLeft',
    label: 'left thumb ·ŷ',
    unit: '',
    goal: '≥ 0.90',
  },
  {
    key: 'thumbRight',
    rule: 'thumbRight',
    label: 'right thumb ·ŷ',
    unit: '',
    goal: '≥ 0.90',
  },
  {
    key: 'order',
    rule: 'ordered',
    label: 'left of right',
    unit: 'm',
    goal: '> 0',
  },
];

function cell(tag, text, className = '') {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

// The phase the rules judge (docs/design.md §5): the open phase, the hands
// held apart ready to clap.
const JUDGED_PHASES = Object.freeze(['open']);
// What the verdict cell says in the phases the rules do not judge: the
// contact, the hands travelling between the two, and outside the hold (the
// envelope below 1: the attack and release), where no clap is held.
const PHASE_VERDICTS = Object.freeze({
  contact: 'contact',
  moving: 'hands moving',
  blend: 'not judged now',
});
const VERDICT_TIP =
  'The clap rules judge the open phase of the hold: the hands held apart, ready to clap';

function row(table, label, goal) {
  const tr = document.createElement('tr');
  const value = cell('td', '–', 'value');
  tr.append(cell('th', label), value, cell('td', goal, 'goal'));
  table.append(tr);
  return { tr, value };
}

// Frames drawn over the last second, at `now` (ms); `show(text)` shows the
// figure a few times a second ('idle' while nothing is drawn).
function createFrameRate(show) {
  const times = [];
  let shownAt = -Infinity;
  let rate = 0;
  return {
    addFrame(now, drawn) {
      if (drawn) times.push(now);
      while (times.length > 0 && times[0] <= now - FRAME_RATE_WINDOW_MS) times.shift();
      rate = times.length;
      if (now - shownAt < FRAME_RATE_REFRESH_MS) return;
      shownAt = now;
      show(rate > 0 ? `${rate} fps` : 'idle');
    },
    get rate() {
      return rate;
    },
  };
}

export function createReadouts(container) {
  const clapTable = document.createElement('table');
  clapTable.className = 'readout-table clap-check';
  clapTable.append(cell('caption', 'clap check'));
  const clapCells = CLAP_ROWS.map((spec) => ({
    spec,
    ...row(clapTable, spec.label, spec.goal),
  }));
  const verdict = row(clapTable, 'all rules', '');
  verdict.tr.title = VERDICT_TIP;

  const frameTable = document.createElement('table');
  frameTable.className = 'readout-table';
  frameTable.append(cell('caption', 'this frame'));
  const changedRow = row(frameTable, 'joints updated', 'deadband saving');
  const coreRow = row(frameTable, 'core time / frame', `mean of ${CORE_TIME_WINDOW}`);
  const rateRow = row(frameTable, 'frames drawn', 'per second');
  rateRow.tr.classList.add('frame-rate');
  container.append(clapTable, frameTable);
  // written only when it changes: an idle page repaints nothing
  const frameRate = createFrameRate((text) => {
    if (rateRow.value.textContent !== text) rateRow.value.textContent = text;
  });

  const coreTimes = new Float64Array(CORE_TIME_WINDOW);
  let coreTimeCount = 0;
  let coreTimeMean = 0;

  // ok: true (pass), false (fail) or null (not judged)
  function mark(tr, ok) {
    tr.classList.toggle('pass', ok === true);
    tr.classList.toggle('fail', ok === false);
    tr.classList.toggle('unjudged', ok === null);
  }

  return {
    // Show the clap check or not (it is the clap's).
    showClap(on) {
      clapTable.hidden = !on;
    },
    get clapShown() {
      return !clapTable.hidden;
    },
    // report: the result of kb.validateClap(pose); phase: 'open' (judged),
    // 'contact', 'moving' or 'blend' (shown, not judged)
    setClap(report, phase = 'open') {
      const judged = JUDGED_PHASES.includes(phase);
      for (const { spec, tr, value } of clapCells) {
        value.textContent = `${report[spec.key].toFixed(3)}${spec.unit ? ` ${spec.unit}` : ''}`;
        mark(tr, judged ? report.rules[spec.rule] : null);
      }
      verdict.value.textContent = judged ? (report.ok ? 'pass' : 'fail') : PHASE_VERDICTS[phase];
      mark(verdict.tr, judged ? report.ok : null);
    },
    setChanged(changed, total) {
      const saving = total > 0 ? Math.round((100 * (total - changed)) / total) : 0;
      changedRow.value.textContent = `${changed} / ${total}`;
      changedRow.tr.querySelector('.goal').textContent = `${saving}% skipped`;
    },
    // ms spent in the core for one frame's pose
    addCoreTime(ms) {
      coreTimes[coreTimeCount % CORE_TIME_WINDOW] = ms;
      coreTimeCount++;
      const n = Math.min(coreTimeCount, CORE_TIME_WINDOW);
      let sum = 0;
      for (let i = 0; i < n; i++) sum += coreTimes[i];
      coreTimeMean = sum / n;
      coreRow.value.textContent = `${(coreTimeMean * 1000).toFixed(0)} µs`;
    },
    get coreTimeMean() {
      return coreTimeMean;
    },
    // every animation frame: `drawn` when it drew a new picture
    addFrame: frameRate.addFrame,
    get frameRate() {
      return frameRate.rate;
    },
  };
}
