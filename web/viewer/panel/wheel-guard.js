// The mouse wheel scrolls the panel; it changes a number only when that
// control has focus or a modifier is held. lil-gui's number controllers
// take every wheel over their slider or box (and preventDefault it, so the
// panel stops scrolling and the value runs away under the pointer);
// stopping the event on the way down, before it reaches them, leaves the
// browser to scroll the panel as over any other element.
const NUMBER_PARTS = '.lil-controller.lil-number .lil-slider, .lil-controller.lil-number input';

function hasModifier(event) {
  return event.shiftKey || event.altKey || event.ctrlKey || event.metaKey;
}

// The number controller's box has focus: the user is working on that value.
function controllerFocused(part) {
  const controller = part.closest('.lil-controller');
  return controller !== null && controller.contains(document.activeElement);
}

/** Guards every number controller under `root`, now and added later. */
export function guardPanelWheel(root) {
  const onWheel = (event) => {
    const part = event.target instanceof Element ? event.target.closest(NUMBER_PARTS) : null;
    if (part === null || hasModifier(event) || controllerFocused(part)) return;
    event.stopPropagation();
  };
  root.addEventListener('wheel', onWheel, { capture: true, passive: true });
  return () => root.removeEventListener('wheel', onWheel, { capture: true });
}
