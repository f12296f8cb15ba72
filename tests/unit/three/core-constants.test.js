// The figures web/three/ keeps of the core (its functions take no kblend
// instance): the default body height and the idle A-pose angle are
// kb.defaults', the A-pose rest is kb.idlePose(), and PELVIS_BIND is the
// core's pelvis at the default height.
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { PELVIS_BIND } from '../../../web/three/index.js';
import { DEFAULT_HEIGHT, IDLE_APOSE } from '../../../web/three/kblend-bind.js';
import { aposePose } from '../../../web/three/kblend-pose.js';

const kb = await loadKBlend();

describe("web/three's figures of the core", () => {
  it('the default height and A-pose angle are kb.defaults', () => {
    expect(DEFAULT_HEIGHT).toBe(kb.defaults.height);
    expect(IDLE_APOSE).toBe(kb.defaults.apose);
  });

  it("the A-pose rest is the core's idle pose", () => {
    const ours = aposePose();
    const core = kb.idlePose();
    for (let i = 0; i < 88; i++) expect(ours[i]).toBeCloseTo(core[i], 6);
  });

  it("PELVIS_BIND is the core's pelvis bind at the default height", () => {
    const bind = kb.bindPositions(kb.defaults.height);
    for (let i = 0; i < 3; i++) expect(PELVIS_BIND[i]).toBeCloseTo(bind[i], 6);
  });
});
