// Selecting a joint by clicking the character: a click (not an orbit drag)
// on the stage finds the body part under the pointer and the bone it hangs
// on. Only while the edit folder is open.
import { Raycaster, Vector2, Vector3 } from 'three';

const CLICK_SLOP_PX = 4;

export function installJointPicker({ canvas, camera, root, isActive, onPick }) {
  const raycaster = new Raycaster();
  const pointer = new Vector2();
  let down = null;
  canvas.addEventListener('pointerdown', (event) => {
    down = { x: event.clientX, y: event.clientY };
  });
  canvas.addEventListener('pointerup', (event) => {
    if (!down || !isActive()) return;
    const moved = Math.hypot(event.clientX - down.x, event.clientY - down.y);
    down = null;
    if (moved > CLICK_SLOP_PX) return;
    const box = canvas.getBoundingClientRect();
    pointer.set(
      ((event.clientX - box.left) / box.width) * 2 - 1,
      -((event.clientY - box.top) / box.height) * 2 + 1,
    );
    raycaster.setFromCamera(pointer, camera);
    const hit = raycaster
      .intersectObject(root, true)
      .find((h) => h.object.visible && h.object.isMesh);
    if (!hit) return;
    // a skinned body is one mesh over every bone: the joint is the bone
    // nearest the point hit; a mannequin segment hangs on its bone
    if (hit.object.isSkinnedMesh) return onPick(nearestBone(hit.object.skeleton.bones, hit.point));
    let object = hit.object;
    while (object && !object.isBone) object = object.parent;
    if (object) onPick(object.name);
  });
}

const bonePosition = new Vector3();
function nearestBone(bones, point) {
  let best = null;
  let bestDistance = Infinity;
  for (const bone of bones) {
    const distance = bone.getWorldPosition(bonePosition).distanceToSquared(point);
    if (distance < bestDistance) [best, bestDistance] = [bone, distance];
  }
  return best.name;
}
