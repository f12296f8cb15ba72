// Rendering the stage at a chosen size: the renderer's drawing buffer is
// set to width × height (pixel ratio 1) and the camera's aspect to match;
// the canvas keeps its size on the page (its style is left alone), and
// `restore()` puts buffer and camera back.
import { Vector2 } from 'three';

// Sizes an export may ask for (px): at most a 4K frame.
export const EXPORT_SIZE = Object.freeze({ min: 16, max: 3840 });

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
 * @param {object} stage  createScene's result (renderer, scene, camera)
 * @param {number} width
 * @param {number} height
 * @returns {{ render(): HTMLCanvasElement, restore(): void }}
 */
export function renderAtSize(stage, width, height) {
  checkSize(width, height);
  const { renderer, scene, camera } = stage;
  const ratio = renderer.getPixelRatio();
  const size = renderer.getSize(new Vector2());
  const aspect = camera.aspect;
  renderer.setPixelRatio(1);
  renderer.setSize(width, height, false);
  camera.aspect = width / height;
  camera.updateProjectionMatrix();
  return {
    // Draw the scene now; read the canvas in the same task.
    render() {
      renderer.render(scene, camera);
      return renderer.domElement;
    },
    restore() {
      renderer.setPixelRatio(ratio);
      renderer.setSize(size.x, size.y, false);
      camera.aspect = aspect;
      camera.updateProjectionMatrix();
      stage.requestRender();
    },
  };
}
