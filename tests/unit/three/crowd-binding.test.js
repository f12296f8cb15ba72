// createCrowdBinding: N rigs from one crowd evaluate give exactly what N
// single bindings give from the same previews evaluated alone, frame by
// frame, with the crowd's changed masks skipping bones.
import { Scene } from 'three';
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { createCrowdBinding, createRigBinding } from '../../../web/three/index.js';
import { buildSegmentRig } from './segment-rig.js';
import { staleness } from './staleness.js';

const kb = await loadKBlend();

function worstWorld(a, b) {
  let worst = 0;
  a.root.traverse((o) => {
    if (o === a.root) return;
    const other = b.root.getObjectByName(o.name);
    if (!other || !o.isBone) return;
    for (let i = 0; i < 16; i++)
      worst = Math.max(worst, Math.abs(o.matrixWorld.elements[i] - other.matrixWorld.elements[i]));
  });
  return worst;
}

describe('createCrowdBinding', () => {
  it('drives every rig as a single binding with its own preview does, skipping unchanged bones', () => {
    const members = [
      { gesture: 'wave' },
      { gesture: 'clap', jitter: 3e-4, seed: 5 },
      { gesture: 'shrug', attack: 0.3, release: 0.1 },
      { gesture: 'point', epsilon: 0.01, lambda: 6 },
    ];
    const crowd = kb.createCrowd({ members });
    const scene = new Scene();
    const rigs = members.map((_, i) => buildSegmentRig(kb, i));
    const alone = members.map((_, i) => buildSegmentRig(kb, i));
    rigs.forEach((r) => scene.add(r.root));
    const binding = createCrowdBinding(
      rigs.map((r) => r.root),
      crowd,
    );
    const singles = alone.map((r) => createRigBinding(r.root));
    const previews = members.map((o) => kb.createPreview(o));
    let worst = 0;
    let stale = 0; // against three's own recomputation of every matrix
    let written = 0;
    let frames = 0;
    const duration = Math.max(...previews.map((p) => p.duration));
    const ts = [];
    for (let t = 0; t <= duration; t += 1 / 30) ts.push(t, t);
    ts.push(0.2, 2, 0.5);
    for (const t of ts) {
      written += binding.apply(t);
      scene.updateMatrixWorld();
      singles.forEach((s, i) => s.apply(previews[i], t));
      rigs.forEach((r, i) => (worst = Math.max(worst, worstWorld(r, alone[i]))));
      rigs.forEach((r) => (stale = Math.max(stale, staleness(r.root))));
      frames++;
    }
    expect(worst).toBe(0);
    expect(stale).toBeLessThan(1e-6);
    expect(written).toBeLessThan(frames * 22 * members.length * 0.7);
    expect(written).toBeGreaterThan(0);
    // update() after the caller's own evaluate
    crowd.evaluate(1.1);
    binding.update();
    singles[0].apply(previews[0], 1.1);
    expect(worstWorld(rigs[0], alone[0])).toBe(0);
    binding.dispose();
    expect(rigs[0].bones[0].matrixAutoUpdate).toBe(true);
    expect(() => binding.apply(0)).toThrow(/disposed/);
    crowd.dispose();
  });

  it('refuses a wrong number of rigs or what is not a crowd', () => {
    const crowd = kb.createCrowd({ members: { count: 2 } });
    const rig = buildSegmentRig(kb);
    expect(() => createCrowdBinding([rig.root], crowd)).toThrow(/roots must be an array of 2 rigs/);
    expect(() => createCrowdBinding([rig.root], {})).toThrow(/crowd must be a live kblend crowd/);
    expect(() => createCrowdBinding([rig.root, null], crowd)).toThrow(/roots\[1\]: root must be/);
    expect(rig.bones[0].matrixAutoUpdate).toBe(true); // the first rig released again
    const binding = createCrowdBinding([rig.root, buildSegmentRig(kb).root], crowd);
    expect(() => binding.apply('1')).toThrow(/needs t in seconds/);
    crowd.dispose();
    expect(() => binding.update()).toThrow(/crowd was disposed/);
  });
});
