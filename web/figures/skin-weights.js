// Skin weights: a vertex belongs to the bones of its body part, blended
// smoothly near each joint, so a bending joint stretches the surface
// instead of tearing or folding it at a line.

const smoothstep = (t) => {
  const x = Math.min(Math.max(t, 0), 1);
  return x * x * (3 - 2 * x);
};

// A ramp from 0 to 1 over [edge − width/2, edge + width/2].
export const ramp = (s, edge, width) => smoothstep((s - edge) / width + 0.5);

// A smooth rise from 0 at `from` to 1 at `to` (either order).
export const rise = (s, from, to) => smoothstep((s - from) / (to - from));

// Weights along a chain of bones: bones[k] owns the keys between knots[k-1]
// and knots[k] (keys ascending), and neighbours blend over widths[k] around
// knots[k]. A partition of unity: the weights always sum to 1.
export function chainWeights(s, bones, knots, widths) {
  const weights = new Map();
  let below = 1;
  for (let k = 0; k < bones.length; k++) {
    const above = k < knots.length ? ramp(s, knots[k], widths[k]) : 0;
    addWeight(weights, bones[k], below - above);
    below = above;
  }
  return weights;
}

export function addWeight(weights, bone, w) {
  if (w > 0) weights.set(bone, (weights.get(bone) ?? 0) + w);
  return weights;
}

// (1 − f)·a + f·b, for weight maps.
export function mixWeights(a, b, f) {
  const out = new Map();
  for (const [bone, w] of a) addWeight(out, bone, w * (1 - f));
  for (const [bone, w] of b) addWeight(out, bone, w * f);
  return out;
}

export const single = (bone) => new Map([[bone, 1]]);

// The four largest weights, renormalized: three.js skins with four.
export function topFour(weights) {
  const entries = [...weights].filter(([, w]) => w > 1e-6).sort((a, b) => b[1] - a[1]);
  const kept = entries.slice(0, 4);
  const total = kept.reduce((sum, [, w]) => sum + w, 0);
  const index = [0, 0, 0, 0];
  const weight = [0, 0, 0, 0];
  kept.forEach(([bone, w], i) => {
    index[i] = bone;
    weight[i] = w / total;
  });
  return { index, weight };
}
