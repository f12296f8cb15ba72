// The sweep mode: a grid of rigs on the same gesture and time, one or two
// parameters varied across the axes (sweep-axes.js), on the crowd path: one
// kb.createCrowd evaluate for every rig per frame, drawn as instanced
// meshes straight from the core's world matrices (sweep-rig.js). Hovering a
// rig (the one under the pointer, else the nearest) shows its values and
// figures; clicking it hands its values to onPick (the app state's
// setParams). Every rig stands on a floor tile of its own, and the cell
// matching the panel's tuning is outlined and labelled, following the
// panel (sweep-floor.js). While off it costs nothing and the single view is
// shown.
import * as THREE from 'three';
import { SWEEP_OFF, SWEEP_PARAMS, panelCell, sweepCells } from './sweep-axes.js';
import { createSweepFloor } from './sweep-floor.js';
import { createSweepLabels } from './sweep-labels.js';
import { createSweepBodies } from './sweep-rig.js';

const PITCH = { x: 1.5, y: 2.15 }; // m between rigs
const CHEST = 1.25; // m above a rig's feet: where the pointer picks it
const MARK_LABEL_UP = 2.0; // m above the marked rig's feet: its label, under the outline's top

// What a grid is built from: the sweep, its size and every value it does
// not sweep (so taking a rig's values into the panel keeps the grid).
function gridKey(params) {
  const rest = { ...params };
  for (const name of SWEEP_PARAMS[params.sweep]) delete rest[name];
  return JSON.stringify(rest);
}

// Per member over the whole clip: how many joint updates the deadband let through.
function clipFigures(crowd, fps, duration) {
  const updates = new Float64Array(crowd.count);
  const frames = Math.floor(duration * fps) + 1;
  for (let k = 0; k < frames; k++) {
    crowd.evaluate(k / fps);
    const mask = crowd.changedMask;
    for (let i = 0; i < crowd.count; i++)
      for (let j = 0; j < 22; j++) updates[i] += mask[22 * i + j];
  }
  return Array.from(updates, (u) => ({ updates: u, share: u / (22 * frames) }));
}

// Where a cell's rig stands: its root (feet at y = root y).
const cellRoot = (cell, rows) => [cell.col * PITCH.x, (rows - 1 - cell.row) * PITCH.y, 0];

function buildGrid({ kb, stage }, params, previewOptionsOf) {
  const layout = sweepCells(params.sweep, params.sweepSize, params);
  const roots = layout.cells.map((cell) => cellRoot(cell, layout.rows));
  const crowd = kb.createCrowd({
    members: layout.cells.map((c) => previewOptionsOf(c.params)),
    matrices: true,
    matrixLayout: 'joint',
    roots: roots.flat(),
  });
  const first = crowd.members[0];
  const figures = clipFigures(crowd, first.fps, first.duration);
  const bodies = createSweepBodies(crowd);
  const floor = createSweepFloor(roots);
  stage.scene.add(floor.object, bodies.object);
  return { layout, roots, crowd, bodies, floor, figures, frameMs: 0, panel: null };
}

function disposeGrid(grid) {
  grid.bodies.instances.dispose();
  grid.floor.dispose();
  grid.crowd.dispose();
}

// The cell matching the panel's params, marked on the floor and labelled.
function markPanelCell(grid, labels, params) {
  grid.panel = panelCell(grid.layout, params);
  grid.floor.mark(grid.panel ? grid.panel.index : -1);
  if (!grid.panel) return labels.setMark(null);
  labels.setMark(grid.panel.exact ? 'panel’s tuning' : 'nearest the panel’s tuning');
}

// A front view of the whole grid, room left and below for the labels:
// the rigs span [0, (cols − 1)·pitch] across and [0, (rows − 1)·pitch + 2.2]
// up (a raised hand); margins in m for the row values, the column values
// and the titles.
const MARGIN = { left: 2.1, right: 0.9, below: 1.1, above: 2.7 };

function frameGrid(stage, layout) {
  const { camera, controls } = stage;
  const left = -MARGIN.left;
  const right = (layout.cols - 1) * PITCH.x + MARGIN.right;
  const bottom = -MARGIN.below;
  const top = (layout.rows - 1) * PITCH.y + MARGIN.above;
  const tan = Math.tan((camera.fov * Math.PI) / 360);
  const distance = Math.max((top - bottom) / 2 / tan, (right - left) / 2 / (tan * camera.aspect));
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  stage.releaseView();
  controls.maxDistance = Math.max(controls.maxDistance, distance * 1.5);
  camera.far = Math.max(camera.far, distance * 2);
  camera.updateProjectionMatrix();
  camera.position.set(cx, cy, distance);
  controls.target.set(cx, cy, 0);
  controls.update();
}

