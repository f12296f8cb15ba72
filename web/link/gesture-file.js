// A gesture as the library's file format: the plain JSON object that
// kb.parseGesture reads (web/lib/gestures.js documents the format). A parsed
// gesture is normalized (description '' when absent, period 0 without a
// loop); this turns it back into a file that parses to the same gesture, so
// saving, sharing by link and reloading give the same keyframes bit for bit
// (JSON numbers print their shortest round-trip form). A file is written in
// the oldest format version that holds it: "version": 2 and a keyframe's
// "hands" only when some hand is not open (an open hand at curl 1 is what a
// keyframe without "hands" means).

const SIDES = ['left', 'right'];

// A keyframe's hands as the file writes them, or undefined when both are open.
function handsOfKey(hands) {
  const sides = SIDES.map((side) => ({ shape: 'open', curl: 1, ...hands?.[side] }));
  const open = sides.every((hand) => hand.shape === 'open' && hand.curl === 1);
  return open ? undefined : { left: sides[0], right: sides[1] };
}

/**
 * @param {object} gesture  a parsed gesture (kb.parseGesture's result) or a file object
 * @returns {object} a fresh plain object in the file format
 */
export function gestureToFile(gesture) {
  const hands = gesture.keyframes.map((key) => handsOfKey(key.hands));
  const file = hands.some(Boolean) ? { version: 2, name: gesture.name } : { name: gesture.name };
  if (gesture.description) file.description = gesture.description;
  file.duration = gesture.duration;
  if (gesture.loop) {
    file.loop = true;
    file.period = gesture.period;
  }
  file.timeUnit = gesture.timeUnit ?? 'seconds';
  file.keyframes = gesture.keyframes.map((key, k) => ({
    time: key.time,
    rotations: Object.fromEntries(
      Object.entries(key.rotations).map(([joint, angles]) => [joint, Array.from(angles)]),
    ),
    ...(hands[k] && { hands: hands[k] }),
  }));
  return file;
}

// The file's text as saved: indented, one file per gesture.
export function gestureFileText(gesture) {
  return `${JSON.stringify(gestureToFile(gesture), null, 2)}\n`;
}

// A file name for the gesture: its name, kept to safe characters.
export function gestureFileName(gesture) {
  const base = String(gesture.name).replace(/[^A-Za-z0-9_.-]+/g, '_') || 'gesture';
  return `${base}.json`;
}
