// Rendering the stage at a chosen size: for the length of one call the
// renderer's drawing buffer is width × height (pixel ratio 1) and the
// camera's aspect matches; then the stage's own size, pixel ratio and
// aspect come back and its own picture is drawn again, all in the same
// task, so the page never shows a frame at the export's size (a video,
// which takes many tasks, sizes each frame this way) and a resize of the
// page between frames is the stage's alone.
import { Vector2 } from 'three';

// Sizes an export may ask for (px): at most a 4K frame.
const EXPORT_SIZE = Object.freeze({ min: 16, max: 3840 });

export function checkSize(width, height) {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ]) {
    if (!Number.isInteger(value) || value < EXPORT_SIZE.min || value > EXPORT_SIZE.max) {
      throw new RangeError(
        `export ${name} must be an integer number of pixels in [${EXPORT_SIZE.min}, ${EXPORT_SIZE.max}], got ${value}`,
      );
    }
  }
}

/**
 * @param {object} stage  createScene's result (renderer, scene, camera,
 *   requestRender, renderIfNeeded)
 * @param {number} width
 * @param {number} height
 * @param {(render: () => HTMLCanvasElement) => T} paint  called at once;
 *   render() draws the scene at the size and returns the canvas, which
 *   paint reads before it returns (the canvas is the stage's again after)
 * @returns {T} what paint returns
 * @template T
 */
export function paintAtSize(stage, width, height, paint) {
  checkSize(width, height);
  const { renderer, scene, camera } = stage;
  const ratio = renderer.getPixelRatio();
  const size = renderer.getSize(new Vector2());
  const aspect = camera.aspect;
  renderer.setPixelRatio(1);
  renderer.setSize(width, height, false);
  camera.aspect = width / height;
  camera.updateProjectionMatrix();
  try {
    return paint(() => {
      renderer.render(scene, camera);
      return renderer.domElement;
    });
  } finally {
    renderer.setPixelRatio(ratio);
    renderer.setSize(size.x, size.y, false);
    camera.aspect = aspect;
    camera.updateProjectionMatrix();
    // the resize cleared the canvas: the stage's picture before the page paints
    stage.requestRender();
    stage.renderIfNeeded();
  }
}
