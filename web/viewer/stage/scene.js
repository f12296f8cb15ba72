// The stage: WebGL renderer, camera with orbit controls, lights and a floor
// grid. It renders on demand (when something changed), which keeps an idle
// page from spending a core on redrawing the same picture.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { createFloor } from './floor.js';
import { createFollow } from './follow-camera.js';

// Above this the picture is no sharper to the eye, only slower.
const MAX_PIXEL_RATIO = 2;
// A box down to this fraction of the drawing buffer (each side) keeps it.
const KEEP_BUFFER = 0.8;
// What a named view frames (m): the whole body from the floor to a raised
// hand, and the arm span of a T-pose, whatever the canvas' shape.
const BODY_FRAME = Object.freeze({ width: 1.9, height: 2.0, centreY: 0.97 });
const LOOK_AT = new THREE.Vector3(0, BODY_FRAME.centreY, 0);
const MARGIN = 1.08;

// Named camera directions (from the target), used by the view buttons and
// by the screenshots; the distance is fitted to the canvas.
const VIEWS = {
  front: new THREE.Vector3(0, 0.16, 1).normalize(),
  side: new THREE.Vector3(1, 0.08, 0).normalize(),
  threeQuarter: new THREE.Vector3(0.59, 0.16, 0.8).normalize(),
};

// The distance at which the body frame fills the view with a margin, for a
// vertical field of view and an aspect ratio (width / height).
function fitDistance(fovDegrees, aspect, frame = BODY_FRAME) {
  const tanHalf = Math.tan((fovDegrees * Math.PI) / 360);
  const byHeight = frame.height / 2 / tanHalf;
  const byWidth = frame.width / 2 / (tanHalf * aspect);
  // the frame's depth (half an arm span) comes nearer the camera
  return Math.max(byHeight, byWidth) * MARGIN + frame.width / 2;
}

function addLights(scene) {
  scene.add(new THREE.HemisphereLight(0xf2f5ff, 0x4a4038, 1.6));
  const key = new THREE.DirectionalLight(0xffffff, 2.2);
  key.position.set(2.5, 4, 3);
  scene.add(key);
  const rim = new THREE.DirectionalLight(0xc8d8ff, 0.8);
  rim.position.set(-3, 2.5, -2.5);
  scene.add(rim);
}

// Software rasterizers (SwiftShader, llvmpipe: no GPU, or a headless test)
// pay several times the frame time for multisampling; they go without.
function isSoftwareRenderer() {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return false;
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : '';
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|softpipe|software/i.test(String(name));
}

// The WebGL renderer in the container, at the screen's pixel ratio (capped).
function createRenderer(container) {
  const renderer = new THREE.WebGLRenderer({ antialias: !isSoftwareRenderer() });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, MAX_PIXEL_RATIO));
  renderer.setClearColor(0x181b20);
  container.append(renderer.domElement);
  return renderer;
}

// The camera and the orbit controls that move it about the body.
function createCamera(renderer) {
  const camera = new THREE.PerspectiveCamera(35, 1, 0.05, 100);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.copy(LOOK_AT);
  controls.minDistance = 0.8;
  // far enough back to frame a long walk's whole path
  controls.maxDistance = 40;
  return { camera, controls };
}

// The named views, looking at lookAt (the body's frame centre, moved along
// the floor with the character while the camera follows it). The one last
// set is fitted again when the canvas changes shape, until the user moves
// the camera or someone else places it.
function createViews(camera, controls, lookAt, requestRender) {
  let fitted = null;
  controls.addEventListener('start', () => {
    fitted = null;
  });
  function setView(name) {
    const direction = VIEWS[name];
    if (!direction) {
      throw new RangeError(`view must be one of ${Object.keys(VIEWS).join(', ')}, got '${name}'`);
    }
    const distance = fitDistance(camera.fov, camera.aspect);
    camera.position.copy(direction).multiplyScalar(distance).add(lookAt);
    controls.target.copy(lookAt);
    controls.update();
    fitted = name;
    requestRender();
  }
  return {
    setView,
    refit() {
      if (fitted) setView(fitted);
    },
    release() {
      fitted = null;
    },
  };
}

