// The IK solve's figures beside the clap check: shown while the clap is
// solved with IK, hidden otherwise.

function row(table, label, goal) {
  const tr = document.createElement('tr');
  const th = document.createElement('th');
  th.textContent = label;
  const value = document.createElement('td');
  value.className = 'value';
  value.textContent = '–';
  const hint = document.createElement('td');
  hint.className = 'goal';
  hint.textContent = goal;
  tr.append(th, value, hint);
  table.append(tr);
  return { tr, value };
}

export function createIkReadout(container) {
  const table = document.createElement('table');
  table.className = 'readout-table ik-readout';
  const caption = document.createElement('caption');
  caption.textContent = 'IK solve';
  table.append(caption);
  const iterations = row(table, 'iterations', 'Levenberg–Marquardt');
  const cost = row(table, 'cost ½‖r‖²', 'least squares');
  const time = row(table, 'solve time', 'once, then cached');
  const verdict = row(table, 'clap rules', 'on the solved pose');
  table.hidden = true;
  container.append(table);

  return {
    // summary: { iterations, cost, converged, ok, ms } or null (not in use)
    show(summary) {
      table.hidden = !summary;
      if (!summary) return;
      iterations.value.textContent = `${summary.iterations}${summary.converged ? '' : ' (cap)'}`;
      cost.value.textContent = summary.cost.toExponential(2);
      time.value.textContent = `${summary.ms.toFixed(2)} ms`;
      verdict.value.textContent = summary.ok ? 'pass' : 'fail';
      verdict.tr.classList.toggle('pass', summary.ok);
      verdict.tr.classList.toggle('fail', !summary.ok);
    },
  };
}
