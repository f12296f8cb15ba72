// The stage: WebGL renderer, camera with orbit controls, lights and a floor
// grid. It renders on demand (when something changed), which keeps an idle
// page from spending a core on redrawing the same picture.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

// Above this the picture is no sharper to the eye, only slower.
const MAX_PIXEL_RATIO = 2;
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

// The floor grid's cell (m): 8 m in 32 cells.
const FLOOR_CELL = 0.25;

function addFloor(scene) {
  const floor = new THREE.Group();
  floor.name = 'floor';
  const grid = new THREE.GridHelper(8, 32, 0x6b7280, 0x3a3f48);
  floor.add(grid);
  const disc = new THREE.Mesh(
    new THREE.CircleGeometry(4, 48),
    // unlit: a flat floor needs no shading, and lit pixels are costly on
    // software rasterizers (SwiftShader, machines without a GPU)
    new THREE.MeshBasicMaterial({ color: 0x22262d }),
  );
  disc.rotation.x = -Math.PI / 2;
  disc.position.y = -0.002; // just under the grid lines
  floor.add(disc);
  scene.add(floor);
  return floor;
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
  const camera = new THREE.PerspectiveCamera(35, 1, 0.05, 50);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.copy(LOOK_AT);
  controls.minDistance = 0.8;
  controls.maxDistance = 12;
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

/**
 * The camera that follows the character along the floor: each frame the
 * camera and its orbit target move by the character's horizontal step, so
 * the view keeps its angle and distance (and the user's orbit) while a
 * travelling clip walks out of the frame; the floor goes along by whole
 * grid cells, so it never ends under the character. Off, the camera stays
 * put; on again, it takes up the character where it is. Height is never
 * followed (a jump or a crouch does not bob the view).
 */
function createFollow({ camera, controls, lookAt, floor, requestRender }) {
  let on = true;
  const home = LOOK_AT.clone();
  return {
    get on() {
      return on;
    },
    setOn(value) {
      on = value === true;
    },
    // point: the character's pelvis in the world (x and z are followed);
    // null (the single view not shown) follows nothing
    track(point) {
      if (!on || !point) return false;
      const dx = point.x - lookAt.x;
      const dz = point.z - lookAt.z;
      if (dx === 0 && dz === 0) return false;
      lookAt.set(point.x, home.y, point.z);
      camera.position.x += dx;
      camera.position.z += dz;
      controls.target.x += dx;
      controls.target.z += dz;
      controls.update();
      // the floor goes along by whole cells: under the character, its
      // lines still still, so the walk reads as a walk
      floor.position.x = Math.round(point.x / FLOOR_CELL) * FLOOR_CELL;
      floor.position.z = Math.round(point.z / FLOOR_CELL) * FLOOR_CELL;
      requestRender();
      return true;
    },
  };
}

export function createScene(container) {
  const renderer = createRenderer(container);
  const scene = new THREE.Scene();
  const { camera, controls } = createCamera(renderer);
  addLights(scene);
  const floor = addFloor(scene);

  let dirty = true;
  const requestRender = () => {
    dirty = true;
  };
  controls.addEventListener('change', requestRender);
  const lookAt = LOOK_AT.clone();
  const views = createViews(camera, controls, lookAt, requestRender);
  const follow = createFollow({ camera, controls, lookAt, floor, requestRender });

  function resize() {
    const width = Math.max(1, container.clientWidth);
    const height = Math.max(1, container.clientHeight);
    renderer.setSize(width, height, true);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    views.refit();
    requestRender();
  }
  new ResizeObserver(resize).observe(container);
  resize();
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
    // the camera follows a travelling character (on by default)
    get following() {
      return follow.on;
    },
    setFollow: follow.setOn,
    follow: follow.track,
    requestRender,
    renderIfNeeded,
  };
}