// The box of the meshes drawn under object (hidden ones and helpers left
// out; a skinned mesh's as its bones pose it, not its bind's), world m.
const meshBox = new THREE.Box3();
export function visibleBox(object, out) {
  out.makeEmpty();
  object.updateWorldMatrix(true, true);
  object.traverseVisible((o) => {
    if (!o.isMesh) return;
    if (o.isSkinnedMesh) o.computeBoundingBox();
    else if (!o.geometry.boundingBox) o.geometry.computeBoundingBox();
    meshBox.copy(o.isSkinnedMesh ? o.boundingBox : o.geometry.boundingBox);
    out.union(meshBox.applyMatrix4(o.matrixWorld));
  });
  return out;
}

// Where a world box lands in the camera's view: the bounds of its eight
// corners in normalized device coordinates ([-1, 1] is on the canvas).
const corner = new THREE.Vector3();
export function projectedBounds(box, camera) {
  const out = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity };
  for (let i = 0; i < 8; i++) {
    corner.set(
      i & 1 ? box.max.x : box.min.x,
      i & 2 ? box.max.y : box.min.y,
      i & 4 ? box.max.z : box.min.z,
    );
    corner.project(camera);
    out.minX = Math.min(out.minX, corner.x);
    out.maxX = Math.max(out.maxX, corner.x);
    out.minY = Math.min(out.minY, corner.y);
    out.maxY = Math.max(out.maxY, corner.y);
  }
  return out;
}

// Where an object's drawn box (visibleBox) lands in the view: for tests of
// the framing.
function createFraming(camera) {
  const box = new THREE.Box3();
  return (object) => projectedBounds(visibleBox(object, box), camera);
}

// The whole of a travelling clip's path in view, from the camera's
// direction: while the camera does not follow, the walk crosses a still
// view instead of leaving it.
function framePath({ camera, controls, lookAt }, box) {
  const direction = camera.position.clone().sub(controls.target).normalize();
  const width = Math.hypot(box.maxX - box.minX, box.maxZ - box.minZ) + BODY_FRAME.width;
  const distance = fitDistance(camera.fov, camera.aspect, { ...BODY_FRAME, width });
  lookAt.set((box.minX + box.maxX) / 2, BODY_FRAME.centreY, (box.minZ + box.maxZ) / 2);
  camera.position.copy(direction).multiplyScalar(distance).add(lookAt);
  controls.target.copy(lookAt);
  controls.update();
}

// Back to the body's distance from the path's (the direction kept).
function frameBody({ camera, controls, lookAt }) {
  const direction = camera.position.clone().sub(controls.target).normalize();
  const distance = fitDistance(camera.fov, camera.aspect);
  camera.position.copy(direction).multiplyScalar(distance).add(lookAt);
  controls.target.copy(lookAt);
  controls.update();
}

/**
 * Following (follow-camera.js) or, off, a still view: a travelling clip's
 * whole path is framed when following is turned off or such a clip comes
 * while it is off, and the body again when it is turned on (unless the user
 * moved the camera meanwhile).
 */
