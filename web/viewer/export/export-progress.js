// The progress of a long export (a video): a bar, the frame count and a
// cancel button over the stage. Text only, through textContent.
import './export.css';

export function createExportProgress(container, { onCancel }) {
  const box = document.createElement('div');
  box.className = 'export-progress';
  box.setAttribute('role', 'status');
  box.hidden = true;
  const label = document.createElement('span');
  label.className = 'export-progress-label';
  const bar = document.createElement('progress');
  bar.max = 1;
  bar.value = 0;
  bar.setAttribute('aria-label', 'export progress');
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = 'cancel';
  cancel.addEventListener('click', () => onCancel());
  box.append(label, bar, cancel);
  container.append(box);

  return {
    element: box,
    show(what) {
      label.textContent = `${what}…`;
      bar.value = 0;
      box.hidden = false;
    },
    update(what, done, total) {
      label.textContent = `${what}: frame ${done} of ${total}`;
      bar.max = total;
      bar.value = done;
    },
    hide() {
      box.hidden = true;
    },
  };
}
