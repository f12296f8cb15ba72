// One WebGL renderer for every <kblend-preview> of the page: a canvas that
// is never in the document, grown to the largest view asked for. Each
// element's figure is drawn into the bottom-left corner of it (viewport and
// scissor at the element's size) and copied at once, in the same task, into
// the element's own 2D canvas. So a page of 24 previews holds one WebGL
// context, never the browser's limit of about 16.
import {
  AmbientLight,
  Color,
  DirectionalLight,
  PerspectiveCamera,
  Scene,
  Quaternion,
  Vector3,
  WebGLRenderer,
} from 'three';
import { createFigures } from './figures.js';

const BACKGROUND = new Color(0xeef1f5);
const FOV = 30;
// The figure's height is 1.75 m; the camera sees it whole, gesturing arms too.
const LOOK_AT_HEIGHT = 0.95;
const DISTANCE = 4.6;

let shared = null; // made on first draw

function createStage(kb) {
  const renderer = new WebGLRenderer({ antialias: true, alpha: false });
  renderer.setPixelRatio(1);
  renderer.setClearColor(BACKGROUND);
  renderer.autoClear = true;
  const scene = new Scene();
  scene.add(new AmbientLight(0xffffff, 1.4));
  const key = new DirectionalLight(0xffffff, 2.2);
  key.position.set(1.5, 3, 4);
  scene.add(key);
  const camera = new PerspectiveCamera(FOV, 1, 0.1, 50);
  const figures = createFigures(kb);
  scene.add(figures.object);
  let lost = 0;
  renderer.domElement.addEventListener('webglcontextlost', () => lost++);
  return { renderer, scene, camera, figures, lostCount: () => lost };
}

// Grows the shared canvas (never shrinks it: a resize reallocates the buffer).
function ensureSize(renderer, width, height) {
  const canvas = renderer.domElement;
  if (canvas.width >= width && canvas.height >= height) return;
  renderer.setSize(Math.max(canvas.width, width), Math.max(canvas.height, height), false);
}

/**
 * Draws a figure at a frame into a 2D canvas (its width and height in
 * device pixels are the view's).
 * @param {object} kb  the loaded library
 * @param {CanvasRenderingContext2D} target
 * @param {object} frame  preview.evaluateFrame(t, { fk: true }) (its hands too)
 * @param {{ character: string }} shown  the figure (one of CHARACTERS)
 */
export function drawFigure(kb, target, frame, { character }) {
  shared ??= createStage(kb);
  const { renderer, scene, camera, figures } = shared;
  const { width, height } = target.canvas;
  if (width === 0 || height === 0) return;
  ensureSize(renderer, width, height);
  figures.show(character).pose(frame);
  const { positions } = frame;
  camera.aspect = width / height;
  camera.position.set(positions[0], LOOK_AT_HEIGHT + 0.15, DISTANCE);
  camera.lookAt(positions[0], LOOK_AT_HEIGHT, 0);
  camera.updateProjectionMatrix();
  renderer.setViewport(0, 0, width, height);
  renderer.setScissor(0, 0, width, height);
  renderer.setScissorTest(true);
  renderer.render(scene, camera);
  const source = renderer.domElement;
  // WebGL's corner (0, 0) is the bottom left; a 2D image's is the top left
  target.drawImage(source, 0, source.height - height, width, height, 0, 0, width, height);
}

/** What the page's previews share, for a test or a console: the renderer's context state. */
export function sharedStageInfo() {
  if (!shared) return { contexts: 0, lost: 0, width: 0, height: 0 };
  const canvas = shared.renderer.domElement;
  return {
    contexts: 1,
    lost: shared.lostCount(),
    contextLost: shared.renderer.getContext().isContextLost(),
    width: canvas.width,
    height: canvas.height,
  };
}

/**
 * The figure last drawn, as three.js holds it (a diagnostic for a test or
 * the console): its name and, for the skinned one, each bone's world
 * rotation ([x, y, z, w] per joint) and position, its hand shapes' morph
 * weights by name and the time its mesh took to build (ms).
 */
export function drawnFigure() {
  const name = shared?.figures.shown();
  if (!name) return null;
  const figure = shared.figures.get(name);
  if (!figure.character) return { character: name };
  const { bones, mesh, root } = figure.character;
  root.updateMatrixWorld(true);
  const q = new Quaternion();
  const p = new Vector3();
  const rotations = bones.flatMap((bone) => bone.getWorldQuaternion(q).toArray());
  const positions = bones.flatMap((bone) => bone.getWorldPosition(p).toArray());
  const morphs = Object.fromEntries(
    mesh.geometry.userData.morphNames.map((key, i) => [key, mesh.morphTargetInfluences[i]]),
  );
  return { character: name, rotations, positions, morphs, buildMs: figure.buildMs };
}
