// The notice bar: plain-text messages for the user (a repaired share link,
// a copied link). Text only, through textContent: nothing shown here is
// ever parsed as HTML.

export function createNotice(element) {
  const list = element.querySelector('.notice-list');
  const title = element.querySelector('.notice-title');
  element.querySelector('.notice-close').addEventListener('click', () => {
    element.hidden = true;
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
    },
    hide() {
      element.hidden = true;
    },
  };
}
