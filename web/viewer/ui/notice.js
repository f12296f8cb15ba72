// The notice bar: plain-text messages for the user (a repaired share link,
// a copied link, an import). Text only, through textContent: nothing shown
// here is ever parsed as HTML. A notice fades after a few seconds (longer
// for longer notices), stays while the pointer is over it, and sits in the
// page's flow above the scene, so it never covers the character.

export const NOTICE_MIN_MS = 6000;
const MS_PER_CHARACTER = 40;
const NOTICE_MAX_MS = 20000;

export function noticeDuration(heading, messages) {
  const characters = heading.length + messages.reduce((sum, m) => sum + m.length, 0);
  return Math.min(NOTICE_MAX_MS, Math.max(NOTICE_MIN_MS, characters * MS_PER_CHARACTER));
}

export function createNotice(element) {
  const list = element.querySelector('.notice-list');
  const title = element.querySelector('.notice-title');
  let timer = null;
  let remaining = 0;
  const hide = () => {
    clearTimeout(timer);
    timer = null;
    element.hidden = true;
  };
  const arm = (ms) => {
    clearTimeout(timer);
    timer = setTimeout(hide, ms);
  };
  element.querySelector('.notice-close').addEventListener('click', hide);
  element.addEventListener('pointerenter', () => clearTimeout(timer));
  element.addEventListener('pointerleave', () => {
    if (!element.hidden) arm(remaining);
  });

  return {
    show(heading, messages = []) {
      title.textContent = heading;
      list.replaceChildren(
        ...messages.map((message) => {
          const item = document.createElement('li');
          item.textContent = message;
          return item;
        }),
      );
      element.hidden = false;
      remaining = noticeDuration(heading, messages);
      arm(remaining);
    },
    hide,
  };
}
