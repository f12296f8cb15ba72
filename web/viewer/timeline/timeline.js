// The timeline under the canvas: the clip's attack, hold and release as
// coloured segments, the playhead, the time; drag anywhere on it to scrub.

function element(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * @param {HTMLElement} container
 * @param {{ onScrub: (t: number) => void, onScrubEnd?: () => void,
 *   onSegmentClick?: (name: 'attack' | 'hold' | 'release') => void }} handlers
 */
export function createTimeline(
  container,
  { onScrub, onScrubEnd = () => {}, onSegmentClick = () => {} },
) {
  const track = element('div', 'timeline-track');
  track.setAttribute('role', 'slider');
  track.setAttribute('aria-label', 'time');
  // focusable: the page's keys (arrows, Home/End) then move it
  track.tabIndex = 0;
  track.setAttribute('aria-valuemin', '0');
  track.title = 'Time: drag to scrub; with the focus here, ←/→ step a frame';
  const segments = {
    attack: element('div', 'timeline-segment attack', 'attack'),
    hold: element('div', 'timeline-segment hold', 'hold'),
    release: element('div', 'timeline-segment release', 'release'),
  };
  for (const [name, segment] of Object.entries(segments)) segment.dataset.segment = name;
  track.append(segments.attack, segments.hold, segments.release);
  const playhead = element('div', 'timeline-playhead');
  track.append(playhead);
  const label = element('div', 'timeline-time', '0.000 s');
  container.append(track, label);

  let duration = 1;

  function timeAt(clientX) {
    const rect = track.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (clientX - rect.left) / Math.max(rect.width, 1)));
    return fraction * duration;
  }

  // a click that did not drag, on a segment, is a click on that segment
  let downAt = null;
  track.addEventListener('pointerdown', (event) => {
    downAt = { x: event.clientX, segment: event.target.dataset?.segment ?? null };
    track.focus();
    track.setPointerCapture(event.pointerId);
    onScrub(timeAt(event.clientX));
  });
  track.addEventListener('pointermove', (event) => {
    if (track.hasPointerCapture(event.pointerId)) onScrub(timeAt(event.clientX));
  });
  const release = (event) => {
    const clicked = downAt && Math.abs(event.clientX - downAt.x) < 4 ? downAt.segment : null;
    downAt = null;
    if (event.type === 'pointerup' && clicked) onSegmentClick(clicked);
    if (track.hasPointerCapture(event.pointerId)) {
      track.releasePointerCapture(event.pointerId);
      onScrubEnd();
    }
  };
  track.addEventListener('pointerup', release);
  track.addEventListener('pointercancel', release);

  return {
    // The segments of the envelope (ratios of the clip) and its length.
    setClip({ attack, release, duration: clipDuration }) {
      duration = clipDuration;
      track.setAttribute('aria-valuemax', clipDuration.toFixed(3));
      const hold = Math.max(0, 1 - attack - release);
      segments.attack.style.width = `${attack * 100}%`;
      segments.hold.style.width = `${hold * 100}%`;
      segments.release.style.width = `${release * 100}%`;
      for (const [name, fraction] of [
        ['attack', attack],
        ['hold', hold],
        ['release', release],
      ]) {
        segments[name].title = `${name}: ${(fraction * clipDuration).toFixed(2)} s`;
      }
    },
    // The segment looped on its own (null: none), outlined.
    setLooped(name) {
      for (const [key, segment] of Object.entries(segments)) {
        segment.classList.toggle('looped', key === name);
      }
    },
    setTime(t) {
      playhead.style.left = `${(t / duration) * 100}%`;
      track.setAttribute('aria-valuenow', t.toFixed(3));
      track.setAttribute('aria-valuetext', `${t.toFixed(3)} seconds`);
      label.textContent = `${t.toFixed(3)} s / ${duration.toFixed(2)} s`;
    },
  };
}
