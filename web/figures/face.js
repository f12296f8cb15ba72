// The face: eyes, nose, mouth and ears on the +Z side of the head, each a
// small ellipsoid set into the head's surface, so the head shows where it
// looks from any side.
import { FACE, fraction } from './body-profile.js';
import { faceSurfaceZ, loftPart, paint, trunkSection } from './body-parts.js';
import { single } from './skin-weights.js';

const X = [1, 0, 0];
const Z = [0, 0, 1];

function addEllipsoid(ctx, name, centre, radii, color) {
  const [rx, ry, rz] = radii;
  const bands = 6;
  const keys = Array.from({ length: bands + 1 }, (_, i) => -1 + (2 * i) / bands);
  const weights = single(ctx.bone('head'));
  loftPart(ctx.builder, name, {
    keys,
    around: 8,
    section: (t) => {
      const scale = Math.sqrt(Math.max(0, 1 - t * t));
      return {
        centre: [centre[0], centre[1] + ry * t, centre[2]],
        e1: X,
        e2: Z,
        radii: [rx * scale, rx * scale, rz * scale, rz * scale],
        n: 2,
      };
    },
    vertex: () => ({ color, weights }),
  });
}

export function addFace(ctx) {
  const H = ctx.height;
  const m = (cm) => fraction(cm) * H;
  const onFace = (feature, x) => {
    const y = m(feature.y);
    return [x, y, faceSurfaceZ(H, x, y) + m(feature.inset)];
  };
  const sized = (feature) => feature.radii.map(m);
  for (const sign of [1, -1]) {
    const tag = sign > 0 ? 'left' : 'right';
    addEllipsoid(
      ctx,
      `${tag}_eye`,
      onFace(FACE.eye, sign * m(FACE.eye.x)),
      sized(FACE.eye),
      paint.eye,
    );
    addEllipsoid(
      ctx,
      `${tag}_pupil`,
      onFace(FACE.pupil, sign * m(FACE.pupil.x)),
      sized(FACE.pupil),
      paint.pupil,
    );
    const earY = m(FACE.ear.y);
    const halfWidth = trunkSection(H)(earY).radii[0];
    const ear = [sign * (halfWidth + m(FACE.ear.inset)), earY, m(FACE.ear.z)];
    addEllipsoid(ctx, `${tag}_ear`, ear, sized(FACE.ear), paint.skin);
  }
  addEllipsoid(ctx, 'nose', onFace(FACE.nose, 0), sized(FACE.nose), paint.skin);
  addEllipsoid(ctx, 'mouth', onFace(FACE.mouth, 0), sized(FACE.mouth), paint.lips);
}
