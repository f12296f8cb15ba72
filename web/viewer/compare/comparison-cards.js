// The comparison's cards: one per method, its name, what it stands for and
// its four figures, placed under the feet of its rig wherever the camera is.
import * as THREE from 'three';
import { FIGURE_ROWS, METHOD_VIEWS, formatFigure } from './method-figures.js';

// How far the toes reach in front of a rig (m, 1.75 m body): a card hangs
// from the front of the feet, so the level camera, which sees the toes
// lower than the heels, never has the card over them.
const TOES_Z = 0.25;

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function createCard(method) {
  const card = element('div', 'compare-card');
  card.dataset.method = method.key;
  card.title = method.note;
  card.style.borderTopColor = method.colour;
  const name = element('div', 'compare-card-name', method.label);
  name.style.color = method.colour;
  const table = element('table', 'compare-card-figures');
  const values = {};
  for (const row of FIGURE_ROWS) {
    const tr = element('tr');
    tr.title = row.help;
    const value = element('td', 'value', '…');
    value.dataset.figure = row.key;
    tr.append(element('th', '', row.label), value, element('td', 'unit', row.unit));
    table.append(tr);
    values[row.key] = value;
  }
  card.append(name, table);
  return { card, values };
}

/** @param {HTMLElement} stageElement  the scene's container (the cards go over it) */
export function createComparisonCards(stageElement) {
  const labels = element('div', 'compare-labels');
  const cards = METHOD_VIEWS.map((method) => {
    const made = createCard(method);
    labels.append(made.card);
    return made;
  });
  stageElement.append(labels);
  const anchor = new THREE.Vector3();
  const next = new THREE.Vector3();
  const MAX_CARD_PX = 172;
  const GAP_PX = 6;

  return {
    labels,
    get height() {
      return cards[0].card.offsetHeight;
    },
    set hidden(on) {
      labels.hidden = on;
    },
    // Each card under the feet of its rig, as the camera sees them; places:
    // where the rigs stand (x, y of the feet, m), the first two side by side.
    place(camera, places) {
      const width = stageElement.clientWidth;
      const h = stageElement.clientHeight;
      // as wide as the rigs' spacing allows, so neighbours never overlap
      anchor.set(places[0].x, places[0].y, 0).project(camera);
      next.set(places[1].x, places[1].y, 0).project(camera);
      const spacingPx = (Math.abs(next.x - anchor.x) / 2) * width;
      const cardPx = Math.max(60, Math.min(MAX_CARD_PX, spacingPx - GAP_PX));
      labels.classList.toggle('narrow', cardPx < 150);
      cards.forEach(({ card }, i) => {
        card.style.width = `${cardPx}px`;
        anchor.set(places[i].x, places[i].y - 0.03, TOES_Z).project(camera);
        card.hidden = anchor.z > 1;
        card.style.left = `${((anchor.x + 1) / 2) * width}px`;
        card.style.top = `${((1 - anchor.y) / 2) * h}px`;
      });
    },
    show(result) {
      cards.forEach(({ values }, i) => {
        const figures = result.figures[METHOD_VIEWS[i].key];
        for (const row of FIGURE_ROWS) {
          values[row.key].textContent = formatFigure(row.key, figures[row.key]);
        }
      });
    },
    // What the cards show, by method and figure (for tests).
    shown() {
      const out = {};
      cards.forEach(({ values }, i) => {
        out[METHOD_VIEWS[i].key] = Object.fromEntries(
          FIGURE_ROWS.map((row) => [row.key, values[row.key].textContent]),
        );
      });
      return out;
    },
  };
}