// Where things of a grid are on the stage, in CSS px of its canvas.
function createGridScreen(stage) {
  const v = new THREE.Vector3();
  const [below, above] = [new THREE.Vector3(), new THREE.Vector3()];
  const joint = new THREE.Matrix4();
  // a world point
  function toScreen(x, y, z = 0) {
    v.set(x, y, z).project(stage.camera);
    const r = stage.renderer.domElement;
    return { x: ((v.x + 1) / 2) * r.clientWidth, y: ((1 - v.y) / 2) * r.clientHeight };
  }
  const cellPoint = (grid, cell, up = CHEST) =>
    toScreen(cell.col * PITCH.x, (grid.layout.rows - 1 - cell.row) * PITCH.y + up);
  const pxPerMetre = (grid) =>
    cellPoint(grid, { col: 1, row: 0 }).x - cellPoint(grid, { col: 0, row: 0 }).x;
  // where rig i's chest is drawn (midway along its spine2–spine3 bone)
  function bodyPoint(grid, i) {
    below.setFromMatrixPosition(grid.bodies.instances.matrixAt(i, 'spine2', joint));
    above.setFromMatrixPosition(grid.bodies.instances.matrixAt(i, 'spine3', joint));
    below.lerp(above, 0.5);
    return toScreen(below.x, below.y, below.z);
  }
  // rig i's foot joints in the world (m)
  const feet = (grid, i) =>
    ['left_foot', 'right_foot'].map((name) =>
      below.setFromMatrixPosition(grid.bodies.instances.matrixAt(i, name, joint)).toArray(),
    );
  return { cellPoint, pxPerMetre, bodyPoint, feet };
}

function placeLabels(labels, screen, grid) {
  const { layout } = grid;
  const last = layout.rows - 1;
  const at = (cell, up) => screen.cellPoint(grid, cell, up);
  const rowX = (row) => {
    const p = at({ col: 0, row }, 1.0);
    return { x: p.x - 0.8 * screen.pxPerMetre(grid), y: p.y };
  };
  const top = rowX(0);
  labels.place({
    columns: layout.x.values.map((_, col) => at({ col, row: last }, -0.15)),
    rows: Array.from({ length: layout.rows }, (_, row) => rowX(row)),
    titleX: at({ col: (layout.cols - 1) / 2, row: last }, -0.6),
    titleY: { x: top.x, y: at({ col: 0, row: 0 }, 2.45).y },
    mark: grid.panel ? at(grid.layout.cells[grid.panel.index], MARK_LABEL_UP) : null,
  });
}

