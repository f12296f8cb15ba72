// A short help overlay: what the envelope, ε, λ and the comparison show,
// and the keys. Opened by the "?" button or the ? key, closed by its button,
// Escape or a click outside. Plain text, built with textContent.

const HELP_SECTIONS = Object.freeze([
  {
    title: 'Envelope E(p)',
    text: 'How much of the gesture is blended in over the clip (p = t / T): it rises over the attack, holds at 1, falls over the release. The plot under the scene draws it; the timeline colours the three parts.',
  },
  {
    title: 'Deadband ε',
    text: 'A joint whose target moved less than ε radians (geodesic angle) since it last moved is held still, so noise and tiny changes cost nothing. The readout counts the joints that changed this frame.',
  },
  {
    title: 'Smoothing λ',
    text: 'Past the deadband a joint moves 1 − e^(−λ·dt) of the way to its target each frame: a higher λ follows faster, a lower one smooths more.',
  },
  {
    title: 'Comparison',
    text: 'Four rigs on the same gesture: kblend (shortest-path SLERP after the filter), naive Euler scaling, the seed’s order, and the KLI shape. Each card gives its measured figures; the plots show the joint’s speed and hold, the inset its path on the 3-sphere (Hopf map).',
  },
  {
    title: 'Keys',
    text: 'Space play / pause · ← → one frame · Home / End first / last frame · ? this help. They work wherever the focus is, except in a text box.',
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
  button.title = 'Help: what the panel and plots show, and the keys (?)';
  button.setAttribute('aria-label', 'help');
  const overlay = element('div', 'help-overlay');
  overlay.hidden = true;
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-label', 'kblend help');
  const box = element('div', 'help-box');
  box.append(element('h2', 'help-title', 'kblend — what you see'));
  for (const section of HELP_SECTIONS) {
    box.append(element('h3', '', section.title), element('p', '', section.text));
  }
  const close = element('button', 'help-close', 'close');
  close.type = 'button';
  box.append(close);
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
