// The default character's body, as one table of cross-sections. Every size
// is a fraction of the body height H, written as centimetres on the 175 cm
// reference body (so 17.5 means 0.1·H); `fraction` turns them into
// fractions. The joints come from the skeleton itself (kb.bindPositions):
// limbs are lofted along the bones, the trunk along the height.

const REFERENCE_CM = 175;
export const fraction = (cm) => cm / REFERENCE_CM;

// Trunk, crotch to crown, one row per height: [height, half width, front
// depth, back depth, centre z, superellipse exponent] (cm; exponent 2 is an
// ellipse, larger is boxier). Below the first row the trunk closes in a
// rounded bottom, above the last the skull's dome.
export const TRUNK_ROWS = [
  [86.0, 13.5, 8.0, 9.5, -0.5, 2.4],
  [90.0, 15.8, 9.4, 11.0, -0.5, 2.5],
  [95.0, 16.8, 9.8, 11.2, -0.5, 2.5],
  [101.0, 15.4, 9.3, 9.6, 0.0, 2.5],
  [107.0, 13.8, 9.0, 8.8, 0.0, 2.4],
  [114.0, 14.2, 9.4, 8.8, 0.0, 2.4],
  [121.0, 15.2, 10.3, 9.3, 0.0, 2.5],
  [129.0, 16.2, 11.0, 9.8, 0.0, 2.6],
  [135.0, 17.0, 10.6, 10.0, -0.3, 2.7],
  [140.0, 17.4, 8.8, 9.0, -0.6, 2.7],
  [143.5, 15.5, 7.0, 7.6, -0.8, 2.5],
  [146.5, 10.0, 5.4, 6.2, -0.9, 2.3],
  [149.0, 5.9, 5.0, 5.2, -0.6, 2.0],
  [152.0, 5.3, 5.4, 5.0, -0.3, 2.0],
  [154.5, 6.2, 8.4, 5.8, 0.0, 2.0],
  [157.0, 7.2, 9.8, 8.0, 0.0, 2.1],
  [161.0, 7.9, 10.3, 9.4, 0.0, 2.2],
  [165.0, 8.2, 10.1, 9.9, 0.0, 2.2],
];
// the rounded bottom (crotch) and the dome above the last row
export const TRUNK_BOTTOM_CM = 82.5;
export const TRUNK_TOP_CM = 175;

// Arms, from inside the chest (negative: toward the neck) along the bone to
// the knuckles: [distance from the shoulder joint, top, bottom, front,
// back, drop of the centre below the bone] (cm). The skeleton's shoulder
// joint is at the shoulder's top, so the upper arm hangs a little below
// its bone. The bind has the palm down (−Y) and the thumb forward (+Z), so
// past the wrist the section flattens into the palm.
export const ARM_ROWS = [
  [-13.0, 1.2, 3.0, 3.6, 3.6, 1.0],
  [-7.0, 1.4, 3.0, 3.8, 3.8, 1.2],
  [-2.0, 2.1, 4.0, 4.4, 4.4, 1.4],
  [3.0, 3.2, 4.6, 4.9, 4.9, 1.5],
  [9.0, 3.9, 4.6, 4.7, 4.7, 1.5],
  [16.5, 3.9, 4.2, 4.3, 4.3, 1.4],
  [26.0, 3.7, 3.7, 3.8, 3.7, 1.0],
  [32.5, 3.6, 3.5, 3.6, 3.5, 0.7],
  [38.0, 3.9, 3.7, 3.8, 3.7, 0.5],
  [46.0, 3.2, 3.0, 3.3, 3.1, 0.3],
  [55.0, 2.3, 2.2, 3.0, 2.8, 0.0],
  [58.5, 2.2, 2.2, 3.2, 3.0, 0.0],
  [62.0, 1.9, 2.1, 4.1, 4.1, 0.0],
  [66.5, 1.8, 2.0, 4.4, 4.4, 0.0],
  [69.0, 1.5, 1.7, 4.2, 4.2, 0.0],
];
// the knuckles' rounded end, past the last row
export const ARM_END_CM = 70.3;
export const ARM_EXPONENT = 2.2;