// The nearest rig to a pointer position within reach, -1 for none.
function nearestCell(screen, grid, x, y) {
  const reach = 0.6 * screen.pxPerMetre(grid);
  let best = -1;
  let bestD = Infinity;
  grid.layout.cells.forEach((cell, i) => {
    const p = screen.cellPoint(grid, cell, 0.9);
    const dx = Math.abs(p.x - x);
    const dy = Math.abs(p.y - y) * 0.6;
    const d = Math.hypot(dx, dy);
    if (dx < reach && dy < reach && d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

// The rig under a pointer position (CSS px of the stage): the member its
// ray hits ('ray'), else the nearest rig within reach ('near'); index -1
// and by null for none.
function cellAt(stage, screen, grid, x, y) {
  const r = stage.renderer.domElement;
  const ndc = new THREE.Vector2((x / r.clientWidth) * 2 - 1, 1 - (y / r.clientHeight) * 2);
  const hit = grid.bodies.instances.intersect(ndc, stage.camera);
  if (hit) return { index: hit.member, by: 'ray' };
  const index = nearestCell(screen, grid, x, y);
  return { index, by: index < 0 ? null : 'near' };
}

function describeCell(grid, i) {
  const cell = grid.layout.cells[i];
  const { x, y } = grid.layout;
  const lines = [`${x.label} ${x.labels[cell.col]}`];
  if (y) lines.push(`${y.label} ${y.labels[cell.row]}`);
  const changed = grid.crowd.changedMask.subarray(22 * i, 22 * i + 22).reduce((a, b) => a + b, 0);
  const f = grid.figures[i];
  lines.push(`joints changed this frame: ${changed}/22`);
  lines.push(`joint updates over the clip: ${f.updates} (${(100 * f.share).toFixed(0)} %)`);
  return lines.join('\n');
}

// Pointer events on the canvas, in CSS px of it: moves, leaving, and
// releases, with whether the pointer moved since the press (a drag orbits).
function listenPointer(canvas, { onMove, onLeave, onRelease }) {
  const local = (event) => {
    const r = canvas.getBoundingClientRect();
    return { x: event.clientX - r.left, y: event.clientY - r.top };
  };
  let down = null;
  canvas.addEventListener('pointermove', (event) => onMove(local(event)));
  canvas.addEventListener('pointerleave', () => onLeave());
  canvas.addEventListener('pointerdown', (event) => (down = local(event)));
  canvas.addEventListener('pointerup', (event) => {
    if (!down) return;
    const at = local(event);
    const moved = Math.hypot(at.x - down.x, at.y - down.y) > 4;
    down = null;
    onRelease(at, moved);
  });
}

// The single view's objects out of the scene while the grid shows, and back.
function createDetacher(singleView) {
  const detached = new Map();
  return {
    detach() {
      for (const o of singleView) {
        if (!o.parent || detached.has(o)) continue;
        detached.set(o, o.parent);
        o.removeFromParent();
      }
    },
    restore() {
      for (const [o, parent] of detached) parent.add(o);
      detached.clear();
    },
  };
}

// For tests: the axes as shown, each cell's values and where it is.
function gridSnapshot(grid, labels, screen, hover) {
  if (!grid) return { on: false };
  return {
    on: true,
    count: grid.layout.cells.length,
    labels: labels.texts(),
    tip: labels.tip,
    hovered: hover.index,
    hoveredBy: hover.by,
    frameMs: grid.frameMs,
    // the cell matching the panel (panelCell) and its label
    panel: grid.panel && { ...grid.panel, marked: grid.floor.marked, label: labels.mark },
    cells: grid.layout.cells.map((cell, i) => ({
      values: { ...cell.values },
      at: screen.cellPoint(grid, cell, 0.9),
      body: screen.bodyPoint(grid, i),
      // its floor tile's top centre and its feet (world m), and a point
      // just under its feet on the stage
      floor: grid.roots[i],
      feet: screen.feet(grid, i),
      floorAt: screen.cellPoint(grid, cell, -0.01),
      updates: grid.figures[i].updates,
    })),
  };
}

export function createSweepView({ kb, stage, stageElement, singleView, onPick }) {
  const labels = createSweepLabels(stageElement);
  labels.hide();
  const screen = createGridScreen(stage);
  const singles = createDetacher(singleView);
  const saved = { maxDistance: stage.controls.maxDistance, far: stage.camera.far };
  let grid = null;
  let key = null;
  // the rig hovered and how: 'ray' (on the rig's body) or 'near' (the nearest rig)
  const hovered = { index: -1, by: null, pointer: { x: 0, y: 0 } };

  function enable(params, previewOptionsOf) {
    if (grid) disposeGrid(grid);
    grid = buildGrid({ kb, stage }, params, previewOptionsOf);
    hovered.index = -1; // a new grid: nothing hovered or tinted yet
    labels.hideTip();
    singles.detach();
    labels.setAxes(grid.layout);
    frameGrid(stage, grid.layout);
  }

  function disable() {
    if (!grid) return;
    disposeGrid(grid);
    grid = null;
    key = null;
    Object.assign(hovered, { index: -1, by: null });
    labels.hide();
    singles.restore();
    Object.assign(stage.controls, { maxDistance: saved.maxDistance });
    stage.camera.far = saved.far;
    stage.camera.updateProjectionMatrix();
    stage.setView('threeQuarter');
  }

  function hover(i, at) {
    if (hovered.index >= 0 && hovered.index !== i) grid.bodies.setPicked(hovered.index, false);
    hovered.index = i;
    hovered.pointer = at ?? hovered.pointer;
    if (i < 0) return labels.hideTip();
    grid.bodies.setPicked(i, true);
    labels.showTip(describeCell(grid, i), at);
  }

  function pick(at) {
    const found = cellAt(stage, screen, grid, at.x, at.y);
    hovered.by = found.by;
    return found.index;
  }

  listenPointer(stage.renderer.domElement, {
    onMove(at) {
      if (!grid) return;
      hover(pick(at), at);
      stage.requestRender();
    },
    onLeave: () => grid && hover(-1),
    onRelease(at, moved) {
      if (!grid) return;
      const i = pick(at);
      if (!moved && i >= 0) onPick({ ...grid.layout.cells[i].values });
    },
  });

  return {
    // New params (any change): rebuilt when the sweep or a shared value
    // changed; the panel's cell marked again.
    setParams(params, previewOptionsOf) {
      if (params.sweep === SWEEP_OFF) return disable();
      const next = gridKey(params);
      if (next !== key) {
        key = next;
        enable(params, previewOptionsOf);
      }
      markPanelCell(grid, labels, params);
      stage.requestRender();
    },
    // Every drawn frame: the crowd at time t onto the rigs, the labels placed.
    setTime(t) {
      if (!grid) return;
      const began = performance.now();
      grid.bodies.instances.apply(t);
      grid.frameMs = performance.now() - began;
      placeLabels(labels, screen, grid);
      if (hovered.index >= 0) labels.showTip(describeCell(grid, hovered.index), hovered.pointer);
    },
    get on() {
      return grid !== null;
    },
    snapshot: () => gridSnapshot(grid, labels, screen, hovered),
  };
}
