// The IK solve's figures beside the clap check: shown while the clap is
// solved with IK, hidden otherwise.

// Two columns only (the hint goes in a tooltip): the lower row is shared
// with the envelope plot, which needs the width.
function row(table, label, hint) {
  const tr = document.createElement('tr');
  tr.title = hint;
  const th = document.createElement('th');
  th.textContent = label;
  const value = document.createElement('td');
  value.className = 'value';
  value.textContent = '–';
  tr.append(th, value);
  table.append(tr);
  return { tr, value };
}

export function createIkReadout(container) {
  const table = document.createElement('table');
  table.className = 'readout-table ik-readout';
  const caption = document.createElement('caption');
  caption.textContent = 'IK solve';
  table.append(caption);
  const iterations = row(table, 'iterations', 'Levenberg–Marquardt iterations of the clap solve');
  const cost = row(table, 'cost ½‖r‖²', 'the least-squares cost left at the end');
  const time = row(table, 'solve time', 'solved once per A-pose angle, then cached');
  const verdict = row(table, 'clap rules', 'every clap rule on the solved pose');
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
