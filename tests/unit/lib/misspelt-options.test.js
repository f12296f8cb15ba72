// Every options object of the public API refuses an unknown key with a
// TypeError naming it and the nearest known key, so a misspelt option
// fails loudly instead of being ignored. One row per options object.
import { describe, expect, it } from 'vitest';
import { loadKBlend } from '../../../web/lib/kblend.js';
import { hopfPath } from '../../../web/lib/kblend.js';

const kb = await loadKBlend();
const q = [0, 0, 0, 1];
const r = [0, Math.sin(0.5), 0, Math.cos(0.5)];
const idle = kb.idlePose();
const track = { times: [0, 1], rotations: new Float32Array(176).fill(0.5) };
const preview = kb.createPreview();
const bvh = kb.exportBvh(preview);
const palm = { type: 'frameVector', pairs: [{ link: 'left_palm', target: [0.3, 1.2, 0.2] }] };

// [what, call with the misspelt key, the key, the suggestion]
const rows = [
  ['createPreview', (o) => kb.createPreview(o), 'atack', 'attack'],
  [
    'createPreview({ track })',
    (o) => kb.createPreview({ track: { ...track, ...o } }),
    'rotation',
    'rotations',
  ],
  ['preview.evaluateFrame', (o) => preview.evaluateFrame(0, o), 'markrs', 'markers'],
  ['createCrowd', (o) => kb.createCrowd({ members: [{}], ...o }), 'matrixLayot', 'matrixLayout'],
  [
    'createCrowd members',
    (o) => kb.createCrowd({ members: { count: 1, ...o } }),
    'option',
    'options',
  ],
  ['createCrowd members[i]', (o) => kb.createCrowd({ members: [o] }), 'releas', 'release'],
  ['createFilter', (o) => kb.createFilter(o), 'lamda', 'lambda'],
  ['kli', (o) => kb.kli(q, r, o), 'rat', 'rate'],
  ['kliAt', (o) => kb.kliAt(q, r, 1, o), 'shortestpath', 'shortestPath'],
  ['envelope', (o) => kb.envelope(0.5, o), 'atack', 'attack'],
  ['envelopeSlope', (o) => kb.envelopeSlope(0.5, o), 'relase', 'release'],
  [
    'envelopeRatios',
    (o) => kb.envelopeRatios({ duration: 2, ...o }),
    'attackSecond',
    'attackSeconds',
  ],
  ['fitAttackRelease', (o) => kb.fitAttackRelease(0.5, 0.6, o), 'move', 'moved'],
  ['importBvh', (o) => kb.importBvh(bvh, o), 'maps', 'map'],
  ['exportBvh', (o) => kb.exportBvh(preview, o), 'unit', 'units'],
  ['bodyContacts', (o) => kb.bodyContacts(idle, o), 'heigth', 'height'],
  ['bodyCapsules', (o) => kb.bodyCapsules(idle, o), 'roots', 'root'],
  ['forwardKinematics', (o) => kb.forwardKinematics(idle, null, o), 'hieght', 'height'],
  ['forwardKinematicsBatch', (o) => kb.forwardKinematicsBatch(idle, null, o), 'outs', 'out'],
  [
    'forwardKinematicsBatch out',
    (o) => kb.forwardKinematicsBatch(idle, null, { out: { ...o } }),
    'position',
    'positions',
  ],
  ['validateClap', (o) => kb.validateClap(idle, o), 'heigt', 'height'],
  ['solveIK request', (o) => kb.solveIK({ tasks: [], ...o }), 'referenceWieght', 'referenceWeight'],
  [
    'solveIK options',
    (o) => kb.solveIK({ tasks: [palm], options: o }),
    'maxIteration',
    'maxIterations',
  ],
  ['solveClap', (o) => kb.solveClap(idle, o), 'seperation', 'separation'],
  ['taskRows', (o) => kb.taskRows({ type: 'frameVector' }, o), 'dofmask', 'dofMask'],
  [
    'retargetClip',
    (o) => kb.retargetClip({ positions: new Float64Array(66), ...o }),
    'drivn',
    'driven',
  ],
  ['compareMethods', (o) => kb.compareMethods(o), 'epsilom', 'epsilon'],
  ['hopfPath', (o) => hopfPath(kb, q, r, o), 'sample', 'samples'],
];

describe('a misspelt option key is a TypeError naming it and the nearest known key', () => {
  it.each(rows)('%s', (_, call, key, near) => {
    let error;
    try {
      call({ [key]: 1 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toContain(`unknown option '${key}' — did you mean '${near}'?`);
  });

  it('loadKBlend', async () => {
    await expect(loadKBlend({ wasmBinery: new Uint8Array(0) })).rejects.toThrow(
      new TypeError("loadKBlend options: unknown option 'wasmBinery' — did you mean 'wasmBinary'?"),
    );
  });

  it('known keys still pass', () => {
    const p = kb.createPreview({ gesture: 'wave', attack: 0.2, release: 0.2, fps: 60 });
    expect(p.evaluateFrame(0.5, { fk: true, clap: true, markers: true }).positions).toHaveLength(
      66,
    );
    expect(kb.envelope(0.5, { attack: 0.1, release: 0.1 })).toBe(1);
    expect(kb.forwardKinematics(idle, null, { height: 1.6 }).positions).toHaveLength(66);
    p.dispose();
  });
});