function createTravel({ camera, controls, lookAt, floor, views, requestRender }) {
  const view = { camera, controls, lookAt };
  const follow = createFollow({
    lookAt,
    moveBy(dx, dz) {
      if (dx === 0 && dz === 0) return;
      lookAt.x += dx;
      lookAt.z += dz;
      camera.position.x += dx;
      camera.position.z += dz;
      controls.target.x += dx;
      controls.target.z += dz;
      controls.update();
      floor.keepAround(lookAt);
      requestRender();
    },
  });
  let path = null; // the travelling clip's box on the floor, or null
  let pathFramed = false;
  controls.addEventListener('start', () => {
    pathFramed = false;
  });
  function frameWholePath() {
    if (!path || follow.on) return;
    framePath(view, path);
    views.release();
    pathFramed = true;
    requestRender();
  }
  return {
    follow,
    setFollow(on) {
      follow.setOn(on);
      if (!follow.on) frameWholePath();
      else if (pathFramed) {
        frameBody(view);
        pathFramed = false;
        requestRender();
      }
    },
    // a tuning change gives the same path again: the camera is left alone
    setPath(xyz) {
      const box = floor.setPath(xyz);
      const changed = JSON.stringify(box) !== JSON.stringify(path);
      path = box;
      if (changed) frameWholePath();
      requestRender();
    },
    describe: () => ({
      following: follow.on,
      pathFramed,
      lookAt: lookAt.toArray(),
      camera: camera.position.toArray(),
      floor: floor.grid.position.toArray(),
      trailPoints: floor.trail.geometry.getAttribute('position').count,
    }),
  };
}

export function createScene(container) {
  const renderer = createRenderer(container);
  const scene = new THREE.Scene();
  const { camera, controls } = createCamera(renderer);
  addLights(scene);
  const floor = createFloor(scene);

  let dirty = true;
  const requestRender = () => {
    dirty = true;
  };
  controls.addEventListener('change', requestRender);
  const lookAt = LOOK_AT.clone();
  const views = createViews(camera, controls, lookAt, requestRender);
  const travel = createTravel({ camera, controls, lookAt, floor, views, requestRender });
  const { follow } = travel;

  // The camera takes the box's shape at once; the drawing buffer follows in
  // a task of its own, and only when the box outgrows it or shrinks well
  // below it. Reallocating the buffer costs about 100 ms on a software
  // renderer (SwiftShader, a machine without a GPU), so a strip or a notice
  // opening above the scene would stall the page; meanwhile the browser
  // scales the buffer to the box (the canvas is 100 % of it in CSS) and the
  // picture keeps its proportions, a few per cent finer than shown.
  const boxSize = () => [Math.max(1, container.clientWidth), Math.max(1, container.clientHeight)];
  const bufferSize = new THREE.Vector2();
  const keepsBuffer = (width, height) => {
    const { x, y } = renderer.getSize(bufferSize);
    return width <= x && height <= y && width >= KEEP_BUFFER * x && height >= KEEP_BUFFER * y;
  };
  let bufferPending = 0;
  function resizeBuffer() {
    bufferPending = 0;
    const [width, height] = boxSize();
    if (keepsBuffer(width, height)) return;
    renderer.setSize(width, height, false);
    requestRender();
  }
  function resize() {
    const [width, height] = boxSize();
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    views.refit();
    requestRender();
    bufferPending ||= setTimeout(resizeBuffer);
  }
  renderer.setSize(...boxSize(), false);
  resize();
  new ResizeObserver(resize).observe(container);
  views.setView('threeQuarter');

  // Draws the scene if anything asked for it; returns whether it drew.
  function renderIfNeeded() {
    if (!dirty) return false;
    dirty = false;
    renderer.render(scene, camera);
    return true;
  }

  return {
    renderer,
    scene,
    camera,
    controls,
    viewNames: Object.keys(VIEWS),
    setView: views.setView,
    // the camera is placed by someone else (the comparison's row): a
    // resize no longer fits the last named view
    releaseView: views.release,
    framing: createFraming(camera),
    // the camera follows a travelling character (on by default): follow(point)
    // each drawn pose, stepFollow(dt) each frame, settleFollow() for a
    // picture wanted at once; off, a travelling clip's path is framed
    get following() {
      return follow.on;
    },
    setFollow: travel.setFollow,
    follow: follow.track,
    stepFollow: follow.step,
    settleFollow: follow.settle,
    // a clip's root path (x, y, z per sample): its trail on the floor
    setPath: travel.setPath,
    trail: floor.trail, // not drawn while the comparison or the sweep has the stage
    setFloorShown: floor.setShown,
    describeTravel: travel.describe,
    requestRender,
    renderIfNeeded,
  };
}
