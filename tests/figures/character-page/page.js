// A bare stage for the default character: one gesture at a time, posed at
// its mid-hold, seen from a named camera. Driven by ../character-shots.js.
import * as THREE from 'three';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { createSkinnedCharacter } from '../../../web/viewer/character/skinned-character.js';
import { handShapesAt } from '../../../web/viewer/hand-shapes.js';

const HEIGHT = 1.75;
const VIEWS = {
  front: { eye: [0, 1.45, 3.05], at: [0, 0.95, 0] },
  side: { eye: [3.1, 1.2, 0], at: [0, 0.95, 0] },
  upperFront: { eye: [0, 1.4, 1.55], at: [0, 1.3, 0] },
  upperSide: { eye: [1.55, 1.4, 0], at: [0, 1.3, 0] },
  upperThreeQuarter: { eye: [1.0, 1.45, 1.2], at: [0, 1.3, 0] },
  shoulderFront: { eye: [0.3, 1.45, 0.75], at: [0.2, 1.38, 0] },
  shoulderBack: { eye: [0.5, 1.6, -0.6], at: [0.2, 1.38, 0] },
};

const canvas = document.getElementById('stage');
const renderer = new THREE.WebGLRenderer({ canvas, antialias: false });
renderer.setClearColor(0x181b20);
const scene = new THREE.Scene();
scene.add(new THREE.HemisphereLight(0xf2f5ff, 0x4a4038, 1.6));
const key = new THREE.DirectionalLight(0xffffff, 2.2);
key.position.set(2.5, 4, 3);
scene.add(key);
const rim = new THREE.DirectionalLight(0xc8d8ff, 0.8);
rim.position.set(-3, 2.5, -2.5);
scene.add(rim);
scene.add(new THREE.GridHelper(8, 32, 0x6b7280, 0x3a3f48));
const camera = new THREE.PerspectiveCamera(35, canvas.width / canvas.height, 0.05, 50);

const kb = await loadKBlend();
const character = createSkinnedCharacter(kb.skeleton, kb.bindPositions(HEIGHT), HEIGHT);
scene.add(character.root);

// gesture: a library gesture name, 'bind' (T-pose) or 'idle'
window.shot = (gesture, view) => {
  let pose;
  let shapes = { left: 'open', right: 'open' };
  if (gesture === 'bind') pose = new Float32Array(88).map((_, i) => (i % 4 === 3 ? 1 : 0));
  else if (gesture === 'idle') pose = kb.idlePose();
  else {
    const preview = kb.createPreview({ gesture });
    const { attack, release } = kb.defaults;
    const t = (preview.duration * (attack + 1 - release)) / 2;
    pose = preview.evaluate(t);
    shapes = handShapesAt(gesture, kb.envelope(t / preview.duration, kb.defaults));
    preview.dispose();
  }
  character.applyPose(pose);
  character.setHandShapes(shapes);
  // one view, or a sheet of four: front, side, upper body front and three-quarter
  const sheets = {
    sheet: ['front', 'side', 'upperFront', 'upperThreeQuarter'],
    shoulders: ['shoulderFront', 'shoulderBack', 'upperFront', 'upperSide'],
  };
  const views = sheets[view] ?? [view];
  const w = views.length > 1 ? canvas.width / 2 : canvas.width;
  const h = views.length > 1 ? canvas.height / 2 : canvas.height;
  renderer.setScissorTest(true);
  views.forEach((name, i) => {
    const { eye, at } = VIEWS[name];
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    camera.position.set(...eye);
    camera.lookAt(...at);
    const x = (i % 2) * w;
    const y = canvas.height - h - Math.floor(i / 2) * h;
    renderer.setViewport(x, y, w, h);
    renderer.setScissor(x, y, w, h);
    renderer.render(scene, camera);
  });
  return shapes;
};
window.characterReady = true;
