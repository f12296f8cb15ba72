// Onion skin: faint ghosts of the pose at N evenly spaced times before the
// playhead (cool) and after it (warm), and the wrists' paths over the whole
// clip as trails, so the motion's spacing in time reads at a glance. The
// ghosts come from a preview of their own, so the shown one keeps its frame
// state (the joints-updated readout).
import * as THREE from 'three';
import { createGhostRig } from '../reference/ghost-rig.js';

const MAX_ONION_GHOSTS = 4; // each side
const BEFORE = 0x8fb0ff;
const AFTER = 0xffc08f;
const TRAIL_SAMPLES = 90;
const WRISTS = { left: 20, right: 21 };

function trailLine(colour) {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute(
    'position',
    new THREE.BufferAttribute(new Float32Array(3 * TRAIL_SAMPLES), 3),
  );
  const line = new THREE.Line(geometry, new THREE.LineBasicMaterial({ color: colour }));
  line.name = 'wrist trail';
  line.visible = false;
  return line;
}

/**
 * @param {object} o
 * @param {object} o.kb  the loaded library
 * @param {object} o.stage  the scene
 * @param {number} o.height  body height, m
 */
export function createOnionSkin({ kb, stage, height }) {
  const ghosts = { before: [], after: [] };
  for (let k = 0; k < MAX_ONION_GHOSTS; k++) {
    for (const [side, colour] of [
      ['before', BEFORE],
      ['after', AFTER],
    ]) {
      const ghost = createGhostRig(kb, height, colour);
      ghost.material.opacity = 0.28 - 0.05 * k; // fainter further from now
      ghosts[side].push(ghost);
      stage.scene.add(ghost.root);
    }
  }
  const trails = { left: trailLine(0x7fd0ff), right: trailLine(0xff9f7f) };
  stage.scene.add(trails.left, trails.right);
  let count = 0;
  let spacing = 0.2;
  // the onion's own preview, built only while ghosts are asked for: a clip
  // of 20,000 frames costs a preview's worth of work on every change
  let options = null;
  let preview = null;
  let shownTimes = [];

  function rebuild() {
    preview?.dispose();
    preview = count > 0 && options !== null ? kb.createPreview(options) : null;
    drawTrails();
  }

  function drawTrails() {
    for (const [side, joint] of Object.entries(WRISTS)) {
      const line = trails[side];
      line.visible = count > 0 && preview !== null;
      if (!line.visible) continue;
      const points = line.geometry.attributes.position;
      for (let i = 0; i < TRAIL_SAMPLES; i++) {
        const t = (i / (TRAIL_SAMPLES - 1)) * preview.duration;
        const { positions } = preview.evaluateFrame(t, { fk: true });
        points.setXYZ(i, positions[3 * joint], positions[3 * joint + 1], positions[3 * joint + 2]);
      }
      points.needsUpdate = true;
      line.geometry.computeBoundingSphere();
    }
  }

  return {
    // The clip's preview options (a new clip or tuning)
    setClip(next) {
      options = next;
      rebuild();
    },
    // N ghosts each side (0: off), spacing seconds apart
    setCount(n) {
      const was = count;
      count = Math.min(MAX_ONION_GHOSTS, Math.max(0, Math.round(n)));
      if (was > 0 !== count > 0) rebuild();
      else drawTrails();
    },
    setSpacing(seconds) {
      spacing = seconds;
    },
    setTime(t) {
      shownTimes = [];
      for (const [side, sign] of [
        ['before', -1],
        ['after', 1],
      ]) {
        ghosts[side].forEach((ghost, k) => {
          const at = t + sign * (k + 1) * spacing;
          const shown = preview !== null && k < count && at >= 0 && at <= preview.duration;
          ghost.setVisible(shown);
          if (!shown) return;
          ghost.applyPose(preview.evaluate(at), preview.root(at));
          shownTimes.push(at);
        });
      }
    },
    describe: () => ({
      count,
      spacing,
      visibleGhosts: [...ghosts.before, ...ghosts.after].filter((g) => g.visible).length,
      times: [...shownTimes].sort((a, b) => a - b),
      trails: Object.values(trails).filter((line) => line.visible).length,
    }),
  };
}
