// The ghost (reference, B and onion skin) is one even veil: every segment
// is drawn twice, first into depth only, then coloured where its depth is
// the nearest, with its depth as if a few centimetres nearer the camera,
// so the solid figure it lies on does not poke through it in patches and
// its own overlapping segments are not blended twice.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { createGhostRig } from '../../../web/viewer/reference/ghost-rig.js';

const kb = await loadKBlend();

describe('the ghost rig', () => {
  const ghost = createGhostRig(kb, kb.defaults.height, 0xc08cff);
  const coloured = [];
  ghost.root.traverse((o) => o.isMesh && o.material === ghost.material && coloured.push(o));

  it('colours each segment once, over a depth pass of the same surface', () => {
    expect(coloured.length).toBeGreaterThan(15);
    expect(ghost.material).toMatchObject({ transparent: true, depthWrite: false });
    expect(ghost.material.depthFunc).toBe(THREE.EqualDepth);
    for (const mesh of coloured) {
      const [prepass] = mesh.children.filter((c) => c.name === 'ghost depth');
      expect(prepass, mesh.name).toBeDefined();
      expect(prepass.geometry).toBe(mesh.geometry);
      expect(prepass.material.colorWrite).toBe(false);
      expect(prepass.material.depthWrite).toBe(true);
      expect(prepass.renderOrder).toBeLessThan(mesh.renderOrder);
      expect(prepass.children).toEqual([]); // a pass, not another ghost
    }
  });

  it('both passes take the same nearer depth (so the colour pass finds its own)', () => {
    const depth = coloured[0].children[0].material;
    const sources = [depth, ghost.material].map((material) => {
      const shader = { vertexShader: 'void main() {\n#include <project_vertex>\n}' };
      material.onBeforeCompile(shader);
      return shader.vertexShader;
    });
    expect(sources[0]).toBe(sources[1]);
    expect(sources[0]).toMatch(/mvPosition\.z \+ 0\.06\d*/);
    expect(depth.customProgramCacheKey()).not.toBe(ghost.material.customProgramCacheKey());
  });
});
