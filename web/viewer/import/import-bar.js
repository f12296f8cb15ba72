// The import's own strip over the stage: what the import is doing (a
// progress bar and a cancel button while it runs), then the adjustments of
// the clip imported — the range played (start, end), in place or
// travelling, and the joint mapping. It only reports what the user did; the
// import flow decides.
import './import-bar.css';

function element(tag, props = {}, children = []) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function numberInput(label, onCommit) {
  const input = element('input', { type: 'number', step: '0.1', min: '0' });
  input.setAttribute('aria-label', label);
  input.addEventListener('change', () => onCommit(input));
  return input;
}

/**
 * @param {HTMLElement} host  where the strip goes (the viewport)
 * @param {{ onCancel(): void,
 *   onRange(start: number, end: number, typed: 'start' | 'end'): void,
 *   onInPlace(on: boolean): void, onMapJoints(): void }} report
 */
export function createImportBar(host, report) {
  const message = element('span', { className: 'import-message' });
  message.setAttribute('role', 'status');
  const progress = element('progress', { max: 1, value: 0 });
  progress.setAttribute('aria-label', 'import progress');
  const cancel = element('button', { type: 'button', textContent: 'cancel' });
  cancel.addEventListener('click', () => report.onCancel());
  const running = element('span', { className: 'import-running' }, [progress, cancel]);

  const commitRange = (input) =>
    report.onRange(Number(start.value), Number(end.value), input === start ? 'start' : 'end');
  const start = numberInput('range start (s)', commitRange);
  const end = numberInput('range end (s)', commitRange);
  const total = element('span', { className: 'import-total' });
  // a refused range: what was typed and what is allowed
  const note = element('span', { className: 'import-note', hidden: true });
  note.setAttribute('role', 'alert');
  const inPlace = element('input', { type: 'checkbox' });
  inPlace.setAttribute('aria-label', 'in place');
  inPlace.addEventListener('change', () => report.onInPlace(inPlace.checked));
  const mapJoints = element('button', { type: 'button', textContent: 'map joints…' });
  mapJoints.addEventListener('click', () => report.onMapJoints());
  const close = element('button', { type: 'button', textContent: '×', className: 'import-close' });
  close.setAttribute('aria-label', 'hide the import strip');
  const adjust = element('span', { className: 'import-adjust' }, [
    element('label', {}, ['range ', start]),
    element('label', {}, ['– ', end, ' s']),
    total,
    element('label', {}, [inPlace, ' in place']),
    mapJoints,
  ]);
  const bar = element('div', { id: 'import-bar', className: 'import-bar', hidden: true }, [
    message,
    running,
    adjust,
    close,
    note,
  ]);
  close.addEventListener('click', () => (bar.hidden = true));
  host.append(bar);

  return {
    element: bar,
    // state: 'working' (progress in [0, 1], or null when unknown), 'done',
    // 'failed' or 'idle'
    show({ state, progress: fraction, message: text }) {
      bar.hidden = false;
      bar.dataset.state = state;
      message.textContent = text;
      running.hidden = state !== 'working';
      if (fraction === null) progress.removeAttribute('value');
      else progress.value = fraction;
    },
    // The adjustments of the clip shown, or none (null).
    showClip(clip) {
      adjust.hidden = clip === null;
      if (!clip) return;
      start.max = end.max = String(clip.duration);
      const seconds = (v) => String(Number(v.toFixed(3)));
      start.value = seconds(clip.start);
      end.value = seconds(clip.end);
      total.textContent = `of ${clip.duration.toFixed(2)} s`;
      inPlace.checked = clip.inPlace;
    },
    // A note under the range (a refusal), or none (empty).
    setNote(text) {
      note.textContent = text;
      note.hidden = !text;
    },
    hide: () => (bar.hidden = true),
  };
}