// Legs, from inside the pelvis down to inside the shoe: [height, outer,
// inner, front, back] (cm).
export const LEG_ROWS = [
  [100.0, 6.0, 5.5, 6.5, 6.5],
  [92.0, 7.0, 7.0, 7.6, 8.2],
  [84.0, 8.2, 7.0, 8.0, 8.4],
  [76.0, 7.8, 6.4, 7.5, 7.6],
  [70.0, 7.2, 6.0, 7.0, 7.0],
  [58.0, 6.0, 5.2, 5.8, 6.0],
  [50.0, 5.3, 5.0, 5.5, 5.0],
  [42.0, 5.2, 4.8, 4.9, 5.8],
  [30.0, 4.5, 4.2, 4.2, 5.0],
  [18.0, 3.6, 3.4, 3.5, 3.6],
  [8.0, 3.4, 3.3, 3.4, 3.4],
];
export const LEG_END_CM = 5.0;

// Shoes, heel to toe: [z from the ankle, half width, top height] (cm); the
// sole is at the floor.
export const SHOE_ROWS = [
  [-5.2, 3.6, 7.0],
  [-3.5, 4.1, 9.5],
  [0.0, 4.4, 10.4],
  [5.0, 4.7, 8.8],
  [11.0, 5.0, 6.4],
  [16.0, 4.9, 4.9],
  [19.5, 4.3, 3.9],
];
export const SHOE_HEEL_CM = -6.3;
export const SHOE_TOE_CM = 21.3;

// The hand beyond the palm (cm, in the wrist's frame, x along the hand):
// fingers from the thumb side (+Z) to the little finger.
export const FINGERS = [
  { z: 2.9, length: 7.4, radius: 0.95 },
  { z: 1.0, length: 8.1, radius: 0.98 },
  { z: -0.9, length: 7.7, radius: 0.93 },
  { z: -2.8, length: 6.2, radius: 0.85 },
];
export const FINGER_BASE_CM = 9.6;
export const THUMB_RADIUS_CM = 1.15;

// The face, on the +Z side of the head (cm): centres in x and height,
// `inset` is the centre's depth below (negative) or above the head's
// surface there.
export const FACE = {
  eye: { x: 3.2, y: 164.3, inset: -0.3, radii: [1.25, 0.95, 0.7] },
  pupil: { x: 3.25, y: 164.2, inset: 0.3, radii: [0.6, 0.62, 0.3] },
  nose: { x: 0, y: 161.2, inset: -0.3, radii: [1.1, 2.0, 1.5] },
  mouth: { x: 0, y: 157.6, inset: -0.25, radii: [2.1, 0.45, 0.6] },
  ear: { z: -0.8, y: 162.5, inset: -0.3, radii: [0.9, 2.6, 1.7] },
  // hairline height at the front, the sides and the back (cm)
  hairline: { front: 169.0, side: 164.5, back: 157.0 },
};

// Colours (linear RGB hex as three.js takes them).
export const COLORS = {
  skin: 0xd9a27e,
  shirt: 0x3d6fb6,
  trousers: 0x2f3640,
  belt: 0x5a3b24,
  shoes: 0x1c1f24,
  hair: 0x3a271a,
  gloveBack: 0xeeeeee,
  // the palm side, bright, so the palm's orientation reads at a glance
  glovePalm: 0xf08a24,
  eye: 0xf4f4f0,
  pupil: 0x1d1d22,
  lips: 0xa65a4f,
};

// Where the colours change (cm): belt, neckline, sleeve, glove cuff.
export const SEAMS = {
  beltLow: 98.5,
  beltHigh: 102.5,
  neckline: 147.0,
  sleeve: 17.0,
  cuff: 55.8,
};
