// A short help overlay: a first step to try, the mouse, the editor, the
// exports, what the envelope, ε, λ and the comparison show, and the keys.
// Opened by the "?" button or the ? key, closed by its button, Escape or a
// click outside; it scrolls when the screen is short. Plain text, built with
// textContent.

// Each section: a title and its points (numbered when `steps`).
const HELP_SECTIONS = Object.freeze([
  {
    title: 'Try this first',
    steps: true,
    items: [
      'Pick a gesture in the panel’s gesture list (wave, say).',
      'Press Space to pause or play; ← → step one frame.',
      'Drag the attack slider: the rig eases in faster or slower, and the timeline and the plot under the scene follow.',
    ],
  },
  {
    title: 'Mouse',
    items: [
      'On the scene: drag to orbit, right-drag (or Shift+drag) to pan, scroll to zoom. On a touch screen one finger orbits, two pinch and pan.',
      'The front, side and three-quarter view buttons (panel ▸ view) put the camera back.',
      'The timeline: drag to scrub; click the attack, hold or release segment to loop it. Over the panel the wheel scrolls it.',
    ],
  },
  {
    title: 'Editor',
    items: [
      'Open author & export ▸ edit gesture, then “edit shown gesture (a copy)” or “new gesture from this pose”.',
      'Pick a joint in the list or click it on the character; turn it with the X/Y/Z fields or drag the gizmo’s rings. With a wrist picked, drag the yellow hand target and the arm follows.',
      '“add keyframe at playhead”, drag keyframes on the timeline, Ctrl+Z to undo (Ctrl+Shift+Z or Ctrl+Y to redo), “save gesture JSON”.',
    ],
  },
  {
    title: 'Export',
    items: [
      'author & export ▸ export: WebM video and a looping GIF at the size and fps set there, GLB (character and clip), BVH, a PNG snapshot or contact sheet.',
      'parameters JSON and code (JS, C) snippets of the tuning; copy link for this very view; share on a page for an <iframe> or a <kblend-preview>.',
    ],
  },
  {
    title: 'Envelope E(p)',
    items: [
      'How much of the gesture is blended in over the clip (p = t / T): it rises over the attack, holds at 1, falls over the release.',
    ],
  },
  {
    title: 'Deadband ε and smoothing λ',
    items: [
      'A joint whose target moved less than ε radians since it last moved is held still; the readout counts the joints that changed this frame.',
      'Past the deadband a joint moves 1 − e^(−λ·dt) of the way to its target each frame: a higher λ follows faster, a lower one smooths more.',
    ],
  },
  {
    title: 'Comparison',
    items: [
      'Four rigs on the same gesture: kblend, naive Euler scaling, the seed’s order and the KLI shape, each with its measured figures; the inset draws the joint’s path on the 3-sphere (Hopf map).',
    ],
  },
  {
    title: 'Keys',
    items: [
      'Space play / pause · ← → one frame · Home / End first / last frame · Ctrl+Z undo · ? this help · Escape closes it. They work wherever the focus is, except in a text box.',
    ],
  },
]);

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The button goes in `parent` (the stage's corner); the overlay covers the page.
export function createHelpOverlay(parent = document.body) {
  const button = element('button', 'help-button', '?');
  button.type = 'button';
  button.title = 'Help: a first step, the mouse, the editor, exports and the keys (?)';
  button.setAttribute('aria-label', 'help');
  const overlay = element('div', 'help-overlay');
  overlay.hidden = true;
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-label', 'kblend help');
  const box = element('div', 'help-box');
  const close = element('button', 'help-close', 'close');
  close.type = 'button';
  const head = element('div', 'help-head');
  head.append(element('h2', 'help-title', 'kblend help'), close);
  box.append(head);
  for (const section of HELP_SECTIONS) {
    const list = element(section.steps ? 'ol' : 'ul');
    list.append(...section.items.map((item) => element('li', '', item)));
    box.append(element('h3', '', section.title), list);
  }
  overlay.append(box);
  parent.append(button);
  document.body.append(overlay);

  const setOpen = (open) => {
    overlay.hidden = !open;
    if (open) close.focus();
    else button.focus();
  };
  button.addEventListener('click', () => setOpen(overlay.hidden));
  close.addEventListener('click', () => setOpen(false));
  overlay.addEventListener('click', (event) => {
    if (event.target === overlay) setOpen(false);
  });
  // in the capture phase: lil-gui's controllers stop the keys that bubble out of them
  window.addEventListener(
    'keydown',
    (event) => {
      const typing = event.target.closest?.('input[type=text], textarea');
      if (event.key === '?' && !typing) setOpen(overlay.hidden);
      else if (event.key === 'Escape' && !overlay.hidden) setOpen(false);
    },
    true,
  );
  return {
    get open() {
      return !overlay.hidden;
    },
    setOpen,
  };
}
