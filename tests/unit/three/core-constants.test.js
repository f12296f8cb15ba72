// The core's body figures kblend/three uses without a loaded library (the
// 'kblend' entry's DEFAULT_HEIGHT, IDLE_POSE and BIND_FRACTIONS, written
// from the core when it is built) are the loaded core's, and the adapter
// keeps no figure of its own: the A-pose rest is kb.idlePose() and
// PELVIS_BIND the core's pelvis at the default height.
import { readdirSync, readFileSync } from 'node:fs';
import { Bone } from 'three';
import { describe, expect, it } from 'vitest';
import { BIND_FRACTIONS, DEFAULT_HEIGHT, IDLE_POSE, loadKBlend } from '../../../web/lib/kblend.js';
import { PELVIS_BIND, createRigBinding } from '../../../web/three/index.js';

const kb = await loadKBlend();

describe("the core's body figures", () => {
  it('are the loaded core: kb.defaults.height, kb.idlePose(), kb.bindPositions(1)', () => {
    expect(DEFAULT_HEIGHT).toBe(kb.defaults.height);
    expect(Object.isFrozen(IDLE_POSE) && Object.isFrozen(BIND_FRACTIONS)).toBe(true);
    expect(IDLE_POSE).toEqual(Array.from(kb.idlePose()));
    expect(BIND_FRACTIONS).toEqual(Array.from(kb.bindPositions(1)));
  });

  it("a binding's 'apose' rest is the core's idle pose", () => {
    const root = new Bone();
    root.add(new Bone());
    const binding = createRigBinding(root, { rest: 'apose' });
    expect(Array.from(binding.rest.pose)).toEqual(Array.from(kb.idlePose()));
    binding.dispose();
  });

  it("PELVIS_BIND is the core's pelvis bind at the default height", () => {
    const bind = kb.bindPositions(kb.defaults.height);
    for (let i = 0; i < 3; i++) expect(PELVIS_BIND[i]).toBeCloseTo(bind[i], 6);
  });

  it('web/three writes no body height or A-pose angle of its own', () => {
    const dir = new URL('../../../web/three/', import.meta.url);
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.js'))) {
      const source = readFileSync(new URL(name, dir), 'utf8');
      expect(source, name).not.toMatch(/\b1\.75\b|\b1\.18\b/);
    }
  });
});
