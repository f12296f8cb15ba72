// The preview-to-reference angle over the clip: the mean over joints (a
// solid line) and the worst joint (a faint one), with the playhead, and the
// figures in words beside it. A plain canvas: two polylines do not need a
// plotting library, and it redraws only when the series changes.
const HEIGHT = 90;
const DEG = 180 / Math.PI;
const degrees = (rad) => `${(rad * DEG).toFixed(1)}°`;

export function createErrorPlot(container) {
  const box = document.createElement('div');
  box.className = 'reference-error';
  box.hidden = true;
  const title = document.createElement('div');
  title.className = 'reference-title';
  const canvas = document.createElement('canvas');
  canvas.height = HEIGHT;
  const figures = document.createElement('div');
  figures.className = 'reference-figures';
  box.append(title, canvas, figures);
  container.append(box);
  let series = null;
  let duration = 1;

  function draw(playhead) {
    const width = (canvas.width = Math.max(200, box.clientWidth || 300));
    const g = canvas.getContext('2d');
    g.clearRect(0, 0, width, HEIGHT);
    if (!series || !series.times.length) return;
    const top = Math.max(...series.worst, 1e-3);
    const x = (t) => (t / duration) * (width - 2) + 1;
    const y = (v) => HEIGHT - 4 - (v / top) * (HEIGHT - 8);
    const line = (values, style) => {
      g.strokeStyle = style;
      g.beginPath();
      series.times.forEach((t, i) =>
        i ? g.lineTo(x(t), y(values[i])) : g.moveTo(x(t), y(values[i])),
      );
      g.stroke();
    };
    line(series.worst, 'rgba(255,160,90,0.55)');
    line(series.mean, '#7fd0ff');
    g.strokeStyle = '#eee';
    g.beginPath();
    g.moveTo(x(playhead), 0);
    g.lineTo(x(playhead), HEIGHT);
    g.stroke();
  }

  return {
    element: box,
    // name: the reference's name (null hides the plot)
    show(name, newSeries, clipDuration, fitText) {
      box.hidden = !name;
      series = newSeries;
      duration = clipDuration || 1;
      title.textContent = name
        ? `reference ${name}: angle to the preview (mean over joints; worst joint faint)`
        : '';
      const overall = newSeries?.overall;
      figures.dataset.mean = overall ? String(overall.mean) : '';
      figures.dataset.worst = overall ? String(overall.worst) : '';
      figures.textContent = overall
        ? `over the clip: mean ${degrees(overall.mean)}, worst ${degrees(overall.worst)}${fitText ? ` · ${fitText}` : ''}`
        : '';
      draw(0);
    },
    setTime(t, now) {
      if (box.hidden) return;
      draw(t);
      if (now) title.dataset.now = `${degrees(now.mean)} / ${degrees(now.worst)}`;
    },
  };
}
