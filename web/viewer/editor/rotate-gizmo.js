// three's TransformControls as a rotation gizmo on the selected joint's
// bone: dragging a ring rotates the bone (in its local frame, which is the
// kblend joint's), and releasing it hands the rotation, as XYZ Euler
// degrees, to the editor. The camera's orbit waits while a ring is dragged.
import { Vector3 } from 'three';
import { TransformControls } from 'three/addons/controls/TransformControls.js';
import { eulerDegreesOf } from './euler.js';

const quaternionOf = (bone) => [
  bone.quaternion.x,
  bone.quaternion.y,
  bone.quaternion.z,
  bone.quaternion.w,
];

/**
 * @param {object} options
 * @param {object} options.stage  createScene's result (camera, renderer, scene, controls)
 * @param {THREE.Bone[]} options.bones  the rig's bones, in kblend's joint order
 * @param {string[]} options.names  the joints' names
 * @param {() => void} options.onDragStart
 * @param {(degrees: number[]) => void} options.onRotate  while dragging
 * @param {(degrees: number[]) => void} options.onRelease  the rotation to key
 */
export function createRotateGizmo({ stage, bones, names, onDragStart, onRotate, onRelease }) {
  const gizmo = new TransformControls(stage.camera, stage.renderer.domElement);
  gizmo.setMode('rotate');
  gizmo.setSpace('local');
  gizmo.setSize(0.6);
  const helper = gizmo.getHelper();
  helper.visible = false;
  stage.scene.add(helper);
  gizmo.addEventListener('change', () => stage.requestRender());
  // a ring pressed and released without turning keys nothing
  let turned = false;
  gizmo.addEventListener('dragging-changed', (event) => {
    stage.controls.enabled = !event.value;
    if (event.value) {
      turned = false;
      onDragStart();
    } else if (gizmo.object && turned) onRelease(eulerDegreesOf(quaternionOf(gizmo.object)));
  });
  gizmo.addEventListener('objectChange', () => {
    turned = true;
    if (gizmo.object) onRotate(eulerDegreesOf(quaternionOf(gizmo.object)));
  });

  return {
    gizmo,
    show(joint) {
      const j = names.indexOf(joint);
      if (j < 0) return;
      gizmo.attach((typeof bones === 'function' ? bones() : bones)[j]);
      helper.visible = true;
      stage.requestRender();
    },
    hide() {
      gizmo.detach();
      helper.visible = false;
      stage.requestRender();
    },
    get dragging() {
      return gizmo.dragging;
    },
    // The joint the gizmo is on and where its centre is on the canvas
    // (normalized device coordinates), for tests.
    describe() {
      const object = gizmo.object;
      if (!object || !helper.visible) return { joint: null };
      const centre = object.getWorldPosition(new Vector3()).project(stage.camera);
      return { joint: object.name, ndc: [centre.x, centre.y] };
    },
  };
}
