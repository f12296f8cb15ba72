// The edited gesture's keyframes as markers on the timeline, while the edit
// folder is open: a click selects a keyframe (and shows its time), a drag
// moves it (one undoable edit on release). Times convert between the clip's
// seconds and the gesture's own unit (seconds, or hold fractions).
import './editor.css';

const DECIMALS = 4;
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
      node.style.left = `${fractionAt(event.clientX) * 100}%`;
    });
    node.addEventListener('pointerup', (event) => {
      if (!node.hasPointerCapture(event.pointerId)) return;
      node.releasePointerCapture(event.pointerId);
      const current = params();
      let time = key.time;
      if (moved) {
        time = gestureTime(file, fractionAt(event.clientX) * current.duration, current);
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
