// The stage: WebGL renderer, camera with orbit controls, lights and a floor
// grid. It renders on demand (when something changed), which keeps an idle
// page from spending a core on redrawing the same picture.
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

// Above this the picture is no sharper to the eye, only slower.
const MAX_PIXEL_RATIO = 2;
const LOOK_AT = new THREE.Vector3(0, 0.95, 0);

// Named camera placements, used by the view buttons and by the screenshots.
const VIEWS = {
  front: new THREE.Vector3(0, 1.45, 3.05),
  side: new THREE.Vector3(3.1, 1.2, 0),
  threeQuarter: new THREE.Vector3(1.9, 1.45, 2.6),
};

function addLights(scene) {
  scene.add(new THREE.HemisphereLight(0xf2f5ff, 0x4a4038, 1.6));
  const key = new THREE.DirectionalLight(0xffffff, 2.2);
  key.position.set(2.5, 4, 3);
  scene.add(key);
  const rim = new THREE.DirectionalLight(0xc8d8ff, 0.8);
  rim.position.set(-3, 2.5, -2.5);
  scene.add(rim);
}

function addFloor(scene) {
  const grid = new THREE.GridHelper(8, 32, 0x6b7280, 0x3a3f48);
  scene.add(grid);
  const floor = new THREE.Mesh(
    new THREE.CircleGeometry(4, 48),
    // unlit: a flat floor needs no shading, and lit pixels are costly on
    // software rasterizers (SwiftShader, machines without a GPU)
    new THREE.MeshBasicMaterial({ color: 0x22262d }),
  );
  floor.rotation.x = -Math.PI / 2;
  floor.position.y = -0.002; // just under the grid lines
  scene.add(floor);
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

export function createScene(container) {
  const renderer = new THREE.WebGLRenderer({ antialias: !isSoftwareRenderer() });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, MAX_PIXEL_RATIO));
  renderer.setClearColor(0x181b20);
  container.append(renderer.domElement);

  const scene = new THREE.Scene();
  const camera = new THREE.PerspectiveCamera(35, 1, 0.05, 50);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.copy(LOOK_AT);
  controls.minDistance = 0.8;
  controls.maxDistance = 12;
  addLights(scene);
  addFloor(scene);

  let dirty = true;
  const requestRender = () => {
    dirty = true;
  };
  controls.addEventListener('change', requestRender);

  function resize() {
    const width = Math.max(1, container.clientWidth);
    const height = Math.max(1, container.clientHeight);
    renderer.setSize(width, height, true);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    requestRender();
  }
  new ResizeObserver(resize).observe(container);
  resize();

  function setView(name) {
    const position = VIEWS[name];
    if (!position) {
      throw new RangeError(`view must be one of ${Object.keys(VIEWS).join(', ')}, got '${name}'`);
    }
    camera.position.copy(position);
    controls.target.copy(LOOK_AT);
    controls.update();
    requestRender();
  }
  setView('threeQuarter');

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
    setView,
    requestRender,
    renderIfNeeded,
  };
}
