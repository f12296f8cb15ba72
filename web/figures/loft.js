// Lofting: a body part is a tube of cross-sections along a path. Each
// section is a superellipse with its own radius on each of its four sides,
// interpolated smoothly between the rows of a table, so the surface has no
// kinks where the rows change.

// Catmull-Rom through the rows (column 0 is the key, ascending or
// descending), clamped at the ends: the other columns at key s.
export function interpolateRows(rows, s) {
  const ascending = rows[rows.length - 1][0] > rows[0][0];
  const key = (i) => (ascending ? rows[i][0] : -rows[i][0]);
  const t = ascending ? s : -s;
  const last = rows.length - 1;
  if (t <= key(0)) return rows[0].slice(1);
  if (t >= key(last)) return rows[last].slice(1);
  let i = 0;
  while (key(i + 1) < t) i++;
  const u = (t - key(i)) / (key(i + 1) - key(i));
  const p0 = rows[Math.max(i - 1, 0)];
  const p1 = rows[i];
  const p2 = rows[i + 1];
  const p3 = rows[Math.min(i + 2, last)];
  const out = [];
  for (let c = 1; c < p1.length; c++) {
    // tangents from neighbours, as a uniform Catmull-Rom spline
    const m1 = (p2[c] - p0[c]) / 2;
    const m2 = (p3[c] - p1[c]) / 2;
    const u2 = u * u;
    const u3 = u2 * u;
    out.push(
      (2 * u3 - 3 * u2 + 1) * p1[c] +
        (u3 - 2 * u2 + u) * m1 +
        (-2 * u3 + 3 * u2) * p2[c] +
        (u3 - u2) * m2,
    );
  }
  return out;
}

const signedPower = (value, exponent) => Math.sign(value) * Math.abs(value) ** exponent;

// A point of a section: centre + e1·(±r1) + e2·(±r2) on the superellipse
// of exponent n at angle phi. radii: [plus1, minus1, plus2, minus2].
function sectionPoint(centre, e1, e2, radii, n, phi) {
  const c = Math.cos(phi);
  const s = Math.sin(phi);
  const a = (c >= 0 ? radii[0] : radii[1]) * signedPower(c, 2 / n);
  const b = (s >= 0 ? radii[2] : radii[3]) * signedPower(s, 2 / n);
  return [
    centre[0] + a * e1[0] + b * e2[0],
    centre[1] + a * e1[1] + b * e2[1],
    centre[2] + a * e1[2] + b * e2[2],
  ];
}

// One ring of `around` points of a section.
export function ring(centre, e1, e2, radii, n, around) {
  const points = [];
  for (let k = 0; k < around; k++) {
    points.push(sectionPoint(centre, e1, e2, radii, n, (2 * Math.PI * k) / around));
  }
  return points;
}

// Keys from `from` to `to` spaced evenly along the outline (key and the
// radius at that key), so that rounded ends, where the radius changes fast,
// get as many rings as the straight parts. `spacing` is a length or a
// function of the key (closer rings where a joint bends). `forced` keys
// (colour seams) are added as pairs 2 mm apart, so colours change sharply.
export function outlineSamples(from, to, radiusAt, spacing, forced = [], seamGap = 0.002) {
  const steps = 800;
  const spacingAt = typeof spacing === 'function' ? spacing : () => spacing;
  const keys = [from];
  let travelled = 0;
  let previous = [from, radiusAt(from)];
  for (let i = 1; i <= steps; i++) {
    const s = from + ((to - from) * i) / steps;
    const r = radiusAt(s);
    travelled += Math.hypot(s - previous[0], r - previous[1]);
    previous = [s, r];
    if (travelled >= spacingAt(s) && i < steps) {
      keys.push(s);
      travelled = 0;
    }
  }
  keys.push(to);
  const direction = Math.sign(to - from);
  for (const seam of forced)
    keys.push(seam - (direction * seamGap) / 2, seam + (direction * seamGap) / 2);
  keys.sort((a, b) => direction * (a - b));
  // drop keys that crowd a seam pair (they would make slivers)
  return keys.filter((k, i) => {
    const isSeam = forced.some((seam) => Math.abs(Math.abs(k - seam) - seamGap / 2) < 1e-9);
    if (isSeam || i === 0 || i === keys.length - 1) return true;
    return forced.every((seam) => Math.abs(k - seam) > spacingAt(k) * 0.4);
  });
}

// A spacing that closes to `dense` (a fraction of `base`) within `reach`
// of each joint key, so a bending joint has rings enough to bend smoothly.
export function denserNear(joints, base, reach, dense = 0.4) {
  return (s) => {
    const near = Math.max(0, ...joints.map((j) => Math.exp(-(((s - j) / reach) ** 2))));
    return base * (1 - (1 - dense) * near);
  };
}
