// One animation-frame loop for every <kblend-preview> of the page. An
// element is in it only while it is in view (IntersectionObserver): an
// element out of view is not visited at all, so it costs no frame work and
// its time stands still. The loop stops when no element in view plays.
// Each frame's script time is measured (performance.now around the work,
// and a performance.measure named 'kblend-preview-frame').
const MAX_STEP = 0.1; // s: a long pause (a background tab) is not a jump

const inView = new Set();
const stats = { frames: 0, scriptMs: 0, lastMs: 0, drawn: 0 };
let handle = 0;
let last = 0;
let observer = null;
let sizes = null;

function tick(now) {
  handle = 0;
  const began = performance.now();
  const dt = last ? Math.min((now - last) / 1000, MAX_STEP) : 0;
  last = now;
  let busy = false;
  for (const element of inView) {
    const step = element.frameStep(dt);
    if (step.drew) stats.drawn++;
    busy ||= step.playing;
  }
  const ms = performance.now() - began;
  stats.frames++;
  stats.scriptMs += ms;
  stats.lastMs = ms;
  performance.measure?.('kblend-preview-frame', { start: began, duration: ms });
  if (busy) handle = requestAnimationFrame(tick);
  else last = 0;
}

/** Runs the loop (again) at the next frame: something in view plays or must be drawn. */
export function wake() {
  if (!handle) handle = requestAnimationFrame(tick);
}

function onIntersect(entries) {
  for (const entry of entries) {
    if (entry.isIntersecting) inView.add(entry.target);
    else inView.delete(entry.target);
    entry.target.viewChanged(entry.isIntersecting);
  }
  if (inView.size > 0) wake();
}

/** The element joins the page's loop: visited while in view, resized when it resizes. */
export function watch(element) {
  observer ??= new IntersectionObserver(onIntersect);
  sizes ??= new ResizeObserver((entries) => {
    for (const entry of entries) entry.target.sizeChanged(entry.contentRect);
    if (inView.size > 0) wake();
  });
  observer.observe(element);
  sizes.observe(element);
}

export function unwatch(element) {
  observer?.unobserve(element);
  sizes?.unobserve(element);
  inView.delete(element);
}

/** Frames run, their total and last script time (ms), and the figures drawn. */
export function frameStats() {
  return { ...stats, inView: inView.size };
}
