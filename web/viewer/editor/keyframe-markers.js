// The edited gesture's keyframes as markers on the timeline, while the edit
// folder is open: a click selects a keyframe (and shows its time), a drag
// moves it between its neighbours (one undoable edit on release). Times
// convert between the clip's seconds and the gesture's own unit (seconds,
// or hold fractions).
import './editor.css';

const DECIMALS = 4;
const STEP = 10 ** -DECIMALS; // the grid a dragged time is rounded to
const round = (v) => Number(v.toFixed(DECIMALS));

// A gesture time (its unit) as clip seconds, and back.
export function clipTime(file, time, { attack, release, duration }) {
  if (file.timeUnit !== 'hold') return time;
  return duration * (attack + time * Math.max(0, 1 - attack - release));
}

export function gestureTime(file, t, { attack, release, duration }) {
  if (file.timeUnit !== 'hold') return round(Math.min(Math.max(0, t), duration));
  const hold = Math.max(0, 1 - attack - release) * duration;
  const fraction = hold > 0 ? (t - attack * duration) / hold : 0;
  return round(Math.min(1, Math.max(0, fraction)));
}

/**
 * A dragged keyframe's new time kept between its neighbours', a step of the
 * time grid inside them, so a drag never passes another keyframe (nor lands
 * on one). Times in the gesture's unit.
 * @param {number[]} times  the keyframes' times, in order
 * @param {number} index  the dragged keyframe's place in `times`
 * @param {number} time  where the pointer would put it
 */
export function clampBetweenNeighbours(times, index, time) {
  const before = index > 0 ? times[index - 1] : -Infinity;
  const after = index < times.length - 1 ? times[index + 1] : Infinity;
  const clamped = round(Math.min(after - STEP, Math.max(before + STEP, time)));
  // neighbours closer than the grid: the keyframe stays where it is
  return clamped > before && clamped < after ? clamped : times[index];
}

/**
 * @param {object} options
 * @param {HTMLElement} options.track  the timeline's track element
 * @param {object} options.editor  createGestureEditor's result
 * @param {() => object} options.params  the shown params
 * @param {() => boolean} options.isActive  whether the markers show
 * @param {(time: number) => void} options.onSelect  a keyframe was picked (its gesture time)
 * @param {(t: number) => void} options.seek  show clip time t
 * @param {(error: Error) => void} options.onError  an edit was refused
 */
export function createKeyframeMarkers({
  track,
  editor,
  params,
  isActive,
  onSelect,
  seek,
  onError,
}) {
  const layer = document.createElement('div');
  layer.className = 'keyframe-markers';
  track.append(layer);

  function fractionAt(clientX) {
    const box = track.getBoundingClientRect();
    return Math.min(1, Math.max(0, (clientX - box.left) / Math.max(1, box.width)));
  }

  function marker(file, key) {
    const p = params();
    const times = file.keyframes.map((k) => k.time).sort((a, b) => a - b);
    // the gesture time the pointer gives, between the neighbours
    const draggedTime = (clientX, at) =>
      clampBetweenNeighbours(
        times,
        times.indexOf(key.time),
        gestureTime(file, fractionAt(clientX) * at.duration, at),
      );
    const node = document.createElement('button');
    node.type = 'button';
    node.className = 'keyframe-marker';
    node.dataset.time = String(key.time);
    node.title = `keyframe at ${key.time}${file.timeUnit === 'hold' ? ' of the hold' : ' s'}: click to select, drag to move`;
    node.style.left = `${(clipTime(file, key.time, p) / p.duration) * 100}%`;
    let moved = false;
    node.addEventListener('pointerdown', (event) => {
      event.stopPropagation(); // not a scrub
      node.setPointerCapture(event.pointerId);
      moved = false;
    });
    node.addEventListener('pointermove', (event) => {
      if (!node.hasPointerCapture(event.pointerId)) return;
      moved = true;
      const at = params();
      node.style.left = `${(clipTime(file, draggedTime(event.clientX, at), at) / at.duration) * 100}%`;
    });
    node.addEventListener('pointerup', (event) => {
      if (!node.hasPointerCapture(event.pointerId)) return;
      node.releasePointerCapture(event.pointerId);
      const current = params();
      let time = key.time;
      if (moved) {
        time = draggedTime(event.clientX, current);
        try {
          if (time !== key.time) editor.moveKeyframe(key.time, time);
        } catch (error) {
          onError(error);
          time = key.time;
        }
      }
      onSelect(time);
      seek(clipTime(file, time, current));
      refresh();
    });
    return node;
  }

  function refresh() {
    if (!isActive()) {
      layer.replaceChildren();
      return;
    }
    const file = editor.gesture();
    layer.replaceChildren(...file.keyframes.map((key) => marker(file, key)));
  }
  editor.onChange(refresh);
  refresh();
  return { refresh, layer };
}
