// The sweep grid's words over the canvas: the axes' titles and values
// beside the rows and under the columns, the label of the cell matching the
// panel's tuning, and the tooltip of the rig under the pointer. Text only
// (textContent), positioned in CSS pixels.
const BASE = 'position:absolute;pointer-events:none;font:12px system-ui,sans-serif;color:#e8eaed;';

function element(parent, className, style) {
  const e = document.createElement('div');
  e.className = className;
  e.style.cssText = BASE + style;
  parent.append(e);
  return e;
}

export function createSweepLabels(stageElement) {
  const layer = element(stageElement, 'sweep-labels', 'inset:0;overflow:hidden;');
  const tip = element(
    stageElement,
    'sweep-tip',
    'background:rgba(20,22,26,0.92);border:1px solid #555;border-radius:4px;padding:4px 6px;white-space:pre;z-index:5;',
  );
  tip.hidden = true;
  // the colour of the marked cell's outline (sweep-floor.js MARK_COLOR)
  const mark = element(
    stageElement,
    'sweep-mark',
    'transform:translate(-50%,0);white-space:nowrap;font-size:11px;color:#f2c94c;background:rgba(20,22,26,0.75);border-radius:3px;padding:0 4px;z-index:4;',
  );
  mark.hidden = true;
  let columns = [];
  let rows = [];
  let titles = [];

  return {
    // axes: { x: { label, labels }, y: { label, labels } | null }
    setAxes({ x, y }) {
      layer.replaceChildren();
      columns = x.labels.map((text) => element(layer, 'sweep-col', 'transform:translate(-50%,0);'));
      columns.forEach((e, i) => (e.textContent = x.labels[i]));
      rows = (y?.labels ?? []).map((text) =>
        element(layer, 'sweep-row', 'transform:translate(-100%,-50%);'),
      );
      rows.forEach((e, i) => (e.textContent = y.labels[i]));
      titles = [element(layer, 'sweep-title-x', 'transform:translate(-50%,0);font-weight:600;')];
      titles[0].textContent = x.label;
      if (y) {
        titles.push(
          element(layer, 'sweep-title-y', 'transform:translate(-100%,0);font-weight:600;'),
        );
        titles[1].textContent = y.label;
      }
      layer.hidden = false;
    },
    // The marked cell's label: its text, or null for none.
    setMark(text) {
      mark.textContent = text ?? '';
      mark.hidden = text === null || layer.hidden;
    },
    get mark() {
      return mark.hidden ? null : mark.textContent;
    },
    // places: { columns: [{x, y}], rows: [{x, y}], titleX: {x, y}, titleY:
    // {x, y}, mark: {x, y} | null } in CSS px
    place({ columns: c, rows: r, titleX, titleY, mark: markAt }) {
      const put = (e, p) => {
        e.style.left = `${p.x}px`;
        e.style.top = `${p.y}px`;
      };
      columns.forEach((e, i) => put(e, c[i]));
      rows.forEach((e, i) => put(e, r[i]));
      put(titles[0], titleX);
      if (titles[1]) put(titles[1], titleY);
      if (markAt) put(mark, markAt);
    },
    showTip(text, at) {
      tip.textContent = text;
      tip.style.left = `${at.x + 14}px`;
      tip.style.top = `${at.y + 14}px`;
      tip.hidden = false;
    },
    hideTip() {
      tip.hidden = true;
    },
    get tip() {
      return tip.hidden ? null : tip.textContent;
    },
    hide() {
      layer.hidden = true;
      tip.hidden = true;
      mark.hidden = true;
    },
    texts: () => ({
      columns: columns.map((e) => e.textContent),
      rows: rows.map((e) => e.textContent),
      titles: titles.map((e) => e.textContent),
    }),
  };
}
