// A hand target to drag: when a wrist is selected, a small handle sits at
// the wrist with three's TransformControls in translate mode; while it is
// dragged the arm follows (the solver's pose shown live), and releasing it
// keys the solved arm at the keyframe. The camera's orbit waits meanwhile.
import { Mesh, MeshBasicMaterial, SphereGeometry, Vector3 } from 'three';
import { TransformControls } from 'three/addons/controls/TransformControls.js';

/**
 * @param {object} options
 * @param {object} options.stage  createScene's result
 * @param {() => void} options.onDragStart
 * @param {(position: number[]) => void} options.onMove  while dragged (world, m)
 * @param {(position: number[]) => void} options.onRelease
 */
export function createReachHandle({ stage, onDragStart, onMove, onRelease }) {
  const handle = new Mesh(
    new SphereGeometry(0.035, 16, 12),
    new MeshBasicMaterial({ color: 0xffd54a, wireframe: true, depthTest: false }),
  );
  handle.name = 'hand target';
  handle.renderOrder = 10;
  handle.visible = false;
  stage.scene.add(handle);
  const gizmo = new TransformControls(stage.camera, stage.renderer.domElement);
  gizmo.setMode('translate');
  gizmo.setSize(0.6);
  const helper = gizmo.getHelper();
  helper.visible = false;
  stage.scene.add(helper);
  const position = () => handle.position.toArray();
  let wrist = null; // the bone the handle sits on between drags
  let moved = false; // a handle pressed and released in place keys nothing
  gizmo.addEventListener('change', () => stage.requestRender());
  gizmo.addEventListener('dragging-changed', (event) => {
    stage.controls.enabled = !event.value;
    if (event.value) {
      moved = false;
      onDragStart();
    } else if (moved) onRelease(position());
  });
  gizmo.addEventListener('objectChange', () => {
    moved = true;
    onMove(position());
  });

  return {
    // Back on the wrist as drawn (after an undo, a seek, playback), unless dragged.
    follow() {
      if (!handle.visible || wrist === null || gizmo.dragging) return;
      wrist.getWorldPosition(handle.position);
    },
    // Show the handle at a wrist's world position.
    show(bone) {
      wrist = bone;
      handle.position.copy(bone.getWorldPosition(new Vector3()));
      handle.visible = true;
      helper.visible = true;
      gizmo.attach(handle);
      stage.requestRender();
    },
    hide() {
      wrist = null;
      gizmo.detach();
      handle.visible = false;
      helper.visible = false;
      stage.requestRender();
    },
    describe() {
      if (!handle.visible) return { on: false };
      const ndc = handle.position.clone().project(stage.camera);
      return { on: true, position: position(), ndc: [ndc.x, ndc.y] };
    },
  };
}
