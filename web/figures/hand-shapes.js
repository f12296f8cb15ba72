// Hand shapes per gesture. The skeleton has no finger joints, so a pointing
// finger or a raised thumb cannot come from the core's rotations; the rig
// shows the gesture's hand shape instead, while the gesture is more than
// half blended in (the core's envelope E ≥ 0.5), and a relaxed open hand
// otherwise. Gestures not listed keep open hands.

export const HAND_SHAPES = Object.freeze(['open', 'fist', 'point', 'thumbUp']);

const OPEN = Object.freeze({ left: 'open', right: 'open' });

const BY_GESTURE = Object.freeze({
  point: { left: 'open', right: 'point' },
  thumbs_up: { left: 'open', right: 'thumbUp' },
  crossed_arms: { left: 'fist', right: 'fist' },
});

// The shapes to show for a gesture at envelope value e.
export function handShapesAt(gesture, e) {
  return e >= 0.5 ? (BY_GESTURE[gesture] ?? OPEN) : OPEN;
}
